/**
 * The app's own text of a JSON answer, kept beside the parsed message: a message the bridge passes
 * on unchanged is written as the app wrote it rather than serialized again (on a search's answer,
 * a tenth of the bridge's work). A message the bridge changes is a new object, with no text kept.
 * Only one-line text is kept: the client reads one message per line. Pure.
 */
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
