/** Hands a request to the console ("Open in console" from the grid): the console picks it up once. */
const key = (connectionId: string) => `quarry.console.prefill.${connectionId}`;

export function prefillConsole(connectionId: string, text: string): void {
  sessionStorage.setItem(key(connectionId), text);
}

export function takePrefill(connectionId: string): string | null {
  const text = sessionStorage.getItem(key(connectionId));
  if (text !== null) sessionStorage.removeItem(key(connectionId));
  return text;
}
