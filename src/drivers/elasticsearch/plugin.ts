/**
 * The Elasticsearch driver's plugin entry point: the main module of its plugin archive
 * (scripts/build-plugins.ts bundles this file and everything it imports). The app imports it only
 * through the plugin loader, after checking the archive's SHA-256.
 */
import type { ConnectionSecrets, DriverSession } from "../../core/driver.ts";
import {
  PLUGIN_API_VERSION,
  type PluginDriver,
  PluginFormatError,
  type PluginHost,
} from "../../core/plugin.ts";
import { elasticsearchDriver } from "./index.ts";
import { ES_SETTINGS_FORM, settingsFromUrl } from "./settings-form.ts";
import {
  AUTH_METHOD_LABELS,
  baseUrl,
  type EsConnectionConfig,
  secretFields,
  validateSecrets,
} from "./wire/config.ts";
import { describeRoutes } from "./wire/routes.ts";

const es = (config: Record<string, unknown>) => config as unknown as EsConnectionConfig;

export function activate(host: PluginHost): PluginDriver {
  if (host.apiVersion !== PLUGIN_API_VERSION) {
    throw new PluginFormatError(
      `it speaks plugin API ${PLUGIN_API_VERSION}, the app ${host.apiVersion}`,
    );
  }
  const driver = elasticsearchDriver();
  return {
    type: driver.type,
    displayName: driver.displayName,
    validateConfig: (input) => ({ ...driver.validateConfig(input) }),
    validateSecrets: (config, secrets) => validateSecrets(es(config), secrets),
    secretFields: (config) => secretFields(es(config)),
    describeEndpoint: (config) => baseUrl(es(config)) + describeRoutes(es(config)),
    describeAuth(config) {
      const { auth, username } = es(config);
      const label = AUTH_METHOD_LABELS[auth] ?? String(auth);
      return auth === "basic" ? `${label} (${String(username)})` : label;
    },
    settingsForm: () => structuredClone(ES_SETTINGS_FORM),
    settingsFromUrl,
    connect: (config, secrets: ConnectionSecrets): DriverSession =>
      driver.connect(es(config), secrets),
  };
}
