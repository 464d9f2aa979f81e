/**
 * The page's own calls to the app held back at a gate: a browser test that must see work under
 * way (a spinner, a disabled button) holds the call until it has seen it, instead of delaying the
 * call by a fixed time and racing that time (docs/testing.md, "Reliable on a busy machine").
 */
import type { Page, Route } from "playwright-core";
import { Gate } from "./gate.ts";

export interface HeldRequests {
  /** Resolves once `n` matching requests wait at the gate: the page has asked for them. */
  arrived(n?: number): Promise<void>;
  /** Lets the held requests (and any still to come) through to the app, then stops holding. */
  release(): Promise<void>;
}

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
  return {
    arrived: (n = 1) => gate.waiting(n),
    async release() {
      gate.open();
      // Each held request is continued before the route goes: none is left paused without it.
      await Promise.all(handling);
      await page.unroute(pattern, handler);
    },
  };
}
