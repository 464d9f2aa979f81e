/**
 * An Elastic Cloud ID read as the official clients read it: an optional `name:` prefix (all before
 * the last colon), then base64 of `host[:port]$es_uuid[:port]$kibana_uuid`. The cluster is
 * `https://<es_uuid>.<host>:<port>`, port 443 when none is named. It carries no secret. Pure.
 */
import { errors } from "../../../core/errors.ts";

export interface CloudId {
  /** The deployment's name, as written before the colon (may be empty). */
  name: string;
  /** `<es_uuid>.<host>` */
  host: string;
  port: number;
  kibanaUuid?: string;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$/;

function refuse(problem: string, remedy?: string): never {
  throw errors.invalidConfig(
    "Cloud ID",
    problem,
    remedy ??
      "Copy the Cloud ID again from the deployment's page in the Elastic Cloud console (name:base64…).",
  );
}

function splitPort(part: string, what: string): { name: string; port?: number } {
  const colon = part.lastIndexOf(":");
  if (colon < 0) return { name: part };
  const text = part.slice(colon + 1);
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535)
    refuse(`the ${what}'s port "${text}" is not a port number`);
  return { name: part.slice(0, colon), port };
}

export function decodeCloudId(input: string): CloudId {
  const text = input.trim();
  if (!text) refuse("is empty");
  const colon = text.lastIndexOf(":");
  const name = colon < 0 ? "" : text.slice(0, colon);
  const encoded = text.slice(colon + 1);
  if (!encoded) refuse("has nothing after the colon: the part after name: is the base64 value");
  if (!BASE64.test(encoded) || encoded.length % 4 === 1)
    refuse("the part after the colon is not base64");
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const parts = decoded.split("$");
  if (parts.length < 2)
    refuse(
      `decodes to "${decoded.slice(0, 80)}", which has no $: a Cloud ID decodes to host$es_uuid$kibana_uuid`,
    );
  const [hostPart = "", esPart = "", kibanaPart] = parts;
  if (!hostPart) refuse("its host part (before the first $) is empty");
  if (!esPart) refuse("its Elasticsearch part (after the first $) is empty");
  const host = splitPort(hostPart, "host");
  const es = splitPort(esPart, "Elasticsearch part");
  if (!host.name.split(".").every((l) => LABEL.test(l)))
    refuse(`its host "${host.name}" is not a host name`);
  if (!LABEL.test(es.name)) refuse(`its Elasticsearch id "${es.name}" is not a host name label`);
  const out: CloudId = {
    name,
    host: `${es.name}.${host.name}`,
    port: es.port ?? host.port ?? 443,
  };
  const kibana = kibanaPart ? splitPort(kibanaPart, "Kibana part").name : "";
  if (kibana) out.kibanaUuid = kibana;
  return out;
}
