/**
 * The playground's suggestion box (issue 25 item 3, SPEC 13): a pasted tool
 * definition, or a whole `tools/list` result, read by the core
 * (readPastedTools) and shown with the class and effects its own definition
 * suggests and the words and schema features that suggested them. Marked as
 * a suggestion everywhere: no record describes such a tool, so a call to it
 * stays R4. Text goes in as text, never as HTML.
 */
import { readPastedTools } from '../../core/suggest/pasted.ts';
import { suggestEffects } from '../../core/suggest/suggest.ts';
import { el } from './dom.ts';

/**
 * An example paste: two tools of the `tools/list` result @testsprite/testsprite-mcp 0.0.45 gave when the catalogue
 * listed it (catalogue/npm/testsprite--testsprite-mcp.json), exactly as listed.
 */
export const DEFINITION_EXAMPLE = JSON.stringify(
  {
    tools: [
      {
        name: 'testsprite_check_account_info',
        description: "Check the current user's TestSprite account information including name, subscription plan, credits, and email address.",
        inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      },
      {
        name: 'testsprite_generate_code_and_execute',
        description:
          "Generate and execute tests. Before calling this tool, ensure the local project is running — preferably in production mode (e.g. `npm run build && npm run start` for Next.js, `npm run build && npm run preview` for Vite). If you started the project with a production build+serve command, set serverMode to 'production' (note: serverMode is also auto-detected from the running process). If running a dev server (e.g. npm run dev), leave serverMode as default — frontend tests will be limited to 15 high-priority tests to prevent dev server overload. If local server is running and test plan is already generated, call this tool directly — DO NOT call testsprite_bootstrap first. AI assistant analyzes the test results and saves a markdown report. This runs against your locally-running server.",
        inputSchema: {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          properties: {
            projectName: { description: 'The name is the name of the root directory of the current project', type: 'string' },
            projectPath: { description: 'Absolute path of current project root', type: 'string' },
            testIds: {
              default: [],
              description: 'The test ids of the test plan, default is empty array, means all test plan will be applied',
              type: 'array',
              items: { type: 'string' },
            },
            additionalInstruction: {
              default: '',
              description: 'Additional instructions for test generation and execution, set to empty string if not specified by the user',
              type: 'string',
            },
            serverMode: {
              description:
                'Whether the local server is running in production or development mode. AI should detect this from how the server was started (build+start = production, dev = development). Defaults to development.',
              default: 'development',
              type: 'string',
              enum: ['production', 'development'],
            },
          },
          required: ['projectName', 'projectPath'],
          additionalProperties: false,
        },
      },
    ],
  },
  null,
  2,
);

/**
 * Read `text` and put what it suggests into `target` (replacing what was there).
 * @returns a one-line status for the page's live region
 */
export function showSuggestions(text: string, target: HTMLElement): string {
  const read = readPastedTools(text);
  if (!read.ok) {
    target.replaceChildren(el('p', { class: 'pg-note', 'data-kind': 'error' }, `Could not read a tool definition: ${read.error}.`));
    return `Could not read a tool definition: ${read.error}.`;
  }
  const items = read.tools.map((tool) => {
    const suggestion = suggestEffects(tool);
    return el(
      'li',
      { class: 'pg-suggestion', 'data-suggested-class': suggestion.class },
      el('p', {}, el('code', { class: 'font-semibold' }, tool.name), ` suggests ${suggestion.class} (${suggestion.confidence} confidence)`),
      suggestion.effects.length === 0
        ? el('p', { class: 'text-sm muted' }, 'Nothing in its name, description or schema points to an effect, so the suggestion is the highest class.')
        : el(
            'ul',
            { class: 'pg-roles' },
            ...suggestion.effects.map((entry) =>
              el('li', { 'data-effect': entry.effect }, el('code', {}, entry.effect), ` (${entry.confidence}): ${entry.because.join('; ')}`),
            ),
          ),
    );
  });
  const count = read.tools.length;
  target.replaceChildren(
    el(
      'p',
      { class: 'pg-note', 'data-kind': 'warning' },
      `Read ${read.shape}: ${count} ${count === 1 ? 'tool' : 'tools'}. These are suggestions from each tool's own definition, not classes: no record describes these tools, so a call to any of them is R4 for the hook, scan and lookup until someone reads the source.`,
    ),
    el('ol', { class: 'pg-steps mt-2', 'aria-label': 'Suggestions' }, ...items),
  );
  return `Suggestions for ${count} ${count === 1 ? 'tool' : 'tools'}; each call stays R4.`;
}
