// Shared hosts that the Public Suffix List does not name but that hand their
// names or paths to anyone (SPEC 9.4): an egress allowlist entry for one
// admits every stranger's IP address or bucket. Data, each with its source;
// keep the list small and add a host only with a document that shows it.

/** One known multi-tenant host. */
export interface MultiTenantHost {
  /** Canonical lowercase host name. */
  host: string;
  /** Whether an entry below the host is just as open (a wildcard DNS service resolves every name under it). */
  below: boolean;
  /** What a stranger gets under it, as a phrase. */
  why: string;
  /** The document that shows it. */
  source: string;
}

/** The known multi-tenant hosts not on the Public Suffix List (checked with tldts's bundled list). */
export const MULTI_TENANT_HOSTS: readonly MultiTenantHost[] = [
  {
    host: 'nip.io',
    below: true,
    why: "a wildcard DNS service: every name under it resolves to the IP address written in the name, anyone's server included",
    source: 'https://github.com/exentriquesolutions/nip.io (README: app.10.8.0.1.nip.io maps to 10.8.0.1)',
  },
  {
    host: 'sslip.io',
    below: true,
    why: "a wildcard DNS service: every name under it resolves to the IP address written in the name, anyone's server included",
    source: 'https://sslip.io (192-168-0-1.sslip.io resolves to 192.168.0.1)',
  },
  {
    host: 'storage.googleapis.com',
    below: false,
    why: "Google Cloud Storage serves every bucket from it by path (storage.googleapis.com/BUCKET/OBJECT) and by name (BUCKET.storage.googleapis.com), a stranger's bucket included",
    source: 'https://cloud.google.com/storage/docs/request-endpoints (XML API, path-style and virtual-hosted-style endpoints)',
  },
];
