/**
 * A connection's composable index templates and component templates: "New template…", and for
 * each Edit… (TemplateEditor.tsx) and Delete…, which asks for its name typed.
 */
import { useState } from "react";
import type { TemplateInfo } from "../../../../src/core/cluster-admin.ts";
import { call, ui } from "../../api/client.ts";
import { shownError } from "../../ui/errors.tsx";
import { Loading, useLoad } from "../../ui/loading.tsx";
import { Actions, AdminSection, AdminTable } from "../AdminTable.tsx";
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
    <AdminSection
      title="Index templates"
      create={{ label: "New template…", open: () => setOpen({ what: "edit" }) }}
    >
      <Loading active={list.loading} label="Loading…" />
      {list.error ? <p className="muted">{shownError(list.error).message}</p> : null}
      {list.data ? (
        <AdminTable
          testId="templates-list"
          columns={["Name", "Kind", "Patterns", "Priority", "Composed of", "Definition", ""]}
          count={list.data.templates.length}
          empty="No index or component templates."
        >
          {list.data.templates.map((t) => (
            <tr key={`${t.kind}/${t.name}`} data-template={t.name}>
              <td>
                <code>{t.name}</code>
              </td>
              <td>{what(t)}</td>
              <td>{t.patterns.join(", ")}</td>
              <td>{t.priority ?? ""}</td>
              <td>{t.composedOf.join(", ")}</td>
              <td>
                <details>
                  <summary>JSON</summary>
                  <pre className="index-json">{JSON.stringify(t.definition, null, 2)}</pre>
                </details>
              </td>
              <Actions>
                <button
                  type="button"
                  className="small"
                  onClick={() => setOpen({ what: "edit", saved: t })}
                >
                  Edit…
                </button>
                <button
                  type="button"
                  className="small danger"
                  onClick={() => setOpen({ what: "delete", saved: t })}
                >
                  Delete…
                </button>
              </Actions>
            </tr>
          ))}
        </AdminTable>
      ) : null}
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
    </AdminSection>
  );
}
