/**
 * A user's password changed: typed twice (sent once, never shown back; the request shows it
 * hidden), confirmed by the user's name.
 */
import { useState } from "react";
import { AdminDialog } from "../AdminDialog.tsx";
import { useAdminAction } from "../use-admin-action.ts";
import { PasswordField } from "./password-field.tsx";

export function PasswordDialog({
  connectionId,
  name,
  onClose,
}: {
  connectionId: string;
  name: string;
  onClose: () => void;
}) {
  const action = useAdminAction(connectionId);
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const differs = again !== "" && again !== password;
  return (
    <AdminDialog
      title={`Change the password of ${name}`}
      action={action}
      onClose={onClose}
      input={() =>
        password !== "" && password === again ? { action: "user-password", name, password } : null
      }
      form={
        <>
          <PasswordField label="New password" value={password} onChange={setPassword} />
          <PasswordField label="The same again" value={again} onChange={setAgain} />
          {differs ? <p className="error-text">The two passwords differ.</p> : null}
        </>
      }
    />
  );
}
