/**
 * What both task benchmarks start: Quarry's MCP server and @elastic/mcp-server-elasticsearch on the
 * bench node, each with its client (`q`, `e`).
 */
import {
  elasticClient,
  prepareElasticServer,
  quarryHttpClient,
  startQuarry,
} from "../mcp/setup.ts";

export async function startBothServers() {
  const quarry = await startQuarry();
  const elastic = await prepareElasticServer();
  const q = await quarryHttpClient(quarry);
  const e = (await elasticClient(elastic.entry)).client;
  return { quarry, elastic, q, e };
}
