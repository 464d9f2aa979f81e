/**
 * The MCP server as the app runs it (src/app/mcp-host/mcp-service.ts), in its own process for the
 * benchmark: QUARRY_HOME must point at a prepared app data folder. Prints one JSON line with the
 * endpoint once it listens, and runs until its standard input closes.
 *
 * With QUARRY_BENCH_HEAP_LOG=<file>, it also appends V8's heap spaces (used and committed MB) and
 * its external memory to that file every 10 s: what a soak needs to tell the JS heap's growth
 * from the rest of RSS (docs/mcp.md, "Sustained load"). A line `probe <label>` on its standard
 * input appends, to the same file, what is left once the heap has been collected (with
 * --expose-gc): the heap in use and committed, compiled code, V8's own malloc'd memory, external
 * memory and RSS; `snapshot <label>` also writes a heap snapshot beside it.
 *
 * With QUARRY_BENCH_ALLOC_PROFILE=<file>, V8's sampling heap profiler runs, counting objects
 * collected since too (what a call allocates, not only what it keeps: the young generation's
 * collections are paid for by allocation), and its profile is written to that file at the end.
 */
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { createInterface } from "node:readline";
import { getHeapSpaceStatistics, getHeapStatistics, writeHeapSnapshot } from "node:v8";
import { startMcpService } from "../../src/app/mcp-host/mcp-service.ts";

const service = await startMcpService();
const status = service.status();
if (status.state !== "running") {
  process.stderr.write(`the MCP server did not start: ${JSON.stringify(status)}\n`);
  process.exit(1);
}
const allocProfile = process.env.QUARRY_BENCH_ALLOC_PROFILE;
const inspector = allocProfile ? new Session() : undefined;
if (inspector) {
  inspector.connect();
  await inspector.post("HeapProfiler.startSampling", {
    samplingInterval: 16384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
}
process.stdout.write(`${JSON.stringify({ url: status.url, pid: process.pid })}\n`);
const heapLog = process.env.QUARRY_BENCH_HEAP_LOG;
if (heapLog) {
  const mb = (n: number) => Math.round(n / 1048576);
  setInterval(() => {
    const spaces = Object.fromEntries(
      getHeapSpaceStatistics().map((s) => [
        s.space_name.replace(/_space$/, ""),
        `${mb(s.space_used_size)}/${mb(s.physical_space_size)}`,
      ]),
    );
    const { rss, external, arrayBuffers } = process.memoryUsage();
    const line = {
      at: new Date().toISOString().slice(11, 19),
      rss: mb(rss),
      external: mb(external),
      arrayBuffers: mb(arrayBuffers),
      ...spaces,
    };
    appendFileSync(heapLog, `${JSON.stringify(line)}\n`);
  }, 10_000).unref();
}
const tenthsOfMb = (n: number) => Math.round((n / 1048576) * 10) / 10;

/**
 * Resident memory by kind of mapping (/proc/self/smaps): the machine code V8 generates (its
 * anonymous executable range), V8's heap pages (anonymous, below the mmap area: V8's own
 * reservation), glibc's main heap ([heap]), the rest of the anonymous memory in the mmap area
 * (glibc's other arenas, blocks mapped on their own, wasm memory) and named mappings (files, the
 * stack).
 */
function residentByKind(): Record<string, number> {
  const kb = { jitCode: 0, v8Pages: 0, mallocHeap: 0, mmapArea: 0, named: 0 };
  let kind: keyof typeof kb = "mmapArea";
  for (const line of readFileSync("/proc/self/smaps", "utf8").split("\n")) {
    const m = /^([0-9a-f]+)-[0-9a-f]+ (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (m) {
      const [, start = "0", perms = "", name = ""] = m;
      kind =
        name === "[heap]"
          ? "mallocHeap"
          : name !== ""
            ? "named"
            : perms.includes("x")
              ? "jitCode"
              : Number.parseInt(start, 16) < 0x7f0000000000
                ? "v8Pages"
                : "mmapArea";
    } else if (line.startsWith("Rss:")) kb[kind] += Number(line.split(/\s+/)[1]);
  }
  return Object.fromEntries(Object.entries(kb).map(([k, v]) => [k, Math.round(v / 102.4) / 10]));
}
function probe(label: string, snapshot: boolean): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const h = getHeapStatistics();
  const code = getHeapSpaceStatistics().find((s) => s.space_name === "code_space");
  const { rss, external, arrayBuffers } = process.memoryUsage();
  const line = {
    probe: label,
    collected: gc !== undefined,
    rss: tenthsOfMb(rss),
    heapUsed: tenthsOfMb(h.used_heap_size),
    heapCommitted: tenthsOfMb(h.total_physical_size),
    code: tenthsOfMb(code?.space_used_size ?? 0),
    malloced: tenthsOfMb(h.malloced_memory),
    mallocedPeak: tenthsOfMb(h.peak_malloced_memory),
    external: tenthsOfMb(external),
    arrayBuffers: tenthsOfMb(arrayBuffers),
    ...residentByKind(),
    contexts: h.number_of_native_contexts,
    detached: h.number_of_detached_contexts,
    ...(snapshot && heapLog
      ? { snapshot: writeHeapSnapshot(`${heapLog}.${label}.heapsnapshot`) }
      : {}),
  };
  if (heapLog) appendFileSync(heapLog, `${JSON.stringify(line)}\n`);
}
createInterface({ input: process.stdin }).on("line", (l) => {
  const [what, label = "now"] = l.trim().split(/\s+/);
  if (what === "probe" || what === "snapshot") probe(label, what === "snapshot");
});
process.stdin.on("end", async () => {
  if (inspector && allocProfile) {
    const { profile } = await inspector.post("HeapProfiler.stopSampling");
    writeFileSync(allocProfile, JSON.stringify(profile));
  }
  void service.stop().then(() => process.exit(0));
});
