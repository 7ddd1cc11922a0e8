// Read-only AWS CLI commands (SPEC 5.4.5): the analysis and the lazily loaded operation list.
export {
  AWS_COMMAND_MAX_BATCH,
  AWS_COMMAND_MAX_LENGTH,
  AWS_GLOBAL_OPTIONS,
  analyzeAwsCommand,
  analyzeAwsCommandText,
  type AwsCommandVerdict,
  type AwsOperationList,
} from './command.ts';
export { loadAwsOperations, loadedAwsOperations, operationListOf } from './loader.ts';
