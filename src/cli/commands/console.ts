/**
 * `quarry console <conn> <METHOD> <path> [--body JSON | --body-file F]`, or `--file F` for Kibana
 * Dev Tools text with several requests (run in order). Answers print as the console classifies
 * them: search hits as grid rows, arrays as a table, anything else as JSON; `--json` prints the
 * driver's ConsoleResult. Destructive requests (the one classifier decides) ask first; `--yes` for
 * scripts. `--curl` prints the requests as curl commands instead of sending them (credentials left
 * out unless `--reveal-secrets`). Each request run is added to the connection's history in the app
 * data folder (`--no-history` to skip); `quarry console <conn> --history` lists it.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Command } from "commander";
import { openAppStorage } from "../../app/connections/connection-service.ts";
import { ConsoleHistory } from "../../app/storage/console-history.ts";
import { appDataDir } from "../../app/storage/paths.ts";
import type {
  Classification,
  ConsoleRequest,
  ConsoleResult,
  TaskProgress,
} from "../../core/console.ts";
import type { DriverSession } from "../../core/driver.ts";
import { QuarryError } from "../../core/errors.ts";
import { addConnectionFlags, type ConnectionFlags, readStdin } from "../connection-options.ts";
import { isUrl, wantsJson, withSession } from "../context.ts";
import { EXIT } from "../exit-codes.ts";
import { printJson, printLine, printTable, warnPartial } from "../output.ts";
import { confirmTyped } from "./delete-index.ts";

interface ConsoleFlags extends ConnectionFlags {
  body?: string;
  bodyFile?: string;
  file?: string;
  yes?: boolean;
  curl?: boolean;
  revealSecrets?: boolean;
  history?: boolean;
  listHistory?: boolean;
}

/** The folder of the console history in the app data folder. */
export function historyDir(): string {
  return join(appDataDir(), "console-history");
}

export function registerConsoleCommand(program: Command): void {
  addConnectionFlags(
    program
      .command("console")
      .description(
        "send requests like Kibana's Dev Tools console: a method, a path and a JSON body",
      )
      .argument("<conn>", "a saved connection's name, or a URL such as http://localhost:9200")
      .argument("[method]", "GET, POST, PUT, DELETE or HEAD")
      .argument(
        "[path]",
        "relative to the cluster, e.g. /my-index/_search (a query string may follow)",
      )
      .option("--body <json>", "the JSON body (NDJSON text for _bulk and _msearch)")
      .option("--body-file <file>", "read the body from a file (- for standard input)")
      .option(
        "--file <file>",
        "Kibana Dev Tools text with one or more requests (- for standard input)",
      )
      .option("--yes", "run destructive requests without asking (for scripts)")
      .option("--curl", "print the requests as curl commands instead of sending them")
      .option("--reveal-secrets", "with --curl: put the password or API key in the command")
      .option("--no-history", "do not record the requests in the connection's history")
      .option("--list-history", "print the connection's recent requests and exit"),
  ).action(
    async (
      conn: string,
      method: string | undefined,
      path: string | undefined,
      flags: ConsoleFlags,
      cmd: Command,
    ) => {
      const json = wantsJson(cmd);
      if (flags.listHistory) {
        const entries = await new ConsoleHistory(historyDir()).list(await historyKey(conn));
        if (json) printJson({ history: entries });
        else if (entries.length > 0)
          // The console's language is the driver's: its session writes the requests back as text.
          await withSession(conn, flags, async (s) => {
            for (const e of entries)
              printLine(`${e.at}  ${e.status ?? "-"}  ${firstLine(s, e.request)}`);
          });
        return;
      }
      // Opening the session sends nothing: every request is read and checked, and destructive ones
      // confirmed, before the first one goes out.
      const ran = await withSession(conn, flags, async (s) => {
        const requests = await requestsFrom(s, method, path, flags);
        if (flags.curl) {
          for (const { request } of requests)
            printLine(s.toCurl(request, { reveal: flags.revealSecrets === true }));
          return undefined;
        }
        for (const { request, classification: c } of requests) {
          if (c.class === "destructive" && !flags.yes) {
            const head = firstLine(s, request);
            process.stderr.write(`${head}\n  ${c.reason}.\n`);
            await confirmTyped('Type "yes" to send it: ', "yes", `${head} ${c.reason}`);
          }
        }
        const history = flags.history === false ? undefined : new ConsoleHistory(historyDir());
        const key = history ? await historyKey(conn) : "";
        const out: ConsoleResult[] = [];
        for (const { request: r, classification } of requests) {
          const started = Date.now();
          let result: ConsoleResult | undefined;
          try {
            result = await s.runConsole(r, json ? {} : { onProgress: showProgress });
            out.push(result);
          } finally {
            await history
              ?.add(key, {
                at: new Date(started).toISOString(),
                request: r,
                status: result?.status ?? null,
                durationMs: Date.now() - started,
                classification: classification.class,
              })
              .catch(() => {
                // A history that cannot be written must not fail the request that ran.
              });
          }
          if (!json) printResult(firstLine(s, r), result);
          // The requests after a failed, stopped or partly failed one may depend on it.
          if (result.kind === "error" || partlyDone(result)) break;
        }
        return { count: requests.length, results: out };
      });
      if (!ran) return;
      const { count, results } = ran;
      if (json) printJson(count === 1 && !flags.file ? results[0] : results);
      if (results.some((r) => r.kind === "error" || (r.kind === "json" && r.task?.error))) {
        process.exitCode = EXIT.failed;
      } else if (results.some(partlyDone)) {
        // Stopped early, or some items failed: what was done stays done, the rest was not.
        process.exitCode = EXIT.partial;
      }
    },
  );
}

