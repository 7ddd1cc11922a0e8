/**
 * Taking the committed extract `docs/coverage/packages.json` from whole
 * package lists (issue 24): the rows whose name or summary mentions MCP,
 * with their figures. Pure: text in, extract out.
 */
import type { Candidate, PackageExtract } from './types.ts';

/** What makes a row of a package list a candidate: its name or summary mentions MCP. */
const MENTIONS_MCP = /mcp|model context protocol/i;

/** The fewest monthly downloads an npm candidate needs, so the extract stays small; the top 100 servers are far above it. */
const NPM_MIN_DOWNLOADS = 1000;

/** Rows of a tab-separated list after its header line. */
function rows(text: string): string[][] {
  return text
    .split('\n')
    .slice(1)
    .filter((line) => line !== '')
    .map((line) => line.split('\t'));
}

/**
 * Build the extract from the two lists.
 * @param npmTsv columns name, version, downloads_a_month, summary
 * @param pypiTsv columns name, version, month, rank_among_15000_most_downloaded, summary (rank empty past 15,000)
 * @param date YYYY-MM-DD, the day the lists were taken
 */
export function extractCandidates(npmTsv: string, pypiTsv: string, date: string): PackageExtract {
  const byName = (a: Candidate, b: Candidate) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const npm: Candidate[] = [];
  for (const [name = '', , downloads = '', summary = ''] of rows(npmTsv)) {
    const figure = Number(downloads);
    if (Number.isInteger(figure) && figure >= NPM_MIN_DOWNLOADS && (MENTIONS_MCP.test(name) || MENTIONS_MCP.test(summary))) npm.push({ name, figure, summary });
  }
  const pypi: Candidate[] = [];
  for (const [name = '', , , rank = '', summary = ''] of rows(pypiTsv)) {
    const figure = Number(rank);
    if (rank !== '' && Number.isInteger(figure) && (MENTIONS_MCP.test(name) || MENTIONS_MCP.test(summary))) pypi.push({ name, figure, summary });
  }
  return {
    date,
    figures: {
      npm: 'downloads in a month, as the package list gives them',
      pypi: 'the rank among the 15,000 most-downloaded PyPI packages (1 is the most downloaded), as the package list gives it; the list has no download counts',
    },
    selection: {
      npm: `packages whose name or summary mentions "mcp" or "model context protocol", with at least ${NPM_MIN_DOWNLOADS.toLocaleString('en-US')} downloads a month`,
      pypi: 'packages among the 15,000 most downloaded whose name or summary mentions "mcp" or "model context protocol"',
    },
    npm: npm.sort(byName),
    pypi: pypi.sort(byName),
  };
}

/**
 * The catalogue's long tail (issue 25 item 4): the npm rows the extract leaves out for having fewer than
 * {@link NPM_MIN_DOWNLOADS} downloads a month, down to the package list's own floor, whose name or summary mentions
 * MCP. Only the catalogue reads it (`catalogue/long-tail.json`); the coverage lists never do. PyPI is not extended:
 * its list ranks only the 15,000 most-downloaded packages, all already in the extract.
 * @param npmTsv columns name, version, downloads_a_month, summary
 * @param date YYYY-MM-DD, the day the list was taken
 */
export function extractLongTail(npmTsv: string, date: string): PackageExtract {
  const npm: Candidate[] = [];
  for (const [name = '', , downloads = '', summary = ''] of rows(npmTsv)) {
    const figure = Number(downloads);
    if (Number.isInteger(figure) && figure < NPM_MIN_DOWNLOADS && (MENTIONS_MCP.test(name) || MENTIONS_MCP.test(summary))) npm.push({ name, figure, summary });
  }
  return {
    date,
    figures: { npm: 'downloads in a month, as the package list gives them', pypi: 'none: PyPI is not extended' },
    selection: {
      npm: `packages whose name or summary mentions "mcp" or "model context protocol", with fewer than ${NPM_MIN_DOWNLOADS.toLocaleString('en-US')} downloads a month (every such package of the list, whose own floor is its cut), for the catalogue only`,
      pypi: 'none',
    },
    npm: npm.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    pypi: [],
  };
}

/** The extract as JSON with one package a line, so a new list shows as a readable diff. */
export function extractJson(extract: PackageExtract): string {
  const list = (items: Candidate[]) => `[\n${items.map((item) => `  ${JSON.stringify(item)}`).join(',\n')}\n ]`;
  const head = JSON.stringify({ date: extract.date, figures: extract.figures, selection: extract.selection }, null, 1).slice(0, -2);
  return `${head},\n "npm": ${list(extract.npm)},\n "pypi": ${list(extract.pypi)}\n}\n`;
}
