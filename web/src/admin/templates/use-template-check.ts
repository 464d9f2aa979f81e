/**
 * "Check" in the template editor: the draft sent to the cluster's `_simulate` (saving nothing),
 * its answer kept for the editor to show, or what is wrong: the form's own fault, or the
 * cluster's refusal with its reason.
 */
import { useState } from "react";
import type { TemplateSimulation } from "../../../../src/core/cluster-admin.ts";
import { call, ui } from "../../api/client.ts";
import { draftOf, type TemplateForm } from "./template-form.ts";

export function useTemplateCheck(connectionId: string, mode: "create" | "replace") {
  const [problem, setProblem] = useState<unknown>(null);
  const [simulation, setSimulation] = useState<TemplateSimulation | null>(null);
  const [checking, setChecking] = useState(false);

  /** The form's draft, or null with its fault shown. */
  const draft = (form: TemplateForm) => {
    const made = draftOf(form, mode);
    setProblem("error" in made ? made.error : null);
    return "draft" in made ? made.draft : null;
  };

  const check = async (form: TemplateForm) => {
    const d = draft(form);
    if (!d) return;
    setChecking(true);
    setSimulation(null);
    try {
      setSimulation(
        await call(ui.connections[":id"].admin.templates.simulate.$post, {
          param: { id: connectionId },
          json: { draft: d },
        }),
      );
    } catch (e) {
      setProblem(e);
    } finally {
      setChecking(false);
    }
  };

  /** The form changed: an earlier answer no longer describes it. */
  const forget = () => setSimulation(null);
  return { problem, simulation, checking, draft, check, forget };
}
