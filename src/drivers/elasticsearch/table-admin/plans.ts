/**
 * Each index action of the index page, the CLI's `quarry index` and the UI as the one console
 * request it sends (core/table-details.ts): create, open, close, refresh, flush, force merge, clear
 * cache, add or remove an alias, reindex into a new index, delete. Pure: the request is classified
 * by the console's own classifier and sent by the console (`console.run`), never here.
 */
import type { ConsoleRequest } from "../../../core/console.ts";
import { QuarryError } from "../../../core/errors.ts";
import type { TableActionInput, TableActionPlan } from "../../../core/table-details.ts";
import { classifyRequest } from "../console/classify.ts";
import { pathSegment } from "../wire/paths.ts";
import { planDeleteIndex } from "./delete-index.ts";

/** Field types a form may choose; JSON takes any the cluster knows. */
export const FORM_FIELD_TYPES = [
  "keyword",
  "text",
  "long",
  "integer",
  "double",
  "float",
  "boolean",
  "date",
  "ip",
  "geo_point",
  "object",
  "nested",
] as const;

/** Pure: the plan of one action, or a refusal naming what is wrong with the input. */
export function planIndexAction(input: TableActionInput): TableActionPlan {
  const index = oneIndex(input.table, "index");
  const { request, summary } = requestFor(input, index);
  const classification = classifyRequest(request);
  const dangerous = classification.class === "destructive" || classification.class === "admin";
  const confirmName = dangerous ? (input.action === "copy" ? String(input.target) : index) : null;
  return { input, request, classification, confirmName, summary };
}

/** Long because it is one table of eleven actions, each a few lines. */
function requestFor(
  input: TableActionInput,
  index: string,
): { request: ConsoleRequest; summary: string } {
  const at = `/${pathSegment(index)}`;
  switch (input.action) {
    case "create":
      return {
        request: { method: "PUT", path: at, body: createBody(input) },
        summary: `creates the index ${index}`,
      };
    case "open":
      return { request: { method: "POST", path: `${at}/_open` }, summary: `opens ${index}` };
    case "close":
      return {
        request: { method: "POST", path: `${at}/_close` },
        summary: `closes ${index}: it cannot be searched or written until it is opened again`,
      };
    case "refresh":
      return {
        request: { method: "POST", path: `${at}/_refresh` },
        summary: `makes recent changes to ${index} searchable`,
      };
    case "flush":
      return {
        request: { method: "POST", path: `${at}/_flush` },
        summary: `writes ${index}'s recent changes to disk`,
      };
    case "compact": {
      const n = maxSegments(input.maxSegments);
      return {
        request: { method: "POST", path: `${at}/_forcemerge?max_num_segments=${n}` },
        summary: `merges each shard of ${index} down to at most ${n} segment${n === 1 ? "" : "s"}`,
      };
    }
    case "clear-cache":
      return {
        request: { method: "POST", path: `${at}/_cache/clear` },
        summary: `clears ${index}'s caches`,
      };
    case "alias-add":
    case "alias-remove": {
      const alias = oneIndex(input.alias, "alias");
      const op = input.action === "alias-add" ? "add" : "remove";
      return {
        request: {
          method: "POST",
          path: "/_aliases",
          body: { actions: [{ [op]: { index, alias } }] },
        },
        summary: `${op === "add" ? "adds" : "removes"} the alias ${alias} ${op === "add" ? "to" : "from"} ${index}`,
      };
    }
    case "copy": {
      const target = oneIndex(input.target, "new index");
      if (target === index)
        throw refusal(`The new index must differ from ${index}`, "Name another index.");
      return {
        request: {
          method: "POST",
          path: "/_reindex",
          // op_type create: documents already in the destination are never overwritten.
          body: { source: { index }, dest: { index: target, op_type: "create" } },
        },
        summary: `copies every document of ${index} into ${target}`,
      };
    }
    case "delete":
      return {
        request: planDeleteIndex(index),
        summary: `deletes the index ${index} and every document in it; it cannot be undone`,
      };
    default:
      throw refusal(
        `Unknown index action "${String((input as { action?: unknown }).action)}"`,
        "Choose create, open, close, refresh, flush, forcemerge, clear-cache, alias add, alias remove, reindex or delete.",
      );
  }
}

/**
 * Pure: the body of a new index: the JSON given (settings, mappings, aliases) as it is, or the
 * form's shards, replicas and fields.
 */
export function createBody(input: TableActionInput): Record<string, unknown> {
  if (input.definition !== undefined) {
    const d = input.definition;
    if (d === null || typeof d !== "object" || Array.isArray(d))
      throw refusal(
        "The index definition must be a JSON object",
        'Write it as { "settings": { … }, "mappings": { … } }.',
      );
    const unknown = Object.keys(d).filter((k) => !["settings", "mappings", "aliases"].includes(k));
    if (unknown.length > 0)
      throw refusal(
        `The index definition has ${unknown.map((k) => `"${k}"`).join(", ")}, which a new index does not take`,
        "Keep only settings, mappings and aliases.",
      );
    return d;
  }
  const settings: Record<string, unknown> = {};
  if (input.partitions !== undefined)
    settings.number_of_shards = count(input.partitions, "shards", 1);
  if (input.replicas !== undefined)
    settings.number_of_replicas = count(input.replicas, "replicas", 0);
  const properties: Record<string, unknown> = {};
  for (const f of input.fields ?? []) {
    const name = String(f?.name ?? "").trim();
    const type = String(f?.type ?? "").trim();
    if (name === "") continue;
    if (!/^[a-z_][a-z0-9_]*$/.test(type))
      throw refusal(
        `The field ${name} has no valid type ("${type}")`,
        "Choose a type such as keyword, text, long or date.",
      );
    if (Object.hasOwn(properties, name))
      throw refusal(`The field ${name} is listed twice`, "List each field once.");
    properties[name] = { type };
  }
  return {
    ...(Object.keys(settings).length > 0 ? { settings } : {}),
    ...(Object.keys(properties).length > 0 ? { mappings: { properties } } : {}),
  };
}

function count(value: unknown, what: string, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > 1024)
    throw refusal(
      `The number of ${what} must be a whole number from ${min} to 1024`,
      `Give another number of ${what}.`,
    );
  return n;
}

function maxSegments(value: unknown): number {
  if (value === undefined) return 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 10_000)
    throw refusal(
      "max_num_segments must be a whole number of at least 1",
      "Give 1 to merge each shard into one segment.",
    );
  return n;
}

/** One concrete index (or alias) name: the rules `planDeleteIndex` applies, worded for `what`. */
function oneIndex(name: unknown, what: string): string {
  const text = typeof name === "string" ? name.trim() : "";
  if (text === "") throw refusal(`Name the ${what}`, `Give the ${what}'s name.`);
  try {
    planDeleteIndex(text);
  } catch {
    throw refusal(
      `"${text}" is not one ${what} name (no wildcards, lists, _all, or leading - _ +)`,
      `Name one concrete ${what}.`,
    );
  }
  if (text !== text.toLowerCase())
    throw refusal(
      `"${text}" has upper-case letters, which an ${what} name cannot have`,
      "Use lower-case letters.",
    );
  return text;
}

function refusal(message: string, remedy: string): QuarryError {
  return new QuarryError("invalid_input", message, remedy);
}
