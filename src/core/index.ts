/**
 * The classifier core: browser-safe, no Node built-ins. The CLI, the build
 * and the site's playground all use this entry point.
 */
export { CLASSES, CLASS_NAMES, DEFAULT_POLICY, classRank, isBelow, isClass, lowerClass, parseClass, worseClass } from './classes.ts';
export type { PolicyDecision, ReversibilityClass } from './classes.ts';
export { hintClass } from './annotations.ts';
export { canonicalJson } from './canonical-json.ts';
export { ACTION_METADATA_KEY, EVIDENCE_TYPE, actionMetadata, classMetadata, evidenceDocument, evidenceRef } from './action-metadata.ts';
export type { ActionMetadata, ClassHints, ClassInput, ClassMetadata, EvidenceDocument, EvidenceRef, Outcome, Reversibility } from './action-metadata.ts';
export { Classifier } from './classify.ts';
export type { CheckOptions, Classification, ClassificationSource, ClassifierOptions } from './classify.ts';
export { egressAllowed } from './egress.ts';
export type { EgressVerdict } from './egress.ts';
export { indexOverrides } from './overrides.ts';
export type { DeploymentOverride, PreimageCapture, PreimageCapturer } from './overrides.ts';
export { PREDICATE_NAMES } from './record.ts';
export type {
  ArgumentRule,
  ClassCounts,
  EgressMarking,
  Evidence,
  Gate,
  Predicate,
  Provenance,
  RecordStatus,
  RegistryDocument,
  ServerIdentity,
  ServerRecord,
  SqlDialectName,
  ToolAnnotations,
  ToolRecord,
} from './record.ts';
export {
  DOCUMENTATION_MARK,
  FORMAT_VERSION,
  Registry,
  SPEC_VERSION,
  buildDocument,
  countClasses,
  emptyCounts,
  evidenceBasis,
  evidenceUrl,
} from './registry.ts';
export type { IndexedServer } from './registry.ts';
export { evaluatePredicate, evaluateRule, rulesNeedAws, rulesNeedSql } from './rules.ts';
export { AWS_COMMAND_MAX_BATCH, AWS_COMMAND_MAX_LENGTH, analyzeAwsCommand, loadAwsOperations, loadedAwsOperations } from './aws/index.ts';
export type { AwsCommandVerdict, AwsOperationList } from './aws/index.ts';
export type { CallArguments, ConditionOutcome, RuleOutcome } from './rules.ts';
export { SQL_MAX_BYTES, SQL_MAX_NESTING, analyzeSql, loadSqlParser, loadedSqlParser } from './sql/index.ts';
export type { SqlDialect, SqlParser, SqlVerdict } from './sql/index.ts';
export { URL_MAX_LENGTH, checkUrl, coveringEntry, findUrls, parseAllowlist } from './url/index.ts';
export type { FindUrlLimits, RegistrableDomainOf, UrlVerdict } from './url/index.ts';
export { isContained } from './paths.ts';
export { Session } from './session.ts';
export type { SessionOptions, SessionState } from './session.ts';
export { rulesApplyTo } from './version.ts';
export type { ServerVersion } from './version.ts';
