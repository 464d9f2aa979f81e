/**
 * The first records of a file to import, as the import will read them: a small table of their
 * line, _id and first fields, and the lines that are not documents with the reason.
 */
import type { ImportPreview } from "../api/types.ts";

const MAX_CELL = 80;

function cell(value: unknown): string {
  if (value === undefined) return "";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 1)}…` : text;
}

export function PreviewTable({ preview }: { preview: ImportPreview }) {
  const { columns, rows } = preview;
  if (rows.length === 0) return <p className="hint">The file holds no documents.</p>;
  const hasKeys = rows.some((r) => r.key !== null);
  const span = columns.length + (hasKeys ? 1 : 0);
  return (
    <div className="transfer-preview">
      <table data-testid="import-preview" aria-label="The file's first documents">
        <thead>
          <tr>
            <th scope="col">Line</th>
            {hasKeys ? <th scope="col">_id</th> : null}
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) =>
            r.document ? (
              <tr key={r.line}>
                <td className="transfer-line">{r.line}</td>
                {hasKeys ? <td>{r.key ?? ""}</td> : null}
                {columns.map((c) => (
                  <td key={c}>{cell(r.document?.[c])}</td>
                ))}
              </tr>
            ) : (
              <tr key={r.line} className="transfer-bad-line">
                <td className="transfer-line">{r.line}</td>
                <td colSpan={Math.max(span, 1)}>Not imported: {r.reason}</td>
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}
