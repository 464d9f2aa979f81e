/**
 * Pure: a saved query never holds a secret. Its file is plain text meant for git and for a team's
 * shared folder, so a header, credentials in a URL, or a password or API key in a body is refused
 * at save, saying where; a `{{parameter}}` in its place is fine (its value is given at run).
 */
import { QuarryError } from "../../core/errors.ts";
import type { SavedQuery } from "./saved-query.ts";

const SECRET_KEY =
  /"([^"\n]*(?:pass(?:word|wd|phrase)?|secret|token|api_?key|credentials?|private_?key|authori[sz]ation))"\s*:\s*"(?!\s*\{\{)[^"\n]*"/i;
const AUTH_SCHEME = /\b(?:Basic|Bearer|ApiKey)\s+[A-Za-z0-9+/=._-]{8,}/;
const URL_CREDENTIALS = /\b[a-z][a-z0-9+.-]*:\/\/[^\s/@:]+:[^\s/@]+@/i;
const HEADER_LINE = /^[A-Za-z][A-Za-z0-9-]*:\s*\S/;
const SECRET_PARAM = /(pass(word|wd|phrase)?|secret|token|api_?key|credentials?|private_?key)$/i;

function refuse(q: SavedQuery, what: string, line?: number): QuarryError {
  return new QuarryError(
    "invalid_input",
    `${q.name} was not saved: ${what}${line ? ` (line ${line})` : ""}`,
    "Saved queries are plain files meant to be shared: leave credentials to the connection (quarry connections edit), or make the value a {{parameter}} given when it runs.",
    { query: q.name, ...(line ? { line } : {}) },
  );
}

/** Throws when the query holds something that looks like a secret. */
export function refuseSecrets(q: SavedQuery): void {
  const lines = q.text.split("\n");
  if (q.kind === "console") {
    // Lines between the request line and the body: headers, as REST Client files write them.
    for (let i = 1; i < lines.length; i++) {
      const line = (lines[i] ?? "").trim();
      if (line === "" || /^[{[]/.test(line)) break;
      if (HEADER_LINE.test(line))
        throw refuse(
          q,
          `it holds the header ${line.split(":")[0]}, and headers are never kept`,
          i + 1,
        );
    }
  }
  const checks: [RegExp, (m: RegExpExecArray) => string][] = [
    [SECRET_KEY, (m) => `the body gives "${m[1]}" a value, which looks like a secret`],
    [AUTH_SCHEME, () => "it holds an Authorization value"],
    [URL_CREDENTIALS, () => "it holds a URL with a user name and password"],
  ];
  for (const [re, what] of checks)
    for (let i = 0; i < lines.length; i++) {
      const m = re.exec(lines[i] ?? "");
      if (m) throw refuse(q, what(m), i + 1);
    }
  const secretParam = q.params.find((p) => p.default !== undefined && SECRET_PARAM.test(p.name));
  if (secretParam)
    throw refuse(q, `the parameter ${secretParam.name} has a default, and looks like a secret`);
}
