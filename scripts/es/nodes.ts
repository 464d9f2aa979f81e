/**
 * The test nodes, each a single-node cluster. Ports are fixed and away from the default 9200 so a
 * real local cluster is never touched.
 */
export interface NodeSpec {
  name: string;
  /** OpenSearch is there to prove the fork refusal on a real fork. */
  product: "elasticsearch" | "opensearch";
  version: string;
  httpPort: number;
  transportPort: number;
  secured: boolean;
  /** HTTPS that requires a client certificate from the test CA, with a PKI realm (trial licence). */
  clientAuth?: boolean;
}

export const ES7_VERSION = "7.17.29";
export const ES8_VERSION = "8.19.21";
/** The newest 9.x on Maven Central that runs on the Java 21 runtime from PyPI (docs/testing.md). */
export const ES9_VERSION = "9.5.4";
/** The newest OpenSearch 2.x: it runs on the machine's Java 17. */
export const OPENSEARCH_VERSION = "2.19.6";

export const NODE_SPECS: readonly NodeSpec[] = [
  {
    name: "es7",
    product: "elasticsearch",
    version: ES7_VERSION,
    httpPort: 19217,
    transportPort: 19317,
    secured: false,
  },
  {
    name: "es8",
    product: "elasticsearch",
    version: ES8_VERSION,
    httpPort: 19218,
    transportPort: 19318,
    secured: false,
  },
  {
    name: "es8-secure",
    product: "elasticsearch",
    version: ES8_VERSION,
    httpPort: 19219,
    transportPort: 19319,
    secured: true,
  },
  // Security and TLS on, as a 9.x install has them by default.
  {
    name: "es9",
    product: "elasticsearch",
    version: ES9_VERSION,
    httpPort: 19220,
    transportPort: 19320,
    secured: true,
  },
  // 7.17 with security on (bootstrap password, TLS on HTTP) like es8-secure: security on every major.
  {
    name: "es7-secure",
    product: "elasticsearch",
    version: ES7_VERSION,
    httpPort: 19222,
    transportPort: 19322,
    secured: true,
  },
  // Mutual TLS: a client certificate is required, and the PKI realm signs in by it.
  {
    name: "es8-mtls",
    product: "elasticsearch",
    version: ES8_VERSION,
    httpPort: 19223,
    transportPort: 19323,
    secured: true,
    clientAuth: true,
  },
  {
    name: "opensearch",
    product: "opensearch",
    version: OPENSEARCH_VERSION,
    httpPort: 19221,
    transportPort: 19321,
    secured: false,
  },
];

/** What `es:up` prints and saves: everything a test or a person needs to reach a node. */
export interface RunningNode {
  name: string;
  product: NodeSpec["product"];
  url: string;
  version: string;
  secured: boolean;
  username?: string;
  password?: string;
  caPath?: string;
  /** With a client certificate required: the one that passes, and its key. */
  clientCert?: string;
  clientKey?: string;
  pid: number;
  pgid: number;
  logPath: string;
  /** The folder the node may write snapshots to (its `path.repo`): the `fs` repository's location. */
  snapshotPath?: string;
  /** A digest of the settings it was started with: a running node started with others is restarted. */
  settingsDigest?: string;
}
