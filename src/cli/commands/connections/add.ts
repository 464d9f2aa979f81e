/**
 * `quarry connections add`: saves a new connection. Its settings' flags are those of the driver
 * `--type` names (generated from its SettingsForm before the arguments are parsed); secrets come
 * only from standard input.
 */
import type { Command } from "commander";
import { addConnection, openAppStorage } from "../../../app/connections/connection-service.ts";
import {
  type InstalledDriver,
  installedDriver,
  offerDriver,
} from "../../../app/connections/driver-registry.ts";
import { shippedDriverType } from "../../../app/plugins/catalog.ts";
import { ensureAppDataDir } from "../../../app/storage/paths.ts";
import type { AiPolicy, ExternalClientsLevel } from "../../../core/connections.ts";
import { withDefaults } from "../../../core/settings-form.ts";
import { defaultDatabaseType, loadedDrivers } from "../../connection-options.ts";
import { prepareBeforeParse, rawOption, wantsHelp } from "../../prepare.ts";
import { addSettingsFlags, readSecrets, settingsFromFlags } from "../../settings-flags.ts";
import { settingsFromUrlFlag } from "../../url-flag.ts";
import {
  addConnectionFieldFlags,
  answerSaved,
  type ConnectionFieldFlags,
  usage,
  withFlagHints,
} from "./shared.ts";

/** The driver of the type being added: an installed one, or (not for help) one from the catalog. */
async function driverOf(type: string, help: boolean): Promise<InstalledDriver | undefined> {
  const loaded = (await loadedDrivers()).find((d) => d.type === type);
  if (loaded || help) return loaded;
  return offerDriver(type, await ensureAppDataDir());
}

export function registerAdd(group: Command): void {
  const cmd = addConnectionFieldFlags(
    group
      .command("add")
      .description("save a new connection (secrets only from standard input)")
      .option("--type <type>", "database type (its settings' flags follow)", shippedDriverType()),
    false,
  );
  prepareBeforeParse(cmd, async (args) => {
    const type = rawOption(args, "type") ?? defaultDatabaseType();
    const help = wantsHelp(args);
    const driver = await driverOf(type, help);
    if (driver) addSettingsFlags(cmd, driver.settingsForm(), "add");
    // Without the driver its flags are unknown: the action says the driver is missing.
    else cmd.allowUnknownOption();
    if (!driver && help)
      cmd.addHelpText(
        "after",
        `\nThe ${type} driver is not installed yet, so its settings' flags are not listed here. Install it (quarry plugins install ${type}), or add a connection, which installs it; then ask again.`,
      );
  });
  cmd.action(async (flags: ConnectionFieldFlags & { type: string }, command: Command) => {
    const name = flags.name;
    if (!name) throw usage("--name is required", "Name the connection, e.g. --name local-dev.");
    const storage = await openAppStorage();
    const form = installedDriver(flags.type)?.settingsForm();
    const secrets = form ? await readSecrets(form, flags, "add") : {};
    const settings = form
      ? withDefaults(
          form,
          {
            ...settingsFromUrlFlag(installedDriver(flags.type), flags.url, "add"),
            ...dropCleared(settingsFromFlags(form, flags, "add")),
          },
          Object.keys(secrets),
        )
      : {};
    const saved = await withFlagHints(form, () =>
      addConnection(
        storage,
        {
          name,
          type: flags.type,
          settings,
          ...(flags.externalClients !== undefined
            ? { externalClients: flags.externalClients as ExternalClientsLevel }
            : {}),
          ...(flags.aiPolicy !== undefined ? { aiPolicy: flags.aiPolicy as AiPolicy } : {}),
        },
        secrets,
      ),
    );
    await answerSaved(
      command,
      storage,
      saved,
      installedDriver(flags.type),
      `Saved connection "${saved.name}" (id ${saved.id}).`,
      () => flags.test !== false,
    );
  });
}

/** A new connection has nothing to clear: `--no-<file>` leaves the field empty. */
function dropCleared(settings: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== null));
}
