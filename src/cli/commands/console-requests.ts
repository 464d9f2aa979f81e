/**
 * The requests `quarry console` runs: from `--file` (Kibana Dev Tools text) or one from the
 * arguments and `--body` / `--body-file`, each checked by the driver before any is sent.
 */
import { readFile } from "node:fs/promises";
import type { Classification, ConsoleRequest } from "../../core/console.ts";
import type { DriverSession } from "../../core/driver.ts";
import { QuarryError } from "../../core/errors.ts";
import { readStdin } from "../connection-options.ts";

/** Where the requests come from. */
export interface RequestFlags {
  body?: string;
  bodyFile?: string;
  file?: string;
  /** `${NAME}` values: the connection's stored ones with `--var` over them. */
  variables?: Record<string, string>;
}

/** A request to run, checked by the driver, with its class and why. */
export interface CheckedRequest {
  request: ConsoleRequest;
  classification: Classification;
}

/**
 * The requests to run: from `--file` (Kibana text), or one from the arguments. Each is checked
 * before any is sent, so a refusal sends nothing.
 */
export async function requestsFrom(
  s: DriverSession,
  method: string | undefined,
  path: string | undefined,
  flags: RequestFlags,
): Promise<CheckedRequest[]> {
  const check = (request: ConsoleRequest) => ({
    request,
    classification: s.console.check(request),
  });
  if (flags.file !== undefined) {
    if (method || path || flags.body !== undefined || flags.bodyFile !== undefined) {
      throw usage(
        "--file takes the requests from the file",
        "Leave out the method, path and body, or leave out --file.",
      );
    }
    const text = consoleText(
      s,
      flags.file === "-" ? await readStdin() : await readText(flags.file),
    );
    const blocks = s.console.parse(text, { variables: flags.variables ?? {} });
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
    for (const b of blocks) if (b.note) process.stderr.write(`note: ${b.note}\n`);
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
  // A method the console does not know, or a space in the path: the driver's check refuses it in
  // its own words.
  const known = s.console.parse(`${method} /`)[0]?.request !== undefined;
  if (!known || /\s/.test(path)) return [check({ method, path })];
  // The same parsing as console text: NDJSON bodies (_bulk, _msearch), comments and variables in
  // the path and the body are handled alike.
  const [block] = s.console.parse(`${method} ${path}\n${text ?? ""}`, {
    variables: flags.variables ?? {},
  });
  if (!block?.request)
    throw new QuarryError(
      "invalid_input",
      block?.error?.message ?? "The body cannot be read",
      block?.error?.remedy ?? "Fix the body.",
    );
  if (block.note) process.stderr.write(`note: ${block.note}\n`);
  return [check(block.request)];
}

/**
 * A file holding a curl command (as copied from Kibana, the docs or a browser) is read as the
 * request it sends; what was left out (the host, credentials) is said on standard error.
 */
function consoleText(s: DriverSession, text: string): string {
  if (!/^\s*curl\s/.test(text)) return text;
  const { text: converted, notes } = s.console.fromCurl(text);
  for (const note of notes) process.stderr.write(`note: ${note}\n`);
  return converted;
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
