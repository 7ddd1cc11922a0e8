/** Every lint check, in the order they run after the schema check. */
import type { Check } from './check.ts';
import { disclosureIsR4 } from './disclosure-is-r4.ts';
import { evidence } from './evidence.ts';
import { evidencePath } from './evidence-path.ts';
import { gates } from './gates.ts';
import { idMatchesFile } from './id-matches-file.ts';
import { oneSentence } from './one-sentence.ts';
import { reviewStatus } from './review-status.ts';
import { rulesOnlyLower } from './rules-only-lower.ts';
import { toolsSorted } from './tools-sorted.ts';
import { uniqueIds } from './unique-ids.ts';
import { uniqueRuleIds } from './unique-rule-ids.ts';
import { uniqueTools } from './unique-tools.ts';

export const CHECKS: readonly Check[] = [
  idMatchesFile,
  uniqueIds,
  uniqueTools,
  toolsSorted,
  evidence,
  evidencePath,
  rulesOnlyLower,
  uniqueRuleIds,
  oneSentence,
  disclosureIsR4,
  gates,
  reviewStatus,
];
