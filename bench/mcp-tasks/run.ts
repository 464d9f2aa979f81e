/**
 * Task benchmark: ten questions an agent typically answers about a cluster, answered by a
 * scripted agent through Quarry's MCP tools and through `@elastic/mcp-server-elasticsearch`'s
 * tools, on the same node and data. For each: whether the answer equals the truth (read straight
 * from the node), the number of tool calls, and the characters of text the tools handed the model.
 * The goal: the same answers with at most half the characters.
 *
 *   npm run bench:mcp-tasks          es8 from `npm run es:up`, the `sample-orders` index
 *
 * The count is exact (no timing), so one run is enough; the scripts are fixed, so two runs give
 * the same figures on the same data.
 */
import { rm } from "node:fs/promises";
import { isDeepStrictEqual } from "node:util";
import { Pool } from "undici";
import {
  elasticClient,
  esUrl,
  prepareElasticServer,
  quarryHttpClient,
  startQuarry,
} from "../mcp/setup.ts";
import { elasticAnswers } from "./elastic-answers.ts";
import { quarryAnswers } from "./quarry-answers.ts";
import { recorder, type Tally, toolListChars } from "./recorder.ts";
import { type Answers, prepareNode, QUESTIONS, removeBenchIndices, truth } from "./tasks.ts";

const GOAL_RATIO = 0.5;

interface Outcome extends Tally {
  correct: boolean;
  note?: string;
}

async function answer(
  fn: Answers[keyof Answers],
  client: Parameters<typeof recorder>[0],
  expected: unknown,
): Promise<Outcome> {
  const r = recorder(client);
  try {
    const got = await fn(r);
    const correct = isDeepStrictEqual(got, expected);
    return { ...r.tally, correct, ...(correct ? {} : { note: `answered ${JSON.stringify(got)}` }) };
  } catch (e) {
    return { ...r.tally, correct: false, note: (e as Error).message.slice(0, 160) };
  }
}

const pool = new Pool(esUrl, { connections: 4 });
const quarry = await startQuarry();
const elastic = await prepareElasticServer();
const q = await quarryHttpClient(quarry);
const e = (await elasticClient(elastic.entry)).client;
try {
  await prepareNode(pool);
  const truths = truth(pool);
  console.log(
    `MCP task benchmark on ${esUrl}: Quarry's tools vs @elastic/mcp-server-elasticsearch 0.3.1\n`,
  );
  console.log(
    "question                                                  Quarry calls/chars   Elastic calls/chars   ratio",
  );
  const sum = { q: { calls: 0, chars: 0 }, e: { calls: 0, chars: 0 }, qRight: 0, eRight: 0 };
  const misses: string[] = [];
  for (const key of Object.keys(QUESTIONS) as (keyof Answers)[]) {
    const expected = await truths[key]();
    const qo = await answer(quarryAnswers[key], q, expected);
    const eo = await answer(elasticAnswers[key], e, expected);
    for (const [side, o, total] of [
      ["Quarry", qo, sum.q],
      ["Elastic", eo, sum.e],
    ] as const) {
      total.calls += o.calls;
      total.chars += o.chars;
      if (!o.correct)
        misses.push(
          `  ${side}, "${QUESTIONS[key]}": ${o.note} (truth ${JSON.stringify(expected)})`,
        );
    }
    if (qo.correct) sum.qRight++;
    if (eo.correct) sum.eRight++;
    const cell = (o: Outcome) =>
      `${o.correct ? " " : "✗"}${String(o.calls).padStart(3)} ${String(o.chars).padStart(7)}`;
    console.log(
      `${QUESTIONS[key].padEnd(58)}${cell(qo).padStart(17)}${cell(eo).padStart(22)}${(qo.chars / eo.chars).toFixed(2).padStart(8)}`,
    );
  }
  const ratio = sum.q.chars / sum.e.chars;
  console.log(
    `${"all ten".padEnd(58)}${`${sum.q.calls} ${sum.q.chars}`.padStart(17)}${`${sum.e.calls} ${sum.e.chars}`.padStart(22)}${ratio.toFixed(2).padStart(8)}`,
  );
  console.log(
    `\nright answers: Quarry ${sum.qRight}/10, Elastic ${sum.eRight}/10 (✗ marks a wrong or missing answer)`,
  );
  if (misses.length) console.log(misses.join("\n"));
  console.log(
    `tool lists, read once per session: Quarry ${await toolListChars(q)} chars, Elastic ${await toolListChars(e)} chars`,
  );
  const pass = sum.qRight === 10 && ratio <= GOAL_RATIO;
  console.log(
    `\nGoal: every answer right with at most half the characters: Quarry ${sum.qRight}/10 right, ${sum.q.chars} vs ${sum.e.chars} chars (${ratio.toFixed(2)}x)  ${pass ? "PASS" : "FAIL"}`,
  );
} finally {
  await Promise.allSettled([q.close(), e.close()]);
  await removeBenchIndices(pool).catch(() => {});
  await quarry.stop();
  await rm(elastic.dir, { recursive: true, force: true });
  await pool.close();
}
