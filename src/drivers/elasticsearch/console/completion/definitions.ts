/**
 * The console's completion definitions: the REST API of one major, compiled from the
 * Elasticsearch specification by scripts/console-definitions.ts into generated/es<major>.json
 * (git-ignored). Loaded once per major, on the first completion a session asks for.
 */

/**
 * A value's shape, compact: a scalar kind, a type's id in `types`, or a tagged array:
 * `["[]", item]`, `["{}", keyKind, value, singleKey]`, `["|", ...items]`, `["=", literal]`.
 */
export type TypeExpr =
  | "string"
  | "number"
  | "boolean"
  | "null"
  | "field"
  | "any"
  | string
  | ["[]", TypeExpr]
  | ["{}", "field" | "string", TypeExpr, 0 | 1]
  | ["|", ...TypeExpr[]]
  | ["=", string | number | boolean];

export type TypeDefinition =
  | { enum: string[] }
  | {
      props: Record<string, TypeExpr>;
      /** Keys beyond `props` (a sort's field names): the key's and the value's shape. */
      extra?: [TypeExpr, TypeExpr];
      /** The property the whole object may be written as (`"match": {"f": "text"}`). */
      short?: string;
    };

export interface EndpointDefinition {
  name: string;
  /** `[path pattern, methods]`, e.g. `["/{index}/_search", ["GET", "POST"]]`. */
  urls: [string, string[]][];
  /** The stack version the endpoint appeared in, when the specification says. */
  since?: string;
  /** Its reference page; `{branch}` stands for the docs' version. */
  doc?: string;
  /** Path parts that take index, alias or data stream names. */
  names?: string[];
  query?: Record<string, TypeExpr>;
  body?: Record<string, TypeExpr>;
  /** A body that is one value rather than an object of properties. */
  bodyValue?: TypeExpr;
}

export interface ApiDefinitions {
  /** The package and version they were compiled from. */
  source: string;
  major: number;
  endpoints: EndpointDefinition[];
  types: Record<string, TypeDefinition>;
}

const loaded = new Map<number, Promise<ApiDefinitions>>();

/** The definitions for a major: 7, 8 or 9 (older is 7's, newer is 9's). */
export function definitionsFor(major: number): Promise<ApiDefinitions> {
  const m = Math.min(9, Math.max(7, major));
  let p = loaded.get(m);
  if (!p) {
    // A template import: the plugin's bundler packs every generated file, each loaded on demand.
    p = import(`./generated/es${m}.json`, { with: { type: "json" } }).then(
      (mod: { default: ApiDefinitions }) => mod.default,
    );
    p.catch(() => loaded.delete(m));
    loaded.set(m, p);
  }
  return p;
}
