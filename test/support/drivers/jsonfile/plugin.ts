/** The JSON-file test driver's plugin entry point: what its archive's main module exports. */
import {
  PLUGIN_API_VERSION,
  type PluginDriver,
  type PluginHost,
} from "../../../../src/core/plugin.ts";
import { openSession } from "./session.ts";
import {
  DISPLAY_NAME,
  JSON_FILE_FORM,
  type JsonFileConfig,
  settingsFromUrl,
  TYPE,
  validateConfig,
} from "./settings.ts";

export function activate(host: PluginHost): PluginDriver {
  if (host.apiVersion !== PLUGIN_API_VERSION) throw new Error("another plugin API");
  return {
    type: TYPE,
    displayName: DISPLAY_NAME,
    validateConfig: (input) => ({ ...validateConfig(input) }),
    validateSecrets: () => {},
    secretFields: () => [],
    describeEndpoint: (config) => `file://${String(config.file)}`,
    settingsForm: () => structuredClone(JSON_FILE_FORM),
    settingsFromUrl,
    connect: (config) => openSession(config as unknown as JsonFileConfig),
  };
}
