/**
 * `npm run gen:aws-operations -- --mcp <git dir> --botocore <git dir>`: write
 * `src/core/aws/operations.generated.ts`, the allowlist of AWS CLI commands
 * (`<service> <operation>`) that the `aws_cli_read_only` condition accepts
 * (SPEC 5.4.5).
 *
 * Inputs, each a local git directory of the public repository, read at a
 * pinned commit or tag with `git show` (nothing is downloaded here):
 * - awslabs/mcp at {@link MCP_COMMIT}: the aws-api-mcp-server's own list of
 *   read-only API operations, `core/data/api_metadata.json` (operations whose
 *   `type` is `ReadOnly`), which its `READ_OPERATIONS_ONLY` mode enforces
 *   through `core/metadata/read_only_operations_list.py`;
 * - boto/botocore at {@link BOTOCORE_TAG}: each service's API model, to name
 *   the CLI command of each operation the way the AWS CLI does
 *   (`botocore.xform_name(name, '-')` with its table of exceptions), to
 *   find operations whose output is a blob the CLI writes to a local file,
 *   and to read each operation's output shape for secret material.
 *
 * From the server's list it removes, as reviewed facts written below with
 * their sources: the server's own OVERRIDES (operations that mint credentials
 * and that the server itself does not treat as read-only), the operations
 * that write a local file, that the AWS CLI replaces with its own code or
 * extends with arguments, and those that mint or reveal a credential: the
 * reviewed CREDENTIAL_OPERATIONS, and every operation whose output shape in
 * the botocore model, read recursively, has a member marked sensitive, a
 * member named as credential material or one documented as a presigned or
 * temporary URL, a `value` of a credential-named shape or a map documented
 * to hold a credential-named key (the structural screen,
 * {@link secretInOutput}; `--screened` lists what it removes and where it
 * found each); and those that change state: receives that hide what they
 * return from other callers ({@link claimsWhatItReturns}), the reviewed
 * STATE_CHANGING_OPERATIONS, and any operation whose verb is not a read
 * verb and that READS_CLEARED does not clear. Every operation left out is
 * written with why to {@link EXCLUDED_FILE}.
 * An operation that cannot be placed in a botocore model is left out, and so
 * is any whose CLI name collides with another operation's (fail closed).
 * `--check` exits 1 instead of writing when the committed file differs.
 */
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/paths.ts';

/** The awslabs/mcp commit the aws-api record cites (aws-api-mcp-server 1.5.1). */
export const MCP_COMMIT = 'eff6cce0ece95b65a6c4cf30b2fc9ed69f770ec7';
const SERVER_DIR = 'src/aws-api-mcp-server/awslabs/aws_api_mcp_server';
/**
 * The botocore release the models come from. The server pins awscli 1.46.0
 * (pyproject.toml at MCP_COMMIT), which pairs with botocore 1.44.0; 1.43.67
 * is the newest release in our mirror. Operations added after it are not in
 * the list (they fail closed); existing operations keep their names and
 * output shapes across releases.
 */
export const BOTOCORE_TAG = '1.43.67';

export const OUTPUT_FILE = path.join(ROOT, 'src', 'core', 'aws', 'operations.generated.ts');
/** Every operation of the server's read-only list that is left out, with why. */
export const EXCLUDED_FILE = path.join(ROOT, 'src', 'core', 'aws', 'operations-excluded.generated.txt');

/** read_only_operations_list.py at MCP_COMMIT, `OVERRIDES`: the server answers "not read-only" for these. */
const SERVER_OVERRIDES: Record<string, string[]> = {
  sts: ['AssumeRole', 'AssumeRoleWithWebIdentity', 'AssumeRoleWithSAML', 'GetSessionToken', 'GetFederationToken', 'AssumeRoot'],
  iam: ['CreateAccessKey'],
  'cognito-identity': ['GetCredentialsForIdentity', 'GetOpenIdToken'],
  sso: ['GetRoleCredentials'],
};

/**
 * core/parser/parser.py at MCP_COMMIT, `ALLOWED_CUSTOM_OPERATIONS`: AWS CLI
 * customizations the server runs. Where one has the name of an API
 * operation's command (emr describe-cluster), the CLI runs its own code
 * instead of the operation, so every name here is left out.
 */
const SERVER_CUSTOM_OPERATIONS: Record<string, string[]> = {
  s3: ['ls', 'website', 'sync', 'cp', 'mv', 'rm', 'mb', 'rb', 'presign'],
  cloudformation: ['package', 'deploy'],
  cloudfront: ['sign'],
  cloudtrail: ['validate-logs'],
  codeartifact: ['login'],
  codecommit: ['credential-helper'],
  datapipeline: ['list-runs', 'create-default-roles'],
  dlm: ['create-default-role'],
  ecr: ['get-login', 'get-login-password'],
  'ecr-public': ['get-login-password'],
  ecs: ['deploy'],
  eks: ['update-kubeconfig', 'get-token'],
  emr: [
    'add-instance-groups',
    'describe-cluster',
    'terminate-clusters',
    'modify-cluster-attributes',
    'install-applications',
    'create-cluster',
    'add-steps',
    'restore-from-hbase-backup',
    'create-hbase-backup',
    'schedule-hbase-backup',
    'disable-hbase-backups',
    'create-default-roles',
  ],
  'emr-containers': ['update-role-trust-policy'],
  gamelift: ['upload-build', 'get-game-session-log'],
  rds: ['generate-db-auth-token'],
  servicecatalog: ['generate'],
  deploy: ['push', 'register', 'deregister'],
  configservice: ['subscribe', 'get-status'],
};

