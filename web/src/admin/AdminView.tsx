/**
 * A connection's administration, reached from the top bar's Admin (Alt+A): Snapshots
 * (repositories and their snapshots), Security (users, roles, role mappings, API keys) and
 * Templates (index, component and legacy templates, ILM policies), one tab each, every list a
 * table as the cluster page draws them. A feature the cluster lacks is said as such, in the tab
 * that would show it.
 */
import { useState } from "react";
import { ADMIN_TABS, type AdminTab, navigate } from "../navigation/route.ts";
import { TabList } from "../ui/TabList.tsx";
import { Security } from "./security/Security.tsx";
import { SnapshotsSection } from "./snapshots/SnapshotsSection.tsx";
import { TemplatesTab } from "./templates/TemplatesTab.tsx";
import "./admin.css";

const LABELS: Record<AdminTab, string> = {
  snapshots: "Snapshots",
  security: "Security",
  templates: "Templates",
};

export function AdminView({ connectionId, tab }: { connectionId: string; tab: AdminTab }) {
  // Reload draws the tab anew, so every list in it is read again.
  const [version, setVersion] = useState(0);
  return (
    <div className="admin-view" data-testid="admin-view">
      <div className="toolbar admin-toolbar">
        <h2 className="toolbar-title">Administration</h2>
        <TabList
          label="Administration"
          tabs={ADMIN_TABS}
          selected={tab}
          onSelect={(t) => navigate({ screen: "admin", connectionId, tab: t })}
          labelOf={(t) => LABELS[t]}
          idOf={(t) => `admin-tab-${t}`}
          panelId="admin-panel"
        />
        <button type="button" className="small" onClick={() => setVersion((v) => v + 1)}>
          Reload
        </button>
      </div>
      <div
        className="view-body"
        role="tabpanel"
        id="admin-panel"
        aria-labelledby={`admin-tab-${tab}`}
        data-testid={`admin-${tab}`}
      >
        {tab === "snapshots" ? (
          <SnapshotsSection key={version} connectionId={connectionId} />
        ) : tab === "security" ? (
          <Security key={version} connectionId={connectionId} />
        ) : (
          <TemplatesTab key={version} connectionId={connectionId} />
        )}
      </div>
    </div>
  );
}
