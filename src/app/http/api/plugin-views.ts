/**
 * The plugin service's answers as the UI's API sends them: the connection chooser's database
 * types and the rows of Settings > Plugins. Field by field, so a change on either side is a type
 * error here rather than a silent change on the wire.
 */
import type { CatalogPlugin, DriverAvailability } from "../../plugins/types.ts";
import type { DatabaseType, PluginEntry } from "./contract.ts";

export function databaseTypeView(d: DriverAvailability): DatabaseType {
  return {
    type: d.type,
    displayName: d.displayName,
    installed: d.installed,
    installedVersion: d.installedVersion,
    availableVersion: d.availableVersion,
    ...(d.loadError ? { loadError: d.loadError } : {}),
  };
}

export function pluginEntryView(p: CatalogPlugin): PluginEntry {
  return {
    ...databaseTypeView(p),
    description: p.description,
    updateAvailable: p.updateAvailable,
  };
}
