/**
 * The cluster page's pure parts: the shards laid out by index and node (the matrix), the refresh
 * intervals offered, and how numbers read. No React, so unit tests read them directly.
 */
import type { NodeSummary, PartitionInfo } from "../api/types.ts";

/** The refresh intervals offered; off (0) by default. */
export const REFRESH_CHOICES: { ms: number; label: string }[] = [
  { ms: 0, label: "Off" },
  { ms: 5_000, label: "5 s" },
  { ms: 10_000, label: "10 s" },
  { ms: 30_000, label: "30 s" },
  { ms: 60_000, label: "1 min" },
];

/** One row of the matrix: an index, its copies per node, and those no node holds. */
export interface MatrixRow {
  table: string;
  /** The copies on each node, by node name, ordered by shard number then primary first. */
  byNode: Map<string, PartitionInfo[]>;
  unassigned: PartitionInfo[];
  /** The worst state among its copies: what its name is coloured by. */
  worst: "started" | "moving" | "unassigned";
}

export interface Matrix {
  /** Columns: the nodes the health report names, then any other node that holds a copy. */
  nodes: string[];
  rows: MatrixRow[];
  /** Indices left out by the filter or the dot-named switch, and by the row limit. */
  hidden: number;
  cut: number;
}

/** Indices shown at most; a filter finds the rest. */
export const MAX_MATRIX_ROWS = 200;

const order = (a: PartitionInfo, b: PartitionInfo) =>
  a.partition - b.partition || Number(b.primary) - Number(a.primary);

/** A copy's state as the page colours it. */
export function stateClass(state: string): "started" | "moving" | "unassigned" {
  const s = state.toUpperCase();
  if (s === "STARTED") return "started";
  if (s === "UNASSIGNED") return "unassigned";
  return "moving";
}

const RANK = { started: 0, moving: 1, unassigned: 2 } as const;

/**
 * The copies grouped by index and node. Dot-named indices are left out unless `showDot`, and
 * only names containing `filter` (case-insensitive) are kept; an index with a copy that is not
 * started is always kept, so a filter never hides why the cluster is not green.
 */
export function shardMatrix(
  partitions: PartitionInfo[],
  nodes: NodeSummary[],
  options: { filter?: string; showDot?: boolean; max?: number } = {},
): Matrix {
  const byTable = new Map<string, PartitionInfo[]>();
  for (const p of partitions) {
    const list = byTable.get(p.table) ?? [];
    list.push(p);
    byTable.set(p.table, list);
  }
  const names = nodes.map((n) => n.name);
  for (const p of partitions) if (p.node && !names.includes(p.node)) names.push(p.node);
  const filter = options.filter?.trim().toLowerCase() ?? "";
  const rows: MatrixRow[] = [];
  let hidden = 0;
  for (const [table, copies] of [...byTable].sort(([a], [b]) => a.localeCompare(b))) {
    const row = matrixRow(table, copies);
    const wanted =
      (options.showDot || !table.startsWith(".")) &&
      (!filter || table.toLowerCase().includes(filter));
    if (wanted || row.worst !== "started") rows.push(row);
    else hidden++;
  }
  const max = options.max ?? MAX_MATRIX_ROWS;
  return { nodes: names, rows: rows.slice(0, max), hidden, cut: Math.max(0, rows.length - max) };
}

function matrixRow(table: string, copies: PartitionInfo[]): MatrixRow {
  const byNode = new Map<string, PartitionInfo[]>();
  const unassigned: PartitionInfo[] = [];
  let worst: MatrixRow["worst"] = "started";
  for (const c of [...copies].sort(order)) {
    const cls = stateClass(c.state);
    if (RANK[cls] > RANK[worst]) worst = cls;
    if (!c.node) unassigned.push(c);
    else byNode.set(c.node, [...(byNode.get(c.node) ?? []), c]);
  }
  return { table, byNode, unassigned, worst };
}

/** "57%" of used over max; empty when either is unknown. */
export function percent(used: number | null | undefined, max: number | null | undefined): string {
  if (used === null || used === undefined || !max) return "";
  return `${Math.round((used / max) * 100)}%`;
}

/** A load average as read: two decimals, or a dash where the system has none. */
export function loadText(load: NodeSummary["load"] | undefined): string {
  if (!load) return "–";
  return load.map((l) => (l === null ? "–" : l.toFixed(2))).join(" · ");
}
