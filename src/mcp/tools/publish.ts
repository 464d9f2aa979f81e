/**
 * A tool's input schema as tools/list publishes it: what a model reads before its first call, sent
 * with every model request of an agent loop, so it carries only what a model needs to call
 * correctly (docs/mcp.md, "The catalog"): property names, types, enums and what is required. The
 * limits (lengths, ranges, counts), the refusal of unknown arguments and the argument descriptions
 * stay with the server, which checks every call against the full schema and says what was wrong;
 * the detail is in the server instructions. Arguments marked hidden (compact-args.ts) are accepted but not listed. Pure.
 */

/** Keys the server checks but a model does not need to call well. */
const SERVER_ONLY = new Set([
  "$schema",
  "description",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minItems",
  "maxItems",
  "pattern",
  "propertyNames",
]);

export function publishedSchema(schema: Record<string, unknown>): Record<string, unknown> {
  return slim(schema) as Record<string, unknown>;
}

function slim(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(slim);
  if (node === null || typeof node !== "object") return node;
  const obj = node as Record<string, unknown>;
  // A union lists its first form only: the compact one (a string before its object form).
  if (Array.isArray(obj.anyOf) && obj.anyOf.length > 0) return slim(obj.anyOf[0]);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    if (SERVER_ONLY.has(key)) continue;
    if (key === "properties") out[key] = visibleProperties(value as Record<string, unknown>);
    // additionalProperties: the server refuses an unknown argument by name (-32602) whatever
    // the listing says, so the listing leaves the rule out.
    else if (key === "additionalProperties") continue;
    else out[key] = slim(value);
  }
  if (Array.isArray(out.required) && out.properties) {
    const shown = out.properties as Record<string, unknown>;
    out.required = (out.required as string[]).filter((k) => k in shown);
  }
  return out;
}

function visibleProperties(props: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(props)
      .filter(([, s]) => !(s as Record<string, unknown>)["x-hidden"])
      .map(([k, s]) => [k, slim(s)]),
  );
}
