/**
 * The `rc-def-v2` normal form of a tool definition (SPEC 5.2.1): the same
 * tool listed with other resolved dependencies has one fingerprint; a
 * change in what a tool takes or says changes it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/core/canonical-json.ts';
import { FINGERPRINT_ALGORITHM, normalDefinition } from '../../src/core/definition-normal.ts';
import { toolDefinition, toolFingerprint } from '../../src/core/fingerprint.ts';

const DIR = path.join(import.meta.dirname, '..', 'fixtures', 'definitions');

interface Listing {
  tools: Array<Record<string, unknown> & { name: string }>;
}
const read = (file: string): Listing => JSON.parse(readFileSync(path.join(DIR, file), 'utf8')) as Listing;

const fingerprint = (tool: unknown): Promise<string | null> => toolFingerprint(toolDefinition(tool));

/** A small listed tool, as zod 4 with the SDK 1.32 writes one. */
const BASE = {
  name: 'write_file',
  description: 'Writes a file.',
  inputSchema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      path: { type: 'string', description: 'Where to write.' },
      mode: { type: 'string', enum: ['create', 'overwrite'] },
      size: { type: ['number', 'null'] },
    },
    required: ['path'],
  },
  annotations: { destructiveHint: true },
};

describe('the same tool with other resolved dependencies', () => {
  it('server-memory 2026.8.31 with zod 3.25.76 and with zod 4.6.7: raw definitions differ, fingerprints agree for all nine tools', async () => {
    const zod3 = read('memory-2026.8.31-zod-3.25.76.json').tools;
    const zod4 = read('memory-2026.8.31-zod-4.6.7.json').tools;
    expect(zod3.map((tool) => tool.name)).toEqual(zod4.map((tool) => tool.name));
    expect(zod3).toHaveLength(9);
    let rawDiffer = 0;
    for (const [index, tool] of zod3.entries()) {
      const other = zod4[index]!;
      if (canonicalJson(toolDefinition(tool)) !== canonicalJson(toolDefinition(other))) rawDiffer += 1;
      expect(await fingerprint(tool), tool.name).toBe(await fingerprint(other));
    }
    // zod 3 writes `additionalProperties: false` on every object; read_graph takes no argument, so its schema is the same.
    expect(rawDiffer).toBe(8);
  });

  it('drops $schema, $id, titles, boolean additionalProperties, validation keywords and key order', async () => {
    const noisy = {
      annotations: { destructiveHint: true },
      inputSchema: {
        required: ['path'],
        additionalProperties: false,
        $id: 'urn:x',
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        title: 'WriteFileArgs',
        properties: {
          size: { anyOf: [{ type: 'number', minimum: 0, exclusiveMinimum: 0 }, { type: 'null' }] },
          mode: { enum: ['overwrite', 'create'], type: 'string', title: 'Mode' },
          path: { description: 'Where to write.', type: 'string', minLength: 1, format: 'uri-reference' },
        },
        type: 'object',
      },
      description: 'Writes a file.',
      name: 'write_file',
    };
    expect(await fingerprint(noisy)).toBe(await fingerprint(BASE));
  });

  it('reads `type: [a, b]`, an anyOf of plain types, a oneOf of them and `nullable` alike', async () => {
    const forms = [
      { type: ['string', 'null'] },
      { anyOf: [{ type: 'null' }, { type: 'string' }] },
      { oneOf: [{ type: 'string' }, { type: 'null' }] },
      { type: 'string', nullable: true },
    ];
    const prints = await Promise.all(forms.map((schema) => fingerprint({ inputSchema: { type: 'object', properties: { q: schema } } })));
    expect(new Set(prints).size).toBe(1);
  });

  it('inlines a local $ref (zod-to-json-schema writes one for a schema used twice)', async () => {
    const inline = { type: 'object', properties: { a: { type: 'string', description: 'A name.' }, b: { type: 'string', description: 'A name.' } } };
    const referenced = { type: 'object', properties: { a: { type: 'string', description: 'A name.' }, b: { $ref: '#/properties/a' } } };
    const definitions = {
      type: 'object',
      definitions: { n: { type: 'string', description: 'A name.' } },
      properties: { a: { $ref: '#/definitions/n' }, b: { $ref: '#/definitions/n' } },
    };
    const prints = await Promise.all([inline, referenced, definitions].map((inputSchema) => fingerprint({ inputSchema })));
    expect(new Set(prints).size).toBe(1);
  });

  it('keeps a self-reference as a reference instead of looping', () => {
    const normal = normalDefinition({ inputSchema: { type: 'object', properties: { child: { $ref: '#' } } } });
    expect(normal.inputSchema).toEqual({ type: ['object'], properties: { child: { type: ['object'], properties: { child: { $ref: '#' } } } } });
  });
});

describe('a change of meaning changes the fingerprint', () => {
  const variant = (change: (tool: typeof BASE) => void): typeof BASE => {
    const copy = structuredClone(BASE);
    change(copy);
    return copy;
  };

  it('a changed property type', async () => {
    const changed = variant((tool) => {
      tool.inputSchema.properties.path.type = 'array';
    });
    expect(await fingerprint(changed)).not.toBe(await fingerprint(BASE));
  });

  it('a new required property', async () => {
    const changed = variant((tool) => {
      tool.inputSchema.required.push('mode');
    });
    expect(await fingerprint(changed)).not.toBe(await fingerprint(BASE));
  });

  it('a new property', async () => {
    const changed = variant((tool) => {
      (tool.inputSchema.properties as Record<string, unknown>).force = { type: 'boolean' };
    });
    expect(await fingerprint(changed)).not.toBe(await fingerprint(BASE));
  });

  it('a changed description of the tool or of a property', async () => {
    const tool = variant((copy) => {
      copy.description = 'Writes a file, replacing any file already there.';
    });
    const property = variant((copy) => {
      copy.inputSchema.properties.path.description = 'Where to write; an existing file is replaced.';
    });
    const prints = await Promise.all([BASE, tool, property].map(fingerprint));
    expect(new Set(prints).size).toBe(3);
  });

  it('a new enum value, a changed default and changed annotations', async () => {
    const enumValue = variant((copy) => {
      copy.inputSchema.properties.mode.enum.push('append');
    });
    const defaulted = variant((copy) => {
      (copy.inputSchema.properties.mode as Record<string, unknown>).default = 'overwrite';
    });
    const annotations = variant((copy) => {
      copy.annotations.destructiveHint = false;
    });
    const prints = await Promise.all([BASE, enumValue, defaulted, annotations].map(fingerprint));
    expect(new Set(prints).size).toBe(4);
  });

  it('names its algorithm inside what is hashed, so no definition keeps the fingerprint the raw digest (rc-def-v1) gave it', async () => {
    expect(FINGERPRINT_ALGORITHM).toBe('rc-def-v2');
    expect(normalDefinition({}).algorithm).toBe('rc-def-v2');
    // rc-def-v1 of the empty definition was the SHA-256 of `{}`.
    expect(await toolFingerprint({})).not.toBe('44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a');
  });
});
