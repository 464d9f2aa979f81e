/** The index page's tabs other than the mapping: overview and statistics, settings, aliases, shards. */
import { useState } from "react";
import { bytesText, countText } from "../../../src/core/impact.ts";
import type { TableDetails } from "../../../src/core/table-details.ts";
import { JsonEditor } from "../ui/JsonEditor.tsx";
import { TableHead } from "../ui/TableHead.tsx";

const count = (n: number | null | undefined) =>
  n === null || n === undefined ? "–" : countText(n);
const bytes = (n: number | null | undefined) =>
  n === null || n === undefined ? "–" : bytesText(n);

export function OverviewTab({ details: d }: { details: TableDetails }) {
  const s = d.stats;
  const rows: [string, string][] = [
    ["State", d.state === "close" ? "closed" : (d.state ?? "unknown")],
    ["Health", d.health ?? "unknown"],
    ["Documents", count(s?.docs)],
    ["Deleted documents", count(s?.deletedDocs)],
    ["Size (all copies)", bytes(s?.sizeBytes)],
    ["Size (primaries)", bytes(s?.primarySizeBytes)],
    ["Segments", count(s?.segments)],
    ["Primary shards", count(s?.primaries)],
    ["Replicas", count(s?.replicas)],
    ["Aliases", d.aliases.map((a) => a.name).join(", ") || "none"],
    ["Reindex", d.copy.available ? "available" : (d.copy.note ?? "not available")],
  ];
  return (
    <>
      <table className="index-facts" data-testid="index-stats">
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k}>
              <th scope="row">{k}</th>
              <td>{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {d.notes.map((n) => (
        <p key={n} className="muted">
          {n}
        </p>
      ))}
    </>
  );
}

export function SettingsTab({ details }: { details: TableDetails }) {
  return (
    <JsonEditor
      value={JSON.stringify(details.settings, null, 2)}
      readOnly
      label="Index settings (read-only)"
      minHeight={300}
    />
  );
}

export function AliasesTab({
  details,
  onAdd,
  onRemove,
}: {
  details: TableDetails;
  onAdd: (alias: string) => void;
  onRemove: (alias: string) => void;
}) {
  const [name, setName] = useState("");
  return (
    <>
      {details.aliases.length === 0 ? <p className="muted">This index has no alias.</p> : null}
      <ul className="index-aliases" data-testid="index-aliases">
        {details.aliases.map((a) => (
          <li key={a.name}>
            <code>{a.name}</code>
            {Object.keys(a.properties).length > 0 ? (
              <span className="muted"> {JSON.stringify(a.properties)}</span>
            ) : null}
            <button
              type="button"
              className="small"
              aria-label={`Remove alias ${a.name}`}
              onClick={() => onRemove(a.name)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <form
        className="index-params"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) onAdd(name.trim());
        }}
      >
        <label>
          New alias
          <input value={name} onChange={(e) => setName(e.target.value)} spellCheck={false} />
        </label>
        <button type="submit" className="small" disabled={!name.trim()}>
          Add alias…
        </button>
      </form>
    </>
  );
}

export function ShardsTab({ details }: { details: TableDetails }) {
  return (
    <table className="index-shards" data-testid="index-shards">
      <TableHead columns={["Shard", "Role", "State", "Documents", "Size", "Node"]} />
      <tbody>
        {details.partitions.map((p) => (
          <tr key={`${p.partition}-${p.primary ? "p" : "r"}-${p.node ?? ""}`}>
            <td>{p.partition}</td>
            <td>{p.primary ? "primary" : "replica"}</td>
            <td>{p.state}</td>
            <td>{count(p.docs)}</td>
            <td>{bytes(p.sizeBytes)}</td>
            <td>{p.node ?? (p.unassignedReason ? `unassigned: ${p.unassignedReason}` : "–")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
