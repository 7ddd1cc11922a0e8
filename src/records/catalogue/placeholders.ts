/**
 * What a catalogue server said it lacks when it stopped at start (issue 25
 * item 4): the environment variables its own error text names as missing,
 * and whether its usage text asks for a folder. The catalogue starts such a
 * server once more with an obvious placeholder for each (never a real
 * credential) and records the names, since many servers only check that a
 * setting is present at start and list their tools without calling their
 * service. Pure: it reads text only.
 */

/** The value every placeholder variable gets, except those naming an address ({@link PLACEHOLDER_URL}, {@link PLACEHOLDER_HOST}). */
export const PLACEHOLDER_VALUE = 'rclass-catalogue-placeholder';
/** The placeholder for a variable that names an address: a host under `.invalid` (RFC 2606), which never resolves. */
export const PLACEHOLDER_URL = 'https://rclass-catalogue-placeholder.invalid';
/** The placeholder for a variable ending in HOST: a host name under `.invalid`. */
export const PLACEHOLDER_HOST = 'rclass-catalogue-placeholder.invalid';
/** Most variables set from one error text. */
const MAX_PLACEHOLDERS = 8;

/** What one error text asks for. */
export interface MissingSettings {
  /** Environment variable names the text says are missing, in the order it names them. */
  env: string[];
  /** The text is a usage line asking for a directory or folder (an allowed folder, a root): start it with a scratch folder. */
  folder: boolean;
}

/** A line that says a setting is missing or required. */
const MISSING_WORDS =
  /\b(?:required|requires|missing|not set|must be (?:set|provided|defined|specified)|is not defined|are not defined|not provided|not configured|not found|no .{0,40}(?:key|token|found|set|provided)|please (?:set|provide|define|export)|undefined|environment variable|env var|set the)\b/i;
/** A variable's name as programs spell them: capitals, digits and underscores, with at least one underscore. */
const ENV_NAME = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g;
/** Names that are not a server's own setting: the runtime's, the shell's, and Node's error codes. */
const NOT_SETTINGS = /^(?:ERR_|NODE_|npm_|MODULE_|EXPERIMENTAL_|UV_|E[A-Z]+_)|^(?:MCP_SERVER|STDIO_SERVER|TOOLS_LIST|JSON_RPC)$/;
/** A usage line that names a folder argument (`Usage: server <allowed-directory>`, `[root-path]`). */
const FOLDER_USAGE = /usage\b.{0,120}?[<[][^>\]]{0,40}(?:dir|director(?:y|ies)|folder|root|path)[^>\]]{0,20}[>\]]/i;
/** A line that says a directory must be given. */
const FOLDER_MISSING =
  /\b(?:at least one|no|missing|provide (?:an?|at least one)|must (?:specify|provide))\b.{0,30}\b(?:allowed )?(?:director(?:y|ies)|folders?)\b/i;

/**
 * Read a server's error text for the settings it says it lacks.
 * @param stderr the tail of what the server wrote to stderr (may be empty or cut)
 * @returns at most {@link MAX_PLACEHOLDERS} variable names, each once, and whether a folder is asked for
 */
export function missingSettings(stderr: string): MissingSettings {
  const env: string[] = [];
  for (const line of stderr.split(/\r?\n/)) {
    if (!MISSING_WORDS.test(line)) continue;
    for (const match of line.matchAll(ENV_NAME)) {
      const name = match[0];
      if (NOT_SETTINGS.test(name) || env.includes(name) || env.length >= MAX_PLACEHOLDERS) continue;
      env.push(name);
    }
  }
  const folder = stderr.split(/\r?\n/).some((line) => FOLDER_USAGE.test(line) || FOLDER_MISSING.test(line));
  return { env, folder };
}

/**
 * The placeholder environment for names read by {@link missingSettings}.
 * @returns each name ending in URL, URI or ENDPOINT mapped to {@link PLACEHOLDER_URL}, in HOST to {@link PLACEHOLDER_HOST}, else to {@link PLACEHOLDER_VALUE}
 */
export function placeholderEnvironment(names: readonly string[]): Record<string, string> {
  const value = (name: string) => (/(?:URL|URI|ENDPOINT)$/.test(name) ? PLACEHOLDER_URL : /HOST$/.test(name) ? PLACEHOLDER_HOST : PLACEHOLDER_VALUE);
  return Object.fromEntries(names.map((name) => [name, value(name)]));
}
