/**
 * The input shapes several routes of the UI's API share, as zod schemas (input.ts): a console
 * request, a confirmed request, a whole object passed on to the one that checks it.
 */
import { z } from "zod";
import type { ConsoleRequest } from "../../../core/console.ts";

/** A request as the console and the confirmations send it: `{ method, path, body? }`. */
export const consoleRequest = z.object({
  method: z.string(),
  path: z.string(),
  body: z.unknown().optional(),
}) satisfies z.ZodType<ConsoleRequest>;

/** `{ request }`: the console's run, curl, impact and reference routes. */
export const withRequest = z.object({ request: consoleRequest });

/** A JSON object whose keys are the reader's to check (a layout, a driver's settings). */
export const anyObject = z.record(z.string(), z.unknown());

/** The confirmation of an action: the request(s) shown and confirmed, and the name typed. */
export function confirmed<C extends z.ZodType, I extends z.ZodType>(input: I, requests: C) {
  return z.object({
    input,
    confirmed: requests,
    typed: z.string().optional(),
  });
}
