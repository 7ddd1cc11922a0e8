/**
 * The built "How accurate is this registry?" page (issue 29) shows every
 * re-read of docs/reviews/accuracy.json, newest first, with its figures, and
 * how to dispute a class; a tool whose effects differ from its peers says
 * why on its page (SPEC 2.9.4).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRereads, percent } from '../../src/site/lib/accuracy.ts';
import { requireSite, SITE_DIR } from './support.ts';

describe('the accuracy page', () => {
  let html = '';
  beforeAll(() => {
    requireSite();
    html = readFileSync(join(SITE_DIR, 'accuracy', 'index.html'), 'utf8');
  });

  it('leads with the newest re-read and lists every one with its class agreement', () => {
    const rereads = loadRereads();
    const latest = rereads[0]!;
    expect(latest.date).toBe('2026-12-06');
    expect(html).toContain(`the same class for ${percent(latest.class)}`);
    expect(html).toContain('the same class for 93.3%');
    for (const r of rereads) expect(html).toContain(`${r.class.agree} of ${r.class.of} (${percent(r.class)})`);
    expect(html.indexOf('2026-12-06')).toBeLessThan(html.indexOf('2026-11-30'));
  });

  it('says how to dispute a class and links the consistency report', () => {
    expect(html).toContain('Think a class is wrong?');
    expect(html).toContain('docs/reviews/consistency.md');
  });

  it('a tool whose effects differ from its peers shows why on its page', () => {
    const page = join(SITE_DIR, 'servers', 'neon', 'create_branch', 'index.html');
    expect(existsSync(page)).toBe(true);
    expect(readFileSync(page, 'utf8')).toContain('Why it differs from the same action on other servers:');
  });
});
