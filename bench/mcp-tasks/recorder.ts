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

/** The characters of a server's tool list, which a model reads once per session. */
export async function toolListChars(client: Client): Promise<number> {
  const { tools } = await client.listTools();
  return JSON.stringify(tools).length;
}
