/**
 * Task benchmark: twenty-six questions an agent answers about a cluster (ten everyday ones, six
 * harder: top N by a metric, two groupings, an exact distinct count, a nested field, two indices,
 * an ES|QL-shaped question; ten more of the one-aggregation kind, a field of one document and the
 * cluster's version), answered by a scripted agent through Quarry's MCP tools and through
 * `@elastic/mcp-server-elasticsearch`'s tools, on the same node and data. For each: whether the
 * answer equals the truth (read straight from the node), the number of tool calls, and the
 * characters of text the tools handed the model. Per side: what a model reads before its first
 * call (instructions + each tool's name, description and input schema), the answers, calls,
 * right answers and the session total; then each goal with its verdict.
 *
 *   npm run bench:mcp-tasks          es8 from `npm run es:up`, the `sample-orders` index
 *
 * The count is exact (no timing), so one run is enough; the scripts are fixed, so two runs give
 * the same figures on the same data.
 */
import { rm } from "node:fs/promises";
import { Pool } from "undici";
import { esUrl } from "../mcp/setup.ts";
import { isRight, shownTruth } from "./accept.ts";
import { elasticAnswers } from "./elastic-answers.ts";
import { quarryAnswers } from "./quarry-answers.ts";
import { catalogChars, recorder, type Tally } from "./recorder.ts";
import { startBothServers } from "./servers.ts";
import {
  AGGREGATION_QUESTIONS,
  type Answers,
  prepareNode,
  QUESTIONS,
  removeBenchIndices,
  truth,
} from "./tasks.ts";

/**
 * Goals (docs/mcp.md, "What a session costs"): every answer right; over all questions the answers
 * and the session cheaper than the peer's; on the questions the peer answers with one `size: 0`
 * search, each answer no longer than its raw answer, and the session (the wider catalog read
 * once) close to the peer's.
 */
const SESSION_GOAL = 0.6;
const ANSWERS_GOAL = 0.8;
const AGGREGATION_ANSWER_GOAL = 1.0;
const AGGREGATION_SESSION_GOAL = 1.15;

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
    const correct = isRight(got, expected);
    return { ...r.tally, correct, ...(correct ? {} : { note: `answered ${JSON.stringify(got)}` }) };
  } catch (e) {
    return { ...r.tally, correct: false, note: (e as Error).message.slice(0, 160) };
  }
}

interface Side {
  name: string;
  calls: number;
  chars: number;
  right: number;
  /** What a model reads before its first call: instructions + name, description, input schema. */
  catalog: number;
  /** The whole tools/list JSON, output schemas and annotations included (stays with the client). */
  toolList: number;
}

const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");

