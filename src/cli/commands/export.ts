/**
 * `rclass export [--out FILE]`: the whole registry as one JSON document,
 * valid against `schema/registry.schema.json` (SPEC 5.8, 8.2).
 */
import { parseCommandLine } from '../parse-args.ts';
import { EXIT, type CliIO, UsageError, complain, writeOutput } from '../io.ts';
import { loadRegistry } from '../../node/registry.ts';
import { messageOf } from '../../core/errors.ts';

/** The usage line of `export`. */
export const EXPORT_USAGE = 'rclass export [--out FILE] [--registry FILE]';

/** The help text of `export`. */
export const EXPORT_HELP = `usage: ${EXPORT_USAGE}

Print the whole registry as one JSON document (SPEC 5.8), valid against
schema/registry.schema.json, for implementations that do not read YAML.

  --out FILE        write the document to FILE (atomically) instead of stdout
  --registry FILE   export this registry document instead of the bundled one
`;

/**
 * Run `rclass export`.
 * @returns 0, or 3 when the registry cannot be loaded or FILE cannot be written
 * @throws UsageError for a wrong command line
 */
export async function exportCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: { out: { type: 'string' }, registry: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
  });
  if (values.help) {
    io.stdout.write(EXPORT_HELP);
    return EXIT.ok;
  }
  if (positionals.length > 0) throw new UsageError(`\`export\` takes no arguments; got \`${positionals[0]}\``);
  let text: string;
  try {
    const registry = await loadRegistry(values.registry, io.cwd);
    text = `${JSON.stringify(registry.document, null, 2)}\n`;
  } catch (error) {
    complain(io, messageOf(error));
    return EXIT.incomplete;
  }
  return writeOutput(io, values.out, text, EXIT.ok);
}
