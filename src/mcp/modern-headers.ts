/**
 * The request headers a 2026-07-28 message needs on HTTP (SEP-2243: MCP-Protocol-Version,
 * Mcp-Method, Mcp-Name), read off the message itself. The bridge sends them with each POST; the
 * line stream (docs/mcp.md, "The line stream") makes them for each line, since the SDK's
 * handler checks them against the body. Pure.
 */
import { MODERN_VERSION, type RpcMessage } from "./protocol.ts";

type Json = Record<string, unknown>;

export const META = {
  protocolVersion: "io.modelcontextprotocol/protocolVersion",
  clientCapabilities: "io.modelcontextprotocol/clientCapabilities",
  clientInfo: "io.modelcontextprotocol/clientInfo",
  logLevel: "io.modelcontextprotocol/logLevel",
  serverInfo: "io.modelcontextprotocol/serverInfo",
} as const;

export function paramsOf(m: RpcMessage): Json | undefined {
  return m.params && typeof m.params === "object" && !Array.isArray(m.params)
    ? (m.params as Json)
    : undefined;
}

export function metaOf(m: RpcMessage): Json | undefined {
  const meta = paramsOf(m)?._meta;
  return meta && typeof meta === "object" && !Array.isArray(meta) ? (meta as Json) : undefined;
}

/** The 2026-07-28 revision a request claims in its `_meta`, if any. */
export function modernVersionOf(m: RpcMessage): string | undefined {
  const v = metaOf(m)?.[META.protocolVersion];
  return typeof v === "string" ? v : undefined;
}

/** The name header's value (`params.name`, or `params.uri` for resources/read), if the method has one. */
function nameOf(m: RpcMessage): string | undefined {
  const p = paramsOf(m);
  const v =
    m.method === "tools/call" || m.method === "prompts/get"
      ? p?.name
      : m.method === "resources/read"
        ? p?.uri
        : undefined;
  return typeof v === "string" ? v : undefined;
}

const SENTINEL = /^=\?base64\?.*\?=$/;

/**
 * A header value as 2026-07-28 sends it: as is when it is plain visible ASCII, otherwise (non-ASCII,
 * control characters, leading or trailing white space, or text that looks like the sentinel itself)
 * `=?base64?<base64 of the UTF-8>?=`.
 */
export function headerValue(v: string): string {
  const plain = /^[\x20-\x7e]*$/.test(v) && v.trim() === v && !SENTINEL.test(v);
  return plain ? v : `=?base64?${Buffer.from(v, "utf8").toString("base64")}?=`;
}

/** The request headers of one 2026-07-28 POST (the token is added by the caller). */
export function modernHeaders(m: RpcMessage): Record<string, string> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": modernVersionOf(m) ?? MODERN_VERSION,
    "mcp-method": headerValue(String(m.method)),
  };
  const name = nameOf(m);
  if (name !== undefined) headers["mcp-name"] = headerValue(name);
  return headers;
}
