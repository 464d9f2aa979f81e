/** Pure: a console request as a curl command (Copy as curl). */
import type { ConsoleRequest } from "../../../core/console.ts";
import type { ConnectionSecrets } from "../../../core/driver.ts";
import { baseUrl, type EsConnectionConfig, tlsPolicy } from "../wire/config.ts";
import { prepareRequest } from "./request.ts";

const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/**
 * Pure: the request as a curl command. Credentials are left out unless `reveal` is set (with the
 * secrets): with Username & Password curl asks for the password, with an API key the command
 * reads it from the ES_API_KEY environment variable. TLS follows SSL Mode (`-k` where Quarry
 * accepts any certificate, `--cacert` with the CA file, `--cert`/`--key` with a client certificate).
 */
export function toCurl(
  request: ConsoleRequest,
  config: EsConnectionConfig,
  options: { reveal?: boolean; secrets?: ConnectionSecrets } = {},
): string {
  const prepared = prepareRequest(request);
  const parts = ["curl"];
  parts.push(prepared.method === "HEAD" ? "--head" : `-X ${prepared.method}`);
  parts.push(shellQuote(`${baseUrl(config)}${prepared.path}`));
  const tls = tlsPolicy(config);
  if (tls && !tls.verifyChain) parts.push("-k");
  else if (tls && config.caFile) parts.push(`--cacert ${shellQuote(config.caFile)}`);
  if (tls && config.clientCert && config.clientKey) {
    parts.push(`--cert ${shellQuote(config.clientCert)} --key ${shellQuote(config.clientKey)}`);
    // curl asks for an encrypted key's passphrase itself unless it is revealed.
    const passphrase = options.secrets?.clientKeyPassphrase;
    if (options.reveal === true && passphrase) parts.push(`--pass ${shellQuote(passphrase)}`);
  }
  const reveal = options.reveal === true;
  if (config.auth === "basic") {
    const user = config.username ?? "";
    parts.push(
      reveal && options.secrets?.password !== undefined
        ? `-u ${shellQuote(`${user}:${options.secrets.password}`)}`
        : `-u ${shellQuote(user)}`,
    );
  } else if (config.auth === "api-key") {
    parts.push(
      reveal && options.secrets?.apiKey !== undefined
        ? `-H ${shellQuote(`Authorization: ApiKey ${options.secrets.apiKey}`)}`
        : `-H "Authorization: ApiKey $ES_API_KEY"`,
    );
  }
  if (prepared.body !== undefined) {
    parts.push(`-H ${shellQuote(`Content-Type: ${prepared.contentType}`)}`);
    parts.push(`--data-binary ${shellQuote(prepared.body)}`);
  }
  return parts.join(" ");
}
