/**
 * A suite that runs on every supported major says so once (docs/testing.md, "Fixtures"): one
 * `describe` per node of MAJORS, titled by the suite.
 */
import { describe } from "node:test";
import { MAJORS, type MajorNode } from "./cluster.ts";

export { MAJORS, type MajorNode };

/** Declares `body` once per major, in a `describe` titled `title(major)` (the node's name by default). */
export function describeOnMajors(
  title: ((major: MajorNode) => string) | undefined,
  body: (major: MajorNode) => void,
): void {
  for (const major of MAJORS) describe(title ? title(major) : major, () => body(major));
}
