/**
 * A request as text: the console's `METHOD /path` + JSON body, and curl with credentials redacted
 * (the UI never receives a secret).
 */
import type { ConsoleRequest } from "../../../core/console.ts";
import type { EsConnectionConfig } from "../../../drivers/elasticsearch/config.ts";

export function consoleText(r: ConsoleRequest): string {
  const head = `${r.method} ${r.path}`;
  if (r.body === undefined) return head;
  return `${head}\n${typeof r.body === "string" ? r.body : JSON.stringify(r.body, null, 2)}`;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function curlFor(baseUrl: string, config: EsConnectionConfig, r: ConsoleRequest): string {
  const parts = ["curl", "-X", r.method, quote(`${baseUrl}${r.path}`)];
  if (
    config.sslMode !== "disabled" &&
    (config.skipTlsVerify ||
      config.sslMode === "preferred" ||
      config.sslMode === "required-skip-verify")
  ) {
    parts.push("-k");
  }
  if (config.caFile) parts.push("--cacert", quote(config.caFile));
  if (config.auth === "basic") parts.push("-u", quote(`${config.username ?? ""}:<password>`));
  if (config.auth === "api-key") parts.push("-H", quote("Authorization: ApiKey <api-key>"));
  if (r.body !== undefined) {
    const ndjson = typeof r.body === "string";
    parts.push(
      "-H",
      quote(`Content-Type: ${ndjson ? "application/x-ndjson" : "application/json"}`),
    );
    parts.push("-d", quote(ndjson ? (r.body as string) : JSON.stringify(r.body)));
  }
  return parts.join(" ");
}
