/**
 * A hash-chained audit log's verdict, as `quarry audit admin --verify` and `quarry mcp audit
 * --verify` print it; a broken chain exits 1, so a script can alert on it.
 */
import type { ChainReport } from "../../../app/storage/audit-chain.ts";
import { EXIT } from "../../exit-codes.ts";
import { printJson, printLine } from "../../output.ts";

export function printChainVerdict(
  report: ChainReport,
  json: boolean,
  /** The log in words ("The audit chain"), and what to keep when it breaks. */
  words: { chain: string; changed: string },
): void {
  if (!report.holds) process.exitCode = EXIT.failed;
  if (json) {
    printJson(report);
    return;
  }
  const before = report.unlinked
    ? ` (${report.unlinked} of them written before the chain began, without links)`
    : "";
  if (report.holds) {
    printLine(`${words.chain} holds: ${report.lines} lines${before}.`);
    return;
  }
  const at = report.breaks!;
  printLine(`${words.chain} breaks at ${at.file} line ${at.line}: ${at.problem}.`);
  printLine(`${words.changed} Quarry goes on appending and linking new lines.`);
}
