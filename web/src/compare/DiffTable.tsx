/** The differences as a table, grouped by what they are part of; a document's fields side by side. */
import type { CompareDocumentAnswer, DiffRow } from "../api/types.ts";
import { TableHead } from "../ui/TableHead.tsx";

const KIND: Record<DiffRow["kind"], string> = {
  only_left: "only left",
  only_right: "only right",
  changed: "differs",
};

export function DiffTable({
  rows,
  onOpen,
}: {
  rows: DiffRow[];
  onOpen: ((id: string) => void) | undefined;
}) {
  if (rows.length === 0) return <p className="muted">Nothing to show.</p>;
  return (
    <table className="compare-table" data-testid="compare-rows">
      <TableHead columns={["Group", "What", "Difference", "Left", "Right", ""]} />
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.group}/${r.key}`} className={`kind-${r.kind}`}>
            <td>{r.group}</td>
            <td className="mono">{r.key}</td>
            <td>{KIND[r.kind]}</td>
            <td className="mono">{r.left ?? ""}</td>
            <td className="mono">{r.right ?? ""}</td>
            <td>
              {r.group === "documents" && onOpen ? (
                <button type="button" className="small" onClick={() => onOpen(r.key)}>
                  Open both
                </button>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const text = (v: unknown) => (v === undefined ? "" : JSON.stringify(v, null, 1));

export function FieldDiffView({
  answer,
  onClose,
}: {
  answer: CompareDocumentAnswer;
  onClose: () => void;
}) {
  return (
    <section
      className="card compare-document"
      aria-label={`Document ${answer.id}`}
      data-testid="compare-document"
    >
      <div className="card-header">
        <h3>
          _id <span className="mono">{answer.id}</span>
        </h3>
        <button type="button" className="small" onClick={onClose}>
          Close
        </button>
      </div>
      {!answer.left || !answer.right ? (
        <p>Only on the {answer.left ? "left" : "right"} side.</p>
      ) : answer.fields.length === 0 ? (
        <p>The same on both sides.</p>
      ) : (
        <table className="compare-table">
          <TableHead columns={["Field", "Left", "Right"]} />
          <tbody>
            {answer.fields.map((f) => (
              <tr key={f.path} className={`kind-${f.kind}`}>
                <td className="mono">{f.path}</td>
                <td className="mono">{text(f.left)}</td>
                <td className="mono">{text(f.right)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="compare-sources">
        <pre className="mono">{text(answer.left ?? undefined)}</pre>
        <pre className="mono">{text(answer.right ?? undefined)}</pre>
      </div>
    </section>
  );
}
