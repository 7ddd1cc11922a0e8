/**
 * MCP clients, browser-safe (SPEC 6, 8.5): reading client configuration
 * text, identifying the record each server entry runs, server mapping
 * files, and Claude Code's tool names, hook payloads and hook settings.
 * Reading the files themselves is Node-only and lives in `src/node/clients/`.
 */
export { CLIENTS } from './types.ts';
export type { ClientKind, ConfigEntry, ParsedConfig } from './types.ts';
export { ConfigError, detectClient } from './parse.ts';
export { parseConfigText } from './parse-text.ts';
export type { ParseConfigOptions } from './parse.ts';
export { parseServerMappings } from './mappings.ts';
export type { MappedServer } from './mappings.ts';
export { buildIdentityIndex, identifyConfig, identifyEntry, withMappings } from './identify/index.ts';
export type { IdentifiedServer, Identification, IdentityIndex } from './identify/index.ts';
export { MAX_PASTED_LENGTH, parsePastedCall } from './pasted-call.ts';
export type { PastedCall, PastedCallResult } from './pasted-call.ts';
export { parseClaudeToolName } from './claude-code-names.ts';
export type { QualifiedToolName } from './claude-code-names.ts';
