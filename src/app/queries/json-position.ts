/**
 * Pure: where a text stops being JSON, as 1-based line and column. The runtime's own message does
 * not always say (and quotes the text, which a problem must not), so the text is walked here.
 */
export function jsonErrorAt(text: string): { line: number; column: number } {
  const pos = firstError(text);
  const before = text.slice(0, pos);
  return { line: before.split("\n").length, column: pos - before.lastIndexOf("\n") };
}

function firstError(text: string): number {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\r\n".includes(text[i] as string)) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      ws();
      if (text[i] === "}") return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ":") fail();
        i++;
        value();
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === "}") return void i++;
        else fail();
      }
    }
    if (c === "[") {
      i++;
      ws();
      if (text[i] === "]") return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === "]") return void i++;
        else fail();
      }
    }
    if (c === '"') {
      string();
      return;
    }
    const lit = /^(true|false|null|-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?)/.exec(
      text.slice(i, i + 400),
    );
    if (!lit) fail();
    i += (lit as RegExpExecArray)[0].length;
  };
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === "\n") fail();
      i += text[i] === "\\" ? 2 : 1;
    }
    if (i >= text.length) fail();
    i++;
  };
  try {
    value();
    ws();
    return Math.min(i, text.length);
  } catch (at) {
    return typeof at === "number" ? at : text.length;
  }
}
