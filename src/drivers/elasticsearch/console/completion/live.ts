/**
 * Completion for a session: the definitions of its cluster's major, and the live names the engine
 * asks for (index, alias and data stream names; a target's fields), each kept 30 seconds so typing
 * does not send a request per key.
 */
import type { CompletionAnswer, ReferenceLink } from "../../../../core/console-completion.ts";
import type { ServerInfo } from "../../../../core/driver.ts";
import type { Column } from "../../../../core/grid.ts";
import type { EsTransport } from "../../wire/transport.ts";
import { definitionsFor } from "./definitions.ts";
import { completionAnswer, completionContext, type LiveNames, type LiveNeed } from "./engine.ts";
import { referenceLink } from "./reference.ts";

const KEEP_MS = 30_000;

// ES|QL's definitions (tens of thousands of lines of tables) are loaded on the first completion,
// not when the plugin loads: an export or a copy never pays for them in start time or memory.
const esqlModule = () => import("../../esql/complete.ts");

interface Resolved {
  indices?: { name: string }[];
  aliases?: { name: string }[];
  data_streams?: { name: string }[];
}

export class ConsoleCompletion {
  readonly #cache = new Map<string, { at: number; value: Promise<unknown> }>();
  readonly #transport: EsTransport;
  readonly #describe: (table: string) => Promise<Column[]>;

  constructor(transport: EsTransport, describe: (table: string) => Promise<Column[]>) {
    this.#transport = transport;
    this.#describe = describe;
  }

  async complete(info: ServerInfo, text: string, offset: number): Promise<CompletionAnswer> {
    // Inside an ES|QL query the language is ES|QL's, not the request body's.
    const { esqlCompletion, esqlNeed, esqlPlace } = await esqlModule();
    const esql = esqlPlace(text, offset);
    if (esql) return esqlCompletion(esql, info.version, await this.#live(esqlNeed(esql)));
    const defs = await definitionsFor(info.major);
    const ctx = completionContext(defs, info.version, text, offset);
    return completionAnswer(ctx, await this.#live(ctx.need));
  }

  async reference(info: ServerInfo, method: string, path: string): Promise<ReferenceLink | null> {
    return referenceLink(await definitionsFor(info.major), info.version, method, path);
  }

  /** A lookup that fails (no right to list, a missing index) completes without live names. */
  async #live(need: LiveNeed): Promise<LiveNames> {
    try {
      if (need?.kind === "names") return { names: await this.#kept("names", () => this.#names()) };
      if (need?.kind === "fields") {
        const columns = await this.#kept(`fields:${need.target}`, () =>
          this.#describe(need.target),
        );
        return {
          fields: columns
            .filter((c) => c.kind !== "meta")
            .map((c) => ({ name: c.name, type: c.type })),
        };
      }
    } catch {
      // Completion is a help: without the names, the definitions' items still show.
    }
    return {};
  }

  #kept<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.#cache.get(key);
    if (hit && Date.now() - hit.at < KEEP_MS) return hit.value as Promise<T>;
    const value = load();
    this.#cache.set(key, { at: Date.now(), value });
    value.catch(() => this.#cache.delete(key));
    return value;
  }

  /** Every open index, alias and data stream but the dot-named (system) ones, in one request. */
  async #names(): Promise<{ name: string; kind: string }[]> {
    const r = await this.#transport.json<Resolved>({
      method: "GET",
      path: "/_resolve/index/*",
      query: { expand_wildcards: "open" },
    });
    const out = [
      ...(r.indices ?? []).map((i) => ({ name: i.name, kind: "index" })),
      ...(r.aliases ?? []).map((i) => ({ name: i.name, kind: "alias" })),
      ...(r.data_streams ?? []).map((i) => ({ name: i.name, kind: "data stream" })),
    ];
    return out.filter((n) => !n.name.startsWith("."));
  }
}
