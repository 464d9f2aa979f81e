/**
 * The filter rows (one per condition: column, operator by type, value) and the Raw SQL box (Lucene
 * `query_string` across all fields). Operators are the ones the app says each column supports;
 * filters on leaves of the same nested array can be put in one element group, shown by colour.
 */
import { useState } from "react";
import { type FilterOperand, operandOf } from "../../../src/core/filter-ops.ts";
import type { Column, ColumnFilterOps, FilterOp, FilterRow } from "../api/types.ts";

export interface FilterDraft {
  id: number;
  column: string;
  op: FilterOp;
  value: string;
  /** Element group for nested leaves; 0 = any element. */
  group: number;
}

let nextId = 1;

/**
 * The filter rows being edited and the Raw SQL text, kept while they are typed; applying them
 * hands the view its filters (rows without a column are left out).
 */
export function useFilterDrafts(
  columns: Column[],
  apply: (filters: FilterRow[], rawQuery: string | undefined) => void,
) {
  const [filters, setFilters] = useState<FilterDraft[]>([]);
  const [rawQuery, setRawQuery] = useState("");
  const onChange = (f: FilterDraft[], raw: string) => {
    setFilters(f);
    setRawQuery(raw);
  };
  const onApply = (f: FilterDraft[], raw: string) => {
    onChange(f, raw);
    apply(toFilterRows(f, columns), raw.trim() || undefined);
  };
  return { filters, rawQuery, onChange, onApply };
}

export function toFilterRows(drafts: FilterDraft[], columns: Column[]): FilterRow[] {
  return drafts
    .filter((d) => d.column)
    .map((d) => {
      const col = columns.find((c) => c.name === d.column);
      const row: FilterRow = { column: d.column, op: d.op };
      const operand = operandOf(d.op);
      if (operand === "list") {
        row.value = d.value
          .split(",")
          .map((v) => v.trim())
          .filter((v) => v !== "");
      } else if (operand !== "none") row.value = d.value;
      if (col?.kind === "nested-leaf" && d.group > 0) row.group = d.group;
      return row;
    });
}

/** What the value box suggests for each kind of operand. */
const PLACEHOLDERS: Record<FilterOperand, string> = {
  value: "value",
  list: "a, b, c",
  pattern: "pattern with * and ?",
  none: "",
};

/** A new condition on the first filterable column, with its first operator. */
function newDraft(first: ColumnFilterOps): FilterDraft {
  const op = (first.ops[0]?.value ?? "eq") as FilterOp;
  return { id: nextId++, column: first.column, op, value: "", group: 0 };
}

export function FilterBar({
  columns,
  filterOps,
  filters,
  rawQuery,
  onChange,
  onApply,
  onViews,
}: {
  columns: Column[];
  filterOps: ColumnFilterOps[];
  filters: FilterDraft[];
  rawQuery: string;
  onChange: (filters: FilterDraft[], rawQuery: string) => void;
  onApply: (filters: FilterDraft[], rawQuery: string) => void;
  /** Views…: save the grid's view (these filters, the sort, the columns) to the library, open one. */
  onViews: () => void;
}) {
  const [raw, setRaw] = useState(rawQuery);
  const filterable = filterOps.filter((f) => f.ops.length > 0);
  const opsOf = (column: string) => filterOps.find((f) => f.column === column)?.ops ?? [];
  const colOf = (name: string) => columns.find((c) => c.name === name);

  const update = (id: number, patch: Partial<FilterDraft>) =>
    onChange(
      filters.map((f) => (f.id === id ? { ...f, ...patch } : f)),
      raw,
    );

  const add = () => {
    const first = filterable[0];
    if (first) onChange([...filters, newDraft(first)], raw);
  };

  return (
    <form
      className="filter-bar"
      aria-label="Filters"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(filters, raw);
      }}
    >
      {filters.map((f) => (
        <FilterRowEditor
          key={f.id}
          filter={f}
          column={colOf(f.column)}
          filterable={filterable}
          opsOf={opsOf}
          onUpdate={(patch) => update(f.id, patch)}
          onRemove={() => {
            const next = filters.filter((x) => x.id !== f.id);
            onChange(next, raw);
            onApply(next, raw);
          }}
        />
      ))}
      <NestedGroupNote groups={groupsInUse(filters, columns)} />
      <FilterActions
        canAdd={filterable.length > 0}
        onAdd={add}
        raw={raw}
        onRaw={(text) => {
          setRaw(text);
          onChange(filters, text);
        }}
        onViews={onViews}
      />
    </form>
  );
}

