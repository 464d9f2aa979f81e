/**
 * One request to the app on 127.0.0.1 that settles once: the first outcome wins (an answer, an
 * error, the deadline), the timer is cleared, and a request still running at the deadline is
 * destroyed. The stream's Upgrade and the endpoint proof both ask this way.
 */
import { type Agent, type ClientRequest, type OutgoingHttpHeaders, request } from "node:http";

export interface OnceRequest<T> {
  port: number;
  path: string;
  method: "GET" | "POST";
  agent: Agent | false;
  headers: OutgoingHttpHeaders;
  /** How long the request may take, and what it settles with when it takes longer. */
  timeoutMs: number;
  onTimeout: () => T;
}

/**
 * `handle` attaches the listeners and ends the request; `finish` settles (later calls do nothing)
 * and `settled()` says whether it has.
 */
export function requestOnce<T>(
  options: OnceRequest<T>,
  handle: (req: ClientRequest, finish: (r: T) => void, settled: () => boolean) => void,
): Promise<T> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: T) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(r);
    };
    const { port, path, method, agent, headers } = options;
    const req = request({ host: "127.0.0.1", port, path, method, agent, headers });
    const timer = setTimeout(() => {
      req.destroy();
      finish(options.onTimeout());
    }, options.timeoutMs);
    handle(req, finish, () => done);
  });
}
