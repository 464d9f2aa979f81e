/** The console's tabs: pick one, add one, rename one (double-click), close one. */
import { useState } from "react";
import type { useConsoleTabs } from "./use-console-tabs.ts";
import "../results/results.css";

type Tabs = ReturnType<typeof useConsoleTabs>;

export function ConsoleTabBar({ tabs }: { tabs: Tabs }) {
  const [editing, setEditing] = useState<string | null>(null);
  if (!tabs.view) return null;
  const { active } = tabs.view;
  return (
    <div className="console-tabs" role="tablist" aria-label="Console tabs">
      {tabs.view.tabs.map((t) => (
        <div
          key={t.id}
          className={t.id === active ? "console-tab selected" : "console-tab"}
          data-testid="console-tab"
        >
          {editing === t.id ? (
            <input
              aria-label="Tab name"
              defaultValue={t.name}
              // biome-ignore lint/a11y/noAutofocus: renaming starts by typing the new name
              autoFocus
              onFocus={(e) => e.currentTarget.select()}
              onBlur={(e) => {
                tabs.rename(t.id, e.currentTarget.value);
                setEditing(null);
              }}
              onKeyDown={(e) => {
                if (e.key === "Enter") e.currentTarget.blur();
                if (e.key === "Escape") setEditing(null);
              }}
            />
          ) : (
            <button
              type="button"
              role="tab"
              aria-selected={t.id === active}
              onClick={() => tabs.select(t.id)}
              onDoubleClick={() => setEditing(t.id)}
              title="Double-click to rename"
            >
              {t.name}
            </button>
          )}
          <button
            type="button"
            className="tab-close"
            aria-label={`Close ${t.name}`}
            title="Close the tab"
            onClick={() => tabs.close(t.id)}
          >
            ×
          </button>
        </div>
      ))}
      <button
        type="button"
        className="small"
        aria-label="New tab"
        title="A new tab"
        onClick={() => tabs.add()}
      >
        +
      </button>
      <button
        type="button"
        className="small link"
        onClick={() => setEditing(active)}
        title="Rename the open tab"
      >
        Rename
      </button>
    </div>
  );
}
