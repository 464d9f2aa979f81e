/**
 * The Templates tab: composable and component templates made, edited and deleted
 * (TemplatesSection.tsx); legacy index templates and ILM policies listed read-only.
 */
import { call, ui } from "../../api/client.ts";
import { ErrorNote } from "../../ui/errors.tsx";
import { Loading, useLoad } from "../../ui/loading.tsx";
import { ObjectsSection } from "./ObjectsSection.tsx";
import { TemplatesSection } from "./TemplatesSection.tsx";

export function TemplatesTab({ connectionId }: { connectionId: string }) {
  const objects = useLoad(
    (signal) =>
      call(ui.connections[":id"]["table-objects"].$get, { param: { id: connectionId } }, signal),
    [connectionId],
  );
  const legacy = objects.data?.templates;
  return (
    <>
      <TemplatesSection connectionId={connectionId} />
      <Loading active={objects.loading} label="Loading…" />
      <ErrorNote error={objects.error} />
      {legacy ? (
        <ObjectsSection
          title="Legacy index templates"
          testId="legacy-templates"
          empty="No legacy index templates."
          list={{ ...legacy, items: legacy.items.filter((o) => o.kind === "legacy") }}
        />
      ) : null}
      {objects.data ? (
        <ObjectsSection
          title="ILM policies"
          testId="ilm-policies"
          empty="No ILM policies."
          list={objects.data.lifecyclePolicies}
        />
      ) : null}
    </>
  );
}
