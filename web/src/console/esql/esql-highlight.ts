/**
 * Colours for ES|QL inside the console's `POST /_query` `"query": """…"""`, from the names Elastic
 * publishes (`@elastic/esql-definitions`): commands as keywords, functions before `(`, the named
 * operators and literals, strings, numbers and comments. Only colours: completion and the query's
 * errors come from the app.
 */
import type { StringStream } from "@codemirror/language";
import { commandNames } from "@elastic/esql-definitions/commandNames";
import { functionNames } from "@elastic/esql-definitions/functionNames";
import {
  literalNames,
  namedBinaryOperatorNames,
  namedUnaryOperatorNames,
  optionNames,
  sortModifierNames,
} from "@elastic/esql-definitions/keywords";

const words = (list: readonly string[]) => new Set(list.flatMap((n) => n.split(" ")));
const COMMANDS = words(commandNames);
const FUNCTIONS = words(functionNames);
const OPERATORS = words([...namedBinaryOperatorNames, ...namedUnaryOperatorNames]);
const KEYWORDS = words([...optionNames, ...sortModifierNames]);
const LITERALS = words(literalNames);

/** Whether a request line's path is an ES|QL request (`/_query`, `/_query/async`). */
export function isEsqlRequestPath(path: string): boolean {
  return /^\/?_query(?:\/async)?\/?(?:\?.*)?$/.test(path);
}

/** One ES|QL token of the stream (never the closing `"""`, which the caller reads). */
export function esqlToken(stream: StringStream): string | null {
  if (stream.eatSpace()) return null;
  if (stream.match("//")) {
    // A comment runs to the end of the line, or to the closing quotes on it.
    while (!stream.eol() && !stream.match('"""', false)) stream.next();
    return "comment";
  }
  if (stream.match(/^"(?:[^"\\]|\\.)*"/)) return "string";
  if (stream.match(/^\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/)) return "number";
  if (stream.match(/^(?:==|!=|<=|>=|[<>+\-*/%=])/)) return "operator";
  if (stream.match("|")) return "punctuation";
  const word = stream.match(/^[A-Za-z_@][\w.@*-]*/) as RegExpMatchArray | null;
  if (word) {
    const upper = word[0].toUpperCase();
    if (FUNCTIONS.has(upper) && stream.match(/^\s*\(/, false)) return "variableName.function";
    if (COMMANDS.has(upper)) return "keyword";
    if (OPERATORS.has(upper) || KEYWORDS.has(upper)) return "operatorKeyword";
    if (LITERALS.has(upper)) return "atom";
    return "variableName";
  }
  stream.next();
  return null;
}