/** A task stopped early, or a `_bulk` / `_msearch` whose cluster answered 2xx with failed items. */
function partlyDone(r: ConsoleResult): boolean {
  return r.kind === "json" && (r.task?.outcome === "stopped" || r.itemFailures !== undefined);
}

/** A request to run, checked by the driver, with its class and why. */
interface CheckedRequest {
  request: ConsoleRequest;
  classification: Classification;
}

/**
 * The requests to run: from `--file` (Kibana text), or one from the arguments. Each is checked
 * before any is sent, so a refusal sends nothing.
 */
async function requestsFrom(
  s: DriverSession,
  method: string | undefined,
  path: string | undefined,
  flags: ConsoleFlags,
): Promise<CheckedRequest[]> {
  const check = (request: ConsoleRequest) => ({
    request,
    classification: s.checkRequest(request),
  });
  if (flags.file !== undefined) {
    if (method || path || flags.body !== undefined || flags.bodyFile !== undefined) {
      throw usage(
        "--file takes the requests from the file",
        "Leave out the method, path and body, or leave out --file.",
      );
    }
    const text = flags.file === "-" ? await readStdin() : await readText(flags.file);
    const blocks = s.parseConsoleText(text);
    const bad = blocks.filter((b) => b.error);
    if (bad.length > 0) {
      const first = bad[0]?.error;
      throw new QuarryError(
        "invalid_input",
        `${flags.file}: ${bad.length} part${bad.length === 1 ? " is" : "s are"} not a request; nothing was sent. ${first?.message} (line ${(first?.line ?? 0) + 1})`,
        first?.remedy ?? "Fix the text.",
      );
    }
    if (blocks.length === 0)
      throw usage(`${flags.file} holds no request`, "Write requests like: GET /my-index/_search");
    return blocks.map((b) => check(b.request as ConsoleRequest));
  }
  if (!method || !path)
    throw usage(
      "give a method and a path (or --file)",
      "e.g. quarry console <conn> GET /_cat/indices?format=json",
    );
  if (flags.body !== undefined && flags.bodyFile !== undefined)
    throw usage("give --body or --body-file, not both", "Choose one.");
  const text =
    flags.body ??
    (flags.bodyFile === undefined
      ? undefined
      : flags.bodyFile === "-"
        ? await readStdin()
        : await readText(flags.bodyFile));
  const request: ConsoleRequest = { method, path };
  if (text !== undefined && text.trim() !== "") {
    // The same parsing as console text, so NDJSON bodies (_bulk, _msearch) are handled alike.
    const [block] = s.parseConsoleText(`${method} ${path}\n${text}`);
    if (!block?.request)
      throw new QuarryError(
        "invalid_input",
        block?.error?.message ?? "The body cannot be read",
        block?.error?.remedy ?? "Fix the body.",
      );
    request.body = block.request.body;
  }
  return [check(request)];
}

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch (e) {
    throw usage(
      `cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? "error"})`,
      "Check the file's path.",
    );
  }
}

