/**
 * `quarry security users|roles|role-mappings|keys` and `quarry security user|role|role-mapping|key
 * …`: who may do what on a cluster with security on, through the session's `clusterAdmin` facet.
 * Every write prints its exact request (a password hidden) and is confirmed by the name of what
 * it changes (`--confirm <name>`, or typed at the terminal).
 */
import type { Command } from "commander";
import { registerKeyCommands } from "./keys.ts";
import { registerSecurityReads } from "./reads.ts";
import { registerRoleCommands } from "./roles.ts";
import { registerUserCommands } from "./users.ts";

export function registerSecurityGroup(program: Command): void {
  const group = program
    .command("security")
    .description("users, roles, role mappings and API keys (clusters with security on)");
  registerSecurityReads(group);
  registerUserCommands(group);
  registerRoleCommands(group);
  registerKeyCommands(group);
}
