/**
 * Pure: ES|QL's commands, functions and operators for a cluster's version, from the definitions
 * Elastic publishes (`@elastic/esql-definitions`, generated from Elasticsearch's own docs tooling:
 * functions with their kind and signatures). What they do not carry is written here, and
 * docs/decisions.md ("ES|QL completion: what comes from where") says why: the version each command
 * came in, and the source commands (the package lists processing commands only).
 */
import { commandDefinitions } from "@elastic/esql-definitions/commands";
import { functionDefinitions } from "@elastic/esql-definitions/functions";
import {
  namedBinaryOperatorNames,
  namedUnaryOperatorNames,
} from "@elastic/esql-definitions/keywords";

export interface EsqlCommand {
  name: string;
  /** What follows it, for the completion list. */
  shape: string;
  source: boolean;
}

export interface EsqlFunction {
  name: string;
  aggregate: boolean;
  /** `avg(number: double|integer|long) → double` */
  signature: string;
}

/** Commands as ES|QL documents them, with the version each came in ([major, minor]). */
const COMMANDS: [string, string, [number, number], boolean][] = [
  ["FROM", "FROM index[, index…] [METADATA _id]", [8, 11], true],
  ["ROW", "ROW column = value[, …]", [8, 11], true],
  ["SHOW", "SHOW INFO", [8, 11], true],
  ["WHERE", "WHERE condition", [8, 11], false],
  ["EVAL", "EVAL column = expression[, …]", [8, 11], false],
  ["STATS", "STATS [column =] aggregation[, …] [BY grouping[, …]]", [8, 11], false],
  ["SORT", "SORT column [ASC|DESC] [NULLS FIRST|LAST][, …]", [8, 11], false],
  ["LIMIT", "LIMIT max_rows", [8, 11], false],
  ["KEEP", "KEEP column[, …]", [8, 11], false],
  ["DROP", "DROP column[, …]", [8, 11], false],
  ["RENAME", "RENAME old AS new[, …]", [8, 11], false],
  ["DISSECT", 'DISSECT column "pattern"', [8, 11], false],
  ["GROK", 'GROK column "pattern"', [8, 11], false],
  ["ENRICH", "ENRICH policy [ON column] [WITH field[, …]]", [8, 11], false],
  ["MV_EXPAND", "MV_EXPAND column", [8, 11], false],
  ["LOOKUP JOIN", "LOOKUP JOIN lookup_index ON field", [8, 18], false],
];

const PUBLISHED = new Set(commandDefinitions.map((c) => c.name));

const since = (version: string, [major, minor]: [number, number]): boolean => {
  const m = /^(\d+)\.(\d+)/.exec(version);
  if (!m) return true;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a > major || (a === major && b >= minor);
};

/** The commands the cluster's version runs; a processing command only if still published. */
export function esqlCommands(version: string): EsqlCommand[] {
  return COMMANDS.filter(
    ([name, , v, source]) =>
      since(version, v) && (source || PUBLISHED.has(name.toLowerCase().replace(" ", "_"))),
  ).map(([name, shape, , source]) => ({ name, shape, source }));
}

/** Published, not preview or snapshot-only: what a released cluster answers. */
export function esqlFunctions(): EsqlFunction[] {
  return functionDefinitions
    .filter((f) => !f.preview && !f.snapshotOnly && (f.type === "scalar" || f.type === "agg"))
    .map((f) => ({
      name: f.name.toUpperCase(),
      aggregate: f.type === "agg",
      signature: signatureOf(f),
    }));
}

type Definition = (typeof functionDefinitions)[number];

/** One line for every signature: each parameter with the types it takes, and what it returns. */
function signatureOf(f: Definition): string {
  const first = f.signatures[0];
  if (!first) return `${f.name}()`;
  const params = first.params.map((p, i) => {
    const types = [...new Set(f.signatures.map((s) => s.params[i]?.type).filter(Boolean))];
    // A parameter taking most types reads better as "any" than as twenty names.
    const shown = types.length > 6 ? "any" : types.join("|");
    return `${p.name}${p.optional ? "?" : ""}: ${shown}`;
  });
  const returns = [...new Set(f.signatures.map((s) => s.returnType))].join("|");
  return `${f.name}(${params.join(", ")}${first.variadic ? ", …" : ""}) → ${returns}`;
}

/** Operators, with the named ones from the published keywords. */
export function esqlOperators(): { name: string; detail: string }[] {
  const symbols = ["==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%"];
  return [
    ...symbols.map((name) => ({ name, detail: "operator" })),
    ...[...namedBinaryOperatorNames, ...namedUnaryOperatorNames]
      .filter((n) => n !== "AS")
      .map((name) => ({ name, detail: "operator" })),
    { name: "IS NULL", detail: "operator" },
    { name: "IS NOT NULL", detail: "operator" },
  ];
}
