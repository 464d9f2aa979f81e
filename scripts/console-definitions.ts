/**
 * Compiles the console's completion definitions from the Elasticsearch API specification that
 * npm's `@elastic/request-converter` ships (`dist/schema.json`, ~10 MB), one compact file per
 * major, into src/drivers/elasticsearch/console/completion/generated/ (git-ignored). The plugin build runs
 * it (scripts/build-plugins.ts), so the bundled plugin carries the files and loads the one of the
 * connected cluster's major on its first completion.
 *
 *   es9.json  request-converter 9.5.0
 *   es8.json  request-converter 8.19.1
 *   es7.json  request-converter 8.19.1, endpoints and body properties whose
 *             `availability.stack.since` is after 7.17 left out (one with no `since` is kept)
 *
 *   node scripts/console-definitions.ts          write when missing or older than their inputs
 *   node scripts/console-definitions.ts --force  write anyway
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type {
  ApiDefinitions,
  EndpointDefinition,
  TypeDefinition,
  TypeExpr,
} from "../src/drivers/elasticsearch/console/completion/definitions.ts";
import { versionAtMost } from "../src/drivers/elasticsearch/console/completion/versions.ts";

const root = join(import.meta.dirname, "..");
export const definitionsDir = join(root, "src/drivers/elasticsearch/console/completion/generated");

const SOURCES = [
  { major: 9, pkg: "@elastic/request-converter-9", upTo: null },
  { major: 8, pkg: "@elastic/request-converter-8", upTo: null },
  { major: 7, pkg: "@elastic/request-converter-8", upTo: "7.17.99" },
] as const;

interface SpecName {
  name: string;
  namespace: string;
}
interface SpecValue {
  kind: string;
  type?: SpecName;
  value?: SpecValue | string | number | boolean;
  key?: SpecValue;
  items?: SpecValue[];
  singleKey?: boolean;
}
interface SpecProperty {
  name: string;
  aliases?: string[];
  type: SpecValue;
  availability?: { stack?: { since?: string } };
}
interface SpecType {
  kind: string;
  name: SpecName;
  type?: SpecValue;
  properties?: SpecProperty[];
  members?: { name: string }[];
  inherits?: { type: SpecName };
  shortcutProperty?: string;
  behaviors?: { type: SpecName; generics?: SpecValue[] }[];
  attachedBehaviors?: string[];
  path?: SpecProperty[];
  query?: SpecProperty[];
  body?: { kind: string; properties?: SpecProperty[]; value?: SpecValue };
}
interface SpecEndpoint {
  name: string;
  docUrl?: string | null;
  availability?: { stack?: { since?: string; visibility?: string } };
  request?: SpecName | null;
  urls: { path: string; methods: string[] }[];
}
interface Spec {
  endpoints: SpecEndpoint[];
  types: SpecType[];
}

/** Path parts that name indices, aliases or data streams: completed with live names. */
const NAME_PARTS = new Set([
  "Indices",
  "IndexName",
  "IndexAlias",
  "DataStreamName",
  "DataStreamNames",
]);
const NUMBERS = new Set([
  "integer",
  "long",
  "short",
  "byte",
  "float",
  "double",
  "uint",
  "ulong",
  "number",
]);

const key = (n: SpecName) => `${n.namespace}:${n.name}`;

/** The compiler of one spec: types are added as they are reached from a request. */
class Compiler {
  readonly types: Record<string, TypeDefinition> = {};
  private readonly byKey = new Map<string, SpecType>();
  private readonly shortName = new Map<string, string>();

  private readonly upTo: string | null;

  constructor(spec: Spec, upTo: string | null) {
    this.upTo = upTo;
    const counts = new Map<string, number>();
    for (const t of spec.types) {
      this.byKey.set(key(t.name), t);
      counts.set(t.name.name, (counts.get(t.name.name) ?? 0) + 1);
    }
    for (const t of spec.types) {
      this.shortName.set(key(t.name), counts.get(t.name.name) === 1 ? t.name.name : key(t.name));
    }
  }

  available(a: { stack?: { since?: string } } | undefined): boolean {
    const since = a?.stack?.since;
    return !this.upTo || !since || versionAtMost(since, this.upTo);
  }

  props(list: SpecProperty[] | undefined): Record<string, TypeExpr> {
    const out: Record<string, TypeExpr> = {};
    for (const p of list ?? []) {
      if (!this.available(p.availability)) continue;
      out[p.name] = this.expr(p.type);
      for (const a of p.aliases ?? []) out[a] = out[p.name]!;
    }
    return out;
  }

  /** Long because it is one switch over the spec's kinds of value. */
  expr(v: SpecValue, depth = 0): TypeExpr {
    switch (v.kind) {
      case "array_of":
        return ["[]", this.expr(v.value as SpecValue, depth)];
      case "dictionary_of":
        return [
          "{}",
          this.expr(v.key as SpecValue, depth) === "field" ? "field" : "string",
          this.expr(v.value as SpecValue, depth),
          v.singleKey ? 1 : 0,
        ];
      case "union_of": {
        const items = (v.items ?? []).map((i) => this.expr(i, depth));
        const seen = new Map(items.map((i) => [JSON.stringify(i), i]));
        return seen.size === 1 ? items[0]! : ["|", ...seen.values()];
      }
      case "literal_value":
        return ["=", v.value as string | number | boolean];
      case "user_defined_value":
        return "any";
      case "instance_of":
        return this.named(v.type as SpecName, depth);
      default:
        return "any";
    }
  }

