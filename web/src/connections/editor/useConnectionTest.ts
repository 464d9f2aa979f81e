/** The editor's Test button: connects with the settings as they are and keeps the outcome. */
import { useState } from "react";
import { call, ui } from "../../api/client.ts";
import type { SecretsInput, ServerInfo } from "../../api/types.ts";

export type TestState =
  | { state: "idle" }
  | { state: "running" }
  | { state: "ok"; info: ServerInfo }
  | { state: "failed"; error: unknown };

export function useConnectionTest(
  request: () => {
    id: string | undefined;
    type: string;
    settings: Record<string, unknown>;
    secrets: SecretsInput;
  },
) {
  const [test, setTest] = useState<TestState>({ state: "idle" });
  const runTest = async () => {
    if (test.state === "running") return;
    setTest({ state: "running" });
    try {
      setTest({ state: "ok", info: await call(ui.connections.test.$post, { json: request() }) });
    } catch (e) {
      setTest({ state: "failed", error: e });
    }
  };
  return { test, runTest };
}
