/**
 * The route settings (routes.ts) as fields of the connection form: several nodes, an HTTP(S)
 * proxy, an SSH tunnel. Kept behind Advanced: most connections reach one host directly.
 */
import type { SettingField } from "../../../core/settings-form.ts";

export const ROUTE_FIELDS: SettingField[] = [
  {
    key: "hosts",
    label: "Nodes",
    kind: "text",
    advanced: true,
    placeholder: "a:9200,b:9200,c:9200",
    hint: "Several nodes of one cluster: a request moves to the next when a node stops answering. Host and Port become the first.",
    cli: {
      flag: "hosts",
      valueName: "<a:9200,b:9200>",
      help: "several nodes of the cluster, tried in turn when one stops answering",
    },
  },
  {
    key: "discoverNodes",
    label: "Discover nodes",
    kind: "boolean",
    advanced: true,
    hint: "Also use the nodes the cluster publishes (_nodes/http). Not behind a load balancer or in Elastic Cloud.",
    cli: { flag: "discover-nodes", help: "also use the nodes the cluster publishes (_nodes/http)" },
  },
  {
    key: "proxy",
    label: "HTTP proxy",
    kind: "text",
    advanced: true,
    row: "proxy",
    width: "grow",
    placeholder: "http://user@proxy:3128",
    hint: "Empty uses HTTPS_PROXY / HTTP_PROXY (and NO_PROXY) when set; direct ignores them.",
    cli: {
      flag: "proxy",
      valueName: "<url>",
      help: "HTTP(S) proxy, http://[user@]host:port, or direct (empty: HTTPS_PROXY/NO_PROXY apply)",
    },
  },
  {
    key: "proxyPassword",
    label: "Proxy secret",
    kind: "secret",
    advanced: true,
    row: "proxy",
    width: "grow",
    cli: {
      flag: "proxy-password-stdin",
      help: "read the proxy user's password from standard input (it is stored in the secret store)",
    },
  },
  {
    key: "ssh",
    label: "SSH tunnel",
    kind: "text",
    advanced: true,
    row: "ssh",
    width: "grow",
    placeholder: "user@bastion:22",
    hint: "Reach the cluster through this SSH host; Host is then as the bastion sees it.",
    cli: {
      flag: "ssh",
      valueName: "<user@host:port>",
      help: "reach the cluster through an SSH bastion",
    },
  },
  {
    key: "sshKey",
    label: "SSH key",
    kind: "file",
    advanced: true,
    row: "ssh",
    width: "grow",
    placeholder: "~/.ssh/id_ed25519",
    hint: "Private key file; empty uses the running ssh-agent.",
    cli: {
      flag: "ssh-key",
      valueName: "<path>",
      help: "private key for the SSH tunnel (else ssh-agent)",
    },
  },
  {
    key: "sshPassphrase",
    label: "SSH key passphrase",
    kind: "secret",
    advanced: true,
    cli: {
      flag: "ssh-passphrase-stdin",
      help: "read the SSH key's passphrase from standard input (it is stored in the secret store)",
    },
  },
  {
    key: "sshKnownHosts",
    label: "Bastion keys file",
    kind: "file",
    advanced: true,
    placeholder: "~/.ssh/known_hosts",
    hint: "Where the bastion's key is checked; empty uses ~/.ssh/known_hosts.",
    cli: {
      flag: "ssh-known-hosts",
      valueName: "<path>",
      help: "known_hosts file for the bastion's key",
    },
  },
  {
    key: "sshAcceptHostKey",
    label: "Accept bastion key",
    kind: "text",
    advanced: true,
    placeholder: "SHA256:…",
    hint: "A new bastion's fingerprint, as the refusal showed it: added to known_hosts once. A changed key is always refused.",
    cli: {
      flag: "ssh-accept-host-key",
      valueName: "<SHA256:…>",
      help: "add a new bastion's key with this fingerprint to known_hosts",
    },
  },
];
