import { esErrors } from "../wire/error-catalog.ts";
import { httpError } from "../wire/errors.ts";
import { pathSegment } from "../wire/paths.ts";
import type { EsTransport } from "../wire/transport.ts";
import { valueAt } from "./cells.ts";

export async function readValue(
  transport: EsTransport,
  index: string,
  id: string,
  column: string,
): Promise<unknown> {
  if (column === "_id") return id;
  if (column === "_index") return index;
  const res = await transport.request<{ found?: boolean; _source?: unknown }>({
    method: "GET",
    path: `/${pathSegment(index)}/_doc/${pathSegment(id)}`,
  });
  // A 404 with an error object is a missing index; without one, a missing document.
  if (res.status === 404 && (res.body as { error?: unknown } | null)?.error)
    throw esErrors.tableNotFound(index);
  if (res.status === 404 || (res.status === 200 && !res.body?.found))
    throw esErrors.documentNotFound(index, id);
  if (res.status < 200 || res.status > 299) throw httpError(res.status, res.body);
  return valueAt(res.body._source, column.split(".")) ?? null;
}
