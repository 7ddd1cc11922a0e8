/**
 * Argument rules of real records, classified through the reference
 * classifier: the aws-api read-only command rule (SPEC 5.4.5) and the
 * enumerated-method rule of GitHub's actions_run_trigger (SPEC 5.4).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Classifier, Registry } from '../../src/core/index.ts';
import { loadRegistryDir } from '../../src/records/read-dir.ts';

let classifier: Classifier;

beforeAll(async () => {
  const loaded = await loadRegistryDir();
  expect(loaded.problems).toEqual([]);
  classifier = new Classifier(Registry.fromRecords(loaded.records));
});

describe('aws-api call_aws: read-only commands (SPEC 5.4.5)', () => {
  it('a read-only command on release 1.5.1 is R0 by rule read-only-command', async () => {
    const result = await classifier.checkAsync('aws-api', 'call_aws', { cli_command: 'aws s3api list-buckets --region us-east-1' }, { serverVersion: '1.5.1' });
    expect([result.class, result.source, result.rule]).toEqual(['R0', 'rule', 'read-only-command']);
  });

  it('a command that deletes keeps the base class R4', async () => {
    const result = await classifier.checkAsync('aws-api', 'call_aws', { cli_command: 'aws s3api delete-bucket --bucket b' }, { serverVersion: '1.5.1' });
    expect([result.class, result.source]).toEqual(['R4', 'registry']);
  });

  it('a release older than min_version 1.5.1 loses the rule', async () => {
    const result = await classifier.checkAsync('aws-api', 'call_aws', { cli_command: 'aws s3api list-buckets' }, { serverVersion: '1.4.0' });
    expect(result.class).toBe('R4');
  });
});

describe('github actions_run_trigger: method cancel_workflow_run (SPEC 5.4)', () => {
  it('cancelling a run is R3 by rule cancel-run', async () => {
    const result = await classifier.checkAsync('github', 'actions_run_trigger', { method: 'cancel_workflow_run', owner: 'o', repo: 'r', run_id: 1 });
    expect([result.class, result.rule]).toEqual(['R3', 'cancel-run']);
  });

  it('dispatching a workflow keeps the base class R4', async () => {
    const result = await classifier.checkAsync('github', 'actions_run_trigger', {
      method: 'run_workflow',
      owner: 'o',
      repo: 'r',
      workflow_id: 'ci.yml',
      ref: 'main',
    });
    expect(result.class).toBe('R4');
  });
});
