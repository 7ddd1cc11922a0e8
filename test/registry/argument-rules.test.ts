/**
 * Argument rules of real records, classified through the reference
 * classifier: the aws-api read-only command rule (SPEC 5.4.5), the
 * enumerated-method rule of GitHub's actions_run_trigger and the sub-command
 * rules of the Azure MCP server's namespace and consolidated dispatchers (SPEC 5.4).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Classifier, Registry } from '../../src/core/index.ts';
import { loadedRegistry } from '../loaded-registry.ts';

let classifier: Classifier;

beforeAll(async () => {
  const loaded = await loadedRegistry();
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

describe('azure dispatchers: the sub-command named in command (SPEC 5.4)', () => {
  const version = { serverVersion: '2.0.5' };

  it('namespace tool sql running sql_db_get is R0 by rule sql-db-get', async () => {
    const result = await classifier.checkAsync('azure', 'sql', { intent: 'show the database', command: 'sql_db_get', parameters: { server: 's' } }, version);
    expect([result.class, result.source, result.rule]).toEqual(['R0', 'rule', 'sql-db-get']);
  });

  it('sql running sql_server_delete keeps the base class R4', async () => {
    const result = await classifier.checkAsync('azure', 'sql', { intent: 'delete the server', command: 'sql_server_delete', parameters: {} }, version);
    expect([result.class, result.source]).toEqual(['R4', 'registry']);
  });

  it('another case spelling of sql_db_get keeps R4: the server looks the name up by exact key and otherwise samples a command', async () => {
    const result = await classifier.checkAsync('azure', 'sql', { intent: 'show the database', command: 'SQL_DB_GET', parameters: {} }, version);
    expect([result.class, result.source]).toEqual(['R4', 'registry']);
  });

  it('learn true keeps R4 even with command sql_db_get: the server then runs the command a sampling client picks', async () => {
    const result = await classifier.checkAsync('azure', 'sql', { intent: 'show the database', command: 'sql_db_get', learn: true }, version);
    expect([result.class, result.source]).toEqual(['R4', 'registry']);
  });

  it('a consolidated tool needs its own name as prefix: edit_azure_sql_databases_and_servers_sql_db_delete with learn false is R3', async () => {
    const args = { intent: 'delete the database', learn: false, parameters: {} };
    const prefixed = await classifier.checkAsync(
      'azure',
      'edit_azure_sql_databases_and_servers',
      { ...args, command: 'edit_azure_sql_databases_and_servers_sql_db_delete' },
      version,
    );
    expect([prefixed.class, prefixed.rule]).toEqual(['R3', 'sql-db-delete-learn-false']);
    const bare = await classifier.checkAsync('azure', 'edit_azure_sql_databases_and_servers', { ...args, command: 'sql_db_delete' }, version);
    expect(bare.class).toBe('R4');
  });
});
