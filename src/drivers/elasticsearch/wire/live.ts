/**
 * The narrow live context every room builds its part of a session from: the connection's
 * transport, its readiness (the server identified once, nothing sent to a fork) and the server's
 * identity. Rooms take this, never the session.
 */
import type { ConnectionSecrets, ServerInfo } from "../../../core/driver.ts";
import { isQuarryError } from "../../../core/errors.ts";
import type { EsConnectionConfig } from "./config.ts";
import type { DriverShared } from "./driver-shared.ts";
import { identifyCluster } from "./identify.ts";
import { EsTransport } from "./transport.ts";

export interface LiveConnection {
  readonly transport: EsTransport;
  /** Resolves once the server is identified; a refusal (fork, other major) is kept. */
  ready(): Promise<void>;
  /** The identified server, identifying it first if needed. */
  server(): Promise<ServerInfo>;
  /** The server as identified so far (undefined before). */
  known(): ServerInfo | undefined;
}

/** The live context plus what only the session does with it: test it anew, close it. */
export interface OpenedConnection extends LiveConnection {
  /** Reaches the cluster, authenticates and identifies it (a connection test). */
  identify(): Promise<ServerInfo>;
  close(): Promise<void>;
}

export function openConnection(
  config: EsConnectionConfig,
  secrets: ConnectionSecrets,
  shared?: DriverShared,
): OpenedConnection {
  const transport = new EsTransport(config, secrets, shared?.tunnels);
  const known = shared?.identified;
  let info: ServerInfo | undefined;
  let identified: Promise<void> | undefined;
  const identify = async () => {
    info = await identifyCluster(transport);
    return info;
  };
  /**
   * A failure to reach the server is not kept, so the next operation tries again. A user who may
   * not read `GET /` or the node info (403) can still work with the indices they may read.
   */
  const ready = (): Promise<void> => {
    if (info) return Promise.resolve();
    const held = known?.get(config);
    if (held) {
      info = held;
      return Promise.resolve();
    }
    identified ??= identify().then(
      (found) => {
        known?.set(config, found);
      },
      (e: unknown) => {
        if (isQuarryError(e) && e.code === "permission_denied") return;
        if (!(isQuarryError(e) && e.code === "unsupported_cluster")) identified = undefined;
        throw e;
      },
    );
    return identified;
  };
  return {
    transport,
    ready,
    server: async () => info ?? identify(),
    known: () => info,
    identify,
    close: () => transport.close(),
  };
}
