/** `npm run es:up | es:down | es:status`: the project's real Elasticsearch nodes (docs/testing.md). */
import { crashedNodes, down, readState, up } from "./es/cluster.ts";

const [command = "status", ...names] = process.argv.slice(2);

try {
  switch (command) {
    case "up": {
      const { nodes } = await up(names.length ? names : undefined);
      process.stdout.write(`${JSON.stringify({ nodes })}\n`);
      break;
    }
    case "down": {
      const stopped = await down(names.length ? names : undefined);
      process.stderr.write(`[es] stopped: ${stopped.join(", ") || "nothing was running"}\n`);
      break;
    }
    case "status": {
      const crashed = crashedNodes();
      process.stdout.write(`${JSON.stringify(readState() ?? { nodes: [] })}\n`);
      for (const { node, tail } of crashed) {
        process.stderr.write(`[es] ${node.name} is not running. Last log lines:\n${tail}\n`);
      }
      process.exitCode = crashed.length ? 1 : 0;
      break;
    }
    default:
      process.stderr.write(`usage: node scripts/es.ts up [name...] | down [name...] | status\n`);
      process.exitCode = 2;
  }
} catch (e) {
  process.stderr.write(`[es] ${(e as Error).message}\n`);
  process.exitCode = 1;
}
