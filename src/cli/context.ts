/** What every command gets: how to open the connection it was given, and whether to print JSON. */
import type { Command } from "commander";
import { openSavedConnection } from "../app/connections/connection-service.ts";
import { requireInstalledDriver } from "../app/connections/driver-registry.ts";
import { ensureAppDataDir } from "../app/storage/paths.ts";
import type { DriverSession } from "../core/driver.ts";
import { QuarryError } from "../core/errors.ts";
import { type ConnectionFlags, settingsFromUrl } from "./connection-options.ts";

/** The database a URL (`http://…`, `https://…`) names: a cluster's REST address. */
const URL_DRIVER_TYPE = "elasticsearch";

/** A value with a scheme (`http://`, `https://`) is a URL; anything else names a saved connection. */
export function isUrl(conn: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(conn);
}

/**
 * Opens a session for `<conn>`: a saved connection's name or id, or a URL with the connection
 * flags. A saved connection brings its own settings and secrets, so the flags are refused with it
 * rather than silently ignored or mixed in.
 */
export async function openSession(conn: string, flags: ConnectionFlags): Promise<DriverSession> {
  if (isUrl(conn)) return openUrl(conn, flags);
  const given = Object.entries(flags)
    .filter(([key, value]) => CONNECTION_FLAG_NAMES[key] && value !== undefined)
    .map(([key]) => CONNECTION_FLAG_NAMES[key]);
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
  const { settings, secrets } = await settingsFromUrl(url, flags);
  const driver = await requireInstalledDriver(URL_DRIVER_TYPE, await ensureAppDataDir());
  return driver.connect(driver.validateConfig(settings), secrets);
}

const CONNECTION_FLAG_NAMES: Record<string, string> = {
  user: "--user",
  passwordStdin: "--password-stdin",
  apiKeyStdin: "--api-key-stdin",
  sslMode: "--ssl-mode",
  caFile: "--ca-file",
  skipTlsVerify: "--skip-tls-verify",
};

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
