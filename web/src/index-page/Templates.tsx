/**
 * A connection's index templates (composable and legacy), ILM policies, snapshot repositories and
 * snapshots, each list saying so when the cluster has no such feature; a snapshot can be restored
 * (admin/RestoreDialog.tsx), and on a cluster with security on its users, roles, role mappings and
 * API keys are listed and changed (admin/security/).
 */
import { type ReactNode, useState } from "react";
import type { ObjectList, ServiceObject, ServiceObjects } from "../../../src/core/table-details.ts";
import { call, ui } from "../api/client.ts";
import { ErrorNote } from "../ui/errors.tsx";
import { Loading, useLoad } from "../ui/loading.tsx";
import { RestoreDialog } from "./admin/RestoreDialog.tsx";
import { Security } from "./admin/security/Security.tsx";

const SECTIONS: [keyof ServiceObjects, string][] = [
  ["templates", "Index templates"],
  ["lifecyclePolicies", "ILM policies"],
  ["backupRepositories", "Snapshot repositories"],
  ["backups", "Snapshots"],
];

export function Templates({ connectionId }: { connectionId: string }) {
  const objects = useLoad(
    (signal) =>
      call(ui.connections[":id"]["table-objects"].$get, { param: { id: connectionId } }, signal),
    [connectionId],
  );
  const [restoring, setRestoring] = useState<ServiceObject | null>(null);
  const restore = (o: ServiceObject) => (
    <button type="button" className="small" onClick={() => setRestoring(o)}>
      Restore…
    </button>
  );
  return (
    <div className="index-page" data-testid="templates-page">
      <div className="toolbar">
        <h2 className="toolbar-title">Templates, ILM and snapshots</h2>
        <button type="button" className="small" onClick={objects.reload}>
          Reload
        </button>
      </div>
      <Loading active={objects.loading} label="Loading…" />
      <ErrorNote error={objects.error} />
      {objects.data
        ? SECTIONS.map(([key, title]) => (
            <Section
              key={key}
              title={title}
              list={objects.data![key]}
              {...(key === "backups" ? { actions: restore } : {})}
            />
          ))
        : null}
      <Security connectionId={connectionId} />
      {restoring ? (
        <RestoreDialog
          connectionId={connectionId}
          repository={restoring.kind ?? ""}
          snapshot={restoring.name}
          indices={((restoring.definition as { indices?: string[] }).indices ?? []).toSorted()}
          onClose={() => {
            setRestoring(null);
            objects.reload();
          }}
        />
      ) : null}
    </div>
  );
}

function Section({
  title,
  list,
  actions,
}: {
  title: string;
  list: ObjectList;
  actions?: (o: ServiceObject) => ReactNode;
}) {
  return (
    <section className="index-objects" aria-label={title}>
      <h3>{title}</h3>
      {!list.available ? (
        <p className="muted">{list.note ?? "Not available on this cluster."}</p>
      ) : list.items.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul>
          {list.items.map((o) => (
            <li key={`${o.kind ?? ""}/${o.name}`}>
              <details>
                <summary>
                  <code>{o.name}</code>
                  {o.kind ? <span className="muted"> ({o.kind})</span> : null} {o.summary}{" "}
                  {actions?.(o)}
                </summary>
                <pre className="index-json">{JSON.stringify(o.definition, null, 2)}</pre>
              </details>
            </li>
          ))}
        </ul>
      )}
      {list.available && list.note ? <p className="muted">{list.note}</p> : null}
    </section>
  );
}
