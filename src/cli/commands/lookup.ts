/**
 * `rclass lookup SERVER TOOL [--args JSON] [--json]`: classify one call
 * (SPEC 4) and say why, with the record's status (SPEC 5.1), which
 * conditions of each rule held (SPEC 4.5), and the server's own hint next to
 * the class (SPEC 7.3).
 *
 * An unknown server or tool is R4 with source `unknown` and exit 0. An
 * `--args` value that is not a JSON object is a usage error (exit 2). If
 * the registry cannot be loaded, the answer is still printed, as R4 with
 * source `error`, and the exit code is 3.
 */
import { parseCommandLine } from '../parse-args.ts';
import { CLASS_NAMES, DEFAULT_POLICY, classRank, parseClass } from '../../core/classes.ts';
import { hintClass } from '../../core/annotations.ts';
import { Classifier, type Classification } from '../../core/classify.ts';
import { EXIT, type CliIO, UsageError, readStdin } from '../io.ts';
import { loadRegistry } from '../../node/registry.ts';
import { withLocalRecords } from '../local-records.ts';
import { formatProblem } from '../../records/problems.ts';
import { messageOf } from '../../core/errors.ts';
import { DOCUMENTATION_MARK } from '../../core/registry.ts';

/** The usage line of `lookup`. */
export const LOOKUP_USAGE = 'rclass lookup SERVER TOOL [--args JSON|-] [--json] [--fail-on CLASS] [--server-version VERSION] [--registry FILE] [--records DIR]';

/** The help text of `lookup`. */
export const LOOKUP_HELP = `usage: ${LOOKUP_USAGE}

Classify one tool call: its class, why, and the default policy (SPEC 4).

  SERVER                  the registry record id, e.g. sqlite
  TOOL                    the tool name as the server lists it, e.g. write_query
  --args JSON             the call's arguments as a JSON object; \`-\` reads them from stdin
  --json                  print the classification as one JSON object
  --fail-on CLASS         exit 1 when the class is CLASS or above
  --server-version V      the release the call goes to (SPEC 5.3); rules are ignored below the record's min_version
  --registry FILE         classify against this registry document instead of the bundled one
  --records DIR           local records to add to it (default: records/ in rclass's state folder;
                          \`rclass records --help\`, SPEC 5.10); a local record's answer says so

An unknown server or tool is R4 (source unknown), exit 0. A local records folder or
file with a problem is listed in notes, and the exit code is 3.
`;

/** Largest `--args` accepted (bytes), from the command line or stdin. */
const MAX_ARGS_BYTES = 1024 * 1024;

const STATUS_TEXT: Readonly<Record<string, string>> = {
  draft: 'draft: classified against the source by its author, not yet reviewed',
  reviewed: 'reviewed: a second person checked every class',
  verified: 'verified: reviewed, and the tool list compared with a running release',
};

/** A classification as lookup prints it: with the server's own hint, and the local record's file when a local record answered (SPEC 5.10). */
type Looked = Classification & { hint_class?: string; hint_from?: string; local_record?: string };

/** Parse `--args`: a JSON object, or a usage error naming what is wrong. */
function parseArgsJson(text: string): Record<string, unknown> {
  if (new TextEncoder().encode(text).byteLength > MAX_ARGS_BYTES) throw new UsageError(`\`--args\` is larger than ${MAX_ARGS_BYTES} bytes`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`\`--args\` is not valid JSON: ${messageOf(error)}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError(
      `\`--args\` must be a JSON object such as \`{"query": "SELECT 1"}\`; got ${Array.isArray(value) ? 'a list' : value === null ? 'null' : `a ${typeof value}`}`,
    );
  }
  return value as Record<string, unknown>;
}

