/**
 * ES|QL answers fed to the app where the cluster's answer enters it (docs/testing.md, "ES|QL"):
 * the test nodes have no ES|QL engine, so the driver session's transport answers `POST /_query`
 * with an answer in the shape the Elasticsearch specification documents; every other request
 * still goes to the real node. Everything above the transport (the console's run, the driver's
 * reading of the answer, the UI's API and the page) runs as it does against a real engine.
 */
import type { DriverSession } from "../../src/core/driver.ts";
import type {
  EsRequest,
  EsResponse,
  EsTransport,
} from "../../src/drivers/elasticsearch/wire/transport.ts";

export type QueryAnswer = { status: number; body: unknown };

/** Answers the session's ES|QL requests with `answer(query)` until the returned function is called. */
export function feedQueryAnswers(
  session: DriverSession,
  answer: (query: string) => QueryAnswer,
): () => void {
  // The app's session comes from the plugin's bundle: its transport is reached by shape.
  const transport = (session as unknown as { transport: EsTransport }).transport;
  const real = transport.request.bind(transport);
  transport.request = (async (req: EsRequest): Promise<EsResponse> => {
    if (req.method !== "POST" || !/^\/_query(?:[/?]|$)/.test(req.path)) return real(req);
    const body = typeof req.body === "string" ? JSON.parse(req.body) : req.body;
    const fed = answer(String((body as { query?: unknown })?.query ?? ""));
    return { status: fed.status, headers: { "content-type": "application/json" }, body: fed.body };
  }) as EsTransport["request"];
  return () => {
    transport.request = real as EsTransport["request"];
  };
}
