/**
 * Whether a package of the list is an MCP server (issue 24): a reviewed
 * override wins; otherwise a rule of name and summary patterns, the first
 * that matches deciding. Pure.
 */
import type { Candidate, Classified, CoverageRegistry, Kind, Overrides } from './types.ts';

/** A pattern of the rule: what it tests, the kind it gives, and its name in the documents. */
interface RulePattern {
  id: string;
  kind: Kind;
  test: (name: string, summary: string) => boolean;
  says: string;
}

const words = (text: string) => text.toLowerCase();

/**
 * The rule, in order. Exclusions come first, so "MCP server SDK" is an SDK;
 * a package none of them excludes is a server when its name or summary
 * says so, else `other`.
 */
const RULE: readonly RulePattern[] = [
  {
    id: 'deprecated',
    kind: 'server',
    test: (name, summary) => /^\s*\[?deprecated\b/i.test(summary) && serverWords(name, summary),
    says: 'a server whose summary starts with "deprecated" is a server, listed as deprecated',
  },
  {
    id: 'platform-binary',
    kind: 'library',
    test: (name) => /-(linux|darwin|win32|windows|macos)-(x64|arm64|ia32|amd64|aarch64)\b/.test(name),
    says: 'a name ending in a platform and architecture (`-linux-x64`) is the binary another package installs, not a package run by itself',
  },
  {
    id: 'types',
    kind: 'types',
    test: (name, summary) => /(^|[/-])types$/.test(name) || /type definitions/i.test(summary),
    says: '`types` in the name, or "type definitions"',
  },
  { id: 'sdk', kind: 'sdk', test: (name, summary) => /\bsdk\b/.test(words(name)) || /\bsdk\b/i.test(summary), says: '`sdk` in the name or summary' },
  {
    id: 'framework',
    kind: 'framework',
    test: (name, summary) => /\bframework\b/.test(words(name)) || /\bframework\b/i.test(summary),
    says: '`framework` in the name or summary',
  },
  {
    id: 'inspector',
    kind: 'inspector',
    test: (name, summary) => /inspector/.test(words(name)) || /\binspector\b/i.test(summary),
    says: '`inspector` in the name or summary',
  },
  {
    id: 'proxy',
    kind: 'proxy',
    test: (name, summary) => /(proxy|gateway|bridge|remote)/.test(words(name)) || /\b(proxy|gateway)\b/i.test(summary),
    says: '`proxy`, `gateway`, `bridge` or `remote` in the name, or "proxy" or "gateway" in the summary',
  },
  {
    id: 'client',
    kind: 'client',
    test: (name, summary) => /(^|[/._-])(client|cli)([._-]|$)/.test(words(name)) || /^(an? )?(mcp )?client\b/i.test(summary),
    says: '`client` or `cli` as a word of the name, or a summary that starts with "client"',
  },
  {
    id: 'library',
    kind: 'library',
    test: (name, summary) =>
      /(^|[/._-])(adapters?|middleware|transport|instrumentation|utils?|helpers?|tools?-kit|toolkit|core|schema|nodes|provider|plugin|addon|extensions?|hooks?|react|vue|ui)([/._-]|$)/.test(
        words(name),
      ) || /\b(adapters?|middleware|instrumentation|library|toolkit|utilities|helpers)\b/i.test(summary),
    says: 'a library word as a word of the name (`adapter`, `middleware`, `transport`, `utils`, `core`, `plugin`, `provider`, …) or in the summary (`library`, `toolkit`, `instrumentation`, …)',
  },
  {
    id: 'server',
    kind: 'server',
    test: (name, summary) => serverWords(name, summary),
    says: '`mcp` as a word of the name (`mcp-…`, `…-mcp`, `@scope/mcp`, `mcp-server-…`), or "MCP server" or "Model Context Protocol server" in the summary',
  },
];

function serverWords(name: string, summary: string): boolean {
  return /(^|[/._-])mcp([/._-]|$)|mcp-?server|server-?mcp/.test(words(name)) || /\b(mcp|model context protocol(\s*\(mcp\))?)\s+server\b/i.test(summary);
}

/**
 * Classify one candidate.
 * @returns the kind, from the override when the reviewed list names the package, else from the first matching pattern of {@link RULE} (`other` when none matches)
 */
export function classify(candidate: Candidate, registry: CoverageRegistry, overrides: Overrides): Classified {
  const override = overrides[registry][candidate.name];
  if (override !== undefined)
    return {
      ...candidate,
      kind: override.kind,
      by: 'override',
      reason: override.reason,
      ...(override.not_yet !== undefined ? { notYet: override.not_yet } : {}),
    };
  for (const pattern of RULE) {
    if (pattern.test(candidate.name, candidate.summary)) {
      return {
        ...candidate,
        kind: pattern.kind,
        by: pattern.id,
        reason: pattern.says,
        ...(pattern.id === 'deprecated' ? { notYet: 'deprecated' as const } : {}),
      };
    }
  }
  return { ...candidate, kind: 'other', by: 'none', reason: 'no pattern of the rule matched' };
}
