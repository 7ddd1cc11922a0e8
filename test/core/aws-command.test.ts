/**
 * SPEC 5.4.5: `aws_cli_read_only` holds only for `aws <service> <operation>`
 * commands whose operation is on the generated list of read-only operations
 * (the server's own list less its OVERRIDES, file writers, credential
 * minters and operations whose output can hold secret material), with a
 * closed set of characters and options.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeAwsCommand, type AwsOperationList } from '../../src/core/aws/command.ts';
import { loadAwsOperations, loadedAwsOperations } from '../../src/core/aws/loader.ts';
import { AWS_OPERATIONS_SOURCE } from '../../src/core/aws/operations.generated.ts';
import { evaluatePredicate } from '../../src/core/rules.ts';
import { xformName } from '../../scripts/gen-aws-operations.ts';

let operations: AwsOperationList;
beforeAll(async () => {
  operations = await loadAwsOperations();
});
const verdict = (command: unknown) => analyzeAwsCommand(command, operations);
const holds = (command: unknown): boolean => verdict(command).readOnly;

describe('read-only AWS CLI commands (SPEC 5.4.5)', () => {
  it('the list records the awslabs/mcp commit the aws-api record cites', () => {
    expect(AWS_OPERATIONS_SOURCE.commit).toBe('eff6cce0ece95b65a6c4cf30b2fc9ed69f770ec7');
  });

  it('a read-only operation with its parameters and the harmless global options holds', () => {
    expect(holds('aws s3api list-buckets')).toBe(true);
    expect(
      holds('aws ec2 describe-instances --instance-ids i-0abc i-0def --region eu-west-1 --output json --query Reservations[].Instances[].InstanceId'),
    ).toBe(true);
    expect(holds('aws sts get-caller-identity --no-paginate')).toBe(true);
    expect(holds('aws ec2 describe-instances --filters Name=instance-state-name,Values=running')).toBe(true);
  });

  it('an operation the server does not list as read-only does not hold', () => {
    expect(verdict('aws ec2 terminate-instances --instance-ids i-0abc')).toEqual({
      readOnly: false,
      reason: '`ec2 terminate-instances` is not on the list of read-only operations',
    });
  });

  it('an operation the server lists but its OVERRIDES exclude (sts GetSessionToken mints credentials) does not hold', () => {
    expect(holds('aws sts get-session-token')).toBe(false);
  });

  it('an operation that writes a local file (s3api get-object writes its outfile) does not hold', () => {
    expect(verdict('aws s3api get-object --bucket b --key k out.txt').reason).toBe('`s3api get-object` is not on the list of read-only operations');
    expect(holds('aws glacier get-job-output --vault-name v --job-id j out.bin')).toBe(false);
  });

  it('operations and customizations that mint a credential do not hold', () => {
    for (const command of [
      'aws ecr get-authorization-token',
      'aws ecr get-login-password',
      'aws eks get-token --cluster-name c',
      'aws rds generate-db-auth-token --hostname h --port 5432 --username u',
      'aws s3 presign s3://b/k',
      'aws lambda get-function --function-name f',
    ])
      expect(holds(command), command).toBe(false);
  });

  it('operations whose output, by the botocore model, can hold a credential, secret or signed URL do not hold (the structural screen)', () => {
    for (const command of [
      'aws codepipeline get-job-details --job-id j', // artifactCredentials: STS session credentials
      'aws codepipeline get-third-party-job-details --job-id j --client-token t',
      'aws gamelift get-instance-access --fleet-id f --instance-id i', // SSH private key or RDP password
      'aws lambda get-layer-version --layer-name l --version-number 1', // Content.Location: a signed download URL
      'aws lambda get-layer-version-by-arn --arn arn:aws:lambda:us-east-1:123456789012:layer:l:1',
      'aws devicefarm get-upload --arn arn:aws:devicefarm:us-west-2:123456789012:upload:p/u', // presigned upload URL
      'aws elasticbeanstalk retrieve-environment-info --environment-name e --info-type tail', // presigned URLs
      'aws transcribe get-transcription-job --transcription-job-name j', // temporary transcript URI
      'aws cognito-idp describe-user-pool-client --user-pool-id p --client-id c', // ClientSecret
      'aws chime-sdk-meetings get-attendee --meeting-id m --attendee-id a', // JoinToken
      'aws amplify get-app --app-id a', // basicAuthCredentials
      'aws mediapackage describe-channel --id c', // HLS ingest passwords
      'aws s3control get-data-access --account-id 123456789012 --target arn:aws:s3:::b/p --permission READ', // mints credentials
      'aws ssm get-deployable-patch-snapshot-for-instance --instance-id i --snapshot-id s', // presigned URL
    ])
      expect(verdict(command).reason, command).toMatch(/is not on the list of read-only operations/);
    // Neighbours without such material stay on the list.
    expect(holds('aws lambda list-layers')).toBe(true);
    expect(holds('aws codepipeline list-pipelines')).toBe(true);
  });

  it('apigateway get-usage-plan-keys and get-usage-plan-key return API key values and do not hold', () => {
    // UsagePlanKey.value is the API key (aws/aws-sdk-java-v2#1792); the model neither marks nor names it.
    expect(verdict('aws apigateway get-usage-plan-keys --usage-plan-id abc123').reason).toBe(
      '`apigateway get-usage-plan-keys` is not on the list of read-only operations',
    );
    expect(holds('aws apigateway get-usage-plan-key --usage-plan-id abc123 --key-id k')).toBe(false);
    expect(holds('aws apigateway get-usage-plan --usage-plan-id abc123')).toBe(true);
  });

  it('second review: ec2 user data, Elastic Beanstalk environment properties and a training job environment carry secrets and do not hold', () => {
    expect(holds('aws ec2 describe-instance-attribute --instance-id i-0123 --attribute userData')).toBe(false);
    expect(holds('aws elasticbeanstalk describe-configuration-settings --application-name a')).toBe(false);
    expect(holds('aws sagemaker describe-training-job --training-job-name j')).toBe(false);
    expect(holds('aws ec2 describe-instances')).toBe(true);
  });

  it('cognito-idp describe-identity-provider returns client secrets in the ProviderDetails map and does not hold', () => {
    expect(holds('aws cognito-idp describe-identity-provider --user-pool-id us-east-1_x --provider-name Google')).toBe(false);
    expect(holds('aws cognito-idp get-identity-provider-by-identifier --user-pool-id us-east-1_x --idp-identifier i')).toBe(false);
    expect(holds('aws cognito-idp list-identity-providers --user-pool-id us-east-1_x')).toBe(true);
  });

  it('sqs receive-message hides the messages from other consumers for up to 12 hours and does not hold', () => {
    expect(holds('aws sqs receive-message --queue-url q --visibility-timeout 43200')).toBe(false);
    expect(holds('aws sqs receive-message --queue-url q')).toBe(false);
    expect(holds('aws sqs get-queue-attributes --queue-url q')).toBe(true);
  });

  it('logs stop-query, cloudformation detect-stack-drift and iam generate-credential-report change state and do not hold', () => {
    for (const command of [
      'aws logs stop-query --query-id q',
      'aws cloudformation detect-stack-drift --stack-name s',
      'aws cloudformation detect-stack-resource-drift --stack-name s --logical-resource-id r',
      'aws cloudformation detect-stack-set-drift --stack-set-name s',
      'aws iam generate-credential-report',
      'aws iam generate-service-last-accessed-details --arn arn:aws:iam::123456789012:role/r',
      'aws configservice deliver-config-snapshot --delivery-channel-name default',
      'aws elasticbeanstalk request-environment-info --environment-name e --info-type tail',
      'aws cognito-idp get-user-attribute-verification-code --access-token t --attribute-name email',
    ])
      expect(verdict(command).reason, command).toMatch(/is not on the list of read-only operations/);
    expect(holds('aws logs start-query --log-group-name g --start-time 1 --end-time 2 --query-string fields')).toBe(true);
    expect(holds('aws iam get-credential-report')).toBe(true);
  });

  it('the generated list of excluded operations gives each one its reason', () => {
    const lines = readFileSync(fileURLToPath(new URL('../../src/core/aws/operations-excluded.generated.txt', import.meta.url)), 'utf8').split('\n');
    const reasonOf = (operation: string) => lines.find((line) => line.startsWith(`${operation}: `))?.slice(operation.length + 2);
    expect(reasonOf('apigateway get-usage-plan-keys')).toBe(
      'output can hold secret material (structural screen) (.items[].value: the value of UsagePlanKey, a credential-named shape)',
    );
    expect(reasonOf('cognito-idp describe-identity-provider')).toBe(
      'output can hold secret material (structural screen) (.IdentityProvider.ProviderDetails: a map documented to hold `client_secret`)',
    );
    expect(reasonOf('sqs receive-message')).toMatch(/^changes state \(hides the messages it returns from every other consumer/);
    expect(reasonOf('logs stop-query')).toBe('changes state (stops a running CloudWatch Logs Insights query)');
    expect(reasonOf('ecr get-authorization-token')).toBe('mints or reveals a credential');
    // Every excluded operation is off the accepted list.
    for (const line of lines.filter((l) => l !== '' && !l.startsWith('#'))) {
      const [service, operation] = (line.split(':')[0] ?? '').split(' ');
      expect(operations.get(service ?? '')?.has(operation ?? ''), line).not.toBe(true);
    }
  });

  it('shell metacharacters, quotes, globs, `$` and newlines do not hold', () => {
    for (const command of [
      'aws s3api list-buckets; rm -rf /',
      'aws s3api list-buckets | sh',
      'aws s3api list-buckets $(id)',
      'aws s3api list-buckets `id`',
      'aws ec2 describe-instances --query "Reservations"',
      "aws ec2 describe-instances --query 'Reservations'",
      'aws ec2 describe-instances --region *',
      'aws s3api list-buckets\naws iam create-access-key',
      'aws s3api list-buckets\t--endpoint-url http://x',
      'aws s3api list-buckets --query a\\ b',
    ])
      expect(verdict(command).reason, command).toMatch(/character outside the allowed set/);
  });

  it('an abbreviated --endpoint-url, or any abbreviation of a global option, does not hold', () => {
    expect(verdict('aws s3api list-buckets --endpoint localhost')).toEqual({
      readOnly: false,
      reason: '`--endpoint` is, or abbreviates, the global option `--endpoint-url`',
    });
    expect(holds('aws s3api list-buckets --endpoint-url localhost')).toBe(false);
    expect(holds('aws s3api list-buckets --prof other')).toBe(false);
    expect(holds('aws s3api list-buckets --reg us-east-1')).toBe(false);
    expect(holds('aws s3api list-buckets --no-sign')).toBe(false);
    expect(holds('aws s3api list-buckets --region=us-east-1')).toBe(false);
  });

  it('input from a file or URL, and the skeleton and input options, do not hold', () => {
    expect(verdict('aws ec2 describe-instances --filters file://f.json').reason).toMatch(/names a file or a URL/);
    expect(holds('aws ec2 describe-instances --filters https://example.com/f')).toBe(false);
    expect(holds('aws ec2 describe-instances --cli-input-json {}')).toBe(false);
    expect(holds('aws ec2 describe-instances --cli-input x')).toBe(false);
    expect(holds('aws ec2 describe-instances --generate-cli-skeleton')).toBe(false);
  });

  it('a positional argument, or a global option before the service, does not hold', () => {
    expect(verdict('aws s3api list-buckets out.txt').reason).toMatch(/positional argument/);
    expect(holds('aws sts get-caller-identity --no-paginate out.txt')).toBe(false);
    expect(holds('aws --region us-east-1 s3api list-buckets')).toBe(false);
  });

  it('values of the allowed global options are checked', () => {
    expect(holds('aws s3api list-buckets --output yaml')).toBe(false);
    expect(holds('aws s3api list-buckets --region not_a_region')).toBe(false);
    expect(holds('aws s3api list-buckets --region us-east-1 extra')).toBe(false);
    expect(holds('aws s3api list-buckets --region')).toBe(false);
  });

  it('a first token other than aws does not hold', () => {
    expect(verdict('sh -c aws s3api list-buckets')).toEqual({ readOnly: false, reason: 'the command does not start with `aws`' });
    expect(holds('awscli s3api list-buckets')).toBe(false);
    expect(holds('')).toBe(false);
  });

  it('a list holds only when every command in it holds', () => {
    expect(holds(['aws s3api list-buckets', 'aws iam list-users'])).toBe(true);
    expect(verdict(['aws s3api list-buckets', 'aws iam delete-user --user-name u'])).toEqual({
      readOnly: false,
      reason: 'command 2: `iam delete-user` is not on the list of read-only operations',
    });
    expect(holds([])).toBe(false);
    expect(holds(['aws s3api list-buckets', 7])).toBe(false);
    expect(holds({ command: 'aws s3api list-buckets' })).toBe(false);
  });

  it('the condition is decided once the list is loaded, and fails closed for an absent argument', () => {
    expect(loadedAwsOperations()).toBe(operations);
    expect(evaluatePredicate({ aws_cli_read_only: { arg: 'cli_command' } }, { cli_command: 'aws s3api list-buckets' }).held).toBe(true);
    expect(evaluatePredicate({ aws_cli_read_only: { arg: 'cli_command' } }, {})).toEqual({
      predicate: 'aws_cli_read_only',
      arg: 'cli_command',
      held: false,
      detail: 'cli_command is absent',
    });
  });

  it('the generator names operations as botocore xform_name does, exceptions first', () => {
    const exceptions = new Map([['DescribeCachediSCSIVolumes', 'describe-cached-iscsi-volumes']]);
    expect(xformName('ListObjectsV2', exceptions)).toBe('list-objects-v2');
    expect(xformName('DescribeDBInstances', exceptions)).toBe('describe-db-instances');
    expect(xformName('ListWebACLs', exceptions)).toBe('list-web-acls');
    expect(xformName('DescribeCachediSCSIVolumes', exceptions)).toBe('describe-cached-iscsi-volumes');
  });
});
