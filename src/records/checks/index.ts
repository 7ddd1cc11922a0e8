/** Every lint check, in the order they run after the schema check. */
import { archived } from './archived.ts';
import type { Check } from './check.ts';
import { classDerived } from './class-derived.ts';
import { codeOptions } from './code-options.ts';
import { draftPlaceholders } from './draft-placeholders.ts';
import { effectsKnown } from './effects-known.ts';
import { effectsOrder } from './effects-order.ts';
import { evidence } from './evidence.ts';
import { evidenceDocumentation } from './evidence-documentation.ts';
import { evidenceExcerpt } from './evidence-excerpt.ts';
import { evidencePackage } from './evidence-package.ts';
import { evidencePath } from './evidence-path.ts';
import { gates } from './gates.ts';
import { idMatchesFile } from './id-matches-file.ts';
import { oneSentence } from './one-sentence.ts';
import { packageBefore } from './package-before.ts';
import { peerEffects } from './peer-effects.ts';
import { overrideBudget } from './override-budget.ts';
import { overrideReason } from './override-reason.ts';
import { reviewStatus } from './review-status.ts';
import { ruleEffects } from './rule-effects.ts';
import { rulesOnlyLower } from './rules-only-lower.ts';
import { toolsSorted } from './tools-sorted.ts';
import { uniqueIds } from './unique-ids.ts';
import { uniqueIdentities } from './unique-identities.ts';
import { uniqueRuleIds } from './unique-rule-ids.ts';
import { undoTool } from './undo-tool.ts';
import { uniqueTools } from './unique-tools.ts';
import { fingerprintAlgorithm, fingerprints } from './fingerprints.ts';

export const CHECKS: readonly Check[] = [
  idMatchesFile,
  uniqueIds,
  uniqueIdentities,
  uniqueTools,
  toolsSorted,
  evidence,
  evidencePath,
  evidencePackage,
  evidenceDocumentation,
  evidenceExcerpt,
  packageBefore,
  archived,
  codeOptions,
  rulesOnlyLower,
  uniqueRuleIds,
  oneSentence,
  effectsKnown,
  effectsOrder,
  draftPlaceholders,
  classDerived,
  ruleEffects,
  overrideReason,
  overrideBudget,
  undoTool,
  peerEffects,
  gates,
  reviewStatus,
  fingerprints,
  fingerprintAlgorithm,
];
