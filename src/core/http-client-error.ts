/**
 * What an HTTP server does with a request Node could not parse (its `clientError` event): the
 * one rule both of Quarry's servers (the UI's and the MCP endpoint) follow, so that a connection
 * never gets two replies, nor one in the middle of another.
 */
import type { Socket } from "node:net";

/**
 * Parser errors that mean the client left mid-request, or sent more after a request that asked
 * to close the connection (which was answered): no one to answer, or answered already.
 */
const LEFT = new Set(["ECONNRESET", "HPE_INVALID_EOF_STATE", "HPE_CLOSED_CONNECTION"]);

/**
 * "answer" it (400 or 431, then close); "close" the connection when the client left mid-request
 * or a request on it is answered or being answered; "wait" when the bytes came after a request
 * that asked to close the connection and whose answer is still to come (a GET whose body had no
 * length): that answer is sent, then the connection closes.
 */
export function clientErrorAction(
  err: NodeJS.ErrnoException,
  socket: Socket,
): "answer" | "close" | "wait" {
  // Node's own rule for its default answer looks at the response on the socket the same way.
  const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })
    ._httpMessage;
  if (err.code === "HPE_CLOSED_CONNECTION" && pending && !pending.headersSent) return "wait";
  if (!socket.writable || pending || LEFT.has(err.code ?? "")) return "close";
  return "answer";
}

/** Whether the request that could not be parsed was a HEAD (whose answer carries no body). */
export function wasHead(err: NodeJS.ErrnoException): boolean {
  const raw = (err as { rawPacket?: unknown }).rawPacket;
  return Buffer.isBuffer(raw) && raw.subarray(0, 5).toString("latin1") === "HEAD ";
}
