/**
 * `quarry plugins list|browse|install|update|remove|catalog`: Settings > Plugins from the command
 * line. Works with or without the app running: both read the same plugins folder.
 */
import type { Command } from "commander";
import { saveCatalogSetting } from "../../app/plugins/catalog.ts";
import {
  type InstallProgress,
  type PluginService,
  pluginServiceFor,
} from "../../app/plugins/service.ts";
import { ensureAppDataDir } from "../../app/storage/paths.ts";
import { wantsJson } from "../context.ts";
import { printJson, printLine, printTable } from "../output.ts";

async function service(): Promise<PluginService> {
  return pluginServiceFor(await ensureAppDataDir());
}

function kib(bytes: number): string {
  return `${Math.ceil(bytes / 1024)} KiB`;
}

/** Progress on stderr: one updating line on a terminal, one line per step otherwise. */
function progressPrinter(json: boolean): (p: InstallProgress) => void {
  const tty = process.stderr.isTTY;
  let lastPhase = "";
  return (p) => {
    if (json) return;
    const text =
      p.phase === "download"
        ? `downloading ${p.plugin}: ${kib(p.received)} of ${kib(p.total)}`
        : p.phase === "verify"
          ? `checking ${p.plugin}'s SHA-256`
          : p.phase === "install"
            ? `installing ${p.plugin}`
            : `${p.plugin} is ready`;
    if (tty) process.stderr.write(`\r\x1b[K${text}${p.phase === "done" ? "\n" : ""}`);
    else if (p.phase !== lastPhase) process.stderr.write(`${text}\n`);
    lastPhase = p.phase;
  };
}

export function registerPluginCommands(program: Command): void {
  const plugins = program
    .command("plugins")
    .description("driver plugins: list, browse the catalog, install, update, remove");

  plugins
    .command("list")
    .description("installed plugins, each checked against its SHA-256")
    .action(async (_flags: unknown, cmd: Command) => {
      const installed = await (await service()).installed();
      if (wantsJson(cmd)) {
        printJson(installed);
        return;
      }
      if (installed.length === 0) {
        printLine("No plugins are installed. See what is available with quarry plugins browse.");
        return;
      }
      printTable(
        ["plugin", "version", "database type", "status"],
        installed.map((p) => [
          p.id,
          p.version,
          p.displayName,
          p.status === "ok" ? "ok" : `BROKEN: ${p.error?.message ?? ""}`,
        ]),
        100,
      );
      for (const p of installed.filter((x) => x.error)) {
        printLine();
        printLine(`${p.id}: ${p.error!.remedy}`);
      }
    });

  plugins
    .command("browse")
    .description("the plugins the catalog offers, and which are installed")
    .action(async (_flags: unknown, cmd: Command) => {
      const s = await service();
      const location = await s.catalogLocation();
      const offered = await s.browse();
      if (wantsJson(cmd)) {
        printJson({ catalog: location, plugins: offered });
        return;
      }
      printLine(`Catalog: ${location.url} (${location.source})`);
      printTable(
        ["database type", "available", "installed", "state"],
        offered.map((p) => [
          p.displayName,
          p.availableVersion,
          p.installedVersion ?? "-",
          p.loadError
            ? "installed, broken"
            : p.updateAvailable
              ? "update available"
              : p.installed
                ? "installed"
                : "not installed",
        ]),
      );
    });

  plugins
    .command("install")
    .description("download a plugin from the catalog, check its SHA-256 and install it")
    .argument("<plugin>", "the plugin's id or database type, e.g. elasticsearch")
    .option("--force", "download and install again even when it is installed and intact")
    .action(async (name: string, flags: { force?: boolean }, cmd: Command) => {
      const json = wantsJson(cmd);
      const res = await (await service()).install(name, {
        force: flags.force ?? false,
        onProgress: progressPrinter(json),
      });
      if (json) printJson(res);
      else if (!res.changed)
        printLine(`${res.record.id} ${res.record.version} is already installed.`);
      else
        printLine(
          `Installed ${res.record.id} ${res.record.version} (SHA-256 ${res.record.sha256}).`,
        );
    });

  plugins
    .command("update")
    .description("bring installed plugins (or the one named) to the catalog's version")
    .argument("[plugin]", "the plugin's id or database type")
    .action(async (name: string | undefined, _flags: unknown, cmd: Command) => {
      const json = wantsJson(cmd);
      const results = await (await service()).update(name, { onProgress: progressPrinter(json) });
      if (json) {
        printJson(results);
        return;
      }
      if (results.length === 0) printLine("No plugins are installed.");
      for (const r of results) {
        if (r.note) printLine(`${r.id} ${r.from}: ${r.note}, left as it is.`);
        else if (r.changed) printLine(`${r.id}: ${r.from || "(damaged)"} → ${r.to}`);
        else printLine(`${r.id} ${r.to} is up to date.`);
      }
    });

  plugins
    .command("remove")
    .description("remove an installed plugin (its saved connections are kept)")
    .argument("<plugin>", "the plugin's id or database type")
    .action(async (name: string, _flags: unknown, cmd: Command) => {
      const res = await (await service()).remove(name);
      if (wantsJson(cmd)) printJson(res);
      else {
        printLine(`Removed ${res.id}.`);
        printLine("Saved connections of its type are kept; opening one installs the driver again.");
      }
    });

  plugins
    .command("catalog")
    .description("show or set where plugins are downloaded from (a mirror's catalog.json)")
    .argument("[url]", "the catalog's https:// or file: address")
    .option("--reset", "go back to the catalog shipped with Quarry")
    .action(async (url: string | undefined, flags: { reset?: boolean }, cmd: Command) => {
      const s = await service();
      if (flags.reset) await saveCatalogSetting(s.dataDir, null);
      else if (url) await saveCatalogSetting(s.dataDir, url);
      const location = await s.catalogLocation();
      if (wantsJson(cmd)) printJson(location);
      else {
        printLine(`Catalog: ${location.url}`);
        printLine(
          location.source === "environment"
            ? "(from QUARRY_PLUGIN_CATALOG, which overrides the saved setting)"
            : location.source === "setting"
              ? "(saved setting; quarry plugins catalog --reset goes back to the shipped catalog)"
              : "(the catalog shipped with Quarry)",
        );
      }
    });
}
