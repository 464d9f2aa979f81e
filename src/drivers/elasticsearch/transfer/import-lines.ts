/**
 * The lines of a file to import, as documents (pure). One decoder reads what people have at hand:
 * a `_bulk` body (an action line, then the document; Quarry's NDJSON export is one), search hits
 * one a line (`{"_id", "_source", ...}`: elasticdump's files, Quarry's JSON export), and plain
 * documents one a line. The first line that holds something decides which; a line that does not
 * fit is a problem naming its line number, and the lines around it still import.
 */

import type { LineDecoder, LineProblem, LoadRecord } from "../../../core/transfer.ts";

/** A document to write, `origin` being its line (its source's line, for a `_bulk` body). */
export type ImportDoc = LoadRecord;

export type { LineProblem };

export type LineShape = "bulk" | "hits" | "documents";

const ACTIONS = new Set(["index", "create", "update", "delete"]);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** An action line of a `_bulk` body: one key, an action, whose value is its metadata. */
export function actionOf(value: unknown): { action: string; meta: Record<string, unknown> } | null {
  if (!isObject(value)) return null;
  const keys = Object.keys(value);
  if (keys.length !== 1) return null;
  const [action] = keys as [string];
  const meta = value[action];
  return ACTIONS.has(action) && isObject(meta) ? { action, meta } : null;
}

/** A search hit: its document under `_source`, with `_id` beside it. */
function isHit(value: Record<string, unknown>): boolean {
  return isObject(value._source) && (typeof value._id === "string" || value._id === undefined);
}

const textOf = (v: unknown) =>
  typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined;

function withKeys(
  line: number,
  source: Record<string, unknown>,
  meta: Record<string, unknown>,
): ImportDoc {
  const id = textOf(meta._id);
  const routing = textOf(meta.routing ?? meta._routing);
  return {
    origin: line,
    ...(id !== undefined ? { key: id } : {}),
    ...(routing !== undefined ? { route: routing } : {}),
    document: source,
  };
}

/** Whether a line's text looks like one JSON object (its braces, not its inside). */
const isObjectText = (t: string) => t.charCodeAt(0) === 0x7b && t.charCodeAt(t.length - 1) === 0x7d;

/**
 * The document of an `index` or `create` action, as its line's text: it is written as that text
 * and parsed only if something reads `document` (a preview). Not parsing it is most of an import's
 * work saved; a line that only looks like an object is refused by the cluster, with its reason, by
 * line (docs/decisions.md). A class, not a literal with a getter: 100,000s are made per import.
 */
class LazyDoc implements ImportDoc {
  readonly origin: number;
  declare readonly key?: string;
  declare readonly route?: string;
  readonly text: [string];
  #parsed: Record<string, unknown> | undefined;

  constructor(line: number, text: string, meta: Record<string, unknown>) {
    this.origin = line;
    const id = textOf(meta._id);
    if (id !== undefined) (this as { key?: string }).key = id;
    const routing = textOf(meta.routing ?? meta._routing);
    if (routing !== undefined) (this as { route?: string }).route = routing;
    this.text = [text];
  }

  get document(): Record<string, unknown> {
    this.#parsed ??= JSON.parse(this.text[0]) as Record<string, unknown>;
    return this.#parsed;
  }
}

/** Reads lines one by one; `push` gives a document, a problem, or nothing (a blank or action line). */
export class ImportLineDecoder implements LineDecoder {
  #shape: LineShape | undefined;
  /** A `_bulk` action line waiting for its document. */
  #pending: { line: number; action: string; meta: Record<string, unknown> } | undefined;

  get shape(): LineShape | undefined {
    return this.#shape;
  }

  push(raw: string, line: number): ImportDoc | LineProblem | null {
    const trimmed = raw.trim();
    if (trimmed === "") return null;
    const waiting = this.#pending;
    if (waiting && waiting.action !== "update" && isObjectText(trimmed)) {
      this.#pending = undefined;
      return new LazyDoc(line, trimmed, waiting.meta);
    }
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (e) {
      const waiting = this.#pending;
      this.#pending = undefined;
      const of = waiting ? ` (the document of the action on line ${waiting.line})` : "";
      return { line, reason: `not JSON${of}: ${(e as Error).message}` };
    }
    return this.pushValue(value, line, trimmed);
  }

  /**
   * One value read already (a line's, or an element of a JSON array: `line` is then its number);
   * `text`, the value's own text when there is one, is what is written.
   */
  pushValue(value: unknown, line: number, text?: string): ImportDoc | LineProblem | null {
    this.#shape ??= actionOf(value)
      ? "bulk"
      : isObject(value) && isHit(value)
        ? "hits"
        : "documents";
    if (this.#shape === "bulk") return this.#bulk(value, line, text);
    if (!isObject(value)) return { line, reason: "not a JSON object: each must hold one document" };
    if (this.#shape === "hits") {
      if (!isHit(value)) return { line, reason: "not a search hit: it has no _source object" };
      return withKeys(line, value._source as Record<string, unknown>, value);
    }
    // The line's own text is what is written: never serialized again, no long rounded.
    return { origin: line, document: value, ...(text !== undefined ? { text: [text] } : {}) };
  }

  #bulk(value: unknown, line: number, text?: string): ImportDoc | LineProblem | null {
    const waiting = this.#pending;
    if (!waiting) {
      const action = actionOf(value);
      if (!action)
        return {
          line,
          reason: "expected an action line (index, create or update) of a _bulk body",
        };
      if (action.action === "delete")
        return { line, reason: "a delete action: import writes documents and never deletes" };
      this.#pending = { line, ...action };
      return null;
    }
    this.#pending = undefined;
    if (!isObject(value))
      return {
        line,
        reason: `not a JSON object (the document of the action on line ${waiting.line})`,
      };
    // An update action's line holds `doc` (or a script): its document is `doc`.
    if (waiting.action === "update") {
      if (!isObject(value.doc))
        return {
          line,
          reason: "an update without a partial document (doc): scripts are not imported",
        };
      return withKeys(line, value.doc, waiting.meta);
    }
    const doc = withKeys(line, value, waiting.meta);
    return text !== undefined ? { ...doc, text: [text] } : doc;
  }

  /** At the end of the file: an action line left without its document is a problem. */
  end(): LineProblem | null {
    const waiting = this.#pending;
    this.#pending = undefined;
    return waiting
      ? { line: waiting.line, reason: "an action line without its document (the file ends)" }
      : null;
  }
}
