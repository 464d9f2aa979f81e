// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${}` marks a template's places, not JavaScript.
/**
 * Ready-made bodies offered where a body starts, for the requests people write most. Templates,
 * not definitions: every key in them is checked against the compiled definitions by the unit
 * tests. `${}` marks where the cursor goes next.
 */
import type { CompletionItem } from "../../../../core/console-completion.ts";

const QUERY_BODIES = [
  "search",
  "count",
  "async_search.submit",
  "delete_by_query",
  "explain",
  "validate_query",
];

const SEARCH: [string, string][] = [
  ["match query", '{\n  "query": {\n    "match": {\n      "${field}": "${text}"\n    }\n  }\n}'],
  [
    "bool query",
    '{\n  "query": {\n    "bool": {\n      "must": [\n        { "match": { "${field}": "${text}" } }\n      ],\n      "filter": [\n        { "range": { "${date}": { "gte": "now-7d" } } }\n      ]\n    }\n  }\n}',
  ],
  [
    "terms aggregation",
    '{\n  "size": 0,\n  "aggs": {\n    "${name}": {\n      "terms": { "field": "${field}", "size": 10 }\n    }\n  }\n}',
  ],
  [
    "date histogram",
    '{\n  "size": 0,\n  "aggs": {\n    "${name}": {\n      "date_histogram": { "field": "${field}", "calendar_interval": "day" }\n    }\n  }\n}',
  ],
  [
    "sort and fields",
    '{\n  "query": { "match_all": {} },\n  "sort": [{ "${field}": "desc" }],\n  "_source": ["${fields}"],\n  "size": 20\n}',
  ],
];

const BY_ENDPOINT: Record<string, [string, string][]> = {
  "indices.create": [
    [
      "settings and mappings",
      '{\n  "settings": { "number_of_shards": 1, "number_of_replicas": ${1} },\n  "mappings": {\n    "properties": {\n      "${field}": { "type": "keyword" }\n    }\n  }\n}',
    ],
  ],
  "indices.put_mapping": [
    ["new field", '{\n  "properties": {\n    "${field}": { "type": "keyword" }\n  }\n}'],
  ],
  update: [["partial document", '{\n  "doc": {\n    "${field}": ${value}\n  }\n}']],
  update_by_query: [
    [
      "script and query",
      '{\n  "script": { "source": "${ctx._source.field = params.value}", "params": { "value": ${1} } },\n  "query": { "match_all": {} }\n}',
    ],
  ],
  reindex: [
    ["copy an index", '{\n  "source": { "index": "${from}" },\n  "dest": { "index": "${to}" }\n}'],
  ],
};

/** The snippets for the body of an endpoint. */
export function bodySnippets(endpoint: string): CompletionItem[] {
  const list = QUERY_BODIES.includes(endpoint)
    ? endpoint === "search" || endpoint === "async_search.submit"
      ? SEARCH
      : SEARCH.slice(0, 2)
    : (BY_ENDPOINT[endpoint] ?? []);
  return list.map(([label, apply]) => ({ label, kind: "snippet", detail: "body", apply }));
}

/** Every snippet with its endpoint, for the tests that check them against the definitions. */
export function allSnippets(): { endpoint: string; body: string }[] {
  return [
    ...SEARCH.map(([, body]) => ({ endpoint: "search", body })),
    ...Object.entries(BY_ENDPOINT).flatMap(([endpoint, l]) =>
      l.map(([, body]) => ({ endpoint, body })),
    ),
  ];
}
