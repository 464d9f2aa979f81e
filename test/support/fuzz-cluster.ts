/**
 * What the fuzzers may reach on a real node: one small index on `es8-secure`, and a user whose
 * role reads and writes that index only (plus `monitor`, to identify the cluster). Whatever a
 * fuzzer makes Quarry send, Elasticsearch itself refuses it anywhere else: the shared nodes other
 * tests use stay as they are.
 */
import { randomBytes } from "node:crypto";
import type { ConnectionSecrets } from "../../src/core/driver.ts";
import type { EsConnectionConfig } from "../../src/drivers/elasticsearch/wire/config.ts";
import { securedConfig, session } from "./cluster.ts";

export interface FuzzCluster {
  /** The index the fuzz user may read and write. */
  index: string;
  /** Settings of a connection as that user. */
  config: EsConnectionConfig;
  secrets: ConnectionSecrets;
  dispose(): Promise<void>;
}

const MAPPING = {
  properties: {
    status: { type: "keyword" },
    title: { type: "text", fields: { keyword: { type: "keyword", ignore_above: 256 } } },
    total: { type: "double" },
    qty: { type: "integer" },
    big: { type: "long" },
    paid: { type: "boolean" },
    created_at: { type: "date" },
    ip: { type: "ip" },
    loc: { type: "geo_point" },
    customer: { properties: { name: { type: "keyword" }, city: { type: "keyword" } } },
    items: {
      type: "nested",
      properties: { sku: { type: "keyword" }, qty: { type: "integer" } },
    },
    blob: { type: "object", enabled: false },
  },
};

export async function fuzzCluster(label: string): Promise<FuzzCluster> {
  const run = randomBytes(3).toString("hex");
  const index = `qt-fuzz-${label}-${run}`;
  const user = `qt_fuzz_${label.replace(/\W/g, "_")}_${run}`;
  const password = randomBytes(18).toString("base64url");
  const admin = securedConfig();
  const es = session(admin.config, admin.secrets);
  const call = async (method: "PUT" | "POST" | "DELETE", path: string, body?: unknown) => {
    const res = await es.transport.request({
      method,
      path,
      ...(body !== undefined ? { body } : {}),
      ...(typeof body === "string" ? { contentType: "application/x-ndjson" } : {}),
    });
    if (res.status >= 300 && !(method === "DELETE" && res.status === 404))
      throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  };
  await call("PUT", `/${index}`, {
    settings: { number_of_replicas: 0, number_of_shards: 1 },
    mappings: MAPPING,
  });
  const docs = Array.from({ length: 30 }, (_, i) => ({
    status: ["new", "paid", "shipped"][i % 3],
    title: `order ${i} chair`,
    total: i * 10.5,
    qty: i,
    big: `${9007199254740993n + BigInt(i)}`,
    paid: i % 2 === 0,
    created_at: `2026-01-${String((i % 28) + 1).padStart(2, "0")}T10:00:00Z`,
    ip: `10.0.0.${i}`,
    loc: { lat: 48.8 + i / 100, lon: 2.3 },
    customer: { name: `c${i % 5}`, city: ["Paris", "Porto", "Oslo"][i % 3] },
    items: [
      { sku: `S${i}`, qty: i % 4 },
      { sku: `T${i}`, qty: 1 },
    ],
    blob: { any: ["thing", i] },
  }));
  await call(
    "POST",
    "/_bulk?refresh=true",
    docs
      .map(
        (d, i) =>
          `${JSON.stringify({ index: { _index: index, _id: `d${i}` } })}\n${JSON.stringify(d)}\n`,
      )
      .join(""),
  );
  await call("PUT", `/_security/role/${user}`, {
    cluster: ["monitor"],
    indices: [
      {
        names: [index],
        privileges: ["read", "write", "view_index_metadata", "monitor"],
      },
    ],
  });
  await call("PUT", `/_security/user/${user}`, { password, roles: [user] });
  return {
    index,
    config: securedConfig({ username: user }).config,
    secrets: { password },
    async dispose() {
      await call("DELETE", `/_security/user/${user}`).catch(() => {});
      await call("DELETE", `/_security/role/${user}`).catch(() => {});
      await call("DELETE", `/${index}`).catch(() => {});
      await es.close();
    },
  };
}
