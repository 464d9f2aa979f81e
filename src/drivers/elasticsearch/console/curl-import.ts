/**
 * Pure: a pasted curl command (from Kibana's "Copy as cURL", the Elasticsearch docs, a browser's
 * developer tools, or Quarry's own Copy as curl) as console text: `METHOD /path`, then the body.
 * The host and any credentials are dropped (the request runs on the current connection), and the
 * notes say so without repeating a credential. Options that would change what is sent and that
 * the console cannot carry (a body read from a file, a form upload) are refused, naming them.
 */
import { QuarryError } from "../../../core/errors.ts";
import { shellWords } from "./shell-words.ts";

export interface CurlImport {
  /** Console text: the request line, then the body (if any) on the lines below. */
  text: string;
  /** What was left out, for the user: the host, credentials, headers, TLS options. */
  notes: string[];
}

/** Options that take no value and change nothing the console sends. */
const IGNORED_FLAGS = new Set([
  "-k",
  "--insecure",
  "-s",
  "--silent",
  "-S",
  "--show-error",
  "-v",
  "--verbose",
  "-i",
  "--include",
  "--compressed",
  "-L",
  "--location",
  "-f",
  "--fail",
  "--fail-with-body",
  "-g",
  "--globoff",
  "-N",
  "--no-buffer",
  "--http1.1",
  "--http2",
  "-#",
  "--progress-bar",
]);
/** Options that take a value and only say how to connect or where to write: dropped. */
const IGNORED_WITH_VALUE = new Set([
  "--cacert",
  "--capath",
  "--cert",
  "-E",
  "--key",
  "--cert-type",
  "--key-type",
  "-o",
  "--output",
  "-w",
  "--write-out",
  "--connect-timeout",
  "-m",
  "--max-time",
  "-A",
  "--user-agent",
  "-e",
  "--referer",
  "-x",
  "--proxy",
  "-b",
  "--cookie",
  "--resolve",
  "--retry",
]);
const DATA_OPTIONS = new Set([
  "-d",
  "--data",
  "--data-raw",
  "--data-binary",
  "--data-ascii",
  "--json",
]);
const HEADERS_KEPT_SILENTLY = /^(content-type|accept|kbn-xsrf|user-agent)$/i;
const CREDENTIAL_HEADERS = /^(authorization|cookie|es-secondary-authorization|x-api-key)$/i;

interface CurlParts {
  method?: string;
  url?: string;
  data?: string;
  head: boolean;
  notes: Set<string>;
}

/** Whether the text is a curl command (what the console's paste turns into a request). */
export function looksLikeCurl(text: string): boolean {
  return /^\s*curl(\s|\\\r?\n)/.test(text);
}

/** Long because it is the one table of curl's options and what each becomes. */
export function fromCurl(command: string): CurlImport {
  if (!looksLikeCurl(command))
    throw refuse("The text is not a curl command", "Paste a command that starts with curl.");
  const words = shellWords(command.trim()).slice(1);
  const parts: CurlParts = { head: false, notes: new Set() };
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const [option, attached] = splitOption(word);
    const value = (): string => {
      if (attached !== undefined) return attached;
      const v = words[++i];
      if (v === undefined) throw refuse(`${option} has no value`, "Paste the whole command.");
      return v;
    };
    if (!word.startsWith("-") || word === "-") setUrl(parts, word);
    else if (option === "--url") setUrl(parts, value());
    else if (option === "-X" || option === "--request") parts.method = value().toUpperCase();
    else if (option === "-I" || option === "--head") parts.head = true;
    else if (DATA_OPTIONS.has(option)) setData(parts, option, value());
    else if (option === "-H" || option === "--header") header(parts, value());
    else if (option === "-u" || option === "--user") {
      value();
      parts.notes.add("The user name and password (-u) were dropped: this connection's are used.");
    } else if (IGNORED_FLAGS.has(option) || bundledFlags(option)) continue;
    else if (IGNORED_WITH_VALUE.has(option)) {
      value();
      parts.notes.add(`${option} was dropped: the connection's own settings apply.`);
    } else if (
      option === "-F" ||
      option === "--form" ||
      option === "-T" ||
      option === "--upload-file"
    )
      throw refuse(
        `curl's ${option} (a form or file upload) has no console form`,
        "Send the body with -d '…' instead.",
      );
    else if (option === "-G" || option === "--get")
      throw refuse(
        "curl's -G (data moved into the query string) is not supported",
        "Write the parameters in the URL's query string instead.",
      );
    else
      throw refuse(
        `The curl option ${option} is not understood`,
        "Remove it from the command, or type the request as console text.",
      );
  }
  return toConsoleText(parts);
}

