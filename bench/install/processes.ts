/**
 * The processes the install bench starts: a command run to its end and timed, an MCP stdio server
 * spawned and timed to its `initialize` answer (raw JSON-RPC lines, as a client writes them), and
 * the official MCP client's check that a server really serves tools. Every child is tracked until
 * it has exited, so the bench can end whatever is still running when it stops (`endAll`).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

const live = new Set<ChildProcess>();

/** Ends every child still running (SIGKILL: the bench is stopping). */
export function endAll(): void {
  for (const child of live) child.kill("SIGKILL");
  live.clear();
}

function track(child: ChildProcess): Promise<number | null> {
  live.add(child);
  return new Promise((resolve) => {
    child.once("error", () => {
      live.delete(child);
      resolve(null);
    });
    child.once("close", (code) => {
      live.delete(child);
      resolve(code);
    });
  });
}

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
  /** From just before the spawn to the end of the process and of its output. */
  ms: number;
}

export interface RunOptions {
  env: NodeJS.ProcessEnv;
  cwd?: string;
  timeoutMs?: number;
}

/** Runs a command to its end (killed past the timeout, which throws). */
export async function runCommand(cmd: string, args: string[], options: RunOptions): Promise<Ran> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const t0 = performance.now();
  const child = spawn(cmd, args, {
    env: options.env,
    ...(options.cwd ? { cwd: options.cwd } : {}),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (d: string) => {
    stdout += d;
  });
  child.stderr?.setEncoding("utf8").on("data", (d: string) => {
    stderr = (stderr + d).slice(-20_000);
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, timeoutMs);
  const code = await track(child);
  clearTimeout(timer);
  const ms = performance.now() - t0;
  if (timedOut) throw new Error(`${cmd} ${args.join(" ")}: no end within ${timeoutMs / 1000} s`);
  return { code, stdout, stderr, ms };
}

/** Runs a command that must succeed; throws with its output when it does not. */
export async function runOk(cmd: string, args: string[], options: RunOptions): Promise<Ran> {
  const ran = await runCommand(cmd, args, options);
  if (ran.code !== 0)
    throw new Error(
      `${cmd} ${args.join(" ")} exited ${ran.code}:\n${ran.stdout.slice(-3000)}\n${ran.stderr.slice(-3000)}`.trim(),
    );
  return ran;
}

/** The revision both servers speak (Quarry's bridge also serves 2025-11-25). */
export const PROTOCOL = "2025-06-18";
const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: PROTOCOL,
    capabilities: {},
    clientInfo: { name: "quarry-bench-install", version: "1.0.0" },
  },
};

interface Answer {
  id?: unknown;
  result?: { serverInfo?: { name?: string; version?: string } };
  error?: { message?: string };
}

/**
 * Spawns a stdio MCP server, writes `initialize` at once (a pipe holds it until the server reads)
 * and times spawn → the answer's line. Then ends its input, as a client closing does, and waits for
 * it to exit (SIGTERM after 5 s, SIGKILL after 2 more). Lines that are not the answer are skipped.
 */
export async function timeInitialize(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 20_000,
): Promise<{ ms: number; server: string }> {
  const t0 = performance.now();
  const child = spawn(cmd, args, { env, stdio: ["pipe", "pipe", "pipe"] });
  const exited = track(child);
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (d: string) => {
    stderr = (stderr + d).slice(-4000);
  });
  child.stdin.on("error", () => {}); // a server that died first: its exit says why
  try {
    const { ms, answer } = await new Promise<{ ms: number; answer: Answer }>((resolve, reject) => {
      let buffered = "";
      const timer = setTimeout(
        () => reject(new Error(`${cmd}: no initialize answer within ${timeoutMs} ms\n${stderr}`)),
        timeoutMs,
      );
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`${cmd} exited (${code}) before answering initialize\n${stderr}`));
      });
      child.stdout.setEncoding("utf8").on("data", (d: string) => {
        buffered += d;
        const lines = buffered.split("\n");
        buffered = lines.pop() ?? "";
        for (const line of lines) {
          let message: Answer;
          try {
            message = JSON.parse(line) as Answer;
          } catch {
            continue;
          }
          if (message?.id !== 1) continue;
          const at = performance.now() - t0;
          clearTimeout(timer);
          resolve({ ms: at, answer: message });
        }
      });
      child.stdin.write(`${JSON.stringify(INITIALIZE)}\n`);
    });
    if (!answer.result) throw new Error(`${cmd}: initialize failed: ${answer.error?.message}`);
    const info = answer.result.serverInfo;
    return { ms, server: `${info?.name ?? "?"} ${info?.version ?? "?"}` };
  } finally {
    child.stdin.end();
    const done = (ms: number) => Promise.race([exited.then(() => true), sleep(ms, false)]);
    if (!(await done(5000))) {
      child.kill("SIGTERM");
      if (!(await done(2000))) child.kill("SIGKILL");
    }
    await exited;
  }
}

/** The official MCP client: connects over stdio, lists the tools; their count. */
export async function listToolsWithSdk(
  command: string,
  env: Record<string, string>,
): Promise<number> {
  const transport = new StdioClientTransport({ command, args: [], env, stderr: "ignore" });
  const client = new Client({ name: "quarry-bench-install", version: "1.0.0" });
  await client.connect(transport);
  try {
    return (await client.listTools()).tools.length;
  } finally {
    await client.close();
  }
}
