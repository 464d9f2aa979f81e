/**
 * A scripted agent's view of one MCP server: every `tools/call` is counted, and so are the
 * characters of text it hands the model (the `content` text blocks; structured content repeats
 * them for clients that read it, so it is not counted twice). A tool error ends the task.
 */
import type { Client } from "@modelcontextprotocol/client";

export interface Tally {
  calls: number;
  chars: number;
}

export interface Recorder {
  /** Calls a tool and gives back the text blocks the model would read. */
  call(name: string, args: Record<string, unknown>): Promise<string[]>;
  readonly tally: Tally;
}

export function recorder(client: Client): Recorder {
  const tally: Tally = { calls: 0, chars: 0 };
  return {
    tally,
    async call(name, args) {
      tally.calls++;
      const result = await client.callTool({ name, arguments: args });
      const parts = (result.content as { type: string; text?: string }[])
        .filter((c) => c.type === "text")
        .map((c) => c.text ?? "");
      for (const p of parts) tally.chars += p.length;
      if (result.isError) throw new Error(`${name} failed: ${parts.join(" ").slice(0, 300)}`);
      return parts;
    },
  };
}

/**
 * What a model reads before its first call (the server instructions, plus each tool's name,
 * description and input schema, as a model API takes them), and the whole tools/list JSON.
 */
export async function catalogChars(client: Client): Promise<{ catalog: number; toolList: number }> {
  const { tools } = await client.listTools();
  const perTool = tools.map(
    (t) =>
      JSON.stringify({ name: t.name, description: t.description, inputSchema: t.inputSchema })
        .length,
  );
  return {
    catalog: (client.getInstructions() ?? "").length + perTool.reduce((a, b) => a + b, 0),
    toolList: JSON.stringify(tools).length,
  };
}
