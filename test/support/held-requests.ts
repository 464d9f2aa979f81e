/**
 * The page's own calls to the app held back at a gate: a browser test that must see work under
 * way (a spinner, a disabled button) holds the call until it has seen it, instead of delaying the
 * call by a fixed time and racing that time (docs/testing.md, "Reliable on a busy machine").
 */
import type { Page, Route } from "playwright-core";
import { Gate } from "./gate.ts";

/** How long `arrived` waits for the page to ask: Playwright's own default for an action. */
const ARRIVAL_DEADLINE_MS = 30_000;

export interface HeldRequests {
  /**
   * Resolves once `n` matching requests wait at the gate: the page has asked for them. Fails,
   * naming the pattern, when the page has not asked within 30 s (a lost key press, say), rather
   * than waiting out the test's own timeout with every later test's requests still held.
   */
  arrived(n?: number): Promise<void>;
  /** Lets the held requests (and any still to come) through to the app, then stops holding. */
  release(): Promise<void>;
}

/** The holds still in place on each page: `releaseHeld` lets them go when a test ends. */
const holding = new WeakMap<Page, Set<HeldRequests>>();

/** Holds every request of `page` that matches `pattern` (a `page.route` glob) until `release()`. */
export async function holdRequests(page: Page, pattern: string): Promise<HeldRequests> {
  const gate = new Gate<Route>();
  gate.hold();
  const handling = new Set<Promise<void>>();
  const handler = (route: Route): Promise<void> => {
    const handled = (async () => {
      await gate.pass(route);
      await route.continue();
    })();
    handling.add(handled);
    return handled.finally(() => handling.delete(handled));
  };
  await page.route(pattern, handler);
  const holds = holding.get(page) ?? new Set<HeldRequests>();
  holding.set(page, holds);
  let released: Promise<void> | undefined;
  const held: HeldRequests = {
    async arrived(n = 1) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new Error(
                `${n} request(s) to ${pattern} were awaited; ${gate.waitingCount} arrived within ${ARRIVAL_DEADLINE_MS / 1000} s`,
              ),
            ),
          ARRIVAL_DEADLINE_MS,
        );
      });
      try {
        await Promise.race([gate.waiting(n), deadline]);
      } finally {
        clearTimeout(timer);
      }
    },
    release() {
      released ??= (async () => {
        holds.delete(held);
        gate.open();
        // Each held request is continued before the route goes: none is left paused without it.
        await Promise.all(handling);
        await page.unroute(pattern, handler);
      })();
      return released;
    },
  };
  holds.add(held);
  return held;
}

/** Lets every hold still in place on `page` go: an `afterEach`, so a failed test holds nothing. */
export async function releaseHeld(page: Page): Promise<void> {
  await Promise.all([...(holding.get(page) ?? [])].map((h) => h.release()));
}
