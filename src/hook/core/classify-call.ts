/**
 * Classify one MCP call whose server was resolved, the same way for every
 * agent (SPEC 4, 6, 8.5, 9): an unrecognised server or tool, or a server
 * whose configuration changed during the session, is R4; a recognised one
 * is classified with its arguments and the session guard, and the class
 * decides (`decisionFor`). The result is a {@link Verdict} with its audit
 * line. Node-only.
 */
import { Classifier } from '../../core/classify.ts';
import type { Registry } from '../../core/registry.ts';
import type { LayeredRegistry } from '../../node/layered-registry.ts';
import { Session } from '../../core/session.ts';
import { messageOf } from '../../core/errors.ts';
import type { HookClassification } from '../builtin.ts';
import type { HookContext } from '../context.ts';
import { decisionFor, decisionReason, oneLine } from '../decide.ts';
// Not from records/local.ts: that module loads the validator (ajv and every check) on every MCP call.
import { LOCAL_IDENTITY_CHECK } from '../../records/local-identity.ts';
import { formatProblem } from '../../records/problems.ts';
import type { LocalRecords } from '../../node/local-records.ts';
import type { ServerResolution } from '../identify-session.ts';
import type { OpenedSession } from '../session.ts';
import { type CallIdentity, type Verdict, decisionRecord, unknownClassification } from './verdict.ts';

/**
 * The verdict when the registry (or one record of it) cannot be loaded: R4 from `error` (SPEC 4.4).
 * @param label the call as the reason names it
 * @param resolved the server and record the call was identified as, when it was; the audit line names them
 */
export function registryFailure(
  context: HookContext,
  call: CallIdentity,
  label: string,
  error: unknown,
  resolved?: { server: string; record: string; tool: string },
): Verdict {
  const thresholds = context.options.thresholds;
  const c = unknownClassification(
    resolved?.server ?? label,
    resolved?.tool ?? '',
    `The registry could not be loaded (${messageOf(error)}), so the call cannot be classified and is treated as irreversible (SPEC 4.4).`,
    'error',
  );
  const decision = decisionFor('R4', thresholds);
  const where = resolved === undefined ? { server: null, tool: label } : resolved;
  return {
    decision,
    cls: 'R4',
    reason: decisionReason(c, decision, thresholds, label),
    audit: decisionRecord(context, call, { ...where, class: 'R4', source: 'error', decision, detail: 'the registry could not be loaded' }),
  };
}

/**
 * The verdict when a call could not be classified at all (an internal
 * error): R4 from `error`, so it is asked about, never let through (SPEC 4.4).
 * @param label the call as the reason names it
 * @param why one short sentence
 */
export function errorVerdict(context: HookContext, call: CallIdentity, label: string, why: string): Verdict {
  const thresholds = context.options.thresholds;
  const c = unknownClassification(label, '', `rclass could not classify the call (${why}), so it is treated as irreversible (SPEC 4.4).`, 'error');
  const decision = decisionFor('R4', thresholds);
  return {
    decision,
    cls: 'R4',
    reason: decisionReason(c, decision, thresholds, label),
    audit: decisionRecord(context, call, { server: null, tool: label, class: 'R4', source: 'error', decision, detail: why.slice(0, 300) }),
  };
}

/** What {@link classifyResolved} needs besides the call. */
export interface ResolvedCall {
  resolution: ServerResolution;
  /** The tool name as the agent sent it, used when the resolution has no tool. */
  toolName: string;
  /** The arguments, a plain object. */
  input: Record<string, unknown>;
  /** Why the server is not what the session started with, when it is not (Claude Code only). */
  changed?: string;
}

/**
 * Classify a resolved call and decide it.
 * @param loaded the registry: every record's identity, and one record in full on request
 * @param session the session's state: `has_read`, the effective class and the number of calls feed the session guard (SPEC 9)
 * @returns the verdict with its audit line (the effective class is filled in by the caller); a record that cannot be loaded is R4 (`error`)
 */