  named(n: SpecName, depth: number): TypeExpr {
    if (n.namespace === "_builtins" || NUMBERS.has(n.name)) {
      if (n.name === "string") return "string";
      if (n.name === "boolean") return "boolean";
      if (n.name === "null") return "null";
      return NUMBERS.has(n.name) ? "number" : "any";
    }
    if (n.namespace === "_types" && n.name === "Field") return "field";
    if (n.namespace === "_types" && n.name === "Fields") return ["|", "field", ["[]", "field"]];
    const t = this.byKey.get(key(n));
    if (!t) return "any";
    if (t.kind === "type_alias") return depth > 8 ? "any" : this.expr(t.type!, depth + 1);
    const id = this.shortName.get(key(n))!;
    if (!(id in this.types)) this.define(id, t);
    return id;
  }

  define(id: string, t: SpecType): void {
    if (t.kind === "enum") {
      this.types[id] = { enum: (t.members ?? []).map((m) => m.name) };
      return;
    }
    const def: TypeDefinition = { props: {} };
    this.types[id] = def; // set before walking, so recursive types end
    const chain: SpecType[] = [];
    for (let c: SpecType | undefined = t; c; c = c.inherits && this.byKey.get(key(c.inherits.type)))
      chain.unshift(c);
    for (const c of chain) {
      Object.assign(def.props, this.props(c.properties));
      const extra = c.behaviors?.find((b) => /^AdditionalPropert/.test(b.type.name));
      if (c.shortcutProperty) def.short = c.shortcutProperty;
      if (extra?.generics?.length === 2) {
        def.extra = [this.expr(extra.generics[0]!), this.expr(extra.generics[1]!)];
      }
    }
  }

  /** Query parameters, with the common ones (`pretty`, `filter_path`…) the request inherits. */
  query(r: SpecType): Record<string, TypeExpr> {
    const out: Record<string, TypeExpr> = {};
    for (const b of r.attachedBehaviors ?? []) {
      const common = this.byKey.get(`_spec_utils:${b}`);
      if (common) Object.assign(out, this.props(common.properties));
    }
    return Object.assign(out, this.props(r.query));
  }

  endpoint(e: SpecEndpoint): EndpointDefinition {
    const r = e.request ? this.byKey.get(key(e.request)) : undefined;
    const def: EndpointDefinition = { name: e.name, urls: e.urls.map((u) => [u.path, u.methods]) };
    if (e.availability?.stack?.since) def.since = e.availability.stack.since;
    if (e.docUrl) def.doc = e.docUrl;
    if (!r) return def;
    const names = (r.path ?? []).filter((p) => NAME_PARTS.has(this.typeName(p.type)));
    if (names.length > 0) def.names = names.map((p) => p.name);
    const query = this.query(r);
    if (Object.keys(query).length > 0) def.query = query;
    if (r.body?.kind === "properties" && r.body.properties?.length) {
      def.body = this.props(r.body.properties);
    } else if (r.body?.kind === "value" && r.body.value) {
      def.bodyValue = this.expr(r.body.value);
    }
    return def;
  }

  typeName(v: SpecValue): string {
    return v.kind === "instance_of" ? (v.type?.name ?? "") : "";
  }
}

export function compileDefinitions(
  spec: Spec,
  meta: { major: number; source: string; upTo: string | null },
): ApiDefinitions {
  const c = new Compiler(spec, meta.upTo);
  const endpoints = spec.endpoints
    .filter((e) => c.available(e.availability) && e.urls.length > 0)
    .filter((e) => e.availability?.stack?.visibility !== "private")
    .map((e) => c.endpoint(e))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { source: meta.source, major: meta.major, endpoints, types: c.types };
}

function isStale(out: string, inputs: string[]): boolean {
  if (!existsSync(out)) return true;
  const built = statSync(out).mtimeMs;
  return inputs.some((i) => statSync(i).mtimeMs > built);
}

/** Writes the three files when missing or older than the schema or this script. */
export function ensureConsoleDefinitions(options: { force?: boolean } = {}): string[] {
  mkdirSync(definitionsDir, { recursive: true });
  const written: string[] = [];
  const specs = new Map<string, Spec>();
  for (const s of SOURCES) {
    const pkgDir = join(root, "node_modules", s.pkg);
    const schema = join(pkgDir, "dist", "schema.json");
    const out = join(definitionsDir, `es${s.major}.json`);
    if (!options.force && !isStale(out, [schema, import.meta.filename])) continue;
    const version = (
      JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")) as { version: string }
    ).version;
    const spec = specs.get(schema) ?? (JSON.parse(readFileSync(schema, "utf8")) as Spec);
    specs.set(schema, spec);
    const defs = compileDefinitions(spec, {
      major: s.major,
      source: `@elastic/request-converter@${version}`,
      upTo: s.upTo,
    });
    writeFileSync(out, JSON.stringify(defs));
    written.push(out);
  }
  return written;
}

if (import.meta.main) {
  for (const f of ensureConsoleDefinitions({ force: process.argv.includes("--force") })) {
    process.stdout.write(`${f}: ${statSync(f).size} bytes\n`);
  }
}
