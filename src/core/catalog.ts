/**
 * The catalog an agent reads a database through, in neutral words: how the service is doing
 * (health, nodes, the partitions that hold the data and those not placed anywhere), the
 * partitions of a table, each table's size, a search of fields across tables, and one
 * aggregation over a field with the grid's filters. Types only; a driver offers them as three
 * facets (core/facets.ts): cluster views, table views and aggregation, each only where it can.
 */
import type { FilterRow, PartialResult } from "./grid.ts";

/** One server of the service. */
export interface NodeSummary {
  name: string;
  /** The roles it plays, in the database's words (e.g. "data", "master"). */
  roles: string[];
  /** Whether it leads the service now. */
  leader: boolean;
  /** The server's version and address; null when it does not say. */
  version: string | null;
  address: string | null;
  /** Its working memory (a JVM's heap), used and at most; null when not measured. */
  memoryUsedBytes: number | null;
  memoryMaxBytes: number | null;
  /** The disk its data lives on: used (not available to it) and total. */
  diskUsedBytes: number | null;
  diskTotalBytes: number | null;
  /** The machine's processor use, 0 to 100. */
  cpuPercent: number | null;
  /** The machine's load average over 1, 5 and 15 minutes; null where the system has none. */
  load: [number | null, number | null, number | null] | null;
}

/** A change to the service's shared state waiting its turn. */
export interface PendingTask {
  /** Its place in the queue (lower goes first within a priority). */
  order: number;
  /** In the database's words, e.g. "URGENT", "HIGH". */
  priority: string;
  /** What asked for it, as the database words it. */
  source: string;
  executing: boolean;
  waitingMs: number | null;
}

/** One copy of one partition, named for an explanation of where it is (or is not) placed. */
export interface PartitionCopy {
  table: string;
  partition: number;
  primary: boolean;
}

/** How many partition copies are in each state, service-wide (or for one table). */
export interface PartitionCounts {
  active: number;
  activePrimary: number;
  relocating: number;
  initializing: number;
  unassigned: number;
  /** Copies held back on purpose after a node left; null when the database does not say. */
  delayedUnassigned: number | null;
  /** Share of copies that are active, 0 to 100. */
  activePercent: number | null;
}

/** A partition copy that no node holds, and why (the database's reason code). */
export interface UnassignedPartition {
  table: string;
  partition: number;
  primary: boolean;
  reason: string | null;
}

/** Why one partition copy is placed where it is, or stays unplaced, node by node. */
export interface PlacementExplanation {
  table: string;
  partition: number;
  primary: boolean;
  /** Its state in the database's words ("unassigned", "started"...), when it says. */
  state?: string | null;
  /** The node holding it, when one does. */
  currentNode?: string | null;
  /** Why it became unplaced (the database's reason code), when it is. */
  unassignedReason?: string | null;
  /** Since when it is unplaced (ISO time), and the last failure's details, when given. */
  unassignedSince?: string | null;
  details?: string | null;
  /** The overall verdict in the database's words, e.g. "no" or "throttled". */
  decision: string | null;
  /** One sentence, as the database explains it. */
  explanation: string | null;
  /** Per node: its verdict and the reasons it gives. */
  nodes: { node: string; decision: string; reasons: string[] }[];
}

export interface HealthReport {
  /** The service's name. */
  name: string;
  /** "green", "yellow" or "red" (or what the database says). */
  status: string;
  /** When the report is for one table (or pattern) only. */
  table?: string;
  /** Why the status is not the best one, a sentence each in the database's words; empty when it is. */
  causes: string[];
  nodes: NodeSummary[];
  partitions: PartitionCounts;
  pendingTasks: number | null;
  /** The waiting tasks themselves, at most a bounded number; empty when there are none. */
  pendingTaskList: PendingTask[];
  /** The unplaced copies (at most a bounded number; `unassignedListed` says whether all are here). */
  unassigned: UnassignedPartition[];
  unassignedListed: "all" | "some";
  /** Why the first unplaced copy stays unplaced; absent when none is, or it cannot be asked. */
  explanation?: PlacementExplanation;
}

/** One copy of one partition of a table. */
export interface PartitionInfo {
  table: string;
  partition: number;
  primary: boolean;
  /** In the database's words, e.g. "STARTED", "UNASSIGNED". */
  state: string;
  docs: number | null;
  sizeBytes: number | null;
  /** The node holding it; null when none does. */
  node: string | null;
  /** Why it is not placed, when it is not. */
  unassignedReason: string | null;
}

/** One table's size on disk and in records. */
export interface TableStats {
  name: string;
  /** Records in primary copies (nested objects count as records here). */
  docs: number | null;
  deletedDocs: number | null;
  /** All copies, primaries and replicas. */
  sizeBytes: number | null;
  primarySizeBytes: number | null;
  /** Storage segments across all copies. */
  segments: number | null;
  primaries: number | null;
  replicas: number | null;
}

