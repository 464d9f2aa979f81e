/**
 * The security section's dialogs, one at a time: a user, role or role mapping edited, a password
 * changed, an API key created, or a change that needs no form (enable, disable, delete, invalidate)
 * shown as its exact request and confirmed by the name typed.
 */
import type {
  RoleInfo,
  RoleMappingInfo,
  SecurityInput,
  UserInfo,
} from "../../../../src/core/cluster-security.ts";
import { FixedActionDialog } from "../FixedActionDialog.tsx";
import { ApiKeyCreate } from "./ApiKeyCreate.tsx";
import { PasswordDialog } from "./PasswordDialog.tsx";
import { RoleEditor } from "./RoleEditor.tsx";
import { RoleMappingEditor } from "./RoleMappingEditor.tsx";
import { UserEditor } from "./UserEditor.tsx";

export type SecurityDialog =
  | { kind: "user"; user?: UserInfo }
  | { kind: "password"; name: string }
  | { kind: "role"; role?: RoleInfo }
  | { kind: "mapping"; mapping?: RoleMappingInfo }
  | { kind: "key" }
  /** A change without a form: what it does is in the request shown. */
  | { kind: "confirm"; title: string; input: SecurityInput };

/** Opens one of the dialogs. */
export type OpenDialog = (dialog: SecurityDialog) => void;

export function SecurityDialogs({
  connectionId,
  dialog,
  roles,
  onClose,
}: {
  connectionId: string;
  dialog: SecurityDialog;
  roles: RoleInfo[];
  onClose: () => void;
}) {
  const common = { connectionId, onClose };
  switch (dialog.kind) {
    case "user":
      return (
        <UserEditor {...common} roles={roles} {...(dialog.user ? { user: dialog.user } : {})} />
      );
    case "password":
      return <PasswordDialog {...common} name={dialog.name} />;
    case "role":
      return <RoleEditor {...common} {...(dialog.role ? { role: dialog.role } : {})} />;
    case "mapping":
      return (
        <RoleMappingEditor
          {...common}
          roles={roles}
          {...(dialog.mapping ? { mapping: dialog.mapping } : {})}
        />
      );
    case "key":
      return <ApiKeyCreate {...common} />;
    case "confirm":
      return (
        <FixedActionDialog
          {...common}
          title={dialog.title}
          input={dialog.input}
          text={`${dialog.title}: the exact request is below.`}
        />
      );
  }
}
