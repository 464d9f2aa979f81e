/**
 * Activates a verified plugin (verify.ts): checks the plugin API it was built for, imports the main
 * module from memory and calls its `activate`, each within a time limit, and checks the driver it
 * returns. The code that runs is exactly the bytes that were verified: nothing is unpacked to disk,
 * so nothing on disk can be swapped between the check and the import.
 *
 * Every failure is a QuarryError naming the plugin; the caller keeps running without it.
 */
import { errors, isQuarryError } from "../../core/errors.ts";
import {
  checkPluginDriver,
  PLUGIN_API_VERSION,
  type PluginDriver,
  type PluginHost,
  type PluginManifest,
  type PluginModule,
} from "../../core/plugin.ts";
import { importFromMemory } from "./memory-modules.ts";

const ACTIVATE_TIMEOUT_MS = 10_000;

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not finish within ${ACTIVATE_TIMEOUT_MS / 1000} s`)),
      ACTIVATE_TIMEOUT_MS,
    );
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function describe(e: unknown): string {
  if (isQuarryError(e)) return e.message;
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return String(e);
}

/** Imports a verified plugin's main module from memory and activates it. */
export async function activatePlugin(
  files: Map<string, Buffer>,
  manifest: PluginManifest,
  host: PluginHost,
): Promise<PluginDriver> {
  const id = manifest.id;
  if (manifest.apiVersion !== PLUGIN_API_VERSION) {
    throw errors.pluginLoadFailed(
      id,
      `it was built for plugin API ${manifest.apiVersion}, and this Quarry speaks ${PLUGIN_API_VERSION}`,
      `Update the plugin (quarry plugins update ${id}), or install the Quarry version it was built for.`,
      "Update the plugin in Settings > Plugins, or install the Quarry version it was built for.",
    );
  }
  const code = files.get(manifest.main)!;
  let mod: Partial<PluginModule>;
  try {
    mod = await withTimeout(
      importFromMemory(code, `${id}/${manifest.main}`) as Promise<PluginModule>,
      "importing it",
    );
  } catch (e) {
    throw errors.pluginLoadFailed(id, `its code does not load (${describe(e)})`);
  }
  if (typeof mod.activate !== "function") {
    throw errors.pluginLoadFailed(id, `its main module exports no activate() function`);
  }
  let driver: unknown;
  try {
    driver = await withTimeout(Promise.resolve(mod.activate(host)), "activate()");
  } catch (e) {
    throw errors.pluginLoadFailed(id, `activate() failed (${describe(e)})`);
  }
  try {
    return checkPluginDriver(driver, manifest);
  } catch (e) {
    throw errors.pluginLoadFailed(id, (e as Error).message);
  }
}
