/**
 * Highlighting for console text in the Kibana Dev Tools style: a `METHOD /path` line, then an
 * optional JSON body, then the next request. Only colours: what the text means is the app's answer
 * (it parses the requests and reports errors, shown as lint marks).
 */
import { StreamLanguage, type StringStream } from "@codemirror/language";
import { esqlToken, isEsqlRequestPath } from "../esql/esql-highlight.ts";

interface State {
  /** Inside a request line, after the method: the rest is the path. */
  inPath: boolean;
  /** The request is an ES|QL query, and whether the cursor is inside its `"""` query. */
  esql: boolean;
  inQuery: boolean;
}

const METHOD = /^(GET|POST|PUT|DELETE|HEAD|PATCH)\b/i;

export const consoleLanguage = StreamLanguage.define<State>({
  name: "quarry-console",
  startState: () => ({ inPath: false, esql: false, inQuery: false }),
  token(stream: StringStream, state: State): string | null {
    if (stream.sol()) state.inPath = false;
    if (state.inQuery) {
      if (stream.match('"""')) state.inQuery = false;
      return state.inQuery ? esqlToken(stream) : "string";
    }
    if (stream.eatSpace()) return null;
    if (stream.sol() || stream.column() === stream.indentation()) {
      if (stream.match("#") || stream.match("//")) {
        stream.skipToEnd();
        return "comment";
      }
      if (stream.column() === 0 && stream.match(METHOD)) {
        state.inPath = true;
        return "keyword";
      }
    }
    if (state.inPath) {
      stream.skipToEnd();
      state.esql = isEsqlRequestPath(stream.current().trim());
      return "url";
    }
    if (state.esql && stream.match('"""')) {
      state.inQuery = true;
      return "string";
    }
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/)) {
      return /^\s*:/.test(stream.string.slice(stream.pos)) ? "propertyName" : "string";
    }
    if (stream.match(/^-?\d+(\.\d+)?([eE][+-]?\d+)?/)) return "number";
    if (stream.match(/^(true|false|null)\b/)) return "atom";
    if (stream.match(/^[{}[\],:]/)) return "punctuation";
    stream.next();
    return null;
  },
  // A closing bracket typed alone on its line re-indents the line.
  languageData: { commentTokens: { line: "#" }, indentOnInput: /^\s*[}\]]$/ },
});
