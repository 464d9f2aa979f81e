/**
 * Pure: two clusters as rows of differences: version, nodes, indices (on one side only, or with
 * another count, health or a size apart by more than a tenth), index and component templates,
 * ingest pipelines and snapshot repositories (each by name, its definition compared).
 */
import { type DiffRow, diffNamed, type ServerProfile } from "../../../core/compare.ts";

/** One index as the cluster comparison sees it. */
export interface IndexLine {
  health: string;
  docs: number;
  bytes: number;
}

/** What a cluster profile's detail holds (profiles.ts reads it). */
export interface ClusterDetail {
  version: string;
  nodes: { count: number; versions: string[] };
  indices: Record<string, IndexLine>;
  indexTemplates: Record<string, unknown>;
  componentTemplates: Record<string, unknown>;
  pipelines: Record<string, unknown>;
  repositories: Record<string, unknown>;
}

/** Sizes differ between any two copies (segments merge on their own): a tenth apart is a row. */
const SIZE_TOLERANCE = 0.1;

const sizeApart = (a: number, b: number) => Math.abs(a - b) > SIZE_TOLERANCE * Math.max(a, b, 1);

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

function indexRows(left: Record<string, IndexLine>, right: Record<string, IndexLine>): DiffRow[] {
  const rows: DiffRow[] = [];
  const names = [...new Set([...Object.keys(left), ...Object.keys(right)])].sort();
  const text = (i: IndexLine) => `${i.docs} docs, ${mb(i.bytes)}, ${i.health}`;
  for (const key of names) {
    const l = left[key];
    const r = right[key];
    if (l && !r) rows.push({ group: "indices", key, kind: "only_left", left: text(l) });
    else if (!l && r) rows.push({ group: "indices", key, kind: "only_right", right: text(r) });
    else if (l && r && (l.docs !== r.docs || l.health !== r.health || sizeApart(l.bytes, r.bytes)))
      rows.push({ group: "indices", key, kind: "changed", left: text(l), right: text(r) });
  }
  return rows;
}

export function diffClusterProfiles(left: ServerProfile, right: ServerProfile): DiffRow[] {
  const l = left.detail as unknown as ClusterDetail;
  const r = right.detail as unknown as ClusterDetail;
  return [
    ...diffNamed(
      "cluster",
      { version: l.version, nodes: l.nodes.count, "node versions": l.nodes.versions.join(", ") },
      { version: r.version, nodes: r.nodes.count, "node versions": r.nodes.versions.join(", ") },
    ),
    ...indexRows(l.indices, r.indices),
    ...diffNamed("index templates", l.indexTemplates, r.indexTemplates),
    ...diffNamed("component templates", l.componentTemplates, r.componentTemplates),
    ...diffNamed("ingest pipelines", l.pipelines, r.pipelines),
    ...diffNamed("snapshot repositories", l.repositories, r.repositories),
  ];
}
