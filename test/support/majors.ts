/**
 * A suite that runs on every supported major says so once (docs/testing.md, "Fixtures"): one
 * `describe` per node of MAJORS, titled by the suite.
 */
import { describe } from "node:test";
import { MAJORS, type MajorNode } from "./cluster.ts";

export { MAJORS, type MajorNode };

/** Declares `body` once per major, each in a `describe` titled `title(major)`. */
export function describeOnMajors(
  title: (major: MajorNode) => string,
  body: (major: MajorNode) => void,
): void {
  for (const major of MAJORS) describe(title(major), () => body(major));
}
