/**
 * Pure: a query's text with its parameters declared: the given declarations, and a text parameter
 * for each `{{name}}` still undeclared (what a person typing a placeholder most often means; the
 * file can say otherwise).
 */
import { placeholders } from "./params.ts";
import type { QueryKind, QueryParam } from "./saved-query.ts";

/** The text with `--param` declarations, and a text one for each `{{name}}` still undeclared. */
export function withDeclared(kind: QueryKind, text: string, declared: QueryParam[]): string {
  if (kind === "view") {
    const v = JSON.parse(text) as { params?: QueryParam[] };
    const params = [...(v.params ?? []), ...declared];
    for (const n of new Set(placeholders(text)))
      if (!params.some((p) => p.name === n)) params.push({ name: n, type: "text" });
    return JSON.stringify({ ...v, ...(params.length ? { params } : {}) });
  }
  const mark = kind === "esql" ? "//" : "#";
  const inFile = new Set([...text.matchAll(/@param\s+(\w+)/g)].map((m) => m[1]));
  const params = declared.filter((p) => !inFile.has(p.name));
  for (const n of new Set(placeholders(text)))
    if (!inFile.has(n) && !params.some((p) => p.name === n)) params.push({ name: n, type: "text" });
  const lines = params.map(
    (p) => `${mark} @param ${p.name} ${p.type}${p.default !== undefined ? ` = ${p.default}` : ""}`,
  );
  return [...lines, text].join("\n");
}
