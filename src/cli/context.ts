/** What every command gets: how to open the connection it was given, and whether to print JSON. */
import type { Command } from "commander";
import { type AppStorage, openAppStorage } from "../app/connections/connection-service.ts";
import { LiveState, plainJobs } from "../app/live/live-state.ts";
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
 * Runs a command body with the session of `<conn>`: a saved connection's name or id, or a URL
 * with the connection flags. A saved connection brings its own settings and secrets, so the flags
 * are refused with it rather than silently ignored or mixed in. The run's own owner of live state
 * (the app's, short-lived) holds the session and closes it whatever happens.
 */
export async function withSession<T>(
  conn: string,
  flags: ConnectionFlags,
  body: (s: DriverSession) => Promise<T>,
): Promise<T> {
  if (isUrl(conn)) {
    const { driver, settings, secrets } = await connectionFromUrl(conn, flags);
    // A URL goes through the installed driver like a saved connection does (installed from the
    // catalog first when missing), so the CLI runs the same verified plugin code as the app.
    return withLive((live) =>
      live.once(() => driver.connect(driver.validateConfig(settings), secrets), body),
    );
  }
  const given = givenUrlFlags(flags);
  if (given.length > 0) {
    throw new QuarryError(
      "invalid_input",
      `${given.join(", ")} ${given.length > 1 ? "apply" : "applies"} only to a URL, and "${conn}" names a saved connection`,
      `Drop ${given.length > 1 ? "them" : "it"}, or change the saved connection with quarry connections edit "${conn}".`,
    );
  }
  return withLive(async (live) => {
    const { connection, session } = await live.session(conn);
    // As a job of the connection: its session is not closed as idle under a long command.
    return live.jobs.track({ connections: [connection.id] }, undefined, () => body(session));
  });
}

/** Runs `body` with an owner of live state for this run, closed (sessions and all) after it. */
export async function withLive<T>(
  body: (live: LiveState) => Promise<T>,
  storage?: AppStorage,
): Promise<T> {
  const live = new LiveState(storage ?? (() => openAppStorage()), plainJobs());
  try {
    return await body(live);
  } finally {
    await live.close();
  }
}

export function wantsJson(cmd: Command): boolean {
  return Boolean(cmd.optsWithGlobals().json);
}