/**
 * AWS CLI renames of botocore services (aws/aws-cli 1.45.55:
 * customizations/s3/s3.py, configservice/rename_cmd.py, codedeploy/codedeploy.py).
 * Every other service's command is its botocore name.
 */
const CLI_SERVICE_NAMES: Record<string, string> = { s3: 's3api', config: 'configservice', codedeploy: 'deploy' };

/**
 * Operations to which the AWS CLI adds or changes arguments
 * (`building-argument-table.<service>.<operation>` handlers in aws/aws-cli
 * 1.45.55, awscli/handlers.py and awscli/customizations/). Left out whatever
 * the change, so that no such argument (ec2 get-password-data
 * --priv-launch-key reads a local key file) is reachable. Rekognition's
 * `*.image` handler is applied below to every operation with an Image input.
 */
const CLI_ARGUMENT_CUSTOMIZATIONS: Record<string, string[]> = {
  lambda: ['create-function', 'publish-layer-version', 'update-function-code'],
  cloudfront: ['create-invalidation', 'create-distribution', 'update-distribution'],
  deploy: ['get-application-revision', 'register-application-revision', 'create-deployment'],
  configservice: ['put-configuration-recorder'],
  datapipeline: ['put-pipeline-definition', 'activate-pipeline'],
  ec2: [
    'run-instances',
    'bundle-instance',
    'authorize-security-group-ingress',
    'authorize-security-group-egress',
    'revoke-security-group-ingress',
    'revoke-security-group-egress',
    'get-password-data',
  ],
  emr: ['add-tags', 'list-clusters'],
  iam: ['create-virtual-mfa-device'],
  kinesis: ['list-streams'],
  cloudwatch: ['put-metric-data'],
  quicksight: ['start-asset-bundle-import-job'],
  rds: ['add-option-to-option-group', 'remove-option-from-option-group'],
  rekognition: ['compare-faces'],
  s3api: ['select-object-content'],
  ses: ['send-email'],
  translate: ['import-terminology', 'translate-document'],
  iot: ['create-keys-and-certificate', 'create-certificate-from-csr'],
};

/**
 * Read-only operations that mint a credential, token or signed URL, or whose
 * answer carries a stored secret that authenticates (an API key's value, a
 * stream key, CHAP secrets, a decrypted parameter, a connection password, a
 * VPN pre-shared key). Reviewed by hand over every name CREDENTIAL_WORDS
 * matches and over the names with key, url, export, connection, parameter or
 * access in them; each is left out.
 */
const CREDENTIAL_OPERATIONS: Record<string, string[]> = {
  amplify: ['get-artifact-url'],
  apigateway: ['get-api-key', 'get-api-keys'],
  appsync: ['list-api-keys'],
  auditmanager: ['get-assessment-report-url', 'get-evidence-file-upload-url'],
  codeartifact: ['get-authorization-token'],
  'cognito-identity': ['get-open-id-token-for-developer-identity'],
  connect: ['get-federation-token'],
  devicefarm: ['get-remote-access-session', 'get-test-grid-session'],
  // describe-instance-attribute returns an instance's userData, where launch scripts keep secrets (get-launch-template-data, whose model marks
  // it sensitive, is left out the same way); describe-configuration-settings returns Elastic Beanstalk's environment properties in plain
  // text; describe-training-job returns the job's Environment map (second review of issue 23).
  ec2: ['describe-instance-attribute', 'get-vpn-connection-device-sample-configuration'],
  ecr: ['get-authorization-token', 'get-download-url-for-layer'],
  'ecr-public': ['get-authorization-token'],
  'emr-containers': ['get-managed-endpoint-session-credentials'],
  elasticbeanstalk: ['describe-configuration-settings'],
  'emr-serverless': ['get-dashboard-for-job-run'],
  gamelift: ['describe-player-sessions', 'get-compute-access', 'get-compute-auth-token', 'get-game-session-log-url'],
  glue: ['get-connection', 'get-connections'],
  ivs: ['get-stream-key'],
  'kinesis-video-archived-media': ['get-dash-streaming-session-url', 'get-hls-streaming-session-url'],
  'kinesis-video-signaling': ['get-ice-server-config'],
  kms: ['get-parameters-for-import'],
  lakeformation: ['get-temporary-glue-partition-credentials', 'get-temporary-glue-table-credentials'],
  lambda: ['get-function'],
  'lex-models': ['get-export'],
  'lexv2-models': ['describe-export', 'get-test-execution-artifacts-url'],
  'license-manager': ['get-access-token'],
  logs: ['start-live-tail'],
  m2: ['get-signed-bluinsights-url'],
  'payment-cryptography': ['get-parameters-for-export'],
  pricing: ['get-price-list-file-url'],
  sagemaker: ['describe-training-job'],
  ssm: ['get-parameter', 'get-parameter-history', 'get-parameters', 'get-parameters-by-path'],
  storagegateway: ['describe-chap-credentials'],
  waf: ['get-change-token'],
  'waf-regional': ['get-change-token'],
  wafv2: ['get-decrypted-api-key', 'list-api-keys'],
};

