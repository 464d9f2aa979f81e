/**
 * The app's own text of an answer, written to the client as the app wrote it (docs/mcp.md,
 * "Relaying"): the bridge's relay costs next to nothing when it neither parses nor serializes.
 *
 * - `VerbatimAnswer`: a JSON answer body kept as its bytes. A 2026-07-28 client gets it as it came
 *   (never decoded, parsed or encoded again); it is parsed only when the bridge must change it (a
 *   legacy client's result) or cannot vouch for it as one line naming its request.
 * - `keepText` / `lineOf`: a parsed message the bridge passes on unchanged keeps its text beside
 *   it; a message the bridge changes is a new object, with no text kept.
 *
 * Only one-line text is written as it is: the client reads one message per line. Pure.
 */
import { parseJsonExact } from "../core/exact-json.ts";

const texts = new WeakMap<object, string>();

/** Remembers `text` as the message's own line. */
export function keepText(message: unknown, text: string): void {
  const line = text.trim();
  if (message !== null && typeof message === "object" && !/[\r\n]/.test(line))
    texts.set(message, line);
}

/** The line to write for a message: the app's own text when it was kept, else its JSON. */
export function lineOf(message: object): string {
  return texts.get(message) ?? JSON.stringify(message);
}

const LF = 0x0a;
const CR = 0x0d;
const OPEN = 0x7b; // {
const CLOSE = 0x7d; // }
const ID_KEY = Buffer.from('"id":');
const N = 0x6e; // the n of null

/**
 * Whether the answer names its request: its last `"id":` (the app writes the id after the result,
 * so this one is found at once) is not followed by null.
 */
function hasId(body: Buffer): boolean {
  const at = body.lastIndexOf(ID_KEY);
  return at > 0 && body[at + ID_KEY.length] !== N;
}

/**
 * One JSON answer body (a 2xx `application/json` answer to one POSTed request: by the 2026-07-28
 * HTTP transport, that request's response), as its bytes followed by a newline.
 */
export class VerbatimAnswer {
  /** The body and the "\n" that ends it on stdout: written in one piece. */
  readonly line: Buffer;
  /**
   * Whether it can go to a 2026-07-28 client untouched: one line holding one JSON object whose
   * id is filled in. Anything else (several lines, no id, a null id the bridge must fill) is
   * parsed first, as any other answer.
   */
  readonly passable: boolean;

  /** `line`: the body with one spare byte at its end, which becomes the newline. */
  constructor(line: Buffer) {
    line[line.length - 1] = LF;
    this.line = line;
    const body = line.subarray(0, line.length - 1);
    this.passable =
      body.length > 1 &&
      body[0] === OPEN &&
      body[body.length - 1] === CLOSE &&
      body.indexOf(LF) < 0 &&
      body.indexOf(CR) < 0 &&
      hasId(body);
  }

  /** The answer parsed (exact long numbers), its text kept; undefined when it is not JSON. */
  message(): unknown {
    const text = this.line.toString("utf8", 0, this.line.length - 1);
    if (!text.trim()) return undefined;
    try {
      const m = parseJsonExact(text);
      keepText(m, text);
      return m;
    } catch {
      return undefined;
    }
  }
}

/** A message as the relay's POST handed it over, parsed when it came as its bytes. */
export function parsedMessage(received: unknown): unknown {
  return received instanceof VerbatimAnswer ? received.message() : received;
}
