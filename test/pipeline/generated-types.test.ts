/**
 * The record types generated from schema/record.schema.json
 * (`src/core/record-schema.generated.ts`) are what `npm run gen:types`
 * writes today: a schema change without regenerating fails here.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { TYPES_FILE, recordTypes } from '../../scripts/gen-types.ts';

describe('generated record types', () => {
  it('are up to date with schema/record.schema.json (run `npm run gen:types`)', async () => {
    expect(await readFile(TYPES_FILE, 'utf8')).toBe(await recordTypes());
  }, 60_000);
});
