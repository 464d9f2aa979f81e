/**
 * `quarry history`: the one history of requests across connections and surfaces (the console in
 * the UI, the CLI, and agents by token), newest first, searchable by text, connection, surface and
 * time. Secrets are redacted when an entry is written (storage/console-history.ts).
 */
import type { Command } from "commander";
import { openAppStorage } from "../../app/connections/connection-service.ts";
import { ConsoleHistory } from "../../app/storage/console-history.ts";
import { historyTime, searchHistory } from "../../app/storage/history-search.ts";
import { wantsJson } from "../context.ts";
import { printJson, printTable } from "../output.ts";
import { historyDir } from "./console.ts";

interface HistoryFlags {
  conn?: string;
  surface?: string;
  search?: string;
  since?: string;
  until?: string;
  limit: string;
}

export function registerHistoryCommand(program: Command): void {
  program
    .command("history")
    .description("the requests run from the UI, the CLI and agents, newest first")
    .option("--conn <conn>", "only this saved connection's")
    .option("--surface <surface>", "only from ui, cli, mcp (any token) or mcp:<token name>")
    .option(
      "--search <text>",
      "only requests holding every word (in method, path, body, status, surface or connection)",
    )
    .option(
      "--since <time>",
      "only from this time on (ISO 8601, e.g. 2026-11-29 or 2026-11-29T10:00Z)",
    )
    .option("--until <time>", "only up to this time (ISO 8601)")
    .option("--limit <n>", "at most this many", "50")
    .action(async (flags: HistoryFlags, cmd: Command) => {
      const storage = await openAppStorage();
      const conn = flags.conn ? await storage.connections.require(flags.conn) : undefined;
      const since = flags.since ? historyTime("--since", flags.since) : undefined;
      const until = flags.until ? historyTime("--until", flags.until) : undefined;
      const limit = Number(flags.limit);
      const names = new Map((await storage.connections.list()).map((c) => [c.id, c.name]));
      const shown = searchHistory(
        await new ConsoleHistory(historyDir()).all(),
        {
          ...(conn ? { connection: conn.id } : {}),
          ...(flags.surface ? { surface: flags.surface } : {}),
          ...(flags.search ? { text: flags.search } : {}),
          ...(since !== undefined ? { since } : {}),
          ...(until !== undefined ? { until } : {}),
        },
        names,
      )
        .slice(0, Number.isSafeInteger(limit) && limit > 0 ? limit : 50)
        .map(({ connection, entry }) => ({
          connection: names.get(connection) ?? connection,
          ...entry,
        }));
      if (wantsJson(cmd)) return printJson({ history: shown });
      printTable(
        ["AT", "CONNECTION", "SURFACE", "STATUS", "REQUEST"],
        shown.map((e) => [
          e.at,
          e.connection,
          e.surface ?? "",
          e.status ?? "-",
          `${e.request.method} ${e.request.path}`,
        ]),
        80,
      );
    });
}
