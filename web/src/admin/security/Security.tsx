/**
 * Who may do what on the connection's cluster (docs/decisions.md, "Security in the UI"): users,
 * roles, role mappings and API keys, listed on a cluster with security on (the tab says when it
 * has none), each change opened in a dialog that shows the exact request and asks for the name
 * typed before it is sent.
 */
import { useState } from "react";
import { call, ui } from "../../api/client.ts";
import { shownError } from "../../ui/errors.tsx";
import { Loading, useLoad } from "../../ui/loading.tsx";
import { AdminSection } from "../AdminTable.tsx";
import { ApiKeys } from "./ApiKeys.tsx";
import { type SecurityDialog, SecurityDialogs } from "./dialogs.tsx";
import { RoleMappings } from "./RoleMappings.tsx";
import { Roles } from "./Roles.tsx";
import { Users } from "./Users.tsx";

export function Security({ connectionId }: { connectionId: string }) {
  const loaded = useLoad(
    async (signal) => {
      const admin = ui.connections[":id"].admin;
      const param = { param: { id: connectionId } };
      const [u, r, m, k] = await Promise.all([
        call(admin.users.$get, param, signal),
        call(admin.roles.$get, param, signal),
        call(admin["role-mappings"].$get, param, signal),
        call(admin["api-keys"].$get, param, signal),
      ]);
      return { users: u.users, roles: r.roles, mappings: m.roleMappings, keys: k.keys };
    },
    [connectionId],
  );
  const [dialog, setDialog] = useState<SecurityDialog | null>(null);
  const data = loaded.data;
  return (
    <>
      <Loading active={loaded.loading} label="Loading…" />
      {loaded.error ? (
        // Security off is the cluster's answer here, said in its words ("This cluster has no
        // security on…"), once for the four lists.
        <AdminSection title="Security">
          <p className="muted" data-testid="security-absent">
            {shownError(loaded.error).message}
          </p>
        </AdminSection>
      ) : null}
      {data ? (
        <>
          <Users users={data.users} open={setDialog} />
          <Roles roles={data.roles} open={setDialog} />
          <RoleMappings mappings={data.mappings} open={setDialog} />
          <ApiKeys keys={data.keys} open={setDialog} />
        </>
      ) : null}
      {dialog && data ? (
        <SecurityDialogs
          connectionId={connectionId}
          dialog={dialog}
          roles={data.roles}
          onClose={() => {
            setDialog(null);
            loaded.reload();
          }}
        />
      ) : null}
    </>
  );
}
