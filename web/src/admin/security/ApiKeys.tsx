/**
 * The cluster's live API keys (invalidated ones are left out): name, id, owner, created and
 * expiry, never a secret (the cluster does not give it again), with "Invalidate…"; and "New API
 * key…".
 */
import type { AccessKeyInfo } from "../../../../src/core/cluster-security.ts";
import { Actions } from "../AdminTable.tsx";
import type { OpenDialog } from "./dialogs.tsx";
import { ConfirmButton, SecurityList } from "./list-parts.tsx";

const day = (iso: string | null) => (iso ? iso.slice(0, 16).replace("T", " ") : null);

export function ApiKeys({ keys, open }: { keys: AccessKeyInfo[]; open: OpenDialog }) {
  const live = keys.filter((k) => !k.invalidated);
  return (
    <SecurityList
      title="API keys"
      create={{ label: "New API key…", open: () => open({ kind: "key" }) }}
      testId="api-keys-list"
      columns={["Name", "Id", "Owner", "Created", "Expires", ""]}
      count={live.length}
      empty="No live API keys."
    >
      {live.map((k) => (
        <tr key={k.id} data-key={k.name}>
          <td>
            <code>{k.name || "(unnamed)"}</code>
          </td>
          <td>{k.id}</td>
          <td>{k.owner ?? "unknown"}</td>
          <td>{day(k.createdAt) ?? "?"}</td>
          <td>{k.expiresAt ? day(k.expiresAt) : "never"}</td>
          <Actions>
            {k.name ? (
              <ConfirmButton
                label="Invalidate…"
                title={`Invalidate API key ${k.name}`}
                input={{ action: "key-invalidate", name: k.name, id: k.id }}
                open={open}
              />
            ) : null}
          </Actions>
        </tr>
      ))}
    </SecurityList>
  );
}
