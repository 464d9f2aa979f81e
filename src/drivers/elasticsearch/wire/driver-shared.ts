/**
 * What the sessions of one driver (one plugin activation) share, never a module's global: the
 * servers identified lately and the SSH tunnels open.
 */
import type { IdentifiedServers } from "./identified-servers.ts";
import type { SshTunnels } from "./ssh-tunnel.ts";

export interface DriverShared {
  identified?: IdentifiedServers;
  tunnels?: SshTunnels;
}
