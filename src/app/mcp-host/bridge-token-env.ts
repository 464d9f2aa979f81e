/**
 * Shortened bridge token lifetimes, for tests and diagnosis only ("token rotation
 * mid-session with shortened lifetimes through configuration, not sleeping an hour"):
 *
 *   QUARRY_BRIDGE_TOKEN_LIFETIME_MS        the token's lifetime (one hour)
 *   QUARRY_BRIDGE_TOKEN_ROTATE_BEFORE_MS   a new token this long before expiry (15 minutes)
 *
 * Unset: those values. A value that is not a whole number of milliseconds (at least 1,000 for
 * the lifetime; the rotation within the lifetime) is reported and ignored.
 */
import { BRIDGE_TOKEN_TIMES, type BridgeTokenTimes } from "../../mcp/policy/tokens.ts";

export const LIFETIME_ENV = "QUARRY_BRIDGE_TOKEN_LIFETIME_MS";
export const ROTATE_BEFORE_ENV = "QUARRY_BRIDGE_TOKEN_ROTATE_BEFORE_MS";

export function bridgeTokenTimesFromEnv(env: NodeJS.ProcessEnv): {
  times?: BridgeTokenTimes;
  problem?: string;
} {
  const life = env[LIFETIME_ENV]?.trim();
  const before = env[ROTATE_BEFORE_ENV]?.trim();
  if (!life && !before) return {};
  const lifetimeMs = life ? Number(life) : BRIDGE_TOKEN_TIMES.lifetimeMs;
  const rotateBeforeMs = before ? Number(before) : Math.floor(lifetimeMs / 4);
  if (!Number.isInteger(lifetimeMs) || lifetimeMs < 1000)
    return { problem: `${LIFETIME_ENV}="${life}" is not a lifetime of at least 1000 ms; ignored` };
  if (!Number.isInteger(rotateBeforeMs) || rotateBeforeMs < 0 || rotateBeforeMs >= lifetimeMs)
    return {
      problem: `${ROTATE_BEFORE_ENV}="${before}" must be a whole number of ms below the lifetime (${lifetimeMs}); ignored`,
    };
  return { times: { lifetimeMs, rotateBeforeMs } };
}
