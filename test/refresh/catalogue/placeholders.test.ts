/**
 * What a catalogue server says it lacks (issue 25 item 4): the variables its
 * own error text names as missing get an obvious placeholder on a second
 * start, a usage line that asks for a folder gets a scratch folder; the
 * runtime's own names and error codes never do.
 */
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_HOST, PLACEHOLDER_URL, PLACEHOLDER_VALUE, missingSettings, placeholderEnvironment } from '../../../src/records/catalogue/placeholders.ts';

describe('missingSettings', () => {
  it("names the variable of brave-search's own error line (modelcontextprotocol/servers, src/brave-search/index.ts)", () => {
    expect(missingSettings('Error: BRAVE_API_KEY environment variable is required\n')).toEqual({ env: ['BRAVE_API_KEY'], folder: false });
  });

  it('names every missing variable once, in the order the text names them, from a thrown error and its stack', () => {
    const stderr = [
      'file:///x/node_modules/jira-mcp/build/index.js:12',
      "  throw new Error('JIRA_HOST and JIRA_API_TOKEN must be set');",
      '        ^',
      '',
      'Error: JIRA_HOST and JIRA_API_TOKEN must be set',
      '    at file:///x/node_modules/jira-mcp/build/index.js:12:9',
      'Node.js v20.19.5',
    ].join('\n');
    expect(missingSettings(stderr).env).toEqual(['JIRA_HOST', 'JIRA_API_TOKEN']);
  });

  it("never takes Node's error codes or its own variables for a server's setting", () => {
    const stderr = [
      "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'zod' imported from /x/index.js",
      'NODE_OPTIONS is not set',
      '  code: ERR_MODULE_NOT_FOUND',
    ].join('\n');
    expect(missingSettings(stderr)).toEqual({ env: [], folder: false });
  });

  it('takes no name from a line that does not say something is missing', () => {
    expect(missingSettings('Starting server with LOG_LEVEL=info and CACHE_DIR=/tmp\n').env).toEqual([]);
  });

  it("asks for a folder on the filesystem server's usage line (modelcontextprotocol/servers, src/filesystem/index.ts)", () => {
    expect(missingSettings('Usage: mcp-server-filesystem [allowed-directory] [additional-directories...]\n')).toEqual({ env: [], folder: true });
    expect(missingSettings('Error: at least one allowed directory must be given\n').folder).toBe(true);
    expect(missingSettings('Usage: my-mcp --port <number>\n').folder).toBe(false);
  });

  it('sets at most eight names from one text', () => {
    const stderr = Array.from({ length: 12 }, (_, index) => `Missing SETTING_${index}`).join('\n');
    expect(missingSettings(stderr).env).toEqual(Array.from({ length: 8 }, (_, index) => `SETTING_${index}`));
  });
});

describe('placeholderEnvironment', () => {
  it('gives an address under .invalid to URL and HOST names and the plain placeholder to the rest', () => {
    expect(placeholderEnvironment(['GRAFANA_URL', 'JIRA_HOST', 'HUBSPOT_ACCESS_TOKEN'])).toEqual({
      GRAFANA_URL: PLACEHOLDER_URL,
      JIRA_HOST: PLACEHOLDER_HOST,
      HUBSPOT_ACCESS_TOKEN: PLACEHOLDER_VALUE,
    });
    expect(PLACEHOLDER_URL).toBe('https://rclass-catalogue-placeholder.invalid');
  });
});