/**
 * Read-only operations (in the server's list) that change state, each with
 * what it changes, from the operation's documentation in the botocore model
 * at BOTOCORE_TAG unless another source is named. Reviewed over every
 * operation whose name begins with a verb outside {@link READ_VERBS}, and
 * over the `get` operations whose documentation says they send, start or
 * schedule something. Each is left out.
 */
const STATE_CHANGING_OPERATIONS: Record<string, Record<string, string>> = {
  cloudformation: {
    'detect-stack-drift': 'starts a drift detection operation and records its result on the stack (StackDriftInformation.LastCheckTimestamp)',
    'detect-stack-resource-drift': 'records a drift check on the stack (StackDriftInformation: "or any of its individual resources")',
    'detect-stack-set-drift': 'starts a StackSet operation; one drift detection may run on a StackSet at a time',
  },
  'cognito-idp': { 'get-user-attribute-verification-code': 'sends a verification code to the user ("might generate an SMS text message")' },
  configservice: { 'deliver-config-snapshot': "delivers a configuration snapshot to the delivery channel's S3 bucket and sends SNS notifications" },
  'devops-guru': { 'start-cost-estimation': 'starts the creation of a cost estimate' },
  dms: { 'test-connection': 'creates a connection record ("Connections are created when you test an endpoint", DescribeConnections)' },
  ds: { 'verify-trust': 'verifies a trust relationship with an external domain' },
  elasticbeanstalk: { 'request-environment-info': 'has every instance compile logs (tail, bundle) or send them to Amazon Bedrock (analyze)' },
  iam: {
    'generate-credential-report': "generates the account's credential report, replacing the stored one",
    'generate-organizations-access-report': 'starts a report job',
    'generate-service-last-accessed-details': 'starts a report job',
  },
  logs: { 'stop-query': 'stops a running CloudWatch Logs Insights query' },
  sqs: {
    'receive-message':
      'hides the messages it returns from every other consumer for the visibility timeout (up to 43,200 s, 12 hours: SetQueueAttributes), and a message not deleted in time counts as a failed receive toward the dead-letter queue',
  },
  transfer: { 'test-identity-provider': "calls the server's custom identity provider (a Lambda function or API Gateway) with a user name and password" },
};

/**
 * First words of operation names that only read. An operation whose name
 * begins with another verb (`start`, `stop`, `generate`, `detect`, `test`,
 * `receive` …) is kept only when {@link READS_CLEARED} lists it, and left
 * out, as not yet reviewed, when neither it nor
 * {@link STATE_CHANGING_OPERATIONS} does.
 */
const READ_VERBS =
  /^(get|list|describe|admin-get|admin-list|batch-get|batch-check|batch-read|search|lookup|count|view|is|contains|preview|estimate|simulate|query|scan|select|filter)(-|$)/;

/** Operations with other verbs that were read and only read or compute an answer. */
const READS_CLEARED: Record<string, string[]> = {
  accessanalyzer: ['validate-policy'],
  cloudformation: ['validate-template'],
  comprehend: ['detect-pii-entities', 'detect-toxic-content'],
  datapipeline: ['evaluate-expression', 'validate-pipeline-definition'],
  elasticbeanstalk: ['check-dns-availability', 'validate-configuration-settings'],
  events: ['test-event-pattern'],
  gamelift: ['resolve-alias'],
  glue: ['check-schema-version-validity'],
  kinesisanalytics: ['discover-input-schema'],
  kinesisanalyticsv2: ['discover-input-schema'],
  logs: ['start-query', 'test-metric-filter', 'test-transformer'],
  route53: ['test-dns-answer'],
  route53domains: ['check-domain-availability', 'check-domain-transferability'],
  servicediscovery: ['discover-instances', 'discover-instances-revision'],
  sns: ['check-if-phone-number-is-opted-out'],
  wafv2: ['check-capacity'],
  wellarchitected: ['export-lens'],
};

/**
 * The structural screen for receives: an operation that takes a
 * `VisibilityTimeout`, or that its documentation calls a long poll, hands
 * what it returns to this caller alone (sqs ReceiveMessage, swf
 * PollForActivityTask, stepfunctions GetActivityTask, datapipeline
 * PollForTask): a claim, not a read.
 */
