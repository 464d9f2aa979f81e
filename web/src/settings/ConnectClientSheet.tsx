/** The Connect a Client sheet: copyable snippets for four clients, carrying this install's bridge path. */
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { call, ui } from "../api/client.ts";
import type { ConnectClientSheet as Sheet } from "../api/types.ts";
import { copyText } from "../ui/clipboard.ts";
import { ErrorNote, useToasts } from "../ui/errors.tsx";
import { Loading, useLoad } from "../ui/loading.tsx";
import { Modal } from "../ui/modal.tsx";

export function ConnectClientSheet({ onClose }: { onClose: () => void }) {
  const sheet = useLoad((signal) => call(ui.mcp["connect-client"].$get, {}, signal), []);
  const [active, setActive] = useState(0);
  const snippet = sheet.data?.snippets[active];
  const ids = useId();
  const tabId = (i: number) => `${ids}-tab-${i}`;
  const panelId = `${ids}-panel`;
  const tablist = useRef<HTMLDivElement>(null);

  /**
   * The ARIA tabs pattern: ←/→ move to the previous or next client (wrapping), Home and End to
   * the first and last, each showing its snippet at once; Tab goes from the chosen tab to the
   * snippet, since the other tabs are out of the Tab order.
   */
  const onTabKey = (e: KeyboardEvent) => {
    const count = sheet.data?.snippets.length ?? 0;
    const next = tabAfterKey(e.key, active, count);
    if (next === null || count === 0) return;
    e.preventDefault();
    setActive(next);
    tablist.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <Modal title="Connect a Client" onClose={onClose} wide>
      <Loading active={sheet.loading} label="Loading…" />
      <ErrorNote error={sheet.error} />
      {sheet.data ? (
        <>
          <p>
            AI clients start Quarry's bridge,{" "}
            <code data-testid="bridge-path">{sheet.data.bridgePath}</code>, over stdio. No token or
            port goes in their configuration. Quarry never edits another application's files: paste
            the snippet yourself.
          </p>
          <div
            className="tabs-row"
            role="tablist"
            aria-label="Clients"
            ref={tablist}
            onKeyDown={onTabKey}
          >
            {sheet.data.snippets.map((s, i) => (
              <button
                key={s.client}
                type="button"
                role="tab"
                id={tabId(i)}
                aria-selected={i === active}
                aria-controls={panelId}
                tabIndex={i === active ? 0 : -1}
                className={i === active ? "tab active" : "tab"}
                onClick={() => setActive(i)}
              >
                {s.title}
              </button>
            ))}
          </div>
          {snippet ? (
            <SnippetPanel snippet={snippet} id={panelId} labelledBy={tabId(active)} />
          ) : null}
        </>
      ) : null}
    </Modal>
  );
}

/** The tab that ←, →, Home or End moves to from `active` (wrapping), or null for another key. */
function tabAfterKey(key: string, active: number, count: number): number | null {
  if (key === "ArrowRight") return (active + 1) % count;
  if (key === "ArrowLeft") return (active - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/** One client's snippet: where it goes, the text, and a copy button. */
function SnippetPanel({
  snippet,
  id,
  labelledBy,
}: {
  snippet: Sheet["snippets"][number];
  id: string;
  labelledBy: string;
}) {
  const toasts = useToasts();
  return (
    <div
      className="snippet"
      role="tabpanel"
      id={id}
      aria-labelledby={labelledBy}
      data-testid="client-snippet"
    >
      <div className="snippet-where">
        {snippet.format === "shell" ? "Run in a terminal:" : "Add to"} <code>{snippet.where}</code>
      </div>
      <pre>{snippet.text}</pre>
      <button
        type="button"
        className="small primary"
        onClick={() =>
          copyText(snippet.text).then(
            () => toasts.success(`${snippet.title} snippet copied.`),
            (e) => toasts.error(e),
          )
        }
      >
        Copy
      </button>
    </div>
  );
}
