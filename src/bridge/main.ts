/**
 * `quarry-mcp`, the stdio bridge (docs/mcp.md, "The stdio bridge"): AI clients that speak stdio
 * spawn it (with no arguments) and reach the running Quarry's MCP server through it. stdout
 * carries only MCP messages, one per line; everything else goes to stderr.
 *
 * Run by bin/quarry-mcp with the Node runtime Quarry was installed with.
 */

import { APP_VERSION } from "../app/process/version.ts";
import { appDataDir } from "../app/storage/paths.ts";
import { LineSplitter } from "../core/lines.ts";
import { AppLink } from "./app-link.ts";
import { launch, planForThisMachine } from "./launcher.ts";
import { LineChannel } from "./line-channel.ts";
import { Relay } from "./relay.ts";
import { closeConnections, post, prove } from "./upstream.ts";
import { lineOf } from "./verbatim.ts";

const HELP = `quarry-mcp ${APP_VERSION}: the stdio bridge between an AI client and Quarry's MCP server.

An AI client runs it with no arguments and talks MCP (2026-07-28, or 2025-11-25 / 2025-06-18
through initialize) on its standard input and output. It finds the running Quarry through the
handshake file in Quarry's app data folder (launching Quarry in the background when it is not
running), checks that the endpoint proves it is that Quarry, and relays every request.

Print a client's configuration with: quarry mcp config <client>
`;

const MAX_LINE = 16 * 1024 * 1024;

function log(line: string): void {
  process.stderr.write(`quarry-mcp: ${line}\n`);
}

/** The bridge's answer to a line longer than it reads. */
function tooLong(): object {
  return {
    jsonrpc: "2.0",
    id: null,
    error: {
      code: -32600,
      message: `Invalid request: a message is longer than ${MAX_LINE} bytes (refused by the stdio bridge quarry-mcp)`,
      data: { layer: "bridge" },
    },
  };
}

/** The relay, sending on the line stream when the app offers it (docs/mcp.md, "The line stream"). */
function relayOn(
  channel: LineChannel,
  write: (message: object) => void,
  writeLine: (line: Buffer) => void,
): Relay {
  return new Relay({
    post: channel.post,
    write,
    writeLine,
    log,
    version: APP_VERSION,
    streaming: (endpoint) => channel.isOpenTo(endpoint),
  });
}

function main(): void {
  const arg = process.argv[2];
  if (arg === "--version" || arg === "-v") {
    process.stdout.write(`${APP_VERSION}\n`);
    return;
  }
  if (arg === "--help" || arg === "-h") {
    process.stdout.write(HELP);
    return;
  }
  if (arg !== undefined) {
    log(`takes no arguments (got "${arg}"); see quarry-mcp --help`);
    process.exitCode = 2;
    return;
  }

  const env = process.env;
  let closing = false;
  const write = (message: object) => {
    if (closing && !process.stdout.writable) return;
    process.stdout.write(`${lineOf(message)}\n`);
  };
  const writeLine = (line: Buffer) => {
    if (closing && !process.stdout.writable) return;
    process.stdout.write(line);
  };
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    // The client went away (EPIPE): nothing can be answered any more.
    if (e.code !== "EPIPE") log(`cannot write to the client: ${e.message}`);
    relay.abortAll();
    finish(0);
  });

  const channel = new LineChannel({ http: post, writeLine, log });
  const relay = relayOn(channel, write, writeLine);
  const link = new AppLink({
    dir: appDataDir(env),
    now: Date.now,
    log,
    prove,
    verify: relay.verify,
    plan: () => planForThisMachine(env),
    launch: (plan) => launch(plan, env),
  });
  relay.start(link);

  const input = new LineSplitter(MAX_LINE);
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk: string) => {
    const { lines, overlong } = input.push(chunk);
    for (const line of lines) relay.handleLine(line);
    if (overlong) {
      log(`a message longer than ${MAX_LINE} bytes was dropped`);
      write(tooLong());
    }
  });
  process.stdin.on("end", () => {
    const last = input.end();
    if (last !== undefined) relay.handleLine(last);
    // The client closed our input: answer what is in flight, then leave.
    void relay.drain().then(() => finish(0));
  });

  const finish = (code: number) => {
    if (closing) return;
    closing = true;
    channel.close();
    closeConnections();
    process.exitCode = code;
    // Let stdout flush; nothing else keeps the process alive.
    setImmediate(() => process.exit(code));
  };
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const)
    process.once(signal, () => {
      relay.abortAll();
      finish(0);
    });
}

main();