const pool = new Pool(esUrl, { connections: 4 });
const { quarry, elastic, q, e } = await startBothServers();
try {
  await prepareNode(pool);
  const truths = truth(pool);
  const keys = Object.keys(QUESTIONS) as (keyof Answers)[];
  console.log(
    `MCP task benchmark on ${esUrl}: Quarry's tools vs @elastic/mcp-server-elasticsearch 0.3.1, ${keys.length} questions\n`,
  );
  console.log(
    "question                                            Quarry calls/chars   Elastic calls/chars   ratio",
  );
  const sides: Side[] = [
    { name: "Quarry", calls: 0, chars: 0, right: 0, ...(await catalogChars(q)) },
    { name: "Elastic", calls: 0, chars: 0, right: 0, ...(await catalogChars(e)) },
  ];
  const misses: string[] = [];
  /** The aggregation questions' characters per side, and those over the raw answer's. */
  const agg = { quarry: 0, elastic: 0, over: [] as string[] };
  for (const key of keys) {
    const expected = await truths[key]();
    const outcomes = [
      await answer(quarryAnswers[key], q, expected),
      await answer(elasticAnswers[key], e, expected),
    ];
    outcomes.forEach((o, i) => {
      const side = sides[i]!;
      side.calls += o.calls;
      side.chars += o.chars;
      if (o.correct) side.right++;
      else
        misses.push(
          `  ${side.name}, "${QUESTIONS[key]}": ${o.note} (truth ${JSON.stringify(shownTruth(expected))})`,
        );
    });
    const cell = (o: Outcome) =>
      `${o.correct ? " " : "✗"}${String(o.calls).padStart(3)} ${String(o.chars).padStart(7)}`;
    const [qo, eo] = outcomes as [Outcome, Outcome];
    if (AGGREGATION_QUESTIONS.has(key)) {
      agg.quarry += qo.chars;
      agg.elastic += eo.chars;
      if (qo.chars > eo.chars * AGGREGATION_ANSWER_GOAL)
        agg.over.push(`"${QUESTIONS[key]}" ${qo.chars} vs ${eo.chars}`);
    }
    console.log(
      `${QUESTIONS[key].padEnd(52)}${cell(qo).padStart(17)}${cell(eo).padStart(22)}${(qo.chars / eo.chars).toFixed(2).padStart(8)}`,
    );
  }
  const [qs, es] = sides as [Side, Side];
  if (misses.length) console.log(`\n✗ marks a wrong or missing answer:\n${misses.join("\n")}`);
  console.log("\nper side                                   Quarry     Elastic   ratio");
  const line = (label: string, a: number, b: number) =>
    console.log(
      `${label.padEnd(40)}${String(a).padStart(9)}${String(b).padStart(12)}${(a / b).toFixed(2).padStart(8)}`,
    );
  line("instructions + tool list (model reads)", qs.catalog, es.catalog);
  line("whole tools/list JSON (client keeps)", qs.toolList, es.toolList);
  line("answer characters", qs.chars, es.chars);
  line("calls", qs.calls, es.calls);
  line("right answers", qs.right, es.right);
  line("session total (catalog + answers)", qs.catalog + qs.chars, es.catalog + es.chars);
  const session = (qs.catalog + qs.chars) / (es.catalog + es.chars);
  const answers = qs.chars / es.chars;
  console.log("\nGoals:");
  console.log(
    `every answer right: Quarry ${qs.right}/${keys.length} (Elastic ${es.right}/${keys.length})  ${verdict(qs.right === keys.length)}`,
  );
  console.log(
    `answers <= ${ANSWERS_GOAL}x the peer's: ${qs.chars} vs ${es.chars} chars (${answers.toFixed(2)}x)  ${verdict(answers <= ANSWERS_GOAL)}`,
  );
  console.log(
    `session total <= ${SESSION_GOAL}x the peer's: ${qs.catalog + qs.chars} vs ${es.catalog + es.chars} chars (${session.toFixed(2)}x)  ${verdict(session <= SESSION_GOAL)}`,
  );
  console.log(
    `aggregation questions (${AGGREGATION_QUESTIONS.size}): each answer <= ${AGGREGATION_ANSWER_GOAL.toFixed(1)}x the peer's raw answer: ${agg.over.length ? `over on ${agg.over.join("; ")}` : "all"} (${agg.quarry} vs ${agg.elastic} chars, ${(agg.quarry / agg.elastic).toFixed(2)}x)  ${verdict(agg.over.length === 0)}`,
  );
  const aggSession = (qs.catalog + agg.quarry) / (es.catalog + agg.elastic);
  console.log(
    `aggregation questions alone: session total <= ${AGGREGATION_SESSION_GOAL}x the peer's: ${qs.catalog + agg.quarry} vs ${es.catalog + agg.elastic} chars (${aggSession.toFixed(2)}x)  ${verdict(aggSession <= AGGREGATION_SESSION_GOAL)}`,
  );
} finally {
  await Promise.allSettled([q.close(), e.close()]);
  await removeBenchIndices(pool).catch(() => {});
  await quarry.stop();
  await rm(elastic.dir, { recursive: true, force: true });
  await pool.close();
}