function claimsWhatItReturns(model: Model, operation: string): string | undefined {
  const op = model.operations[operation];
  if (op === undefined) return undefined;
  const input = op.input === undefined ? undefined : model.shapes[op.input.shape];
  if (Object.keys(input?.members ?? {}).some((name) => /^visibilitytimeout$/i.test(name))) return 'takes a visibility timeout';
  if (/long[- ]poll/i.test(op.documentation ?? '')) return 'documented as a long poll';
  return undefined;
}

/** Name fragments that put an operation under review; a match is kept only when NOT_CREDENTIALS clears it. */
const CREDENTIAL_WORDS =
  /token|credential|password|secret|login|presign|signed|signing|embedurl|url|auth|session|federat|accessdetails|iceserver|keypair|privatekey|datakey|decrypt|certificate/i;

/** Matches of CREDENTIAL_WORDS that were read and return metadata only (names, ids, public certificates, policies). */
const NOT_CREDENTIALS: Record<string, string[]> = {
  acm: ['describe-certificate', 'get-certificate', 'list-certificates', 'list-tags-for-certificate'],
  'acm-pca': [
    'describe-certificate-authority',
    'describe-certificate-authority-audit-report',
    'get-certificate',
    'get-certificate-authority-certificate',
    'get-certificate-authority-csr',
    'list-certificate-authorities',
  ],
  apigateway: ['get-authorizer', 'get-authorizers', 'get-client-certificate', 'get-client-certificates'],
  apigatewayv2: ['get-authorizer', 'get-authorizers'],
  appfabric: ['get-app-authorization', 'list-app-authorizations'],
  appstream: ['describe-sessions'],
  athena: ['get-session', 'get-session-status', 'list-notebook-sessions', 'list-sessions'],
  'chime-sdk-messaging': ['get-messaging-session-endpoint'],
  'chime-sdk-voice': ['get-proxy-session', 'list-proxy-sessions', 'list-voice-connector-termination-credentials'],
  codebuild: ['list-source-credentials'],
  codecatalyst: ['get-source-repository-clone-urls', 'list-access-tokens', 'list-dev-environment-sessions'],
  'cognito-idp': ['admin-list-user-auth-events', 'get-signing-certificate'],
  configservice: ['describe-aggregation-authorizations'],
  deploy: ['list-git-hub-account-token-names'],
  devicefarm: ['list-remote-access-sessions', 'list-test-grid-session-actions', 'list-test-grid-session-artifacts', 'list-test-grid-sessions'],
  dms: ['describe-certificates'],
  docdb: ['describe-certificates'],
  ds: ['describe-certificate', 'describe-client-authentication-settings', 'list-certificates'],
  ec2: ['describe-client-vpn-authorization-rules', 'describe-key-pairs', 'describe-traffic-mirror-sessions', 'get-associated-enclave-certificate-iam-roles'],
  elbv2: ['describe-listener-certificates'],
  emr: ['list-studio-session-mappings'],
  gamelift: [
    'describe-game-session-details',
    'describe-game-session-placement',
    'describe-game-session-queues',
    'describe-game-sessions',
    'describe-vpc-peering-authorizations',
    'search-game-sessions',
  ],
  glue: ['get-session', 'list-sessions'],
  grafana: ['describe-workspace-authentication'],
  greengrass: ['get-group-certificate-authority', 'get-group-certificate-configuration', 'list-group-certificate-authorities'],
  iam: [
    'generate-credential-report',
    'get-account-authorization-details',
    'get-account-password-policy',
    'get-credential-report',
    'get-login-profile',
    'get-server-certificate',
    'list-server-certificate-tags',
    'list-server-certificates',
    'list-service-specific-credentials',
    'list-signing-certificates',
  ],
  iot: [
    'describe-authorizer',
    'describe-ca-certificate',
    'describe-certificate',
    'describe-certificate-provider',
    'describe-default-authorizer',
    'list-authorizers',
    'list-ca-certificates',
    'list-certificate-providers',
    'list-certificates',
    'list-certificates-by-ca',
    'list-outgoing-certificates',
  ],
  iotwireless: ['get-multicast-group-session', 'get-wireless-gateway-certificate'],
  ivs: ['get-playback-key-pair', 'get-stream-session', 'list-playback-key-pairs', 'list-stream-sessions'],
  'ivs-realtime': ['get-stage-session', 'list-stage-sessions'],
  kafka: ['list-scram-secrets'],
  lambda: [
    'get-code-signing-config',
    'get-function-code-signing-config',
    'get-function-url-config',
    'list-code-signing-configs',
    'list-function-url-configs',
    'list-functions-by-code-signing-config',
  ],
  'license-manager': ['list-tokens'],
  lightsail: ['get-certificates', 'get-key-pair', 'get-key-pairs', 'get-load-balancer-tls-certificates'],
  macie2: ['get-macie-session'],
  'payment-cryptography': ['get-public-key-certificate'],
  rds: ['describe-certificates'],
  redshift: ['describe-authentication-profiles', 'describe-endpoint-authorization', 'describe-hsm-client-certificates'],
  route53: ['list-vpc-association-authorizations'],
  'route53-recovery-readiness': ['list-cross-account-authorizations'],
  secretsmanager: ['describe-secret', 'list-secret-version-ids', 'list-secrets'],
  signer: ['describe-signing-job', 'get-signing-platform', 'get-signing-profile', 'list-signing-jobs', 'list-signing-platforms', 'list-signing-profiles'],
  sqs: ['get-queue-url'],
  ssm: ['describe-sessions'],
  'sso-admin': [
    'describe-trusted-token-issuer',
    'get-application-authentication-method',
    'list-application-authentication-methods',
    'list-trusted-token-issuers',
  ],
  transfer: ['describe-certificate', 'list-certificates'],
  verifiedpermissions: ['is-authorized', 'is-authorized-with-token'],
  'vpc-lattice': ['get-auth-policy'],
  waf: ['get-change-token-status'],
  'waf-regional': ['get-change-token-status'],
  'workspaces-web': ['get-trust-store-certificate', 'list-trust-store-certificates'],
};

