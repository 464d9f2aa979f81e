/**
 * `quarry mcp status|enable|disable|port|limits|audit|approvals|approve|deny`: the MCP server of
 * the running app (Settings > Integrations). Settings go to the settings file, which the running
 * app follows at once; `status` reads the handshake file and asks the endpoint to prove it is
 * this Quarry before calling it running.
 */
import { randomBytes } from "node:crypto";
import type { Command } from "commander";
import {
  GRANT_MS,
  listPendingApprovals,
  writeApprovalAnswer,
} from "../../app/mcp-host/approvals.ts";
import { handshakePath, readHandshake } from "../../app/mcp-host/handshake.ts";
import { McpSettingsStore, parsePort } from "../../app/mcp-host/mcp-settings.ts";
import { isAlive } from "../../app/storage/atomic-write.ts";
import { readAudit } from "../../app/storage/audit-log.ts";
import { ensureAppDataDir } from "../../app/storage/paths.ts";
import { errors } from "../../core/errors.ts";
import { type HandshakeFile, PROOF_PATH, verifyProof } from "../../core/mcp-handshake.ts";
import { parseLifetime } from "../../core/tokens.ts";
import { wantsJson } from "../context.ts";
import { printJson, printLine, printTable } from "../output.ts";

type Running =
  | {
      running: true;
      port: number;
      url: string;
      pid: number;
      since: string;
      protocolVersions: string[];
    }
  | { running: false; reason: string };

/** Whether the handshake file points at a live Quarry that proves it wrote the file. */
export async function probeRunningServer(dir: string): Promise<Running> {
  const hs = await readHandshake(dir);
  if (!hs)
    return {
      running: false,
      reason: "no handshake file (the app or its MCP server is not running)",
    };
  if (!isAlive(hs.pid)) return { running: false, reason: `the app (pid ${hs.pid}) is not running` };
  const proven = await proveEndpoint(hs).catch(() => false);
  if (!proven)
    return {
      running: false,
      reason: `port ${hs.port} did not prove it is this Quarry (a leftover handshake file?)`,
    };
  return {
    running: true,
    port: hs.port,
    url: hs.url,
    pid: hs.pid,
    since: hs.startedAt,
    protocolVersions: hs.protocolVersions,
  };
}

