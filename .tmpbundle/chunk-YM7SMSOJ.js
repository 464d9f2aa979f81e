import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);

// src/mcp/protocol.ts
var MODERN_VERSION = "2026-07-28";
var LEGACY_VERSIONS = ["2025-11-25", "2025-06-18"];
var SUPPORTED_VERSIONS = [MODERN_VERSION, ...LEGACY_VERSIONS];
var RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** A legacy session id the server does not know (the SDK's own code for it). */
  sessionNotFound: -32001,
  /** A request body over the limit. */
  payloadTooLarge: -33005,
  forbidden: -33007,
  unauthenticated: -33009,
  rateLimited: -33010
};
function rpcErrorBody(id, error) {
  return JSON.stringify({ jsonrpc: "2.0", id, error });
}
function rpcCodeOf(e) {
  switch (e.code) {
    case "forbidden":
      return RPC.forbidden;
    case "unauthenticated":
      return RPC.unauthenticated;
    case "rate_limited":
      return RPC.rateLimited;
    default:
      return void 0;
  }
}
function rpcErrorOf(e, code) {
  return {
    code,
    message: e.message,
    data: { code: e.code, remedy: e.remedy, ...e.details }
  };
}
function requestIdOf(body) {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return null;
  const id = body.id;
  return typeof id === "string" || typeof id === "number" ? id : null;
}

export {
  MODERN_VERSION,
  LEGACY_VERSIONS,
  SUPPORTED_VERSIONS,
  RPC,
  rpcErrorBody,
  rpcCodeOf,
  rpcErrorOf,
  requestIdOf
};
//# sourceMappingURL=chunk-YM7SMSOJ.js.map
