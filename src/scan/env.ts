/**
 * The environment a scanned server starts with. By default it gets what the
 * MCP TypeScript SDK passes to a stdio server (`DEFAULT_INHERITED_ENV_VARS`:
 * `HOME`, `LOGNAME`, `PATH`, `SHELL`, `TERM`, `USER` on POSIX; `APPDATA`,
 * `PATH`, `USERPROFILE` and a few more on Windows), the proxy and
 * certificate settings it needs to reach a network the way the user does,
 * and its own `env` from the configuration, which wins. Cloud keys and
 * tokens in the user's environment stay out. `--inherit-env` passes the
 * whole environment instead (the entry's `env` still wins).
 */
import { DEFAULT_INHERITED_ENV_VARS } from '@modelcontextprotocol/sdk/client/stdio.js';

/** Proxy and certificate variables passed through (both spellings of the proxy ones). */
const NETWORK_ENV_VARS: readonly string[] = [
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'ALL_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'all_proxy',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'REQUESTS_CA_BUNDLE',
  'CURL_CA_BUNDLE',
];

/**
 * Build a server's environment.
 * @param userEnv the environment rclass runs with (injected, never `process.env` directly)
 * @param entryEnv the entry's own `env`, already expanded
 * @param inherit pass the whole user environment (`--inherit-env`)
 * @param inherited the SDK's list of inherited names; its platform's default when omitted
 * @returns a complete environment: nothing else is inherited
 */
export function serverEnvironment(
  userEnv: Readonly<Record<string, string | undefined>>,
  entryEnv: Readonly<Record<string, string>>,
  inherit: boolean,
  inherited: readonly string[] = DEFAULT_INHERITED_ENV_VARS,
): Record<string, string> {
  const env: Record<string, string> = {};
  if (inherit) {
    for (const [key, value] of Object.entries(userEnv)) if (value !== undefined) env[key] = value;
  } else {
    for (const key of [...inherited, ...NETWORK_ENV_VARS]) {
      const value = userEnv[key];
      // As the SDK does: a value starting with `()` is a shell function, never passed on.
      if (value !== undefined && !value.startsWith('()')) env[key] = value;
    }
  }
  for (const [key, value] of Object.entries(entryEnv)) env[key] = value;
  return env;
}
