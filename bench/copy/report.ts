/** What the copy and import benches share: the command they run, and how they print. */
import { loadavg } from "node:os";
import { median, type Run, rate, verdict } from "../export/harness.ts";

export { quarryCommand } from "../installed-quarry.ts";

export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

/** The sides' medians; peak memory only for the sides it is a goal of (`measured`). */
export function printTable(
  runs: Map<string, Run[]>,
  docs: number,
  measured: (name: string) => boolean,
): void {
  console.log("side                                          runs   median docs/s   peak MB");
  for (const [name, rs] of runs) {
    const wrong = rs.filter((r) => r.docs !== docs).length;
    const peak = measured(name) ? Math.max(...rs.map((r) => r.peakMb)).toFixed(0) : "-";
    const m = rs.length ? Math.round(median(rs.map(rate))) : Number.NaN;
    console.log(
      `${name.padEnd(45)} ${String(rs.length).padStart(4)} ${String(m).padStart(15)} ${peak.padStart(9)}${wrong ? `   !! ${wrong} run(s) did not move ${docs} documents` : ""}`,
    );
  }
  console.log("");
}

/** The "< 200 MB" goal lines, 1 and 4 slices (or one line when `slices` is empty), two sizes. */
export function memoryGoals(
  what: string,
  smallDocs: number,
  bigDocs: number | undefined,
  peakOf: (
    slices: number,
    size: "small" | "large",
  ) => { peakMb: number; whole: boolean } | undefined,
  slices: number[] = [1, 4],
): string[] {
  const lines: string[] = [];
  const sizes: ["small" | "large", number | undefined][] = [
    ["small", smallDocs],
    ["large", bigDocs],
  ];
  for (const s of slices)
    for (const [size, docs] of sizes) {
      const p = peakOf(s, size);
      const at =
        docs === undefined ? "1,000,000 documents" : `${docs.toLocaleString("en-US")} documents`;
      const label = `peak memory of ${what}${slices.length > 1 ? `, ${s} slice(s)` : ""}, ${at}`;
      if (!p) lines.push(`SKIPPED  ${label} (run with --large)`);
      else
        lines.push(
          verdict(
            `${label}${p.whole ? "" : " (!! not every document)"}`,
            `${p.peakMb.toFixed(0)} MB`,
            "< 200 MB",
            p.peakMb < 200,
          ),
        );
    }
  return lines;
}
