/**
 * The Elasticsearch driver as its plugin entry point hands it to the app, for tests that build a
 * ConnectionStore directly (without installing the plugin archive into their data folder).
 */
import { PLUGIN_API_VERSION } from "../../src/core/plugin.ts";
import { activate } from "../../src/drivers/elasticsearch/plugin.ts";

export const esDriver = activate({ apiVersion: PLUGIN_API_VERSION, appVersion: "test" });

/** A store's driver lookup that knows Elasticsearch only. */
export const esOnly = (type: string) => (type === "elasticsearch" ? esDriver : undefined);
