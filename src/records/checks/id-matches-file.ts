import type { RecordCheck } from './check.ts';

/** A record's id is its file name without the extension (SPEC 5.1). */
export const idMatchesFile: RecordCheck = {
  id: 'id-matches-file',
  description: 'the record id equals the file name without `.yaml`',
  scope: 'record',
  check({ record, file, report }) {
    const base = file
      .split('/')
      .pop()!
      .replace(/\.ya?ml$/, '');
    if (record.id !== base) report(['id'], `id \`${record.id}\` does not match the file name \`${base}\``);
  },
};
