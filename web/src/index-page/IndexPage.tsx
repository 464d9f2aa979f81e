/**
 * An index's page: its state and health, the everyday actions (each shown as its exact request and
 * confirmed before it is sent), and its details in tabs: overview and statistics, settings (JSON),
 * mapping (a tree and JSON), aliases (add, remove) and shards. The last action's answer, or the
 * cluster's refusal with its reason, stays on the page.
 */
import { useState } from "react";
import type { TableActionInput, TableDetails } from "../../../src/core/table-details.ts";
import { call, ui } from "../api/client.ts";
import { navigate } from "../navigation/route.ts";
import { useCopyDialog, useImportDialog } from "../transfer/useTransferDialogs.tsx";
import { ErrorNote } from "../ui/errors.tsx";
import { Loading, useLoad } from "../ui/loading.tsx";
import { TabList } from "../ui/TabList.tsx";
import { ActionDialog } from "./ActionDialog.tsx";
import { AliasesTab, OverviewTab, SettingsTab, ShardsTab } from "./IndexTabs.tsx";
import { MappingTab } from "./MappingTree.tsx";
import { OutcomeNote } from "./OutcomeNote.tsx";
import { type Outcome, useIndexAction } from "./use-index-action.ts";

const TABS = ["Overview", "Settings", "Mapping", "Aliases", "Shards"] as const;
type Tab = (typeof TABS)[number];

export function IndexPage({ connectionId, table }: { connectionId: string; table: string }) {
  const details = useLoad(
    (signal) =>
      call(
        ui.connections[":id"].tables[":table"].details.$get,
        { param: { id: connectionId, table } },
        signal,
      ),
    [connectionId, table],
  );
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const action = useIndexAction(connectionId, (o) => {
    setOutcome(o);
    if (o.run.result.kind === "error") return;
    if (o.input.action === "delete") navigate({ screen: "data", connectionId });
    else details.reload();
  });
  const d = details.data;
  const copyDialog = useCopyDialog(connectionId, table);
  const importDialog = useImportDialog(connectionId, table);
  const run: Run = (a, planNow = true) => {
    setOutcome(null);
    action.open(a, planNow);
  };
  return (
    <div className="index-page" data-testid="index-page">
      <div className="toolbar" role="toolbar" aria-label="Index actions">
        <h2 className="toolbar-title" title={table}>
          {table}
        </h2>
        {d ? (
          <span className={`index-state state-${d.state ?? "unknown"}`} data-testid="index-state">
            {d.state === "close" ? "closed" : (d.state ?? "unknown")}
            {d.health ? ` · ${d.health}` : ""}
          </span>
        ) : null}
        <button
          type="button"
          className="small"
          onClick={() => navigate({ screen: "data", connectionId, table })}
        >
          Browse
        </button>
        <button
          type="button"
          className="small"
          title="Compare it with another index, here or on another cluster"
          onClick={() => navigate({ screen: "compare", left: { connection: connectionId, table } })}
        >
          Compare…
        </button>
        <button type="button" className="small" onClick={details.reload}>
          Reload
        </button>
        <ActionButtons
          table={table}
          details={d}
          run={run}
          onCopyTo={copyDialog.open}
          onImport={importDialog.open}
        />
      </div>
      <OutcomeNote outcome={outcome} onDismiss={() => setOutcome(null)} />
      <Loading active={details.loading} label="Loading the index…" />
      <ErrorNote error={details.error}>
        <button type="button" className="small" onClick={details.reload}>
          Retry
        </button>
      </ErrorNote>
      {d ? <DetailsTabs details={d} run={run} /> : null}
      <ActionDialog key={action.input ? `${action.input.action}` : "none"} action={action} />
      {copyDialog.dialog}
      {importDialog.dialog}
    </div>
  );
}

/** The details in tabs: overview, settings, mapping, aliases (with add and remove), shards. */
function DetailsTabs({ details: d, run }: { details: TableDetails; run: Run }) {
  const [tab, setTab] = useState<Tab>("Overview");
  const table = d.name;
  return (
    <>
      <TabList
        label="Index details"
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        className="index-tabs"
      />
      <div className="index-tab-body" role="tabpanel" aria-label={tab}>
        {tab === "Overview" ? <OverviewTab details={d} /> : null}
        {tab === "Settings" ? <SettingsTab details={d} /> : null}
        {tab === "Mapping" ? <MappingTab schema={d.schema} tree={d.fields} /> : null}
        {tab === "Aliases" ? (
          <AliasesTab
            details={d}
            onAdd={(alias) => run({ action: "alias-add", table, alias })}
            onRemove={(alias) => run({ action: "alias-remove", table, alias })}
          />
        ) : null}
        {tab === "Shards" ? <ShardsTab details={d} /> : null}
      </div>
    </>
  );
}

type Run = (input: TableActionInput, planNow?: boolean) => void;

/** The actions of the toolbar; each opens its confirmation with the exact request. */
function ActionButtons({
  table,
  details: d,
  run,
  onCopyTo,
  onImport,
}: {
  table: string;
  details: TableDetails | undefined;
  run: Run;
  onCopyTo: () => void;
  onImport: () => void;
}) {
  const closed = d?.state === "close";
  return (
    <>
      <span className="toolbar-sep" />
      {closed ? (
        <button type="button" className="small" onClick={() => run({ action: "open", table })}>
          Open
        </button>
      ) : (
        <button type="button" className="small" onClick={() => run({ action: "close", table })}>
          Close…
        </button>
      )}
      <button type="button" className="small" onClick={() => run({ action: "refresh", table })}>
        Refresh
      </button>
      <button type="button" className="small" onClick={() => run({ action: "flush", table })}>
        Flush
      </button>
      <button
        type="button"
        className="small"
        onClick={() => run({ action: "compact", table, maxSegments: 1 }, false)}
      >
        Force merge…
      </button>
      <button type="button" className="small" onClick={() => run({ action: "clear-cache", table })}>
        Clear cache
      </button>
      <button
        type="button"
        className="small"
        disabled={d ? !d.copy.available : true}
        title={d && !d.copy.available ? d.copy.note : "Copy every document into a new index"}
        onClick={() => run({ action: "copy", table, target: `${table}-copy` }, false)}
      >
        Reindex…
      </button>
      <button
        type="button"
        className="small"
        onClick={onCopyTo}
        title="Copy to another index or cluster"
      >
        Copy to…
      </button>
      <button type="button" className="small" onClick={onImport} title="Import a file into it">
        Import…
      </button>
      <span className="toolbar-sep" />
      <button
        type="button"
        className="small danger"
        onClick={() => run({ action: "delete", table })}
      >
        Delete…
      </button>
    </>
  );
}