export interface FieldQuery {
  /** Part of a field's dotted name (case-insensitive), or a pattern with `*` and `?`. */
  name?: string;
  /** Field types, any of which matches (e.g. "keyword", "date"). */
  types?: string[];
  /** Which tables to search: a name, a pattern or a comma list; all listed tables when absent. */
  tables?: string;
}

/** A field as the tables behind the query map it: one entry per name and type. */
export interface FieldMatch {
  name: string;
  type: string;
  /** The tables that map this field with this type. */
  tables: string[];
  /** Whether it can be filtered on / aggregated on, when the database says. */
  searchable: boolean | null;
  aggregatable: boolean | null;
}

export const AGGREGATION_KINDS = [
  "terms",
  "date_histogram",
  "histogram",
  "stats",
  "percentiles",
  "cardinality",
] as const;
export type AggregationKind = (typeof AGGREGATION_KINDS)[number];

export const BUCKET_METRICS = ["avg", "sum", "min", "max", "cardinality"] as const;
export type BucketMetric = (typeof BUCKET_METRICS)[number];

export interface AggregationRequest {
  kind: AggregationKind;
  /** A column name, as the grid names it (dotted path). */
  field: string;
  filters?: FilterRow[];
  rawQuery?: string;
  /** Buckets wanted (terms); default 10. */
  size?: number;
  /** date_histogram: a calendar unit (day, month...) or a fixed one (12h, 30m); histogram: a number. */
  interval?: string | number;
  /** date_histogram: the zone buckets start in, e.g. "Europe/Paris". */
  timeZone?: string;
  /** percentiles: which ones; default 1, 5, 25, 50, 75, 95, 99. */
  percents?: number[];
  /** terms / histograms: one metric of another field per bucket. */
  metric?: { op: BucketMetric; field: string };
  /** terms: a second field grouped inside each bucket (terms, or a date histogram on a date). */
  by?: string;
  /** Bucket order: by count (the default of terms), key, or the metric; descending unless asked. */
  order?: { by: "count" | "key" | "metric"; direction?: "asc" | "desc" };
  /** Buckets with fewer records are left out; default 1. */
  minCount?: number;
}

export interface AggregationBucket {
  key: string | number | boolean | null;
  /** The key as text, when the database words it (dates). */
  keyText?: string;
  count: number;
  /** The bucket metric's value, when one was asked for (in the inner buckets when grouped twice). */
  metric?: number | null;
  /** The second grouping's buckets inside this one, with their own exactness figures. */
  inner?: { buckets: AggregationBucket[]; otherCount?: number; countError?: number };
}

export interface AggregationResult {
  kind: AggregationKind;
  field: string;
  /** Records that matched the filters. */
  matched: number;
  buckets?: AggregationBucket[];
  /** Records in buckets not returned (terms). */
  otherCount?: number;
  /** Worst-case error of the counts (terms across partitions); 0 when exact. */
  countError?: number;
  stats?: {
    count: number;
    min: number | null;
    max: number | null;
    avg: number | null;
    sum: number;
  };
  /** min and max as text (dates). */
  statsText?: { min?: string; max?: string };
  percentiles?: { percent: number; value: number | null; text?: string }[];
  distinct?: number;
  /** Whether `distinct` was counted value by value (exact) rather than estimated. */
  distinctExact?: boolean;
  partial?: PartialResult;
}

/**
 * The cluster views of one connection (the `clusterViews` facet): how the service runs, its
 * servers and where its partitions are placed. Each method reads only.
 */
export interface ClusterViews {
  health(options?: { table?: string; signal?: AbortSignal }): Promise<HealthReport>;
  /** The servers with their version, memory, disk, processor and load, by name. */
  nodes(options?: { signal?: AbortSignal }): Promise<NodeSummary[]>;
  /** The partition copies of a table (or pattern), or of every table when none is given. */
  partitions(table?: string, options?: { signal?: AbortSignal }): Promise<PartitionInfo[]>;
  /**
   * Why a copy is placed where it is or stays unplaced: the one named, or else the first unplaced
   * copy; null when none is named and every copy is placed.
   */
  explainPlacement(
    copy?: PartitionCopy,
    options?: { signal?: AbortSignal },
  ): Promise<PlacementExplanation | null>;
}

/** The table views of one connection (the `tableViews` facet): sizes and a search of fields. */
export interface TableViews {
  tableStats(table?: string, options?: { signal?: AbortSignal }): Promise<TableStats[]>;
  findFields(query: FieldQuery, options?: { signal?: AbortSignal }): Promise<FieldMatch[]>;
}

/** One aggregation over a field with the grid's filters (the `aggregation` facet). */
export interface AggregationFacet {
  aggregate(
    table: string,
    request: AggregationRequest,
    options?: { signal?: AbortSignal },
  ): Promise<AggregationResult>;
}
