/**
 * Deep pages through the driver (the grid's paging, no HTTP layer), next to the bare client's same
 * requests, interleaved; the next page of an open grid after a deep one; the reference product's
 * deep-paging walk.
 */
import { browse, openGrid } from "../../src/drivers/elasticsearch/grid/browse.ts";
import { EsTransport } from "../../src/drivers/elasticsearch/wire/transport.ts";
import { anchorStylePage, type Bare, barePage, INDEX, PAGE } from "./bare.ts";
import { median } from "./measure.ts";

export interface DeepRow {
  label: string;
  runs: number;
  quarry: number;
  bare: number | null;
  note?: string;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

function check(n: number, what: string): void {
  if (n !== PAGE) throw new Error(`${what}: ${n} rows instead of ${PAGE}`);
}

export async function deepRows(
  url: string,
  bare: Bare,
  runs: number,
  anchor: boolean,
): Promise<DeepRow[]> {
  const { hostname, port } = new URL(url);
  const transport = new EsTransport(
    { host: hostname, port: Number(port), auth: "none", sslMode: "disabled", skipTlsVerify: false },
    {},
  );
  const rows: DeepRow[] = [];
  try {
    for (const offset of [10_000, 100_000, 500_000]) {
      const label = `offset ${offset.toLocaleString("en-US")}`;
      process.stderr.write(`measuring ${label}…\n`);
      const page = offset / PAGE + 1;
      const q: number[] = [];
      const b: number[] = [];
      for (let i = 0; i < runs; i++) {
        const quarry = async () =>
          check((await browse(transport, INDEX, { page, pageSize: PAGE })).rows.length, label);
        const bareSide = async () => check(await barePage(bare, offset), `bare ${label}`);
        if (i % 2 === 0) {
          q.push(await time(quarry));
          b.push(await time(bareSide));
        } else {
          b.push(await time(bareSide));
          q.push(await time(quarry));
        }
      }
      rows.push({ label, runs, quarry: median(q), bare: median(b) });
    }
    // An open grid remembers where pages start: the next page after a deep one is one request.
    const grid = openGrid(transport, INDEX);
    await grid.browse({ page: 5001, pageSize: PAGE });
    const next: number[] = [];
    for (let page = 5002; page < 5002 + runs * 3; page++)
      next.push(
        await time(async () =>
          check((await grid.browse({ page, pageSize: PAGE })).rows.length, "next page"),
        ),
      );
    await grid.close();
    rows.push({
      label: "open grid, next page after offset 500,000",
      runs: next.length,
      quarry: median(next),
      bare: null,
      note: "one search_after request",
    });
    if (anchor) {
      for (const offset of [10_000, 100_000]) {
        const t = await time(async () => check(await anchorStylePage(bare, offset), "anchor"));
        const q = rows.find((r) => r.label === `offset ${offset.toLocaleString("en-US")}`)!.quarry;
        rows.push({
          label: `reference walk to offset ${offset.toLocaleString("en-US")} (1,000 a batch)`,
          runs: 1,
          quarry: t,
          bare: null,
          note: `Quarry is ${(t / q).toFixed(1)}x faster`,
        });
      }
    }
  } finally {
    await transport.close();
  }
  return rows;
}
