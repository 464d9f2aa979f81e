/**
 * `quarry delete-index <conn> <index>`: prints the exact request (`DELETE /<index>`), asks for the
 * index's name to confirm, and sends that request only then. `--yes` confirms in scripts; without
 * a terminal and without `--yes` nothing is deleted.
 */
import { createInterface } from "node:readline/promises";
import type { Command } from "commander";
import { QuarryError } from "../../core/errors.ts";
import { facet, measuredImpact } from "../../core/facet-access.ts";
import { addConnectionFlags, type ConnectionFlags } from "../connection-options.ts";
import { wantsJson, withSession } from "../context.ts";
import { printJson, printLine } from "../output.ts";
import { impactLines } from "./impact-print.ts";

interface DeleteFlags extends ConnectionFlags {
  yes?: boolean;
}

/**
 * Asks on the terminal for `expected` to be typed back. Without a terminal (a script) it refuses:
 * a destructive action needs `--yes` there, so nothing is ever deleted by accident.
 */
export async function confirmTyped(
  question: string,
  expected: string,
  what: string,
  /** Whether an answer confirms; by default only `expected` itself. */
  accept: (answer: string) => boolean = (answer) => answer === expected,
): Promise<void> {
  if (!process.stdin.isTTY || !process.stderr.isTTY) {
    throw new QuarryError(
      "invalid_input",
      `Not confirmed: ${what}, and there is no terminal to ask`,
      "Run it in a terminal to confirm, or pass --yes in a script.",
    );
  }
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = (await rl.question(question)).trim();
    if (!accept(answer)) {
      throw new QuarryError(
        "invalid_input",
        `Not confirmed: "${answer}" is not "${expected}"; nothing was sent`,
        `Type exactly ${expected} to confirm, or pass --yes.`,
      );
    }
  } finally {
    rl.close();
  }
}

export function registerDeleteIndexCommand(program: Command): void {
  addConnectionFlags(
    program
      .command("delete-index")
      .description("delete one index, after showing the exact request and asking for confirmation")
      .argument("<conn>", "a saved connection's name, or a URL such as http://localhost:9200")
      .argument("<index>", "one concrete index (no wildcards, lists or _all)")
      .option("--yes", "confirm without asking (for scripts)"),
  ).action(async (conn: string, index: string, flags: DeleteFlags, cmd: Command) => {
    const json = wantsJson(cmd);
    // Opening a session sends nothing: the request is shown and confirmed before anything goes out.
    const plan = await withSession(conn, flags, async (s) => {
      const plan = facet(s, "tableAdmin").planDeleteTable(index);
      if (!json)
        process.stderr.write(
          `This will send:\n\n  ${s.console.format(plan)}\n\nand delete the index ${index} with all its documents.\n`,
        );
      if (!flags.yes) {
        // What it would delete, measured now (reads only), next to the request.
        const impact = await measuredImpact(s, plan);
        if (impact) for (const line of impactLines(impact)) process.stderr.write(`  ${line}\n`);
        await confirmTyped(
          `Type the index name (${index}) to confirm: `,
          index,
          `deleting ${index}`,
        );
      }
      await facet(s, "tableAdmin").deleteTable(index, plan);
      return plan;
    });
    if (json) printJson({ deleted: index, request: plan });
    else printLine(`Deleted index ${index}.`);
  });
}
