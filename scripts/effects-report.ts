/**
 * `npm run effects [-- ID …]`: for each record (or the named ones), every
 * tool whose effects are missing, unknown, or derive a class other than the
 * stated one without an `override` (SPEC 2.9), then counts per effect.
 * Exit 0 when every tool agrees, 1 otherwise. A working aid for contributors;
 * the build's checks are the authority.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { deriveClass, isEffect } from '../src/core/effects.ts';

interface RuleLike {
  id: string;
  class: string;
  effects?: string[];
}
interface ToolLike {
  name: string;
  class: string;
  effects?: string[];
  override?: string;
  rules?: RuleLike[];
}

const dir = path.join(import.meta.dirname, '..', 'registry');
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml') && (wanted.length === 0 || wanted.includes(f.slice(0, -5))))
  .sort();
let bad = 0;
let tools = 0;
const perEffect = new Map<string, number>();
for (const file of files) {
  const record = parse(readFileSync(path.join(dir, file), 'utf8')) as { tools: ToolLike[] };
  for (const tool of record.tools) {
    tools++;
    const problems: string[] = [];
    const effects = tool.effects ?? [];
    for (const e of effects) perEffect.set(e, (perEffect.get(e) ?? 0) + 1);
    if (effects.length === 0) problems.push('no effects');
    const unknown = effects.filter((e) => !isEffect(e));
    if (unknown.length > 0) problems.push(`unknown effect ${unknown.join(', ')}`);
    else if (effects.length > 0 && deriveClass(effects) !== tool.class && tool.override === undefined)
      problems.push(`class ${tool.class} but effects derive ${deriveClass(effects)}`);
    for (const rule of tool.rules ?? []) {
      const re = rule.effects ?? [];
      if (re.length === 0) problems.push(`rule ${rule.id}: no effects`);
      else if (deriveClass(re) !== rule.class) problems.push(`rule ${rule.id}: class ${rule.class} but effects derive ${deriveClass(re)}`);
      const extra = re.filter((e) => !effects.includes(e));
      if (extra.length > 0) problems.push(`rule ${rule.id}: effects not on the tool: ${extra.join(', ')}`);
    }
    if (problems.length > 0) {
      bad++;
      console.log(`${file.slice(0, -5)} ${tool.name}: ${problems.join('; ')}`);
    }
  }
}
console.log(`\n${tools} tools in ${files.length} records, ${bad} with problems`);
for (const [effect, n] of [...perEffect].sort((a, b) => b[1] - a[1])) console.log(`  ${effect.padEnd(20)} ${n}`);
process.exitCode = bad > 0 ? 1 : 0;
