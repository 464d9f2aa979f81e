/**
 * One index in the sidebar: open it in the grid, or open its page (details, actions, deletion
 * behind a typed-name confirmation).
 */
import type { TableInfo } from "../api/types.ts";
import { navigate } from "../navigation/route.ts";

export function IndexItem({
  table: t,
  connectionId,
  selected,
}: {
  table: TableInfo;
  connectionId: string;
  selected: boolean;
}) {
  return (
    <li className={selected ? "index-item selected" : "index-item"}>
      <button
        type="button"
        className="index-open"
        onClick={() => navigate({ screen: "data", connectionId, table: t.name })}
        aria-current={selected ? "true" : undefined}
        title={t.status === "close" ? `${t.name} (closed)` : t.name}
      >
        <span className="index-name">{t.name}</span>
        <span className="index-count" data-testid="index-count">
          {t.docCount === null ? t.status : t.docCount.toLocaleString("en-US")}
        </span>
      </button>
      <button
        type="button"
        className="icon index-details"
        title={`Details and actions of ${t.name}`}
        aria-label={`Index page of ${t.name}`}
        onClick={() => navigate({ screen: "data", connectionId, table: t.name, view: "index" })}
      >
        <InfoIcon />
      </button>
    </li>
  );
}

function InfoIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d="M8 1.5a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13zm0 1.3a5.2 5.2 0 1 0 0 10.4A5.2 5.2 0 0 0 8 2.8zM7.3 7h1.4v4.5H7.3V7zm.7-2.6a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8z"
        fill="currentColor"
      />
    </svg>
  );
}
