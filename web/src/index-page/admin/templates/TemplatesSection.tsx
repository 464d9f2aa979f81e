/**
 * A connection's composable index templates and component templates: "New template…", and for
 * each Edit… (TemplateEditor.tsx) and Delete…, which asks for its name typed.
 */
import { useState } from "react";
import type { TemplateInfo } from "../../../../../src/core/cluster-admin.ts";
import { call, ui } from "../../../api/client.ts";
import { shownError } from "../../../ui/errors.tsx";
import { Loading, useLoad } from "../../../ui/loading.tsx";
import { FixedActionDialog } from "../FixedActionDialog.tsx";
import { TemplateEditor } from "./TemplateEditor.tsx";

type Open = { what: "edit"; saved?: TemplateInfo } | { what: "delete"; saved: TemplateInfo } | null;

export function TemplatesSection({ connectionId }: { connectionId: string }) {
  const list = useLoad(
    (signal) =>
      call(ui.connections[":id"].admin.templates.$get, { param: { id: connectionId } }, signal),
    [connectionId],
  );
  const [open, setOpen] = useState<Open>(null);
  const close = () => {
    setOpen(null);
    list.reload();
  };
  const what = (t: TemplateInfo) => (t.kind === "table" ? "index template" : "component template");
  return (
    <section className="index-objects" aria-label="Index templates">
      <h3>
        Index templates{" "}
        <button type="button" className="small" onClick={() => setOpen({ what: "edit" })}>
          New template…
        </button>
      </h3>
      <Loading active={list.loading} label="Loading…" />
      {list.error ? <p className="muted">{shownError(list.error).message}</p> : null}
      {list.data?.templates.length === 0 ? <p className="muted">None.</p> : null}
      <ul data-testid="templates-list">
        {list.data?.templates.map((t) => (
          <li key={`${t.kind}/${t.name}`}>
            <details>
              <summary>
                <code>{t.name}</code> <span className="muted">({what(t)})</span> {summaryOf(t)}{" "}
                <button
                  type="button"
                  className="small"
                  onClick={() => setOpen({ what: "edit", saved: t })}
                >
                  Edit…
                </button>{" "}
                <button
                  type="button"
                  className="small danger"
                  onClick={() => setOpen({ what: "delete", saved: t })}
                >
                  Delete…
                </button>
              </summary>
              <pre className="index-json">{JSON.stringify(t.definition, null, 2)}</pre>
            </details>
          </li>
        ))}
      </ul>
      {open?.what === "edit" ? (
        <TemplateEditor
          connectionId={connectionId}
          {...(open.saved ? { saved: open.saved } : {})}
          onClose={close}
        />
      ) : null}
      {open?.what === "delete" ? (
        <FixedActionDialog
          connectionId={connectionId}
          title={`Delete template ${open.saved.name}`}
          text={`The ${what(open.saved)} ${open.saved.name} is deleted; indices that exist keep what it gave them.`}
          input={{ action: "template-delete", kind: open.saved.kind, name: open.saved.name }}
          onClose={close}
        />
      ) : null}
    </section>
  );
}

function summaryOf(t: TemplateInfo): string {
  return [
    t.patterns.length > 0 ? `patterns ${t.patterns.join(", ")}` : "",
    t.priority !== null ? `priority ${t.priority}` : "",
    t.composedOf.length > 0 ? `composed of ${t.composedOf.join(", ")}` : "",
  ]
    .filter(Boolean)
    .join(" · ");
}
