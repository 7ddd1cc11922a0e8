/**
 * Shapes of the catalogue (issue 25 item 4): the tools an MCP server package
 * without a record lists when it starts here without credentials. A listing
 * is not a record: it never identifies a server and classifies nothing.
 */

/** Which package registry a listing's package is from. */
type CatalogueRegistry = 'npm' | 'pypi';

/** One tool as the server listed it: its name and its definition, exactly as sent. */
export interface CatalogueTool {
  name: string;
  description?: unknown;
  inputSchema?: unknown;
  annotations?: unknown;
}

/** `catalogue/<registry>/<slug>.json`: one package's listing. */
export interface CatalogueListing {
  registry: CatalogueRegistry;
  name: string;
  version: string;
  /** The installed archive's integrity as the package lock records it (`sha512-…`). */
  integrity: string;
  /** The GitHub repository its package.json names, as `owner/name`, when it names one there. */
  repository?: string;
  /** The package list's figure: downloads a month (npm) or the rank among the most-downloaded packages (PyPI). */
  figure: number;
  summary: string;
  /** YYYY-MM-DD, the day it was listed. */
  listed: string;
  serverInfo?: { name?: string; version?: string };
  /**
   * Present when it listed only on a second start with placeholders, because its own error text named them as
   * missing: the environment variables set to an obvious placeholder (names only; never a credential) and whether it
   * was given a scratch folder as its argument (src/records/catalogue/placeholders.ts).
   */
  placeholders?: { env: string[]; folder: boolean };
  tools: CatalogueTool[];
}

/** Why one package could not be listed (our words, safe to print). */
export interface CatalogueFailure {
  registry: CatalogueRegistry;
  name: string;
  figure: number;
  /** The release that failed, when the registry named it before the install (`latest` then); absent in older reports. */
  version?: string;
  /** `install`: npm could not install it or it has no bin to start; `start`: it did not list tools without credentials. */
  stage: 'install' | 'start';
  reason: string;
}
