/**
 * A connection URL pasted into an editor (`https://user:pass@host:9200/path`), split by URL syntax
 * alone: the address without credentials (what a driver reads settings from), the user and the
 * password apart (the password then goes to the secret store, never into the settings), its path
 * (a driver may serve it as a setting), and what was left out (a query, a fragment). Pure.
 */

export interface PastedUrl {
  /** scheme://host[:port], without credentials, path or query. */
  address: string;
  username?: string;
  password?: string;
  /** The path, when not the root ("/prefix/"). */
  path?: string;
  /** The query or fragment the URL had, which no setting takes. */
  ignored?: string;
}

/**
 * The pasted text as a connection URL of one of `schemes`; null when it is not one (then it is
 * pasted as text, as usual).
 */
export function readPastedUrl(text: string, schemes: readonly string[]): PastedUrl | null {
  const trimmed = text.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(trimmed)?.[1]?.toLowerCase();
  if (!scheme || !schemes.includes(scheme) || !URL.canParse(trimmed)) return null;
  const url = new URL(trimmed);
  if (!url.hostname) return null;
  const out: PastedUrl = { address: `${url.protocol}//${url.host}` };
  const username = decoded(url.username);
  const password = decoded(url.password);
  if (username) out.username = username;
  if (password) out.password = password;
  if (url.pathname !== "/") out.path = url.pathname;
  const rest = `${url.search}${url.hash}`;
  if (rest) out.ignored = rest;
  return out;
}

/** URL syntax keeps credentials percent-encoded; a malformed escape is kept as written. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
