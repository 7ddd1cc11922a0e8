/**
 * The hook adapters of agents other than Claude Code: each reads its
 * client's payload into an {@link AgentCall} and writes the decision
 * core's answer back in the client's terms. Browser-safe.
 */
import { CODEX_ADAPTER } from './codex.ts';
import { CURSOR_ADAPTER } from './cursor.ts';
import { GEMINI_ADAPTER } from './gemini.ts';
import type { AgentAdapter, AgentName } from './types.ts';

export * from './types.ts';

/** The adapter for an agent. */
export const ADAPTERS: Readonly<Record<AgentName, AgentAdapter>> = { gemini: GEMINI_ADAPTER, codex: CODEX_ADAPTER, cursor: CURSOR_ADAPTER };
