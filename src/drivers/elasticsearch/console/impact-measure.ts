/**
 * Impact before a dangerous write, the I/O half: sends the reads `impactPlan` chose and turns the
 * answers into an `Impact` (impact.ts). Only reads are sent. A failure is an impact that says why
 * ("impact could not be measured: …"), never a throw, unless the caller aborted.
 */
import type { ConsoleRequest } from "../../../core/console.ts";
import { isQuarryError } from "../../../core/errors.ts";
import { type Impact, type MeasureOptions, unmeasuredImpact } from "../../../core/impact.ts";
import { httpError } from "../wire/errors.ts";
import type { EsRequest, EsTransport } from "../wire/transport.ts";
import { type CatIndexRow, impactOf, impactPlan } from "./impact.ts";
import {
  type ReadAnswer,
  type SecurityImpactPlan,
  securityImpactOf,
  securityImpactPlan,
} from "./impact-security.ts";

/** Measuring is a quick read; a cluster slower than this gets "could not be measured". */
const MEASURE_TIMEOUT_MS = 15_000;

export async function measureImpact(
  transport: EsTransport,
  request: ConsoleRequest,
  options: MeasureOptions = {},
  ready: () => Promise<void> = async () => {},
): Promise<Impact | null> {
  let security: ReturnType<typeof securityImpactPlan>;
  let plan: ReturnType<typeof impactPlan>;
  try {
    security = securityImpactPlan(request);
    plan = security ? null : impactPlan(request);
  } catch (e) {
    // A name that cannot be sent (ill-formed text): the request itself will be refused too.
    return unmeasuredImpact([], false, isQuarryError(e) ? e.message : String(e));
  }
  if (security) return measureSecurity(transport, security, options, ready);
  if (!plan) return null;
  const send = async <T>(req: EsRequest): Promise<T> => {
    const res = await transport.request<T>({
      ...req,
      timeoutMs: MEASURE_TIMEOUT_MS,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (res.status < 200 || res.status > 299) throw httpError(res.status, res.body);
    return res.body;
  };
  try {
    await ready();
    const rows = await send<CatIndexRow[]>(plan.resolve);
    if (!Array.isArray(rows)) throw new Error("the index list came back in an unknown shape");
    let matched: number | undefined;
    if (plan.count) {
      matched = 0;
      if (rows.length > 0) {
        const counted = await send<{ count?: unknown }>(plan.count);
        if (typeof counted?.count !== "number")
          throw new Error("the count came back in an unknown shape");
        matched = counted.count;
      }
    }
    return impactOf(plan, rows, matched);
  } catch (e) {
    if (options.signal?.aborted) throw e;
    return unmeasuredImpact(plan.named, plan.patterned, whyOf(e));
  }
}

/** A security write's reach: each read sent in turn, a 404 kept as an answer (nothing of that name). */
async function measureSecurity(
  transport: EsTransport,
  plan: SecurityImpactPlan,
  options: MeasureOptions,
  ready: () => Promise<void>,
): Promise<Impact> {
  try {
    await ready();
    const answers: ReadAnswer[] = [];
    for (const read of plan.reads) {
      const res = await transport.request({
        ...read,
        timeoutMs: MEASURE_TIMEOUT_MS,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if ((res.status < 200 || res.status > 299) && res.status !== 404)
        throw httpError(res.status, res.body);
      answers.push({ status: res.status, body: res.body });
    }
    return securityImpactOf(plan, answers);
  } catch (e) {
    if (options.signal?.aborted) throw e;
    return unmeasuredImpact(plan.name === null ? [] : [plan.name], false, whyOf(e));
  }
}

function whyOf(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  // "Index not found: x" reads better without a trailing period inside a sentence.
  return message.replace(/\.$/, "");
}
