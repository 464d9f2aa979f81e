/**
 * The cost of the way in: the grid's first page and a whole export of `sample-orders` (es8, about
 * 105,000 documents) through an SSH tunnel (OpenSSH's sshd on loopback) and through an HTTP proxy
 * (tinyproxy on loopback), each interleaved with the same work straight to the same node
 * (bench/browse/measure.ts: A B, B A, …, on until the median ratio settles).
 *
 * Goals (loopback, so the figures are the tunnel's and the proxy's own cost, not a network's): the
 * first page at most 1.5x direct through either; an export at most 1.5x direct through the proxy
 * and 2x through the tunnel (SSH encrypts every byte in JavaScript here: ssh2 without its native
 * add-on).
 *
 *   npm run bench:routes                 es8 from `npm run es:up`
 *   npm run bench:routes -- --min 31     at least 31 pairs for the first page
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { readState } from "../../scripts/es/cluster.ts";
import { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import type { EsConnectionConfig } from "../../src/drivers/elasticsearch/wire/config.ts";
import { SshTunnels } from "../../src/drivers/elasticsearch/wire/ssh-tunnel.ts";
import { startSshd, startTinyproxy } from "../../test/support/route-servers.ts";
import { interleave, median } from "../browse/measure.ts";

const { values: args } = parseArgs({ options: { min: { type: "string", default: "21" } } });
const MIN = Math.max(21, Number(args.min));
const TABLE = "sample-orders";

const url = readState()?.nodes.find((n) => n.name === "es8")?.url ?? "http://127.0.0.1:19218";
const direct: EsConnectionConfig = {
  host: "127.0.0.1",
  port: Number(new URL(url).port),
  auth: "none",
  sslMode: "disabled",
  skipTlsVerify: false,
};

const proxy = await startTinyproxy();
const sshd = await startSshd();
const knownHosts = join(sshd.dir, "known_hosts");
writeFileSync(knownHosts, sshd.knownHostsLine(), { mode: 0o600 });
const tunnels = new SshTunnels();

const sessions = {
  direct: new EsSession(direct, {}),
  proxy: new EsSession({ ...direct, proxy: `http://127.0.0.1:${proxy.port}` }, {}),
  ssh: new EsSession(
    {
      ...direct,
      ssh: `${sshd.user}@127.0.0.1:${sshd.port}`,
      sshKey: sshd.key,
      sshKnownHosts: knownHosts,
    },
    {},
    { tunnels },
  ),
};

async function firstPage(s: EsSession): Promise<void> {
  const opened = await s.grid.openGrid(TABLE, { page: 1, pageSize: 100 });
  if (opened.first?.rows.length !== 100) throw new Error("the first page is not 100 rows");
  await opened.view.close();
}

async function exportAll(s: EsSession): Promise<void> {
  const scan = await s.facets.exportScan.openScan(TABLE, { format: "ndjson", batchSize: 1000 });
  let n = 0;
  try {
    await Promise.all(
      Array.from({ length: scan.slices }, async (_, slice) => {
        for await (const b of scan.batches(slice, null)) n += b.framed?.count ?? b.records.length;
      }),
    );
  } finally {
    await scan.close();
  }
  if (n !== scan.expected) throw new Error(`exported ${n} of ${scan.expected}`);
}

const results: string[] = [];
try {
  for (const s of Object.values(sessions)) await firstPage(s); // connect, identify, warm up
  for (const [via, goalPage, goalExport] of [
    ["proxy", 1.5, 1.5],
    ["ssh", 1.5, 2],
  ] as const) {
    const s = sessions[via];
    const page = await interleave(
      () => firstPage(s),
      () => firstPage(sessions.direct),
      { min: MIN },
    );
    const exp = await interleave(
      () => exportAll(s),
      () => exportAll(sessions.direct),
      { min: 5, max: 21, window: 4, settle: 0.03 },
    );
    for (const [what, pairs, goal] of [
      ["first grid page", page, goalPage],
      ["export of sample-orders", exp, goalExport],
    ] as const) {
      const ratio = median(pairs.ratios);
      results.push(
        `${what.padEnd(24)} ${via.padEnd(5)} ${median(pairs.a).toFixed(1).padStart(8)} ms  direct ${median(pairs.b).toFixed(1).padStart(8)} ms  ratio ${ratio.toFixed(2)}  (${pairs.ratios.length} pairs)  goal ≤ ${goal}x: ${ratio <= goal ? "MET" : "NOT MET"}`,
      );
      process.stdout.write(`${results.at(-1)}\n`);
    }
  }
} finally {
  await Promise.all(Object.values(sessions).map((s) => s.close()));
  await proxy.stop();
  await sshd.stop();
}