/** The bar's last line: + Filter, the Raw SQL text, Apply (the form's submit) and Views…. */
function FilterActions({
  canAdd,
  onAdd,
  raw,
  onRaw,
  onViews,
}: {
  canAdd: boolean;
  onAdd: () => void;
  raw: string;
  onRaw: (text: string) => void;
  onViews: () => void;
}) {
  return (
    <div className="filter-actions">
      <button type="button" className="small" onClick={onAdd} disabled={!canAdd}>
        + Filter
      </button>
      <RawSqlInput value={raw} onChange={onRaw} />
      <button type="submit" className="small primary">
        Apply
      </button>
      <button
        type="button"
        className="small"
        onClick={onViews}
        title="Save this view (filters, Raw SQL, sort, columns) to the library, or open one"
      >
        Views…
      </button>
    </div>
  );
}

function groupsInUse(
  filters: FilterDraft[],
  columns: Column[],
): { path: string; group: number; columns: string[] }[] {
  const map = new Map<string, { path: string; group: number; columns: string[] }>();
  for (const f of filters) {
    if (f.group <= 0) continue;
    const col = columns.find((c) => c.name === f.column);
    const path = col?.kind === "nested-leaf" ? col.nestedPaths?.at(-1) : undefined;
    if (!path) continue;
    const k = `${path}\u0000${f.group}`;
    const entry = map.get(k) ?? { path, group: f.group, columns: [] };
    entry.columns.push(f.column);
    map.set(k, entry);
  }
  return [...map.values()];
}

/** One condition: its column, its operator (those the column takes) and value, and its element group. */
function FilterRowEditor({
  filter: f,
  column: col,
  filterable,
  opsOf,
  onUpdate,
  onRemove,
}: {
  filter: FilterDraft;
  column: Column | undefined;
  filterable: ColumnFilterOps[];
  opsOf: (column: string) => ColumnFilterOps["ops"];
  onUpdate: (patch: Partial<FilterDraft>) => void;
  onRemove: () => void;
}) {
  const nestedPath = col?.kind === "nested-leaf" ? col.nestedPaths?.at(-1) : undefined;
  return (
    <div className="filter-row" data-testid="filter-row">
      <select
        aria-label="Filter column"
        value={f.column}
        onChange={(e) => {
          const ops = opsOf(e.target.value);
          const op = ops.some((o) => o.value === f.op)
            ? f.op
            : ((ops[0]?.value ?? "eq") as FilterOp);
          onUpdate({ column: e.target.value, op, group: 0 });
        }}
      >
        {filterable.map((c) => (
          <option key={c.column} value={c.column}>
            {c.column}
          </option>
        ))}
      </select>
      <select
        aria-label="Filter operator"
        value={f.op}
        onChange={(e) => onUpdate({ op: e.target.value as FilterOp })}
      >
        {opsOf(f.column).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {operandOf(f.op) === "none" ? (
        <span className="filter-novalue" />
      ) : (
        <input
          aria-label="Filter value"
          className="filter-value"
          value={f.value}
          placeholder={PLACEHOLDERS[operandOf(f.op)]}
          onChange={(e) => onUpdate({ value: e.target.value })}
        />
      )}
      {nestedPath ? (
        <ElementGroupSelect
          group={f.group}
          nestedPath={nestedPath}
          onChange={(group) => onUpdate({ group })}
        />
      ) : null}
      <button type="button" className="icon" aria-label="Remove filter" onClick={onRemove}>
        ×
      </button>
    </div>
  );
}

/** Which element of the nested array the row must match: any, or the one of its group. */
function ElementGroupSelect({
  group,
  nestedPath,
  onChange,
}: {
  group: number;
  nestedPath: string;
  onChange: (group: number) => void;
}) {
  return (
    <select
      aria-label="Element group"
      className={`group-select group-${group}`}
      value={group}
      title={`Filters on ${nestedPath} in the same element group must match the same element`}
      onChange={(e) => onChange(Number(e.target.value))}
    >
      <option value={0}>any element</option>
      {[1, 2, 3].map((g) => (
        <option key={g} value={g}>
          same element · group {g}
        </option>
      ))}
    </select>
  );
}

/** Says, in words and colours, which filters must match the same nested element. */
function NestedGroupNote({ groups }: { groups: ReturnType<typeof groupsInUse> }) {
  if (groups.length === 0) return null;
  return (
    <div className="nested-note" data-testid="nested-group-note">
      {groups.map((g) => (
        <span key={`${g.path}-${g.group}`} className={`group-chip group-${g.group}`}>
          {g.columns.join(" + ")} must match the same {g.path} element
        </span>
      ))}
    </div>
  );
}

/** The Raw SQL box: Lucene `query_string` text across all fields. */
function RawSqlInput({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  return (
    <label className="raw-sql">
      <span>Raw SQL</span>
      <input
        aria-label="Raw SQL"
        value={value}
        placeholder="Lucene query, e.g. status:shipped AND total:>100"
        onChange={(e) => onChange(e.target.value)}
        spellCheck={false}
      />
    </label>
  );
}