function usage(message: string, remedy: string): QuarryError {
  return new QuarryError(
    "invalid_input",
    message.charAt(0).toUpperCase() + message.slice(1),
    remedy,
  );
}

/** History is kept per saved connection (by id), or per cluster address for a URL. */
async function historyKey(conn: string): Promise<string> {
  if (isUrl(conn)) {
    const u = new URL(conn);
    return `url:${u.protocol}//${u.host}`;
  }
  const storage = await openAppStorage();
  return (await storage.connections.require(conn)).id;
}

let lastProgress = 0;
function showProgress(p: TaskProgress): void {
  if (!process.stderr.isTTY || Date.now() - lastProgress < 200) return;
  lastProgress = Date.now();
  const of = p.total === null ? "" : ` of ${p.total}`;
  process.stderr.write(
    `\r${p.task}: ${p.done}${of} documents (${p.deleted} deleted, ${p.versionConflicts} conflicts)   `,
  );
}

/** The request's first line as console text ("GET /logs/_search"), for headings and prompts. */
function firstLine(s: DriverSession, request: ConsoleRequest): string {
  return s.formatRequest(request).split("\n")[0] as string;
}

function printResult(head: string, r: ConsoleResult): void {
  if (process.stderr.isTTY && lastProgress > 0) process.stderr.write("\n");
  process.stderr.write(`${head} → ${r.status}\n`);
  if ((r.kind === "grid" || r.kind === "json") && r.partial) warnPartial(r.partial);
  switch (r.kind) {
    case "grid": {
      // Columns empty in every row shown are left out of the terminal's view (not of --json).
      const shown = r.columns.filter(
        (c) =>
          c.name === "_id" ||
          r.rows.some((row) => row.cells[c.name] !== null && row.cells[c.name] !== undefined),
      );
      printTable(
        shown.map((c) => c.name),
        r.rows.map((row) => shown.map((c) => row.cells[c.name])),
      );
      printLine(
        `${r.rows.length} row${r.rows.length === 1 ? "" : "s"}${r.total === null ? "" : ` of ${r.total}`}`,
      );
      return;
    }
    case "table":
      printTable(r.headers, r.rows);
      return;
    case "json":
      if (r.task) {
        const t = r.task;
        const counts = [
          `${t.deleted} deleted`,
          ...(t.updated ? [`${t.updated} updated`] : []),
          ...(t.created ? [`${t.created} created`] : []),
          ...(t.noops ? [`${t.noops} unchanged`] : []),
          `${t.versionConflicts} version conflict${t.versionConflicts === 1 ? "" : "s"}`,
          ...(t.outcome !== "completed" && t.notAttempted !== null
            ? [`${t.notAttempted} not attempted`]
            : []),
        ];
        const how = t.outcome === "stopped" ? "stopped early" : t.outcome;
        printLine(`task ${t.task} ${how}: ${counts.join(", ")} (of ${t.total ?? "?"})`);
        for (const f of t.failures)
          printLine(
            `  ${f.conflict ? "conflict" : "failed"}: ${f.index}/${f.id} ${f.status ?? ""} ${f.type}: ${f.reason}`,
          );
        for (const f of t.searchFailures)
          printLine(
            `  search failure: ${f.index ?? ""} shard ${f.shard ?? "?"} ${f.type}: ${f.reason}`,
          );
        if (t.error) printLine(`  task error: ${t.error.type}: ${t.error.reason}`);
        if (t.stop) {
          printLine(`  why: ${t.stop.reason}`);
          process.stderr.write(`${t.stop.remedy}\n`);
        }
        return;
      }
      printLine(typeof r.raw === "string" ? r.raw : JSON.stringify(r.raw, null, 2));
      if (r.itemFailures) {
        const f = r.itemFailures;
        process.stderr.write(
          `error: ${f.failed} of ${f.total} items failed${f.failed < f.total ? "; the others were done" : ""}. First: ${f.first}\n`,
        );
      }
      return;
    case "error":
      process.stderr.write(`error: ${r.status} ${r.type}: ${r.reason}\n`);
      return;
  }
}
