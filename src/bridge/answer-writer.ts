/**
 * What the app sends back for one request, written to the client (docs/mcp.md, "Relaying"): its
 * notifications (progress, log) as they come, then its one answer; anything after the answer, and
 * everything once the request is cancelled, is dropped. A 2026-07-28 client gets a JSON answer as
 * the app wrote it; a legacy client's answer loses the 2026-only fields.
 */
import type { RpcId } from "../mcp/protocol.ts";
import { forLegacyClient, type Json, withId } from "./protocol.ts";
import { parsedMessage, VerbatimAnswer } from "./verbatim.ts";

export interface AnswerOutput {
  write: (message: Json) => void;
  writeLine: (line: Buffer) => void;
}

export interface AnswerFor {
  id: RpcId;
  /** The client speaks 2025-11-25 or 2025-06-18. */
  legacy: boolean;
  /** Aborted when the client cancelled the request. */
  signal: AbortSignal;
}

/** `onMessage` for the request's POST, and whether its answer was written. */
export function answerWriter(out: AnswerOutput, request: AnswerFor) {
  const { id, legacy, signal } = request;
  let answered = false;
  const onMessage = (received: unknown) => {
    if (signal.aborted) return;
    if (received instanceof VerbatimAnswer && !legacy) {
      // The request's one response, which a 2026-07-28 client takes as it is.
      if (answered) return;
      answered = true;
      out.writeLine(received.line);
      return;
    }
    const message = parsedMessage(received);
    if (message === null || typeof message !== "object") return;
    const msg = message as Json;
    if ("result" in msg || "error" in msg) {
      if (answered) return;
      answered = true;
      out.write(legacy ? forLegacyClient(withId(msg, id)) : withId(msg, id));
    } else if (typeof msg.method === "string" && msg.id === undefined) {
      out.write(msg); // a notification of this request: progress, log
    }
    // A request from the app would be a protocol error in 2026-07-28: nothing to relay.
  };
  return { onMessage, answered: () => answered };
}