/** `-sSk`: short flags written together, each one ignored. */
function bundledFlags(word: string): boolean {
  return (
    /^-[A-Za-z]{2,}$/.test(word) && [...word.slice(1)].every((c) => IGNORED_FLAGS.has(`-${c}`))
  );
}

/** `-XPOST` and `--request=POST` carry their value; `-X POST` gives it as the next word. */
function splitOption(word: string): [string, string | undefined] {
  if (word.startsWith("--")) {
    const eq = word.indexOf("=");
    return eq === -1 ? [word, undefined] : [word.slice(0, eq), word.slice(eq + 1)];
  }
  if (/^-[XHdubmoEeAwx][\s\S]/.test(word)) return [word.slice(0, 2), word.slice(2)];
  return [word, undefined];
}

function setUrl(parts: CurlParts, url: string): void {
  if (parts.url !== undefined)
    throw refuse(
      "The curl command names more than one URL",
      "Paste one command (one request) at a time.",
    );
  parts.url = url;
}

function setData(parts: CurlParts, option: string, data: string): void {
  if (option !== "--data-raw" && data.startsWith("@"))
    throw refuse(
      `The curl command reads its body from ${data === "@-" ? "standard input" : `the file ${data.slice(1)}`} (${option} ${data})`,
      "Paste the body itself: put it below the request line, or use -d '…'.",
    );
  if (parts.data !== undefined)
    throw refuse(
      "The curl command has more than one body (-d)",
      "Keep one -d with the whole body.",
    );
  parts.data = data;
}

function header(parts: CurlParts, value: string): void {
  const name = value.split(":")[0]?.trim() ?? "";
  if (HEADERS_KEPT_SILENTLY.test(name)) return;
  if (CREDENTIAL_HEADERS.test(name))
    parts.notes.add(`The ${name} header was dropped: this connection's credentials are used.`);
  else parts.notes.add(`The ${name} header was dropped: the console sends none of its own.`);
}

/** The URL's path and query string, without scheme, host, port or credentials. */
function pathOf(url: string, notes: Set<string>): string {
  // `${ES_URL}/idx/_search` or `$ES_URL/…` (Kibana's newer Copy as cURL): the variable is the host.
  const variable = /^\$(\{[A-Za-z_][A-Za-z0-9_]*\}|[A-Za-z_][A-Za-z0-9_]*)/.exec(url);
  if (variable) {
    notes.add(`The address ${variable[0]} was dropped: the request runs on this connection.`);
    const rest = url.slice(variable[0].length);
    return rest.startsWith("/") ? rest : `/${rest}`;
  }
  if (url.startsWith("/")) return url;
  const absolute = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(url) ? url : `http://${url}`;
  let parsed: URL;
  try {
    parsed = new URL(absolute);
  } catch {
    throw refuse(`The curl command's URL cannot be read: ${url.slice(0, 80)}`, "Check the URL.");
  }
  if (parsed.username || parsed.password)
    notes.add("The credentials in the URL were dropped: this connection's are used.");
  notes.add(`The address ${parsed.host} was dropped: the request runs on this connection.`);
  return `${parsed.pathname}${parsed.search}`;
}

function toConsoleText(parts: CurlParts): CurlImport {
  if (parts.url === undefined)
    throw refuse("The curl command has no URL", "Paste the whole command, with its URL.");
  const notes = parts.notes;
  const path = pathOf(parts.url, notes);
  const method = parts.head
    ? "HEAD"
    : (parts.method ?? (parts.data !== undefined ? "POST" : "GET"));
  // In the console `${` starts a variable: a body's own `${` is written as JSON's \u0024{.
  const body = parts.data?.trim().replaceAll("${", "\\u0024{");
  const text = body ? `${method} ${path}\n${body}` : `${method} ${path}`;
  return { text, notes: [...notes] };
}

function refuse(message: string, remedy: string): QuarryError {
  return new QuarryError("invalid_input", message, remedy);
}