async function proveEndpoint(hs: HandshakeFile): Promise<boolean> {
  const challenge = randomBytes(24).toString("base64url");
  const res = await fetch(`http://127.0.0.1:${hs.port}${PROOF_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ challenge }),
    signal: AbortSignal.timeout(3000),
  });
  if (!res.ok) return false;
  return verifyProof(hs, challenge, (await res.json()) as { instanceId: string; proof: string });
}

export function registerMcpCommands(program: Command): void {
  const mcp = program
    .command("mcp")
    .description("the MCP server that gives AI clients your saved connections");

  mcp
    .command("status")
    .description("whether the MCP server runs, and on which port")
    .action(async (_flags: unknown, cmd: Command) => {
      const dir = await ensureAppDataDir();
      const settings = await new McpSettingsStore(dir).read();
      const running = await probeRunningServer(dir);
      if (wantsJson(cmd)) {
        printJson({ settings, ...running, handshakeFile: handshakePath(dir) });
        return;
      }
      printLine(
        `Enable MCP Server: ${settings.enabled ? "on" : "off"} (preferred port ${settings.preferredPort})`,
      );
      if (running.running) {
        printLine(
          `Running on port ${running.port}: ${running.url} (pid ${running.pid}, since ${running.since})`,
        );
        printLine(`Protocol revisions: ${running.protocolVersions.join(", ")}`);
        if (running.port !== settings.preferredPort)
          printLine(
            `The preferred port ${settings.preferredPort} was taken; the server took ${running.port}.`,
          );
      } else {
        printLine(`Not running: ${running.reason}.`);
        if (settings.enabled) printLine("Start Quarry (quarry start) to run it.");
      }
      printLine(
        `Limits per token: ${settings.limits.requestsPerMinute} requests a minute, ${settings.limits.concurrentRequests} at once; approvals wait ${settings.limits.approvalTimeoutSeconds} s.`,
      );
    });

  for (const [name, enabled] of [
    ["enable", true],
    ["disable", false],
  ] as const) {
    mcp
      .command(name)
      .description(
        `${enabled ? "turn on" : "turn off"} the MCP server (the running app follows at once)`,
      )
      .action(async (_flags: unknown, cmd: Command) => {
        const dir = await ensureAppDataDir();
        const s = await new McpSettingsStore(dir).update((x) => {
          x.enabled = enabled;
        });
        if (wantsJson(cmd)) printJson(s);
        else
          printLine(
            enabled
              ? "MCP server enabled. A running Quarry starts it now (quarry mcp status shows the port)."
              : "MCP server disabled. A running Quarry stops it now; clients are refused until you enable it.",
          );
      });
  }

  mcp
    .command("port")
    .description("set the preferred port (if it is taken the server uses any free port)")
    .argument("<port>", "1 to 65535")
    .action(async (port: string, _flags: unknown, cmd: Command) => {
      const dir = await ensureAppDataDir();
      const n = parsePort(port);
      const s = await new McpSettingsStore(dir).update((x) => {
        x.preferredPort = n;
      });
      if (wantsJson(cmd)) printJson(s);
      else printLine(`Preferred port set to ${n}. A running Quarry moves there now.`);
    });

  mcp
    .command("limits")
    .description("show or change the per-token limits")
    .option("--requests-per-minute <n>", "requests one token may send in any 60 seconds")
    .option("--concurrent <n>", "requests one token may have in flight")
    .option("--approval-timeout <seconds>", "how long a call waits for your approval")
    .action(
      async (
        flags: { requestsPerMinute?: string; concurrent?: string; approvalTimeout?: string },
        cmd: Command,
      ) => {
        const dir = await ensureAppDataDir();
        const num = (v: string, field: string) => {
          const n = Number(v);
          if (!Number.isInteger(n) || n < 1)
            throw errors.invalidConfig(
              field,
              `"${v}" is not a positive whole number`,
              "Give e.g. 600.",
            );
          return n;
        };
        const s = await new McpSettingsStore(dir).update((x) => {
          if (flags.requestsPerMinute)
            x.limits.requestsPerMinute = num(flags.requestsPerMinute, "Requests per minute");
          if (flags.concurrent)
            x.limits.concurrentRequests = num(flags.concurrent, "Concurrent requests");
          if (flags.approvalTimeout)
            x.limits.approvalTimeoutSeconds = num(flags.approvalTimeout, "Approval timeout");
        });
        if (wantsJson(cmd)) printJson(s.limits);
        else
          printLine(
            `Per token: ${s.limits.requestsPerMinute} requests a minute, ${s.limits.concurrentRequests} at once; approvals wait ${s.limits.approvalTimeoutSeconds} s.`,
          );
      },
    );

  mcp
    .command("audit")
    .description("the calls AI clients made: who, what, on which connection, allowed or refused")
    .option("--limit <n>", "the newest N entries", "50")
    .option("--token <name>", "only this token's calls")
    .option("--connection <name>", "only calls on this connection")
    .option("--refused", "only refused and failed calls")
    .action(
      async (
        flags: { limit: string; token?: string; connection?: string; refused?: boolean },
        cmd: Command,
      ) => {
        const dir = await ensureAppDataDir();
        const entries = await readAudit(dir, {
          limit: Math.max(1, Number(flags.limit) || 50),
          ...(flags.token ? { token: flags.token } : {}),
          ...(flags.connection ? { connection: flags.connection } : {}),
          ...(flags.refused ? { problemsOnly: true } : {}),
        });
        if (wantsJson(cmd)) {
          printJson({ entries });
          return;
        }
        if (entries.length === 0) {
          printLine("No MCP calls recorded yet.");
          return;
        }
        printTable(
          ["TIME", "TOKEN", "CALL", "CONNECTION", "REQUEST", "OUTCOME", "MS", "BYTES"],
          entries.map((e) => [
            e.at.replace("T", " ").slice(0, 19),
            e.token ?? "-",
            e.target ? `${e.method} ${e.target}` : e.method,
            e.connection?.name ?? "",
            e.request
              ? `${e.request.class} ${e.request.method} ${e.request.path}`
              : (e.class ?? ""),
            e.outcome === "refused"
              ? `refused (${e.layer ?? e.code})`
              : e.approval
                ? `${e.outcome} (${e.approval})`
                : e.outcome,
            e.durationMs,
            e.resultBytes ?? "",
          ]),
          48,
        );
      },
    );

  mcp
    .command("approvals")
    .description(
      "requests waiting for your approval (connections set to Ask Each Time, destructive requests)",
    )
    .action(async (_flags: unknown, cmd: Command) => {
      const dir = await ensureAppDataDir();
      const pending = await listPendingApprovals(dir);
      if (wantsJson(cmd)) {
        printJson({ pending });
        return;
      }
      if (pending.length === 0) {
        printLine("Nothing is waiting for your approval.");
        return;
      }
      for (const p of pending) {
        printLine(
          `${p.id}  ${p.reason === "destructive" ? "DESTRUCTIVE " : ""}${p.target} on "${p.connection.name}" by token "${p.tokenName}"${p.clientName ? ` (${p.clientName})` : ""}, waits until ${p.expiresAt.slice(11, 19)}`,
        );
        if (p.request) {
          printLine(`    ${p.request.method} ${p.request.path}`);
          if (p.request.body)
            for (const line of p.request.body.split("\n")) printLine(`    ${line}`);
        }
        if (p.note) printLine(`    The client says: ${p.note}`);
      }
      printLine();
      printLine(
        "Answer with: quarry mcp approve <id> [--once | --for 8h]   or   quarry mcp deny <id>",
      );
    });

  mcp
    .command("approve")
    .description(
      `approve a waiting request; the same token may then use that connection for ${GRANT_MS / 3_600_000} h without asking (destructive requests are approved once)`,
    )
    .argument("<id>", "the approval's id (quarry mcp approvals)")
    .option("--once", "approve only this request")
    .option("--for <lifetime>", "how long the approval lasts, e.g. 15m or 8h (at most 24h)")
    .action(async (id: string, flags: { once?: boolean; for?: string }, cmd: Command) => {
      const dir = await ensureAppDataDir();
      let grantMs = GRANT_MS;
      if (flags.once) grantMs = 0;
      else if (flags.for) {
        const ms = parseLifetime(flags.for);
        if (!ms || ms > 24 * 3_600_000)
          throw errors.invalidConfig(
            "--for",
            `"${flags.for}" is not a lifetime up to 24h`,
            "Give e.g. 15m, 1h or 8h.",
          );
        grantMs = ms;
      }
      const p = await requirePending(dir, id);
      await writeApprovalAnswer(dir, p.id, { approve: true, grantMs });
      if (wantsJson(cmd)) printJson({ id: p.id, approved: true, grantMs });
      else printLine(`Approved ${p.target} on "${p.connection.name}".`);
    });

  mcp
    .command("deny")
    .description(
      "deny a waiting request (for 60 s that token's requests on that connection that would ask are refused without asking)",
    )
    .argument("<id>", "the approval's id (quarry mcp approvals)")
    .action(async (id: string, _flags: unknown, cmd: Command) => {
      const dir = await ensureAppDataDir();
      const p = await requirePending(dir, id);
      await writeApprovalAnswer(dir, p.id, { approve: false });
      if (wantsJson(cmd)) printJson({ id: p.id, approved: false });
      else printLine(`Denied ${p.target} on "${p.connection.name}".`);
    });
}

async function requirePending(dir: string, id: string) {
  const pending = await listPendingApprovals(dir);
  const p = pending.find((x) => x.id === id.trim());
  if (!p)
    throw errors.invalidConfig(
      "Approval",
      `nothing with id "${id}" is waiting`,
      pending.length
        ? `Waiting: ${pending.map((x) => x.id).join(", ")} (quarry mcp approvals).`
        : "Nothing is waiting (it may have timed out or been answered).",
    );
  return p;
}
