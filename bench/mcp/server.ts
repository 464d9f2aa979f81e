/**
 * The MCP server as the app runs it (src/app/mcp-host/mcp-service.ts), in its own process for the
 * benchmark: QUARRY_HOME must point at a prepared app data folder. Prints one JSON line with the
 * endpoint once it listens, and runs until its standard input closes.
 *
 * With QUARRY_BENCH_HEAP_LOG=<file>, it also appends V8's heap spaces (used and committed MB) and
 * its external memory to that file every 10 s: what a soak needs to tell the JS heap's growth
 * from the rest of RSS (docs/mcp.md, "Sustained load").
 */
import { appendFileSync } from "node:fs";
import { getHeapSpaceStatistics } from "node:v8";
import { startMcpService } from "../../src/app/mcp-host/mcp-service.ts";

const service = await startMcpService();
const status = service.status();
if (status.state !== "running") {
  process.stderr.write(`the MCP server did not start: ${JSON.stringify(status)}\n`);
  process.exit(1);
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
process.stdin.resume();
process.stdin.on("end", () => {
  void service.stop().then(() => process.exit(0));
});
