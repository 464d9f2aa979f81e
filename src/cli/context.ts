/** What every command gets: how to open the connection it was given, and whether to print JSON. */
import type { Command } from "commander";
import { openSavedConnection } from "../app/connections/connection-service.ts";
import type { DriverSession } from "../core/driver.ts";
import { QuarryError } from "../core/errors.ts";
import {
  type ConnectionFlags,
  connectionFromUrl,
  givenUrlFlags,
  isUrl,
} from "./connection-options.ts";

export { isUrl } from "./connection-options.ts";

/**
 * Opens a session for `<conn>`: a saved connection's name or id, or a URL with the connection
 * flags. A saved connection brings its own settings and secrets, so the flags are refused with it
 * rather than silently ignored or mixed in.
 */
export async function openSession(conn: string, flags: ConnectionFlags): Promise<DriverSession> {
  if (isUrl(conn)) return openUrl(conn, flags);
  const given = givenUrlFlags(flags);
  if (given.length > 0) {
    throw new QuarryError(
      "invalid_input",
      `${given.join(", ")} ${given.length > 1 ? "apply" : "applies"} only to a URL, and "${conn}" names a saved connection`,
      `Drop ${given.length > 1 ? "them" : "it"}, or change the saved connection with quarry connections edit "${conn}".`,
    );
  }
  return (await openSavedConnection(conn)).session;
}

/**
 * A URL goes through the installed driver like a saved connection does (installed from the
 * catalog first when missing), so the CLI runs the same verified plugin code as the app.
 */
async function openUrl(url: string, flags: ConnectionFlags): Promise<DriverSession> {
  const { driver, settings, secrets } = await connectionFromUrl(url, flags);
  return driver.connect(driver.validateConfig(settings), secrets);
}

/** Runs a command body with its session, closing the session whatever happens. */
export async function withSession<T>(
  conn: string,
  flags: ConnectionFlags,
  body: (s: DriverSession) => Promise<T>,
): Promise<T> {
  const session = await openSession(conn, flags);
  try {
    return await body(session);
  } finally {
    await session.close();
  }
}

export function wantsJson(cmd: Command): boolean {
  return Boolean(cmd.optsWithGlobals().json);
}
