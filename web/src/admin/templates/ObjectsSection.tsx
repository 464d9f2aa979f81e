/**
 * A read-only list of the cluster's objects (legacy index templates, ILM policies) as a table,
 * each definition shown on demand. A list the cluster cannot give says why in the driver's words:
 * "This cluster has no ILM" where the feature is absent, "No ILM policies." where it is there
 * and empty.
 */
import type { ObjectList } from "../../../../src/core/table-details.ts";
import { AdminSection, AdminTable } from "../AdminTable.tsx";

export function ObjectsSection({
  title,
  list,
  testId,
  empty,
}: {
  title: string;
  list: ObjectList;
  testId: string;
  empty: string;
}) {
  return (
    <AdminSection title={title}>
      {!list.available ? (
        <p className="muted" data-testid={testId}>
          {list.note ?? "Not available on this cluster."}
        </p>
      ) : (
        <AdminTable
          testId={testId}
          columns={["Name", "Summary", "Definition"]}
          count={list.items.length}
          empty={empty}
        >
          {list.items.map((o) => (
            <tr key={`${o.kind ?? ""}/${o.name}`}>
              <td>
                <code>{o.name}</code>
              </td>
              <td>{o.summary}</td>
              <td>
                <details>
                  <summary>JSON</summary>
                  <pre className="index-json">{JSON.stringify(o.definition, null, 2)}</pre>
                </details>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {list.available && list.note ? <p className="muted">{list.note}</p> : null}
    </AdminSection>
  );
}
