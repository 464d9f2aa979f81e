/**
 * Creating an index: a small form (name, shards, replicas, fields with their types) or the whole
 * definition as JSON (settings, mappings, aliases). "Review request" shows the exact request the
 * app will send; only "Send request" in that dialog creates the index, which then opens.
 */
import { useState } from "react";
import type { TableActionInput } from "../../../src/core/table-details.ts";
import { navigate } from "../navigation/route.ts";
import { JsonEditor } from "../ui/JsonEditor.tsx";
import { ActionDialog } from "./ActionDialog.tsx";
import { OutcomeNote } from "./OutcomeNote.tsx";
import { type Outcome, useIndexAction } from "./use-index-action.ts";
import { ViewSwitch } from "./ViewSwitch.tsx";

const EXAMPLE = JSON.stringify(
  { settings: { number_of_shards: 1, number_of_replicas: 1 }, mappings: { properties: {} } },
  null,
  2,
);

export function CreateIndex({ connectionId }: { connectionId: string }) {
  const [name, setName] = useState("");
  const [shards, setShards] = useState("1");
  const [replicas, setReplicas] = useState("1");
  const [fields, setFields] = useState([{ name: "", type: "keyword" }]);
  const [asJson, setAsJson] = useState(false);
  const [json, setJson] = useState(EXAMPLE);
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const action = useIndexAction(connectionId, (o) => {
    setOutcome(o);
    if (o.run.result.kind !== "error")
      navigate({ screen: "data", connectionId, table: o.input.table, view: "index" });
  });

  const review = () => {
    const made = createInput(name, asJson ? { json } : { shards, replicas, fields });
    setJsonError(typeof made === "string" ? made : null);
    if (typeof made === "string") return;
    setOutcome(null);
    action.open(made);
  };

  return (
    <div className="index-page" data-testid="create-index">
      <div className="toolbar">
        <h2 className="toolbar-title">Create index</h2>
      </div>
      <OutcomeNote outcome={outcome} onDismiss={() => setOutcome(null)} />
      <form
        className="index-create"
        onSubmit={(e) => {
          e.preventDefault();
          review();
        }}
      >
        <label>
          Index name
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            spellCheck={false}
            required
          />
        </label>
        <Definition
          asJson={asJson}
          onAsJson={setAsJson}
          json={json}
          onJson={setJson}
          form={{
            shards,
            replicas,
            fields,
            onShards: setShards,
            onReplicas: setReplicas,
            onFields: setFields,
          }}
        />
        {jsonError ? (
          <p className="error-note" role="alert">
            {jsonError}
          </p>
        ) : null}
        <div>
          <button type="submit" className="primary" disabled={name.trim() === ""}>
            Review request…
          </button>
        </div>
      </form>
      <ActionDialog key={action.input ? "open" : "none"} action={action} />
    </div>
  );
}

type FieldRow = { name: string; type: string };

/** The action asked for, from the JSON or the form; a string says why the JSON cannot be read. */
function createInput(
  name: string,
  from: { json: string } | { shards: string; replicas: string; fields: FieldRow[] },
): TableActionInput | string {
  const input: TableActionInput = { action: "create", table: name.trim() };
  if ("json" in from) {
    try {
      input.definition = JSON.parse(from.json) as Record<string, unknown>;
    } catch (e) {
      return `The definition is not JSON: ${(e as Error).message}`;
    }
    return input;
  }
  input.partitions = Number(from.shards);
  input.replicas = Number(from.replicas);
  input.fields = from.fields.filter((f) => f.name.trim() !== "");
  return input;
}

/** The definition: the form, or the JSON. */
function Definition(props: {
  asJson: boolean;
  onAsJson: (v: boolean) => void;
  json: string;
  onJson: (v: string) => void;
  form: Parameters<typeof FormFields>[0];
}) {
  const { asJson, json, form } = props;
  const setAsJson = props.onAsJson;
  const setJson = props.onJson;
  return (
    <>
      <ViewSwitch label="Definition" first="Form" asJson={asJson} onAsJson={setAsJson} />
      {asJson ? (
        <JsonEditor
          value={json}
          onChange={setJson}
          label="Index definition (JSON)"
          minHeight={220}
        />
      ) : (
        <FormFields {...form} />
      )}
    </>
  );
}

function FormFields(props: {
  shards: string;
  replicas: string;
  fields: FieldRow[];
  onShards: (v: string) => void;
  onReplicas: (v: string) => void;
  onFields: (f: FieldRow[]) => void;
}) {
  const { fields, onFields } = props;
  const set = (i: number, patch: Partial<FieldRow>) =>
    onFields(fields.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  return (
    <>
      <label>
        Primary shards
        <input
          type="number"
          min={1}
          value={props.shards}
          onChange={(e) => props.onShards(e.target.value)}
        />
      </label>
      <label>
        Replicas
        <input
          type="number"
          min={0}
          value={props.replicas}
          onChange={(e) => props.onReplicas(e.target.value)}
        />
      </label>
      <fieldset className="index-fields">
        <legend>Fields</legend>
        {fields.map((f, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, in order
          <div key={i} className="index-field-row">
            <input
              aria-label={`Field ${i + 1} name`}
              placeholder="name"
              value={f.name}
              onChange={(e) => set(i, { name: e.target.value })}
              spellCheck={false}
            />
            <input
              aria-label={`Field ${i + 1} type`}
              placeholder="keyword, text, long, date…"
              value={f.type}
              onChange={(e) => set(i, { type: e.target.value })}
              spellCheck={false}
            />
            <button
              type="button"
              className="small"
              aria-label={`Remove field ${i + 1}`}
              onClick={() => onFields(fields.filter((_, j) => j !== i))}
            >
              ✕
            </button>
          </div>
        ))}
        <button
          type="button"
          className="small"
          onClick={() => onFields([...fields, { name: "", type: "keyword" }])}
        >
          + Field
        </button>
      </fieldset>
    </>
  );
}