/** The classification as lines of text for people. */
function formatClassification(c: Looked): string {
  const lines: string[] = [];
  const from = c.local_record !== undefined && c.source === 'registry' ? `local record ${c.local_record}` : c.source;
  lines.push(`${c.class} ${c.name} (${from}${c.rule !== undefined ? `: ${c.rule}` : ''})${c.basis === 'documentation' ? `, ${DOCUMENTATION_MARK}` : ''}`);
  lines.push(c.rationale);
  if (c.effects !== undefined) lines.push(`effects: ${c.effects.join(', ')} (SPEC 2.9)`);
  if (c.record_override !== undefined) lines.push(`class stated by the record, not derived from its effects: ${c.record_override}`);
  if (c.undo !== undefined) lines.push(`undo: ${c.undo}`);
  lines.push(`default policy: ${c.policy}`);
  if (c.local_record !== undefined) lines.push(`record status: a local record, your own statement (SPEC 5.10), not part of the public registry`);
  else if (c.status !== undefined) lines.push(`record status: ${STATUS_TEXT[c.status] ?? c.status}`);
  else lines.push('record status: no record');
  if (c.base_class !== undefined && c.base_class !== c.class) lines.push(`base class: ${c.base_class} ${CLASS_NAMES[c.base_class]}`);
  for (const rule of c.rules ?? []) {
    lines.push(`rule ${rule.id} (${rule.class}): ${rule.fired ? 'fired' : 'did not fire'}`);
    for (const condition of rule.conditions)
      lines.push(`  ${condition.held ? 'held' : 'did not hold'}: ${condition.predicate} ${condition.arg}: ${condition.detail}`);
  }
  if (c.hint_class !== undefined) lines.push(`server's own hint: ${c.hint_class} (${c.hint_from ?? 'annotations'}; a hint, never used for the class)`);
  if (c.evidence !== undefined) lines.push(`evidence: ${c.evidence_at === undefined ? '' : `${c.evidence_at}, `}${c.evidence}`);
  for (const note of c.notes ?? []) lines.push(`note: ${note}`);
  return `${lines.join('\n')}\n`;
}

/**
 * Run `rclass lookup`.
 * @param argv the words after `lookup`
 * @returns the exit code: 0, 1 (`--fail-on` met), 3 (registry unreadable; the answer is printed as R4)
 * @throws UsageError for a wrong command line or an invalid `--args`
 */
export async function lookupCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      args: { type: 'string' },
      json: { type: 'boolean', default: false },
      'fail-on': { type: 'string' },
      'server-version': { type: 'string' },
      registry: { type: 'string' },
      records: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    io.stdout.write(LOOKUP_HELP);
    return EXIT.ok;
  }
  if (positionals.length !== 2)
    throw new UsageError(`\`lookup\` takes SERVER and TOOL; got ${positionals.length} argument${positionals.length === 1 ? '' : 's'}`);
  const [server, tool] = positionals as [string, string];
  const failOn = values['fail-on'] === undefined ? undefined : parseClass(values['fail-on']);
  if (values['fail-on'] !== undefined && failOn === undefined)
    throw new UsageError(`\`--fail-on\` must be one of R0, R1, R2, R3, R4; got \`${values['fail-on']}\``);
  let args: Record<string, unknown> = {};
  if (values.args !== undefined) args = parseArgsJson(values.args === '-' ? await readStdin(io, MAX_ARGS_BYTES) : values.args);

  let classification: Looked;
  let exit: number = EXIT.ok;
  try {
    const layered = await withLocalRecords(io, await loadRegistry(values.registry, io.cwd), values.records);
    const registry = layered.registry;
    const classifier = new Classifier(registry);
    classification = await classifier.checkAsync(server, tool, args, values['server-version'] === undefined ? {} : { serverVersion: values['server-version'] });
    const entry = registry.server(server)?.tools.get(tool);
    if (entry !== undefined) {
      classification = {
        ...classification,
        hint_class: hintClass(entry.annotations),
        hint_from: entry.annotations === undefined ? 'no annotations declared, so the MCP defaults' : 'from its annotations',
      };
    }
    const localFile = layered.local?.files.get(server);
    if (localFile !== undefined) classification = { ...classification, local_record: localFile };
    const problems = layered.local?.problems ?? [];
    if (problems.length > 0) {
      classification = {
        ...classification,
        notes: [...(classification.notes ?? []), ...problems.map((problem) => `local records: ${formatProblem(problem)}`)],
      };
      exit = EXIT.incomplete;
    }
  } catch (error) {
    classification = {
      server,
      tool,
      class: 'R4',
      name: CLASS_NAMES.R4,
      source: 'error',
      rationale: 'The registry could not be loaded, so the call cannot be classified and is treated as irreversible (SPEC 4.4).',
      policy: DEFAULT_POLICY.R4,
      notes: [messageOf(error)],
    };
    exit = EXIT.incomplete;
  }
  io.stdout.write(values.json ? `${JSON.stringify(classification, null, 2)}\n` : formatClassification(classification));
  if (exit === EXIT.ok && failOn !== undefined && classRank(classification.class) >= classRank(failOn)) return EXIT.threshold;
  return exit;
}
