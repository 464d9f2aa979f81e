/**
 * undici's TLS connector, keeping the TLS alert a server sends after the handshake. Under TLS 1.3
 * a server refuses a client certificate (none, or one it does not trust) only after the handshake,
 * and undici then reports "other side closed"; the alert, which says why, is kept here for the
 * error to name.
 */
import { buildConnector } from "./undici.ts";

export interface AlertRecorder {
  connect: buildConnector.connector;
  /** The last alert received since the last call, if any. */
  take(): Error | undefined;
}

const ALERT = /alert|ERR_SSL_/i;

export function alertRecorder(options: buildConnector.BuildOptions): AlertRecorder {
  const base = buildConnector(options);
  let last: Error | undefined;
  return {
    connect: (opts, callback) =>
      base(opts, (err, socket) => {
        socket?.on("error", (e: NodeJS.ErrnoException) => {
          if (ALERT.test(`${e.code ?? ""} ${e.message}`)) last = e;
        });
        callback(err, socket as never);
      }),
    take() {
      const e = last;
      last = undefined;
      return e;
    },
  };
}
