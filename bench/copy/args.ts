/** The options `bench:copy` and `bench:import` share (their usage is in each run.ts). */
import { parseArgs } from "node:util";

export function transferBenchArgs() {
  const { values: args } = parseArgs({
    options: {
      batch: { type: "string", default: "1000" },
      size: { type: "string", default: "100000" },
      quick: { type: "boolean" },
      large: { type: "boolean" },
      "skip-elasticdump": { type: "boolean" },
      /** This checkout's bin/quarry (its TypeScript sources) instead of the installed package. */
      sources: { type: "boolean" },
    },
  });
  const quick = args.quick === true;
  return {
    args,
    quick,
    large: args.large === true || !quick,
    batch: args.batch,
    sources: args.sources === true,
  };
}