export async function classifyResolved(
  context: HookContext,
  loaded: LayeredRegistry,
  call: CallIdentity,
  resolved: ResolvedCall,
  session: OpenedSession,
): Promise<Verdict> {
  const { resolution, toolName, input, changed } = resolved;
  const { state } = session;
  const thresholds = context.options.thresholds;
  const label = resolution.tool === '' ? toolName : `${resolution.server}/${resolution.tool}`;
  let c: HookClassification;
  let identified: string | undefined;
  let detail: string | undefined;
  let recordId: string | null = null;
  let localFile: string | undefined;
  if (changed !== undefined) {
    c = unknownClassification(
      resolution.server,
      resolution.tool,
      `${changed}; a server rclass cannot tie to a record is irreversible until classified (SPEC 4.3, 6).`,
    );
    detail = changed.replace(/`/g, '');
  } else if (resolution.status === 'unrecognised') {
    c = unknownClassification(
      resolution.server,
      resolution.tool,
      `rclass cannot tell which server \`${resolution.server}\` runs: ${resolution.reason}; an unrecognised server is irreversible until classified (SPEC 4.3, 6.2).`,
    );
    detail = `unrecognised server: ${resolution.reason}`.replace(/`/g, '');
  } else {
    recordId = resolution.recordId;
    const guard = Session.fromState(
      { hasRead: state.has_read, effectiveClass: state.effective_class, calls: state.calls },
      { egressAllow: context.options.egressAllow, registrableDomain: context.options.registrableDomain },
    );
    let full: Registry;
    try {
      full = await loaded.record(resolution.recordId);
    } catch (error) {
      return registryFailure(context, call, label, error, { server: resolution.server, record: resolution.recordId, tool: resolution.tool });
    }
    c = await new Classifier(full).checkAsync(resolution.recordId, resolution.tool, input, { session: guard, serverVersion: resolution.version });
    const vouched =
      resolution.via === 'map' ? ` by ${resolution.subject}` : resolution.mapping !== undefined ? ` by the server mapping at ${resolution.mapping}` : '';
    localFile = loaded.local?.files.get(resolution.recordId);
    // A local record is the user's own statement (SPEC 5.10): the reason names it and its file, never the registry.
    if (localFile !== undefined && c.source === 'registry') c = { ...c, source: 'local' };
    identified = `${localFile !== undefined ? `local record ${resolution.recordId} (${localFile})` : `record ${resolution.recordId}`}${vouched}${c.status !== undefined ? `, ${c.status}` : ''}`;
    if (c.source === 'unknown') detail = 'the record does not list this tool';
    if (c.source === 'session') detail = 'session guard: the session has read, and a destination is not on the egress allowlist';
    if (c.source === 'session' && session.problem !== undefined)
      c = { ...c, notes: [...(c.notes ?? []), `session guard: ${session.problem}, so the session is taken to have read`] };
  }
  const local = localNotes(loaded.local, recordId);
  const decision = local.ask && decisionFor(c.class, thresholds) !== 'deny' ? 'ask' : decisionFor(c.class, thresholds);
  const localDetails = [...(localFile !== undefined ? [`local record ${localFile}`] : []), ...local.details];
  if (localDetails.length > 0) detail = [...localDetails, ...(detail !== undefined ? [detail] : [])].join('; ').replace(/`/g, '');
  return {
    decision,
    cls: c.class,
    reason: oneLine([decisionReason(c, decision, thresholds, label, identified), ...local.notes].join(' ')),
    audit: decisionRecord(context, call, {
      server: resolution.server,
      record: recordId,
      tool: resolution.tool === '' ? toolName : resolution.tool,
      class: c.class,
      source: c.source,
      ...(c.rule !== undefined ? { rule: c.rule } : {}),
      decision,
      ...(detail !== undefined ? { detail } : {}),
    }),
  };
}

/** Problems shown in a reason before `and N more`. */
const SHOWN_LOCAL_PROBLEMS = 2;

/**
 * What the local records add to a verdict (SPEC 5.10): a folder or file with a problem makes the call asked about,
 * never allowed (the problem may be in the record meant for this server); a local record refused for claiming
 * this call's public record is reported beside the public answer, which stands.
 * @param local the local records read, if any
 * @param recordId the record the call was identified as, if any
 */
function localNotes(local: LocalRecords | undefined, recordId: string | null): { ask: boolean; notes: string[]; details: string[] } {
  if (local === undefined) return { ask: false, notes: [], details: [] };
  const notes: string[] = [];
  const details: string[] = [];
  const problems = local.problems.filter((problem) => problem.check !== LOCAL_IDENTITY_CHECK);
  if (problems.length > 0) {
    const shown = problems.slice(0, SHOWN_LOCAL_PROBLEMS).map(formatProblem).join('; ');
    const more = problems.length > SHOWN_LOCAL_PROBLEMS ? ` and ${problems.length - SHOWN_LOCAL_PROBLEMS} more` : '';
    notes.push(
      `Asked because the local records in ${local.dir} have problems (${shown}${more}); run \`rclass records list\` to see them, and fix or remove the files.`,
    );
    details.push(`local records have ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
  }
  for (const conflict of local.conflicts.filter((entry) => entry.public === recordId))
    notes.push(`(The local record ${conflict.file} was not used: it claims ${conflict.what} of this public record, and a local record may only add servers.)`);
  return { ask: problems.length > 0, notes, details };
}
