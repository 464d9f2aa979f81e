/**
 * A connection's templates, ILM policies, snapshots and users: composable and component templates
 * created, edited and deleted (admin/templates/), repositories and snapshots managed
 * (admin/snapshots/), legacy templates and ILM policies listed read-only, each list saying so
 * when the cluster has no such feature; on a cluster with security on its users, roles, role mappings and API keys are
 * listed and changed (admin/security/).
 */
import type { ObjectList } from "../../../src/core/table-details.ts";
import { call, ui } from "../api/client.ts";
import { ErrorNote } from "../ui/errors.tsx";
import { Loading, useLoad } from "../ui/loading.tsx";
import { Security } from "./admin/security/Security.tsx";
import { SnapshotsSection } from "./admin/snapshots/SnapshotsSection.tsx";
import { TemplatesSection } from "./admin/templates/TemplatesSection.tsx";

export function Templates({ connectionId }: { connectionId: string }) {
  const objects = useLoad(
    (signal) =>
      call(ui.connections[":id"]["table-objects"].$get, { param: { id: connectionId } }, signal),
    [connectionId],
  );
  const legacy = objects.data?.templates;
  return (
    <div className="index-page" data-testid="templates-page">
      <div className="toolbar">
        <h2 className="toolbar-title">Templates, ILM and snapshots</h2>
        <button type="button" className="small" onClick={objects.reload}>
          Reload
        </button>
      </div>
      <TemplatesSection connectionId={connectionId} />
      <Loading active={objects.loading} label="Loading…" />
      <ErrorNote error={objects.error} />
      {legacy ? (
        <Section
          title="Legacy index templates"
          list={{ ...legacy, items: legacy.items.filter((o) => o.kind === "legacy") }}
        />
      ) : null}
      {objects.data ? <Section title="ILM policies" list={objects.data.lifecyclePolicies} /> : null}
      <SnapshotsSection connectionId={connectionId} />
      <Security connectionId={connectionId} />
    </div>
  );
}

/** A read-only list of the cluster's objects, each definition shown on demand. */
function Section({ title, list }: { title: string; list: ObjectList }) {
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
                  {o.kind ? <span className="muted"> ({o.kind})</span> : null} {o.summary}
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
