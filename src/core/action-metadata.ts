/**
 * A tool's class in the shapes MCP clients and gateways read (SPEC 7.4):
 * the four MCP hints, the experimental `io.modelcontextprotocol/action-metadata`
 * extension (`outcome`, `requiresReview`), SEP-2793's `reversibility`, and an
 * `evidenceRef` pointer to the classification behind them.
 *
 * Sources, as read (a draft can change; SPEC 7.4 quotes the same):
 * - action-metadata: modelcontextprotocol/experimental-ext-tool-annotations
 *   `README.md` (commit 52231bc1) names the extension and puts it "on
 *   `ToolAnnotations`"; `docs/decisions.md` (commit 36c7c97b) names
 *   `requiresReview` as an action-metadata field. The draft itself
 *   (`specification/draft/action-metadata.mdx`) was not readable, so the
 *   member names `outcome` and `requiresReview` and their place, the tool's
 *   `_meta` under the extension's identifier, are those the first gateway
 *   that enforces the extension reads (chrisbennight/waygate
 *   `docs/agents/upstreams.md`, commit 6f7ba6d5); the values come from its
 *   origin, SEP-2061 (modelcontextprotocol/modelcontextprotocol
 *   `seps/1850-action-security-metadat-for-tools.md`, commit 02be6671:
 *   "Benign | Consequential | Irreversible"), written in lower case as
 *   Waygate reads them.
 * - evidenceRef: the `trust-annotations` pointer shape, `{type, digest,
 *   canonicalization, schema?, ref?}` with `type` an open string
 *   (experimental-ext-tool-annotations `docs/decisions.md`, commit 36c7c97b;
 *   `specification/draft/conformance/trust-annotations/examples.json`,
 *   commit 34640fb8: `"digest": "sha256:<hex>"`, `"canonicalization":
 *   "jcs/rfc8785"`).
 * - reversibility: SEP-2793 (modelcontextprotocol/modelcontextprotocol
 *   `seps/2793-tool-risk-metadata.md`, commit 0da7cf7e): a `ToolAnnotations`
 *   member, `"auto" | "manual" | "none"`.
 *
 * Browser-safe: the digest is Web Crypto's SHA-256.
 */
import { canonicalJson } from './canonical-json.ts';
import { type ReversibilityClass, classRank } from './classes.ts';
import { APPROVAL_FROM } from './policy.ts';
import type { ServerRecord, ToolRecord } from './record.ts';
import { evidenceUrl } from './registry.ts';

/** The `_meta` key of the action-metadata extension (its identifier). */
export const ACTION_METADATA_KEY = 'io.modelcontextprotocol/action-metadata';

/** The `evidenceRef.type` of this project's evidence documents (an open string, ours). */
export const EVIDENCE_TYPE = 'rclass.tool-class.v1';

/** The canonicalization the digest is taken under (RFC 8785, as the trust-annotations vectors name it). */
const EVIDENCE_CANONICALIZATION = 'jcs/rfc8785';

/** action-metadata's outcome classifier (SEP-2061's `Outcomes`, lower case). */
export type Outcome = 'benign' | 'consequential' | 'irreversible';

/** SEP-2793's `reversibility`. */
export type Reversibility = 'auto' | 'manual' | 'none';

/** The four MCP tool hints, every one set. */
export interface ClassHints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** What one tool's class says in each of the shapes (SPEC 7.4). */
export interface ClassMetadata {
  /** The class the shapes were made from: the tool's worst case (SPEC 8.1), R4 for an unknown tool. */
  class: ReversibilityClass;
  outcome: Outcome;
  requiresReview: boolean;
  reversibility: Reversibility;
  hints: ClassHints;
}

/** What {@link classMetadata} needs of a listed tool. */
export interface ClassInput {
  /** The record's class for the tool (its base class). */
  class: ReversibilityClass;
  /** Whether the tool's worst case discloses (SPEC 2.8, derived in `registry.json`). */
  disclosure?: boolean;
  /** Whether the tool is marked `egress` (SPEC 5.2, 9): its static worst case is R4 (SPEC 8.1). */
  egress?: boolean;
}

const OUTCOME: Readonly<Record<ReversibilityClass, Outcome>> = {
  R0: 'benign',
  R1: 'consequential',
  R2: 'consequential',
  R3: 'irreversible',
  R4: 'irreversible',
};

const REVERSIBILITY: Readonly<Record<ReversibilityClass, Reversibility>> = {
  R0: 'auto',
  R1: 'manual',
  R2: 'manual',
  R3: 'none',
  R4: 'none',
};

/**
 * The shapes of one tool's class (SPEC 7.4). The static worst case is used,
 * as every export does (SPEC 8.1): R4 for a tool marked `egress`.
 * - `readOnlyHint` only for R0; `destructiveHint` from R2, the classes
 *   whose prior state cannot be written back (not "only additive updates",
 *   MCP's meaning of false), so that a client deciding on hints asks where
 *   the default policy asks: Codex's automatic mode runs a tool unasked when
 *   it is not read-only, `destructiveHint` is false and `openWorldHint` is
 *   false (openai/codex `codex-rs/core/src/mcp_tool_call.rs`, commit
 *   002500f2, `requires_mcp_tool_approval`);
 *   `openWorldHint` for a tool that discloses or sends data out;
 *   `idempotentHint` only for R0 (a call with no effect repeats with none;
 *   nothing else in a record says a write is idempotent);
 * - `outcome`: R0 benign, R1–R2 consequential, R3–R4 irreversible;
 * - `requiresReview` from the default policy's approval class, R2 (SPEC 3), as `destructiveHint`;
 * - `reversibility`: R0 auto, R1–R2 manual, R3–R4 none.
 * @param tool the listed tool, or undefined for a tool no record lists, which gets R4's values (SPEC 4.3)
 */
