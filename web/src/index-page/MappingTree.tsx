/**
 * The mapping, read-only: as a tree (each field with its type, sub-fields and multi-fields
 * indented; the driver builds it) or as the JSON the cluster states.
 */
import { useState } from "react";
import type { SchemaField } from "../../../src/core/table-details.ts";
import { JsonEditor } from "../ui/JsonEditor.tsx";
import { ViewSwitch } from "./ViewSwitch.tsx";

export function MappingTab({ schema, tree }: { schema: unknown; tree: SchemaField[] }) {
  const [asJson, setAsJson] = useState(false);
  return (
    <>
      <ViewSwitch label="Mapping view" first="Tree" asJson={asJson} onAsJson={setAsJson} />
      {asJson ? (
        <JsonEditor
          value={JSON.stringify(schema, null, 2)}
          readOnly
          label="Mapping (read-only)"
          minHeight={300}
        />
      ) : tree.length === 0 ? (
        <p className="muted">No field is mapped yet.</p>
      ) : (
        <ul className="mapping-tree" data-testid="mapping-tree">
          {tree.map((n) => (
            <Field key={n.name} node={n} />
          ))}
        </ul>
      )}
    </>
  );
}

function Field({ node }: { node: SchemaField }) {
  return (
    <li>
      <code className="mapping-field">{node.name}</code>{" "}
      <span className="mapping-type">{node.type}</span>
      {node.children.length > 0 ? (
        <ul>
          {node.children.map((c) => (
            <Field key={c.name} node={c} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
