/**
 * An answer's text in the read-only editor (which renders only the lines in view), cut past a
 * limit so a large answer never freezes the page: the size is said, and "Show all" loads the rest.
 */
import { useMemo, useState } from "react";
import { JsonEditor } from "../../ui/JsonEditor.tsx";

/** Characters shown before "Show all": about 1 MB of text. */
export const SHOWN_LIMIT = 1_000_000;

/** The answer as text: JSON indented, a text answer (a listing, a plain reply) as it came. */
export function answerText(raw: unknown): string {
  return typeof raw === "string" ? raw : (JSON.stringify(raw, null, 2) ?? "");
}

const size = (chars: number) =>
  chars >= 1_000_000
    ? `${(chars / 1_000_000).toFixed(1)} MB`
    : `${Math.max(1, Math.round(chars / 1000))} KB`;

export function LargeText({ raw, label = "Response" }: { raw: unknown; label?: string }) {
  const text = useMemo(() => answerText(raw), [raw]);
  const [all, setAll] = useState(false);
  const cut = !all && text.length > SHOWN_LIMIT;
  const shown = useMemo(() => {
    if (!cut) return text;
    // At a line's end, so the part shown reads as whole lines.
    const end = text.lastIndexOf("\n", SHOWN_LIMIT);
    return text.slice(0, end > 0 ? end : SHOWN_LIMIT);
  }, [text, cut]);
  return (
    <>
      {cut ? (
        <div className="size-note" role="status" data-testid="size-note">
          Showing the first {size(shown.length)} of {size(text.length)}.{" "}
          <button type="button" className="link" onClick={() => setAll(true)}>
            Show all
          </button>
        </div>
      ) : null}
      {/* A new editor for the whole text: pushing 10s of MB as one change would be slower. */}
      <JsonEditor key={cut ? "cut" : "all"} label={label} readOnly value={shown} />
    </>
  );
}
