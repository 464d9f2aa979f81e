/**
 * The refusal for an index whose `max_result_window` is lowered below the window a grid pages
 * within (it errors before the switch to `search_after`), naming each such index and its
 * value so people know what to raise.
 */
import { RESULT_WINDOW } from "../../../core/grid.ts";
import { esErrors } from "../wire/error-catalog.ts";
import { indexPath } from "../wire/paths.ts";
import type { EsTransport } from "../wire/transport.ts";

/** Thrown inside a walk where the refusal cannot be built yet; its body is read afterwards. */
export class WindowRefusal extends Error {
  readonly body: unknown;
  constructor(body: unknown) {
    super("result window too small");
    this.body = body;
  }
}

/** The error naming the indices whose window is too small (one more request reads their values). */
export async function resultWindowRefusal(
  transport: EsTransport,
  table: string,
  body?: unknown,
): Promise<Error> {
  const limits: { index: string; value: number }[] = [];
  const res = await transport
    .request<Record<string, { settings?: Record<string, string> }>>({
      method: "GET",
      path: `${indexPath(table)}/_settings/index.max_result_window`,
      query: { flat_settings: true },
    })
    .catch(() => undefined);
  if (res && res.status === 200 && res.body && typeof res.body === "object") {
    for (const [index, s] of Object.entries(res.body)) {
      const value = Number(s.settings?.["index.max_result_window"]);
      if (Number.isFinite(value) && value < RESULT_WINDOW) limits.push({ index, value });
    }
  }
  if (limits.length === 0) {
    const said = /less than or equal to: \[(\d+)\]/.exec(JSON.stringify(body ?? ""));
    limits.push({ index: table, value: said ? Number(said[1]) : Number.NaN });
  }
  return esErrors.resultWindowTooSmall(limits.sort((a, b) => a.index.localeCompare(b.index)));
}