type Member = { shape: string; sensitive?: boolean; documentation?: string };
type Model = {
  operations: Record<string, { name: string; output?: { shape: string }; input?: { shape: string }; documentation?: string }>;
  shapes: Record<
    string,
    {
      type: string;
      payload?: string;
      members?: Record<string, Member>;
      member?: Member;
      key?: Member;
      value?: Member;
      streaming?: boolean;
      eventstream?: boolean;
      sensitive?: boolean;
      documentation?: string;
      enum?: string[];
    }
  >;
};

function git(dir: string, args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });
}

/** botocore's xform_name(name, '-'), botocore/__init__.py at BOTOCORE_TAG, with its cache of exceptions. */
export function xformName(name: string, exceptions: ReadonlyMap<string, string>): string {
  if (name.includes('-')) return name;
  const known = exceptions.get(name);
  if (known !== undefined) return known;
  let text = name;
  const special = /[A-Z]{2,}s$/.exec(text);
  if (special) text = `${text.slice(0, -special[0].length)}-${special[0].toLowerCase()}`;
  const s1 = text.replace(/(.)([A-Z][a-z]+)/g, '$1-$2');
  return s1.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

function xformExceptions(botocore: string): Map<string, string> {
  const text = git(botocore, ['show', `${BOTOCORE_TAG}:botocore/__init__.py`]);
  const map = new Map<string, string>();
  for (const [, name, cli] of text.matchAll(/\(\s*'(\w+)',\s*'-',?\s*\):\s*'([\w-]+)'/g)) if (name !== undefined && cli !== undefined) map.set(name, cli);
  if (map.size < 10) throw new Error('could not read botocore _xform_cache');
  return map;
}

function loadModels(botocore: string): Map<string, Model> {
  const files = git(botocore, ['ls-tree', '-r', '--name-only', BOTOCORE_TAG, 'botocore/data'])
    .split('\n')
    .filter((f) => f.endsWith('/service-2.json'));
  const latest = new Map<string, string>();
  const versions = new Map<string, string>();
  for (const file of files) {
    const [, , service, version] = file.split('/');
    if (service === undefined || version === undefined) continue;
    const seen = versions.get(service);
    // botocore loads the newest API version of a service (the greatest date string).
    if (seen === undefined || seen < version) {
      versions.set(service, version);
      latest.set(service, file);
    }
  }
  const models = new Map<string, Model>();
  for (const [service, file] of latest) models.set(service, JSON.parse(git(botocore, ['show', `${BOTOCORE_TAG}:${file}`])) as Model);
  return models;
}

/**
 * botocore OperationModel.has_streaming_output (model.py): the output payload
 * is a blob, which the AWS CLI writes to the `outfile` path it then requires
 * (awscli/customizations/streamingoutputarg.py). Widened to any output member
 * that streams or is an event stream, which the server cannot return as one answer.
 */
function writesOutputFile(model: Model, operation: string): boolean {
  const output = model.operations[operation]?.output;
  if (output === undefined) return false;
  const shape = model.shapes[output.shape];
  if (shape === undefined) return true;
  if (shape.payload !== undefined) {
    const member = shape.members?.[shape.payload];
    const payload = member === undefined ? undefined : model.shapes[member.shape];
    if (payload === undefined || payload.type === 'blob') return true;
  }
  return Object.values(shape.members ?? {}).some((member) => {
    const target = model.shapes[member.shape];
    return target === undefined || target.streaming === true || target.eventstream === true;
  });
}

function hasImageInput(model: Model, operation: string): boolean {
  const input = model.operations[operation]?.input;
  return input !== undefined && model.shapes[input.shape]?.members?.Image !== undefined;
}

/**
 * The structural screen: read the operation's output shape in the botocore
 * model, through every structure and union member, list member and map key
 * and value (each shape once, so recursive shapes end), and leave the
 * operation out when the answer can carry secret material:
 * - a shape or member the model marks `"sensitive": true`;
 * - a member whose name is credential material ({@link SECRET_MEMBER}) and
 *   that is not a number, boolean, timestamp or enumerated string, nor a reference or label ({@link NOT_MATERIAL}),
 *   nor an opaque paging, idempotency or concurrency token
 *   ({@link OPAQUE_TOKEN}), nor a key that names or locates something
 *   ({@link KEY_LOCATOR}, or documented as a KMS key);
 * - a string (or list of strings) member whose documentation says it is a
 *   presigned, signed or temporary URL, or a link valid for a limited time
 *   ({@link SIGNED_URL_DOC}).
 * Names are screened broadly: leaving out a harmless operation only keeps the
 * tool's worst case for it.
 */
const SECRET_MEMBER =
  /credential|secret|password|passphrase|passwd|token|private_?key|access_?key|session_?key|api_?key|signature|keys?$|pin$|webhookurl|signedurl/i;
/** Name endings that reference or describe the material without holding it (SecretArn, AccessKeyId, secretName, TokenType, PasswordPolicy, ApiKeySelectionExpression). */
const NOT_MATERIAL = /(arns?|arnlist|ids?|idlist|names?|namelist|status|type|types|algorithm|alias|uid|policy|expression)$/i;
/** Paging, idempotency, sequence and concurrency tokens, the key of a key-value pair or object (`Key`, `Keys`), and the instance-metadata setting HttpTokens (`required` or `optional`). */
const OPAQUE_TOKEN =
  /^(next|previous|prev|page|pagination|continuation|nextcontinuation|nextpage|nextbackward|nextforward|client|clientrequest|lastclientrequest|idempotency|creation|lock|update|listupdate|policyupdate|sourceupdate|viewversion|change|conditional|result|request|hooksrequest|uploadsequence)token$|^keys?$|^httptokens$/i;
/** A `…Key` that names or locates something (a tag, object, partition, KMS or public key); never one that says private, secret, access, session or api. */
const KEY_LOCATOR =
  /public|tag|kms|s3|object|file|partition|hash|sort|primary|clustering|route|mapping|parameter|output|group|dimension|metadata|attribute|condition|field|cache|caching|query|unprocessed|evaluated|subject|roles|boundary|response|rate|custom|managed|jira|property|metric|watermark|log|manifest|replica|alternate|noncompliant|missing|resource|selection/i;
const KEY_MATERIAL = /private|secret|access|session|api/i;
/** A `…Key` documented as a KMS key names the key: KMS never returns key material. */
const KMS_DOC = /\bKMS\b|Key Management Service/;
const SIGNED_URL_DOC =
  /pre-?signed|signed (url|uri|link)|temporary (url|uri|link)|(url|uri|link)\b[^.]{0,60}\bvalid for|valid for (\d+|one|an?) (second|minute|hour)|expires? (after|in) \d+ (second|minute|hour)|anyone (who has|in possession of|with) (this|the) (url|link)/i;
const NOT_SECRET_TYPES = new Set(['boolean', 'integer', 'long', 'float', 'double', 'timestamp']);

function secretMemberName(name: string, doc: string): boolean {
  if (!SECRET_MEMBER.test(name) || NOT_MATERIAL.test(name) || OPAQUE_TOKEN.test(name)) return false;
  return !(/keys?$/i.test(name) && !KEY_MATERIAL.test(name) && (KEY_LOCATOR.test(name) || KMS_DOC.test(doc)));
}

/**
 * The keys a map's documentation names, in `<code>` or as quoted JSON keys
 * (cognito-idp ProviderDetails documents its describe response as
 * `"client_secret": "provider-app-client-secret"`): the map's keys are data,
 * so their documented names are all the model says about what it holds.
 * A `…Version` key (sns `SignatureVersion`) is a number, a `…_url` or
 * `…_uri` key (`token_url`, `jwks_uri`) an endpoint.
 */
function documentedSecretKey(rawDoc: string): string | undefined {
  const names = [...rawDoc.matchAll(/<code>\s*([A-Za-z][A-Za-z0-9_]*)\s*<\/code>|"([A-Za-z][A-Za-z0-9_]*)"\s*:/g)].map((m) => m[1] ?? m[2] ?? '');
  return names.find((name) => !/(version|url|uri)$/i.test(name) && secretMemberName(name, ''));
}

/** Where in the operation's output the screen found secret material (`undefined` when it found none). */
function secretInOutput(model: Model, operation: string): string | undefined {
  const output = model.operations[operation]?.output;
  if (output === undefined) return undefined;
  const seen = new Set<string>();
  const plain = (doc: string | undefined): string => (doc ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');
  const walk = (shapeName: string, at: string): string | undefined => {
    if (seen.has(shapeName)) return undefined;
    seen.add(shapeName);
    const shape = model.shapes[shapeName];
    if (shape === undefined) return `${at}: shape ${shapeName} is not in the model`;
    if (shape.sensitive === true) return `${at}: ${shapeName} is sensitive`;
    const children: [string, Member][] = [];
    if (shape.type === 'structure' || shape.type === 'union')
      for (const [name, member] of Object.entries(shape.members ?? {})) children.push([`${at}.${name}`, member]);
    else if (shape.type === 'list' && shape.member !== undefined) children.push([`${at}[]`, shape.member]);
    else if (shape.type === 'map') {
      if (shape.key !== undefined) children.push([`${at}{key}`, shape.key]);
      if (shape.value !== undefined) children.push([`${at}{}`, shape.value]);
    }
    for (const [where, member] of children) {
      const target = model.shapes[member.shape];
      if (member.sensitive === true) return `${where}: member is sensitive`;
      const name = where.match(/\.(\w+)$/)?.[1];
      // The value of a shape that is itself credential material: apigateway UsagePlanKey.value and ApiKey.value
      // are the API key (GetUsagePlanKeys returns it, aws/aws-sdk-java-v2#1792), though the model neither marks nor names it.
      if (name !== undefined && /^value$/i.test(name) && target?.type === 'string' && secretMemberName(shapeName, plain(shape.documentation)))
        return `${where}: the value of ${shapeName}, a credential-named shape`;
      // A map's keys are data: one whose documentation names a credential-named key (ProviderDetails: client_secret). Tags are labels.
      if (name !== undefined && target?.type === 'map' && !/^tags?$/i.test(name)) {
        const key = documentedSecretKey(`${member.documentation ?? ''} ${target.documentation ?? ''}`);
        if (key !== undefined) return `${where}: a map documented to hold \`${key}\``;
      }
      // A number, boolean, timestamp or enumerated string holds no secret of its own.
      if (name !== undefined && target !== undefined && !NOT_SECRET_TYPES.has(target.type) && target.enum === undefined) {
        const doc = `${plain(member.documentation)} ${plain(target.documentation)}`;
        if (secretMemberName(name, doc)) return `${where}: name is credential material`;
        const itemType = target.type === 'list' && target.member !== undefined ? model.shapes[target.member.shape]?.type : target.type;
        if (itemType === 'string' && !OPAQUE_TOKEN.test(name) && SIGNED_URL_DOC.test(doc)) return `${where}: documented as a signed or temporary URL`;
      }
      const found = walk(member.shape, where);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(output.shape, '');
}

export interface Generated {
  /** CLI service → sorted CLI operation names. */
  operations: Map<string, string[]>;
  /** Why each left-out operation was left out, for the summary. */
  leftOut: Map<string, number>;
  /** Names CREDENTIAL_WORDS or a non-read verb matched that are neither listed nor cleared. */
  unreviewed: string[];
  /** `<service> <operation>: <where>` for each operation the structural screen left out. */
  screened: string[];
  /** `<service> <operation>: <why>` for every operation of the server's read-only list that is left out, sorted. */
  excluded: string[];
}

/** Build the allowlist from the two repositories. */
export function generate(mcp: string, botocore: string): Generated {
  const metadata = JSON.parse(git(mcp, ['show', `${MCP_COMMIT}:${SERVER_DIR}/core/data/api_metadata.json`])) as Record<
    string,
    Record<string, { type?: string }>
  >;
  const exceptions = xformExceptions(botocore);
  const models = loadModels(botocore);
  const operations = new Map<string, string[]>();
  const leftOut = new Map<string, number>();
  const unreviewed: string[] = [];
  const screened: string[] = [];
  const excluded: string[] = [];
  const drop = (why: string, name: string, detail?: string): void => {
    leftOut.set(why, (leftOut.get(why) ?? 0) + 1);
    excluded.push(`${name}: ${why}${detail === undefined ? '' : ` (${detail})`}`);
  };
  for (const [service, ops] of Object.entries(metadata)) {
    const cliService = CLI_SERVICE_NAMES[service] ?? service;
    const model = models.get(service);
    const readOnly = Object.entries(ops)
      .filter(([, meta]) => meta.type === 'ReadOnly')
      .map(([name]) => name);
    if (model === undefined) {
      for (const op of readOnly) drop('service not in the botocore models', `${cliService} ${op}`);
      continue;
    }
    // The CLI name of every operation of the model, to refuse any name two operations share.
    const owners = new Map<string, number>();
    for (const op of Object.keys(model.operations)) {
      const cli = xformName(op, exceptions);
      owners.set(cli, (owners.get(cli) ?? 0) + 1);
    }
    const kept: string[] = [];
    for (const op of readOnly) {
      const cli = xformName(op, exceptions);
      const name = `${cliService} ${cli}`;
      const secret = model.operations[op] === undefined ? undefined : secretInOutput(model, op);
      const claim = model.operations[op] === undefined ? undefined : claimsWhatItReturns(model, op);
      const change = STATE_CHANGING_OPERATIONS[cliService]?.[cli];
      if (model.operations[op] === undefined) drop('operation not in the botocore model', `${cliService} ${op}`);
      else if ((owners.get(cli) ?? 0) !== 1) drop('CLI name shared by two operations', name);
      else if (SERVER_OVERRIDES[service]?.includes(op)) drop('server OVERRIDES', name);
      else if (SERVER_CUSTOM_OPERATIONS[cliService]?.includes(cli)) drop('replaced by an AWS CLI customization', name);
      else if (CLI_ARGUMENT_CUSTOMIZATIONS[cliService]?.includes(cli) || (cliService === 'rekognition' && hasImageInput(model, op)))
        drop('arguments changed by the AWS CLI', name);
      else if (writesOutputFile(model, op)) drop('writes a local file', name);
      else if (CREDENTIAL_OPERATIONS[cliService]?.includes(cli)) drop('mints or reveals a credential', name);
      else if (secret !== undefined) {
        screened.push(`${name}: ${secret}`);
        drop('output can hold secret material (structural screen)', name, secret);
      } else if (change !== undefined) drop('changes state', name, change);
      else if (claim !== undefined) drop('receives what it returns for this caller alone, a state change (structural screen)', name, claim);
      else if (CREDENTIAL_WORDS.test(op) && !NOT_CREDENTIALS[cliService]?.includes(cli)) {
        unreviewed.push(name);
        drop('name under review for credentials, not yet cleared', name);
      } else if (!READ_VERBS.test(cli) && !READS_CLEARED[cliService]?.includes(cli)) {
        unreviewed.push(name);
        drop('verb under review for state changes, not yet cleared', name);
      } else kept.push(cli);
    }
    if (kept.length > 0) operations.set(cliService, [...kept].sort());
  }
  return {
    operations: new Map([...operations].sort(([a], [b]) => (a < b ? -1 : 1))),
    leftOut,
    unreviewed,
    screened: screened.sort(),
    excluded: excluded.sort(),
  };
}

/** The generated module's text. */
export function render(generated: Generated): string {
  const total = [...generated.operations.values()].reduce((n, ops) => n + ops.length, 0);
  const lines = [...generated.operations].map(([service, ops]) => `  ${JSON.stringify(service)}: ${JSON.stringify(ops.join(' '))},`);
  return `/**
 * Generated by \`npm run gen:aws-operations\` (scripts/gen-aws-operations.ts).
 * DO NOT EDIT. The AWS CLI commands \`aws <service> <operation>\` that the
 * aws_cli_read_only condition accepts (SPEC 5.4.5): ${total} operations of
 * ${generated.operations.size} services, from the read-only list of
 * awslabs/mcp ${MCP_COMMIT}
 * (${SERVER_DIR}/core/data/api_metadata.json) named through the models of
 * boto/botocore ${BOTOCORE_TAG}, less the server's OVERRIDES and every
 * operation that writes a local file, that the AWS CLI customizes, that
 * mints or reveals a credential, or whose output shape can hold secret
 * material (a sensitive shape, a credential-named member, a signed URL).
 */

/** Where the list comes from. */
export const AWS_OPERATIONS_SOURCE = { repository: 'awslabs/mcp', commit: '${MCP_COMMIT}', botocore: '${BOTOCORE_TAG}' } as const;

/** CLI service name → its accepted CLI operation names, separated by one space. */
export const AWS_READ_ONLY_OPERATIONS: Readonly<Record<string, string>> = {
${lines.join('\n')}
};
`;
}

/** The generated list of left-out operations, one `<service> <operation>: <why>` a line. */
export function renderExcluded(generated: Generated): string {
  return `# Generated by npm run gen:aws-operations (scripts/gen-aws-operations.ts). DO NOT EDIT.
# The ${generated.excluded.length} operations of the read-only list of awslabs/mcp ${MCP_COMMIT}
# that aws_cli_read_only does not accept (SPEC 5.4.5), each with why; botocore ${BOTOCORE_TAG}.
# An operation that is not in a botocore model is named as the server's list names it.
${generated.excluded.join('\n')}
`;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const { values } = parseArgs({
    options: {
      mcp: { type: 'string' },
      botocore: { type: 'string' },
      check: { type: 'boolean' },
      unreviewed: { type: 'boolean' },
      screened: { type: 'boolean' },
    },
  });
  if (values.mcp === undefined || values.botocore === undefined) {
    console.error('usage: npm run gen:aws-operations -- --mcp <awslabs/mcp git dir> --botocore <boto/botocore git dir> [--check] [--unreviewed] [--screened]');
    process.exit(2);
  }
  const generated = generate(values.mcp, values.botocore);
  if (values.unreviewed || values.screened) {
    console.log((values.screened ? generated.screened : generated.unreviewed).join('\n'));
    process.exit(0);
  }
  const files: [string, string][] = [
    [OUTPUT_FILE, render(generated)],
    [EXCLUDED_FILE, renderExcluded(generated)],
  ];
  for (const [why, n] of generated.leftOut) console.log(`left out ${n}: ${why}`);
  for (const [file, text] of files) {
    if (values.check) {
      const current = await readFile(file, 'utf8').catch(() => '');
      if (current !== text) {
        console.log(`${path.relative(ROOT, file)} is stale; run \`npm run gen:aws-operations\``);
        process.exitCode = 1;
      }
    } else {
      await writeFile(file, text);
      console.log(`wrote ${path.relative(ROOT, file)}`);
    }
  }
}
