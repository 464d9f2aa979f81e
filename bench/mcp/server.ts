/**
 * The MCP server as the app runs it (src/app/mcp-host/mcp-service.ts), in its own process for the
 * benchmark: QUARRY_HOME must point at a prepared app data folder. Prints one JSON line with the
 * endpoint once it listens, and runs until its standard input closes.
 */
import { startMcpService } from "../../src/app/mcp-host/mcp-service.ts";

const service = await startMcpService();
const status = service.status();
if (status.state !== "running") {
  process.stderr.write(`the MCP server did not start: ${JSON.stringify(status)}\n`);
  process.exit(1);
}
process.stdout.write(`${JSON.stringify({ url: status.url, pid: process.pid })}\n`);
process.stdin.resume();
process.stdin.on("end", () => {
  void service.stop().then(() => process.exit(0));
});
