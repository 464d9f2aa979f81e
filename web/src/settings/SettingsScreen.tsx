/** Settings: Integrations (the MCP server, tokens, approvals, audit, Connect a Client) and Plugins. */
import { navigate } from "../navigation/route.ts";
import { Integrations } from "./Integrations.tsx";
import { Plugins } from "./Plugins.tsx";

export function SettingsScreen({ section }: { section: "plugins" | "integrations" }) {
  return (
    <div className="settings">
      <nav className="settings-nav" aria-label="Settings sections">
        <h2>Settings</h2>
        <button
          type="button"
          className={section === "integrations" ? "nav-item active" : "nav-item"}
          aria-current={section === "integrations" ? "page" : undefined}
          onClick={() => navigate({ screen: "settings", section: "integrations" })}
        >
          Integrations
        </button>
        <button
          type="button"
          className={section === "plugins" ? "nav-item active" : "nav-item"}
          aria-current={section === "plugins" ? "page" : undefined}
          onClick={() => navigate({ screen: "settings", section: "plugins" })}
        >
          Plugins
        </button>
      </nav>
      <div className="settings-body">{section === "plugins" ? <Plugins /> : <Integrations />}</div>
    </div>
  );
}
