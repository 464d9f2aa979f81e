/**
 * Completion in the console: what the driver proposes at a place in the console text, in the
 * shape any editor can show. The driver knows the database's requests and body language; the UI
 * only lists, filters and inserts.
 */

export type CompletionKind =
  | "method"
  | "path"
  | "parameter"
  | "value"
  | "table"
  | "column"
  | "keyword"
  | "snippet";

export interface CompletionItem {
  /** What the list shows and the typed text is matched against. */
  label: string;
  kind: CompletionKind;
  /** A short note beside the label: a column's type, a keyword's shape. */
  detail?: string;
  /** A longer note shown beside the list. */
  info?: string;
  /**
   * The text inserted instead of `label`: a template where `${}` and `${name}` mark the places
   * the cursor visits in turn (CodeMirror's snippet syntax).
   */
  apply?: string;
  /** Ranks the item above (positive) or below (negative) the others; -99 to 99. */
  boost?: number;
}

export interface CompletionAnswer {
  /** The text from `from` to `to` is what an item replaces; the typed part is `from`..cursor. */
  from: number;
  to: number;
  items: CompletionItem[];
  /**
   * A pattern the typed text must keep matching for the list to be filtered locally instead of
   * asked again (a JavaScript regular expression source).
   */
  validFor?: string;
}

/** The reference page of a request: the endpoint's name and the page for the server's version. */
export interface ReferenceLink {
  label: string;
  url: string;
}
