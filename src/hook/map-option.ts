/**
 * The hook's `--map NAME=RECORD` option (SPEC 6.3, 8.5): its values, parsed.
 * Apart from `identify-session.ts`, which applies them, so that reading the
 * command line does not load the identification code (issue 14).
 */

/** One `--map NAME=RECORD`. */
export interface ServerMapping {
  /** The server's key in `~/.claude.json`, as written or as Claude Code spells it in tool names. */
  name: string;
  /** The registry record id. */
  record: string;
}

/**
 * Parse `--map` values.
 * @param values each `NAME=RECORD`
 * @returns the mappings, or an error message (one lowercase sentence)
 */
export function parseMappings(values: readonly string[]): ServerMapping[] | { error: string } {
  const mappings: ServerMapping[] = [];
  for (const value of values) {
    const match = /^([A-Za-z0-9_.@:/ -]{1,200})=([a-z0-9][a-z0-9-]{0,99})$/.exec(value);
    if (match === null) return { error: `\`--map\` takes NAME=RECORD, a server name in ~/.claude.json and a record id; got \`${value}\`` };
    const name = match[1]!;
    const record = match[2]!;
    const other = mappings.find((m) => m.name === name);
    if (other !== undefined && other.record !== record) return { error: `\`--map\` names two records for \`${name}\` (${other.record}, ${record})` };
    if (other === undefined) mappings.push({ name, record });
  }
  return mappings;
}
