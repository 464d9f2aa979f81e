/**
 * The node the export, copy and import benchmarks run on: `BENCH_ES_URL`, else es8 as
 * `npm run es:up` started it, else es8's usual address; unsecured (docs/performance.md).
 */
import { readState } from "../../scripts/es/cluster.ts";
import { EsTransport } from "../../src/drivers/elasticsearch/wire/transport.ts";

export const benchUrl = (): string =>
  process.env.BENCH_ES_URL ??
  readState()?.nodes.find((n) => n.name === "es8")?.url ??
  "http://127.0.0.1:19218";

/** A transport to the node at `url`, without credentials or TLS. */
export function benchTransport(url: string): EsTransport {
  const { hostname, port } = new URL(url);
  return new EsTransport(
    { host: hostname, port: Number(port), auth: "none", sslMode: "disabled", skipTlsVerify: false },
    {},
  );
}
