/** The Connect a Client sheet: copyable snippets for four clients, carrying this install's bridge path. */
import { useState } from "react";
import { get } from "../api/client.ts";
import type { ConnectClientSheet as Sheet } from "../api/types.ts";
import { copyText } from "../ui/clipboard.ts";
import { ErrorNote, useToasts } from "../ui/errors.tsx";
import { Loading, useLoad } from "../ui/loading.tsx";
import { Modal } from "../ui/modal.tsx";

export function ConnectClientSheet({ onClose }: { onClose: () => void }) {
  const sheet = useLoad((signal) => get<Sheet>("/mcp/connect-client", { signal }), []);
  const [active, setActive] = useState(0);
  const toasts = useToasts();
  const snippet = sheet.data?.snippets[active];
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
          <div className="tabs-row" role="tablist" aria-label="Clients">
            {sheet.data.snippets.map((s, i) => (
              <button
                key={s.client}
                type="button"
                role="tab"
                aria-selected={i === active}
                className={i === active ? "tab active" : "tab"}
                onClick={() => setActive(i)}
              >
                {s.title}
              </button>
            ))}
          </div>
          {snippet ? (
            <div className="snippet" role="tabpanel" data-testid="client-snippet">
              <div className="snippet-where">
                {snippet.format === "shell" ? "Run in a terminal:" : "Add to"}{" "}
                <code>{snippet.where}</code>
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
          ) : null}
        </>
      ) : null}
    </Modal>
  );
}
