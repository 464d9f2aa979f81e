/**
 * Syntax colours for the CodeMirror editors (console, JSON): CodeMirror's default style, tag for
 * tag, with each colour replaced by a CSS variable of the page, so it stays readable in the dark
 * theme (the light values are the default style's own).
 */
import { defaultHighlightStyle, HighlightStyle } from "@codemirror/language";

const BY_COLOUR: Record<string, string> = {
  "#404740": "var(--code-meta)",
  "#708": "var(--code-keyword)",
  "#219": "var(--code-atom)",
  "#164": "var(--code-number)",
  "#a11": "var(--code-string)",
  "#e40": "var(--code-string)",
  "#00f": "var(--code-property)",
  "#30a": "var(--code-property)",
  "#085": "var(--code-atom)",
  "#167": "var(--code-atom)",
  "#256": "var(--code-atom)",
  "#00c": "var(--code-property)",
  "#940": "var(--code-comment)",
  "#f00": "var(--code-invalid)",
};

export const codeHighlightStyle = HighlightStyle.define(
  defaultHighlightStyle.specs.map((spec) =>
    typeof spec.color === "string"
      ? { ...spec, color: BY_COLOUR[spec.color] ?? "var(--text)" }
      : spec,
  ),
);
