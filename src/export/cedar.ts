/**
 * Cedar for the MCP policies of Docker Sandboxes (SPEC 8.3): organization
 * policies that Docker's Sandboxes MCP gateway (`sbx mcp add`) evaluates,
 * entered in Docker Home. Docker's open-source `docker/mcp-gateway` reads no
 * Cedar (docs.docker.com/ai/sandboxes/governance/reference/mcp-policy/).
 *
 * Namespace `MCP`, action `MCP::Action::"invokeTool"`, one policy per tool,
 * matched as `resource in MCP::Server::"<name>" && resource.name == "<tool>"`:
 * - R0–R1 (up to `--allow-up-to`, R1 by default): a plain `permit`;
 * - R2–R4: a `permit` annotated `@requireApproval("<class and reason>")`;
 * - from `--deny-from`: a `forbid` (a tool whose class an argument rule can
 *   lower below the threshold keeps its approval permit instead);
 * - unrecognised servers: nothing, so Docker's default deny applies; with
 *   `--deny-from` a `forbid` for the whole server makes that explicit.
 * Tools the registry does not list stay denied by the default deny.
 *
 * The output validates against `schema/mcp.cedarschema`. Browser-safe.
 */
import { CLASS_NAMES } from '../core/classes.ts';
import { type PlannedServer, type PlannedTool, type PolicyPlan, headerLines, statusText, toolDecision, unrecognisedDecision } from './plan.ts';
import { braceEscapedString, commentSafe } from './text.ts';
import { describeThresholds, gatewayThresholds } from '../core/policy.ts';

/** The Cedar namespace Docker's gateway uses. */
const CEDAR_NAMESPACE = 'MCP';

/** The action every exported policy governs. */
export const CEDAR_ACTION = `${CEDAR_NAMESPACE}::Action::"invokeTool"`;

/** The policy id of a tool's policy, also written as its `@id` annotation: `rclass/<server>/<tool>`. */
export function cedarPolicyId(server: string, tool: string): string {
  return `rclass/${server}/${tool}`;
}

/** The policy id of the forbid that covers an unrecognised server: `rclass/<server>/*`. */
function cedarServerPolicyId(server: string): string {
  return `rclass/${server}/*`;
}

/** The `@requireApproval` text of a tool: class, name, record status, whether arguments can lower it, rationale. */
function approvalReason(tool: PlannedTool, server: PlannedServer): string {
  const draft = server.record?.provenance.status === 'draft' ? ', draft record' : '';
  const dependent = tool.lowest !== tool.class ? `; some arguments make it ${tool.lowest}, which only a per-call check can see` : '';
  return `${tool.class} ${CLASS_NAMES[tool.class]} (rclass${draft}${dependent}): ${tool.rationale}`;
}

function scope(server: string, tool?: string): string {
  const inServer = `resource in ${CEDAR_NAMESPACE}::Server::${braceEscapedString(server)}`;
  return tool === undefined ? inServer : `${inServer} && resource.name == ${braceEscapedString(tool)}`;
}

function policy(id: string, effect: 'permit' | 'forbid', condition: string, approval?: string): string {
  const lines = [`@id(${braceEscapedString(id)})`];
  if (approval !== undefined) lines.push(`@requireApproval(${braceEscapedString(approval)})`);
  lines.push(`${effect} (principal, action == ${CEDAR_ACTION}, resource)`);
  lines.push(`when { ${condition} };`);
  return lines.join('\n');
}

/**
 * Render the plan as a Cedar policy set for Docker Sandboxes' MCP policies.
 * @param plan the servers, tools and thresholds (SPEC 8.1: base classes only)
 * @returns Cedar policy text, `\n` line endings, ending in a newline; deterministic for a given plan
 */
export function renderCedar(plan: PolicyPlan): string {
  const thresholds = gatewayThresholds(plan.thresholds);
  const header = headerLines(
    plan,
    'Cedar MCP policies for Docker Sandboxes, an organization policy in Docker Home (namespace MCP, action MCP::Action::"invokeTool").',
    describeThresholds(thresholds),
  );
  header.push('Permit: no approval needed. @requireApproval permit: Docker asks the user through MCP elicitation, and denies when it cannot ask.');
  header.push(
    'Tools and servers this file does not name stay denied by the gateway\'s default deny. Server registration (MCP::Action::"register") is not permitted here.',
  );
  header.push('Server names must match the names registered with the gateway. Schema: schema/mcp.cedarschema in the reversibility-classes repository.');
  const out: string[] = header.map((line) => `// ${commentSafe(line)}`);
  for (const server of plan.servers) {
    out.push('');
    if (server.record === undefined) {
      out.push(`// ${commentSafe(`${server.name}: unrecognised, so every tool counts as R4 (${server.unrecognised ?? 'no reason given'})`)}`);
      if (unrecognisedDecision(thresholds) === 'deny') {
        out.push(policy(cedarServerPolicyId(server.name), 'forbid', scope(server.name)));
      } else {
        out.push('// No permit: the default deny blocks its tools.');
      }
      continue;
    }
    const record = server.record;
    out.push(`// ${commentSafe(`${server.name}: ${record.name}; record ${record.id}, ${statusText(record.provenance.status)}`)}`);
    for (const tool of server.tools) {
      const decision = toolDecision(tool, thresholds);
      const id = cedarPolicyId(server.name, tool.name);
      const condition = scope(server.name, tool.name);
      if (decision === 'allow') out.push(policy(id, 'permit', condition));
      else if (decision === 'deny') out.push(policy(id, 'forbid', condition));
      else out.push(policy(id, 'permit', condition, approvalReason(tool, server)));
      out.push('');
    }
    out.pop();
  }
  return `${out.join('\n')}\n`;
}
