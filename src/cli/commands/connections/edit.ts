/**
 * `quarry connections edit`: changes only the given fields of a saved connection. It lists the
 * settings flags of every installed driver; those of another database than the connection's are
 * refused.
 */
import type { Command } from "commander";
import {
  editConnection,
  openAppStorage,
  type SecretsChange,
} from "../../../app/connections/connection-service.ts";
import { installedDriver, offerDriver } from "../../../app/connections/driver-registry.ts";
import type { AiPolicy, ConnectionPatch, ExternalClientsLevel } from "../../../core/connections.ts";
import { loadedDrivers } from "../../connection-options.ts";
import { prepareBeforeParse } from "../../prepare.ts";
import {
  addSettingsFlags,
  readSecrets,
  refuseForeignFlags,
  settingsFromFlags,
} from "../../settings-flags.ts";
import { settingsFromUrlFlag } from "../../url-flag.ts";
import {
  addConnectionFieldFlags,
  answerSaved,
  type ConnectionFieldFlags,
  usage,
  withFlagHints,
} from "./shared.ts";

export function registerEdit(group: Command): void {
  const cmd = addConnectionFieldFlags(
    group
      .command("edit")
      .description("change a saved connection; only the given fields change")
      .argument("<conn>", "the connection's name or id"),
    true,
  );
  prepareBeforeParse(cmd, async () => {
    for (const d of await loadedDrivers()) addSettingsFlags(cmd, d.settingsForm(), "edit");
  });
  cmd.action(async (conn: string, flags: ConnectionFieldFlags, command: Command) => {
    const storage = await openAppStorage();
    const current = await storage.connections.require(conn);
    const all = (await loadedDrivers()).map((d) => d.settingsForm());
    const driver = installedDriver(current.type) ?? (await offerDriver(current.type, storage.dir));
    const form = driver?.settingsForm() ?? { fields: [] };
    refuseForeignFlags(form, all, flags, "edit", current.type);
    const patch: ConnectionPatch = {};
    if (flags.name !== undefined) patch.name = flags.name;
    const settings = {
      ...settingsFromUrlFlag(driver, flags.url, "edit"),
      ...settingsFromFlags(form, flags, "edit"),
    };
    if (Object.keys(settings).length > 0) patch.settings = settings;
    if (flags.externalClients !== undefined)
      patch.externalClients = flags.externalClients as ExternalClientsLevel;
    if (flags.aiPolicy !== undefined) patch.aiPolicy = flags.aiPolicy as AiPolicy;
    const change: SecretsChange = await readSecrets(form, flags, "edit");
    if (Object.keys(patch).length === 0 && Object.keys(change).length === 0) {
      throw usage(
        "Nothing to change",
        `Pass the fields to change, e.g. quarry connections edit "${conn}" --name "${conn} (old)" (see --help).`,
      );
    }
    const updated = await withFlagHints(form, () => editConnection(storage, conn, patch, change));
    // A change to how it connects is checked as a new connection is; a rename or a policy is not.
    const connects = patch.settings !== undefined || Object.keys(change).length > 0;
    await answerSaved(
      command,
      storage,
      updated,
      driver,
      `Updated connection "${updated.name}".`,
      (described) => flags.test !== false && connects && described.driverInstalled,
    );
  });
}
