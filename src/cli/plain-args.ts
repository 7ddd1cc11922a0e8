/**
 * The plain command lines node:util's `parseArgs` reads without question,
 * read without it: `rclass hook` reads its command line on every tool call,
 * and loading node:util and its parseArgs was about 1 ms of a hook process
 * (bench/hook.ts). Anything else goes to `parseArgs` (`parse-args.ts`), which
 * reads it or words the error.
 */

/** One option as `parseArgs` is configured with it (`type`, `multiple`, `default`; a `short` name sends its use to parseArgs). */
export interface PlainOption {
  type: 'string' | 'boolean';
  multiple?: boolean;
  short?: string;
  default?: string | boolean | string[] | boolean[];
}

/**
 * The values `parseArgs({ args, options, strict: true, allowPositionals: false })`
 * returns for a command line made only of `--NAME` for a boolean option and
 * `--NAME VALUE` for a string option (VALUE not starting with `-`), each NAME
 * configured: the last value of a single option, every value of a `multiple`
 * one in order, and the defaults of options not given. Any other word (a
 * short option, `--NAME=VALUE`, `--`, a positional, an unknown option, a value
 * starting with `-` or missing) gives undefined, for `parseArgs` to read.
 * @param args the words after the command
 * @param options the options as configured for parseArgs
 * @returns the values (a null-prototype object, as parseArgs gives), or undefined
 */
export function plainValues(args: readonly string[], options: Readonly<Record<string, PlainOption>>): Record<string, string | boolean | string[]> | undefined {
  const values: Record<string, string | boolean | string[]> = Object.create(null);
  for (let at = 0; at < args.length; at += 1) {
    const word = args[at]!;
    if (!word.startsWith('--') || word.includes('=')) return undefined;
    const name = word.slice(2);
    if (!Object.hasOwn(options, name)) return undefined;
    const option = options[name]!;
    let value: string | boolean = true;
    if (option.type === 'string') {
      const next = args[at + 1];
      if (next === undefined || next.startsWith('-')) return undefined;
      value = next;
      at += 1;
    }
    if (option.multiple === true) {
      const list = (values[name] as (string | boolean)[] | undefined) ?? [];
      list.push(value);
      values[name] = list as string[];
    } else values[name] = value;
  }
  for (const [name, option] of Object.entries(options))
    if (option.default !== undefined && !Object.hasOwn(values, name)) values[name] = option.default as string | boolean | string[];
  return values;
}
