/**
 * `rclass export [--format registry|tool-metadata|cedar-entities] [--out FILE]`:
 * the whole registry as one JSON document, valid against
 * `schema/registry.schema.json` (SPEC 5.8, 8.2), every tool's class as MCP
 * tool fields with its evidence document (SPEC 7.4), or as attributes of
 * Cedar entities (SPEC 8.3.1).
 */
import { parseCommandLine } from '../parse-args.ts';
import { EXIT, type CliIO, UsageError, complain, writeOutput } from '../io.ts';
import { loadRegistry } from '../../node/registry.ts';
import { messageOf } from '../../core/errors.ts';
import { renderCedarEntities } from '../../export/cedar-entities.ts';
import { renderToolMetadata } from '../../export/tool-metadata.ts';

/** The usage line of `export`. */
export const EXPORT_USAGE = 'rclass export [--format registry|tool-metadata|cedar-entities] [--out FILE] [--registry FILE]';

/** The help text of `export`. */
export const EXPORT_HELP = `usage: ${EXPORT_USAGE}

Print the whole registry as one JSON document (SPEC 5.8), valid against
schema/registry.schema.json, for implementations that do not read YAML.

  --format registry        the registry document (the default)
  --format tool-metadata   every tool's class as the MCP fields a client reads
                           (SPEC 7.4): \`annotations\` (the four hints and
                           SEP-2793's reversibility) and \`_meta\` with the
                           io.modelcontextprotocol/action-metadata object
                           (outcome, requiresReview, evidenceRef), each with
                           the evidence document its evidenceRef digests
  --format cedar-entities  Cedar entities (ToolHive's style) whose attributes
                           carry each tool's class, effects and disclosure,
                           valid against schema/rclass-tools.cedarschema, so
                           one policy can read \`resource.rclass <= 1\`
                           (SPEC 8.3.1)
  --out FILE               write the document to FILE (atomically) instead of stdout
  --registry FILE          export this registry document instead of the bundled one
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
    options: {
      out: { type: 'string' },
      registry: { type: 'string' },
      format: { type: 'string', default: 'registry' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    io.stdout.write(EXPORT_HELP);
    return EXIT.ok;
  }
  if (positionals.length > 0) throw new UsageError(`\`export\` takes no arguments; got \`${positionals[0]}\``);
  const format = values.format;
  if (format !== 'registry' && format !== 'tool-metadata' && format !== 'cedar-entities')
    throw new UsageError(`\`--format\` must be \`registry\`, \`tool-metadata\` or \`cedar-entities\`; got \`${format}\``);
  let text: string;
  try {
    const registry = await loadRegistry(values.registry, io.cwd);
    if (format === 'tool-metadata') text = await renderToolMetadata(registry.document);
    else if (format === 'cedar-entities') text = renderCedarEntities(registry.document);
    else text = `${JSON.stringify(registry.document, null, 2)}\n`;
  } catch (error) {
    complain(io, messageOf(error));
    return EXIT.incomplete;
  }
  return writeOutput(io, values.out, text, EXIT.ok);
}
