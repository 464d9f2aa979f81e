/**
 * The cluster page's JSON shapes (`/api/connections/:id/cluster...`): the catalog's neutral values
 * (core/catalog.ts) as the routes send them. Types only.
 */
import type { HealthReport, PartitionInfo, PlacementExplanation } from "../../../core/catalog.ts";

export type {
  HealthReport,
  NodeSummary,
  PartitionCopy,
  PartitionInfo,
  PendingTask,
  PlacementExplanation,
} from "../../../core/catalog.ts";

/** `GET /connections/:id/cluster`: everything the overview shows, read together. */
export interface ClusterOverview {
  health: HealthReport;
  /** Every copy of every partition; null when they could not be read (`partitionsError` says why). */
  partitions: PartitionInfo[] | null;
  partitionsError: { code: string; message: string; remedy: string } | null;
  /** When the app read it (ISO time). */
  readAt: string;
}

/** `POST /connections/:id/cluster/explain` with a `PartitionCopy`, or `{}` for the first unplaced. */
export interface PlacementAnswer {
  explanation: PlacementExplanation | null;
}
