/**
 * The offline `evidence-path` check: evidence names a file, so it can be
 * fetched and linked (SPEC 5.2, 5.9). Paths outside `server.path` are fine.
 */
import { describe, expect, it } from 'vitest';
import { checkRecordText, demoRecord } from '../pipeline/demo-record.ts';

const problems = (evidencePath: string): string[] =>
  checkRecordText('registry/demo.yaml', demoRecord({ serverPath: 'packages/server', evidencePath })).problems;

describe('evidence-path check', () => {
  it('a file outside server.path is accepted', () => {
    expect(problems('packages/shared/tools.ts')).toEqual([]);
  });

  it('a path ending with a slash is reported at the path value', () => {
    expect(problems('packages/server/')).toEqual([
      'registry/demo.yaml:17:23  error  [evidence-path]  evidence of `alpha` cites `packages/server/`, which ends with `/`; cite the file that defines the tool',
    ]);
  });

  it('a path with an empty segment is reported at the path value', () => {
    expect(problems('packages//server.ts')).toEqual([
      'registry/demo.yaml:17:23  error  [evidence-path]  evidence of `alpha` cites `packages//server.ts`, which has an empty segment (`//`)',
    ]);
  });
});
