/**
 * `npm run reread -- sample --seed SEED [--size 100] [--since REF]`: draw a
 * blind re-read sample (src/records/reread.ts) from the records, or with
 * `--since` only from records added or changed since the git ref REF (the
 * commit of the previous re-read), and write the reader's sheet, which holds
 * where each tool's source is and nothing of the record's verdict, to
 * `.cache/reread/SEED/sheet.md` and `sheet.json`.
 *
 * `npm run reread -- compare ANSWERS.json`: compare a reader's answers
 * (`[{server, tool, effects, note?}]`) with the records and print the
 * figures; with `--record --date D --reader WHO --report FILE --sampling
 * TEXT` also add them as a re-read to docs/reviews/accuracy.json.
 * Exit 0, or 1 on bad arguments or answers.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SPEC_VERSION } from '../src/core/registry.ts';
import { loadRegistryDir } from '../src/records/read-dir.ts';
import { type ReaderAnswer, compareAnswers, drawSample } from '../src/records/reread.ts';
import { ROOT } from './lib/paths.ts';

const LEDGER = path.join(ROOT, 'docs', 'reviews', 'accuracy.json');
const USAGE =
  'usage: npm run reread -- sample --seed SEED [--size N] [--since REF] | compare ANSWERS.json [--record --date D --reader WHO --report FILE --sampling TEXT]';

function fail(message: string): never {
  console.error(`reread: ${message}`);
  process.exit(1);
}

const [command, ...rest] = process.argv.slice(2);
if (command === '--help' || command === '-h' || rest.includes('--help') || rest.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
let parsed: ReturnType<typeof parseOptions>;
try {
  parsed = parseOptions(rest);
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
const { values, positionals } = parsed;

/** The options of both commands; an unknown option throws. */
function parseOptions(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      seed: { type: 'string' },
      size: { type: 'string', default: '100' },
      since: { type: 'string' },
      record: { type: 'boolean', default: false },
      date: { type: 'string' },
      reader: { type: 'string' },
      report: { type: 'string' },
      sampling: { type: 'string' },
    },
  });
}

const { records, problems } = await loadRegistryDir();
if (problems.length > 0) fail(`the registry has ${problems.length} problems; run npm run check`);

if (command === 'sample') {
  if (values.seed === undefined) fail('sample needs --seed');
  let pool = records;
  if (values.since !== undefined) {
    const changed = execFileSync('git', ['diff', '--name-only', values.since, '--', 'registry/'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((f) => /^registry\/[^/]+\.yaml$/.test(f))
      .map((f) => path.basename(f, '.yaml'));
    pool = records.filter((r) => changed.includes(r.id));
  }
  const sheet = drawSample(pool, values.seed, Number(values.size));
  const dir = path.join(ROOT, '.cache', 'reread', values.seed);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'sheet.json'), `${JSON.stringify(sheet, null, 2)}\n`);
  const lines = [
    `# Blind re-read sheet, seed ${values.seed}`,
    '',
    `${sheet.length} tools from ${pool.length} records${values.since === undefined ? '' : ` changed since ${values.since}`}. For each tool, read its source and write its effects (SPEC 2.9) without opening registry/.`,
    '',
    '| server | tool | repository | source | evidence |',
    '|---|---|---|---|---|',
    ...sheet.map(
      (e) =>
        `| ${e.server} | \`${e.tool}\` | ${e.repository ?? ''} | ${e.source} | ${'url' in e.evidence ? e.evidence.url : `${e.evidence.path}:${e.evidence.line}`} |`,
    ),
  ];
  writeFileSync(path.join(dir, 'sheet.md'), `${lines.join('\n')}\n`);
  console.log(`wrote ${path.relative(ROOT, dir)}/sheet.md and sheet.json: ${sheet.length} tools from ${pool.length} records`);
} else if (command === 'compare') {
  const file = positionals[0] ?? fail('compare needs the answers file');
  const answers = JSON.parse(readFileSync(file, 'utf8')) as ReaderAnswer[];
  const figures = compareAnswers(records, answers);
  const pct = (t: { agree: number; of: number }) => `${t.agree} of ${t.of} (${((t.agree / Math.max(1, t.of)) * 100).toFixed(1)}%)`;
  console.log(`class ${pct(figures.class)}; effects exactly ${pct(figures.effects)}; mean Jaccard ${figures.jaccard}`);
  console.log(`class differences: registry stricter ${figures.registryStricter}, looser ${figures.registryLooser}`);
  for (const d of figures.classDifferences)
    console.log(`  ${d.server}/${d.tool}: record ${d.record} [${d.recordEffects.join(', ')}], reader ${d.reader} [${d.readerEffects.join(', ')}]`);
  if (values.record) {
    for (const key of ['date', 'reader', 'report', 'sampling'] as const) if (values[key] === undefined) fail(`--record needs --${key}`);
    const ledger = JSON.parse(readFileSync(LEDGER, 'utf8')) as { rereads: unknown[] };
    ledger.rereads.push({
      date: values.date,
      reader: values.reader,
      report: values.report,
      answers: path.relative(ROOT, path.resolve(file)),
      spec_version: SPEC_VERSION,
      sampling: values.sampling,
      tools: figures.tools,
      servers: figures.servers,
      class: figures.class,
      effects: figures.effects,
      jaccard: figures.jaccard,
      registry_stricter: figures.registryStricter,
      registry_looser: figures.registryLooser,
      changed_after: [],
      open: [],
    });
    writeFileSync(LEDGER, `${JSON.stringify(ledger, null, 2)}\n`);
    console.log(`added the re-read to ${path.relative(ROOT, LEDGER)}; fill in changed_after and open from the report`);
  }
} else {
  fail(USAGE);
}