export function classMetadata(tool: ClassInput | undefined): ClassMetadata {
  const egress = tool?.egress === true;
  const cls: ReversibilityClass = tool === undefined || egress ? 'R4' : tool.class;
  const openWorld = tool === undefined || egress || tool.disclosure === true;
  const review = classRank(cls) >= classRank(APPROVAL_FROM);
  return {
    class: cls,
    outcome: OUTCOME[cls],
    requiresReview: review,
    reversibility: REVERSIBILITY[cls],
    hints: {
      readOnlyHint: cls === 'R0',
      destructiveHint: review,
      idempotentHint: cls === 'R0',
      openWorldHint: openWorld,
    },
  };
}

/** The evidence document an `evidenceRef` of type {@link EVIDENCE_TYPE} points at (SPEC 7.4). */
export interface EvidenceDocument {
  type: typeof EVIDENCE_TYPE;
  /** The SPEC version the class follows. */
  spec_version: string;
  /** The registry's data release, YYYY.MM.DD, or "" when it has none. */
  release: string;
  /** The record id. */
  record: string;
  tool: string;
  /** The record's class for the tool. */
  class: ReversibilityClass;
  /** The static worst case the hints were made from (SPEC 8.1). */
  worst_class: ReversibilityClass;
  effects: string[];
  disclosure: boolean;
  egress: boolean;
  /** The permalink of the tool's evidence: source line or the vendor's page (SPEC 5.2). */
  evidence: string;
  /** For R1 and R2 tools: the tool of the same server that restores or compensates a call, else null (SPEC 2.9.3). */
  compensating_tool: string | null;
  /** SHA-256 of the tool's definition at the record's release (SPEC 5.2.1), else null. */
  fingerprint: string | null;
}

/**
 * The evidence document of one listed tool (SPEC 7.4).
 * @param record the record that lists the tool, as `registry.json` holds it
 * @param tool one of its tools
 * @param registry the registry's `spec_version` and `release`
 */
export function evidenceDocument(record: ServerRecord, tool: ToolRecord, registry: { spec_version: string; release?: string }): EvidenceDocument {
  const egress = tool.egress !== undefined;
  return {
    type: EVIDENCE_TYPE,
    spec_version: registry.spec_version,
    release: registry.release ?? '',
    record: record.id,
    tool: tool.name,
    class: tool.class,
    worst_class: egress ? 'R4' : tool.class,
    effects: [...(tool.effects ?? [])],
    disclosure: tool.disclosure === true,
    egress,
    evidence: evidenceUrl(record, tool.evidence),
    compensating_tool: tool.undo ?? null,
    fingerprint: tool.fingerprint ?? null,
  };
}

/** The trust-annotations `evidenceRef` pointer to an {@link EvidenceDocument}. */
export interface EvidenceRef {
  type: typeof EVIDENCE_TYPE;
  /** `sha256:` and the SHA-256 of the document's canonical JSON. */
  digest: string;
  canonicalization: typeof EVIDENCE_CANONICALIZATION;
  /** Where the document can be fetched: the tool's API document with the JSON Pointer `#/evidence`; absent when there is no site to point at. */
  ref?: string;
  /** The schema of the document that holds it. */
  schema?: string;
}

/**
 * The `evidenceRef` of an evidence document: its digest under RFC 8785.
 * @param document the evidence document
 * @param where `ref` and `schema`, when the document is published
 */
export async function evidenceRef(document: EvidenceDocument, where: { ref?: string; schema?: string } = {}): Promise<EvidenceRef> {
  const bytes = new TextEncoder().encode(canonicalJson(document));
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return {
    type: EVIDENCE_TYPE,
    digest: `sha256:${hex}`,
    canonicalization: EVIDENCE_CANONICALIZATION,
    ...(where.ref !== undefined ? { ref: where.ref } : {}),
    ...(where.schema !== undefined ? { schema: where.schema } : {}),
  };
}

/** The action-metadata object a tool carries under {@link ACTION_METADATA_KEY}. */
export interface ActionMetadata {
  outcome: Outcome;
  requiresReview: boolean;
  /** Absent for a tool no record lists: there is nothing to point at. */
  evidenceRef?: EvidenceRef;
}

/**
 * The action-metadata object of one tool.
 * @param metadata what {@link classMetadata} gave
 * @param ref the tool's evidence pointer, when a record lists it
 */
export function actionMetadata(metadata: ClassMetadata, ref?: EvidenceRef): ActionMetadata {
  return { outcome: metadata.outcome, requiresReview: metadata.requiresReview, ...(ref !== undefined ? { evidenceRef: ref } : {}) };
}
