/** A link to the reference page of the request at the cursor, for the cluster's version. */
import { useEffect, useState } from "react";
import { call, ui } from "../../api/client.ts";
import type { ConsoleReference, ParsedConsoleRequest } from "../../api/types.ts";

export function ReferenceLink({
  connectionId,
  current,
}: {
  connectionId: string;
  current: ParsedConsoleRequest | null;
}) {
  const method = current?.request?.method;
  const path = current?.request?.path;
  const [link, setLink] = useState<ConsoleReference["link"]>(null);
  useEffect(() => {
    if (!method || !path) {
      setLink(null);
      return;
    }
    let live = true;
    call(ui.connections[":id"].console.reference.$post, {
      param: { id: connectionId },
      json: { request: { method, path } },
    })
      .then((r) => live && setLink(r.link))
      .catch(() => live && setLink(null));
    return () => {
      live = false;
    };
  }, [connectionId, method, path]);
  if (!link) return null;
  return (
    <a
      className="small reference-link"
      href={link.url}
      target="_blank"
      rel="noreferrer"
      title={`Open the reference page of ${link.label} for this cluster's version`}
    >
      Reference: {link.label} ↗
    </a>
  );
}
