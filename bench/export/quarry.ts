/**
 * One Quarry export, run in its own process by bench/export/run.ts so its peak memory is its own:
 *   node bench/export/quarry.ts <es url> <index> <out file> <slices> [batch size]
 * Prints one JSON line: the export's report.
 */
import { EsTransport } from "../../src/drivers/elasticsearch/transport.ts";
import { exportTable } from "../../test/support/export.ts";

const [url, index, out, slices, batch] = process.argv.slice(2);
if (!url || !index || !out || !slices)
  throw new Error("usage: quarry.ts <url> <index> <out> <slices> [batch]");
const { hostname, port } = new URL(url);
const transport = new EsTransport(
  { host: hostname, port: Number(port), auth: "none", sslMode: "disabled", skipTlsVerify: false },
  {},
);
try {
  const report = await exportTable(transport, index, {
    format: "ndjson",
    out,
    slices: Number(slices),
    overwrite: true,
    ...(batch ? { batchSize: Number(batch) } : {}),
  });
  process.stdout.write(`${JSON.stringify(report)}\n`);
} finally {
  await transport.close();
}
