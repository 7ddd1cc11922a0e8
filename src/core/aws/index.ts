// Read-only AWS CLI commands (SPEC 5.4.5): the analysis and the lazily loaded operation list.
export {
  AWS_COMMAND_MAX_BATCH,
  AWS_COMMAND_MAX_LENGTH,
  analyzeAwsCommand,
  type AwsCommandVerdict,
  type AwsOperationList,
} from './command.ts';
export { loadAwsOperations, loadedAwsOperations } from './loader.ts';
