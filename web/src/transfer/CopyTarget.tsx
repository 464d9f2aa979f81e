/**
 * What the copy will do to its target, from the app's check: created with the source's mapping
 * and settings (the exact request, and what it leaves out), added to an empty index, or, for an
 * index that holds documents, refused until Append or Overwrite is chosen; Overwrite shows the
 * deletion it sends first and asks for the index's name, as deleting an index does.
 */
import type { CopyCheck, CopyMode } from "../api/types.ts";

const n = (x: number | null) => (x ?? 0).toLocaleString("en-US");

export function CopyTarget({
  check,
  mode,
  onMode,
  typed,
  onTyped,
  disabled,
}: {
  check: CopyCheck;
  mode: CopyMode;
  onMode: (m: CopyMode) => void;
  typed: string;
  onTyped: (t: string) => void;
  disabled: boolean;
}) {
  const { target, create } = check;
  const where = `${target.table} on ${target.connection}`;
  if (check.refusal)
    return (
      <div className="error-note" role="alert" data-testid="copy-refusal">
        <div className="error-message">{check.refusal}</div>
        <div className="error-remedy">Name another index, or choose another connection.</div>
      </div>
    );
  if (!target.exists) return <MissingTarget where={where} create={create} />;
  if (!target.records)
    return (
      <p className="transfer-target" data-testid="copy-target-state" data-state="empty">
        <strong>{where}</strong> exists and is empty: the documents are added to it, with its own
        mapping.
      </p>
    );
  return (
    <div className="transfer-target" data-testid="copy-target-state" data-state="holds">
      <p className={mode === "new" ? "transfer-warn" : undefined} role="status">
        <strong>{where}</strong> already holds {n(target.records)} documents.{" "}
        {mode === "new" ? "Choose Append or Overwrite to copy into it." : null}
      </p>
      <fieldset className="choices" disabled={disabled}>
        <legend>Into an index that holds documents</legend>
        <label className="radio">
          <input type="radio" checked={mode === "append"} onChange={() => onMode("append")} />
          Append{" "}
          <span className="hint">add the source's documents; _ids it holds are reported</span>
        </label>
        <label className="radio">
          <input type="radio" checked={mode === "overwrite"} onChange={() => onMode("overwrite")} />
          Overwrite <span className="hint">delete it first, then copy into a new one</span>
        </label>
      </fieldset>
      {mode === "overwrite" ? (
        <>
          <p>Overwrite first sends:</p>
          <pre className="request-preview transfer-request">{check.deleteText}</pre>
          <label className="transfer-confirm">
            <span>
              Type <strong>{target.table}</strong> to confirm
            </span>
            <input
              value={typed}
              onChange={(e) => onTyped(e.target.value)}
              aria-label={`Type ${target.table} to confirm`}
              autoComplete="off"
              spellCheck={false}
              disabled={disabled}
            />
          </label>
        </>
      ) : null}
    </div>
  );
}

/** A target that does not exist: created by the request shown, with what it leaves out. */
function MissingTarget({ where, create }: { where: string; create: CopyCheck["create"] }) {
  return (
    <div className="transfer-target" data-testid="copy-target-state" data-state="missing">
      <p>
        <strong>{where}</strong> does not exist: it will be created with the source's mapping and
        settings, by this request:
      </p>
      {create ? <pre className="request-preview transfer-request">{create.text}</pre> : null}
      {create && create.notes.length > 0 ? (
        <ul className="transfer-notes" aria-label="Left out or changed">
          {create.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      {create && create.blockers.length > 0 ? (
        <div className="error-note" role="alert">
          <div className="error-message">
            The target cannot hold this index: {create.blockers.join("; ")}.
          </div>
          <div className="error-remedy">
            Copy to a cluster that has these features, or create the target yourself and copy with
            Append.
          </div>
        </div>
      ) : null}
    </div>
  );
}
