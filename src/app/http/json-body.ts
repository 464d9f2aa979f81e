/**
 * The one way the app's HTTP routes read a request body: at most 16 MB (refused by the size guard
 * before it is read when it says its length), JSON only, numbers kept exact.
 */
import { QuarryError } from "../../core/errors.ts";
import { parseJsonExact } from "../../core/exact-json.ts";

export const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** The refusal of a body over MAX_BODY_BYTES, the same on every route. */
export function bodyTooLarge(): QuarryError {
  return new QuarryError(
    "invalid_input",
    "The request is larger than 16 MB.",
    "Send less at once.",
    {
      status: 413,
    },
  );
}

/** The body parsed as JSON; undefined when there is none. */
export async function readJsonBody(req: Request): Promise<unknown> {
  // A GET has no body; asking for it would make the server build a whole fetch Request.
  if (req.method === "GET" || req.method === "HEAD") return undefined;
  const bytes = await req.arrayBuffer();
  if (bytes.byteLength === 0) return undefined;
  if (bytes.byteLength > MAX_BODY_BYTES) throw bodyTooLarge();
  const type = req.headers.get("content-type") ?? "";
  if (!type.startsWith("application/json")) {
    throw new QuarryError(
      "invalid_input",
      "The API takes JSON bodies only.",
      "Send Content-Type: application/json.",
      { status: 415 },
    );
  }
  try {
    return parseJsonExact(Buffer.from(bytes).toString("utf8"));
  } catch {
    throw new QuarryError(
      "invalid_input",
      "The request body is not valid JSON.",
      "Reload the page and try again.",
    );
  }
}
