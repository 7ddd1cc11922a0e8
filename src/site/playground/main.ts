/**
 * The playground page's script: wires the views (picker, paste box,
 * arguments editor, session, result) to one state, keeps that state in the
 * address, loads the registry data from the site's own files and asks the
 * engine for a classification after every change.
 *
 * The engine is also reachable as `window.rclassPlayground`, so the
 * end-to-end tests can run the conformance vectors through this very bundle
 * (and a curious reader can try it from the console).
 */
import type { RegistryDocument, ServerRecord } from '../../core/index.ts';
import { href } from '../lib/urls.ts';
import { argsEditor, parseArgs } from './args-editor.ts';
import { byId, el } from './dom.ts';
import { PlaygroundEngine, type Evaluation, type Scenario } from './engine.ts';
import { PASTE_EXAMPLES } from './examples.ts';
import { readPasted } from './paste.ts';
import { picker } from './picker.ts';
import { showMessage, showResult, type ResultTargets } from './result-view.ts';
import { sessionView } from './session-view.ts';
import { formatJson, stateFromQuery, stateToQuery, type PlaygroundState } from './state.ts';

/** What the page exposes on `window.rclassPlayground`. */
interface PlaygroundApi {
  /** The engine class, to classify against other records (the conformance vectors). */
  Engine: typeof PlaygroundEngine;
  /** Resolves with the engine over the site's registry once it has loaded. */
  ready: Promise<PlaygroundEngine>;
  /** Classify a scenario against the site's registry. */
  evaluate(scenario: Scenario): Promise<Evaluation>;
  /** Build an engine over inline records and classify a scenario with it. */
  evaluateWith(records: readonly ServerRecord[], scenario: Scenario): Promise<Evaluation>;
}

declare global {
  interface Window {
    rclassPlayground?: PlaygroundApi;
  }
}

/** The mark set when the first classification is on screen (milliseconds since navigation start). */
const FIRST_RESULT_MARK = 'playground:first-classification';
/** The mark set when the registry data has been read and indexed. */
const REGISTRY_MARK = 'playground:registry-ready';

performance.mark('playground:script-start');

const state: PlaygroundState = stateFromQuery(location.search);
const results: ResultTargets = { panel: byId('pg-result'), summary: byId('pg-summary') };
let engine: PlaygroundEngine | undefined;
let run = 0;
let firstShown = false;
let timer: ReturnType<typeof setTimeout> | undefined;

const pick = picker(
  byId<HTMLInputElement>('pg-server'),
  byId<HTMLUListElement>('pg-server-list'),
  byId<HTMLInputElement>('pg-tool'),
  byId<HTMLUListElement>('pg-tool-list'),
  {
    change(server, tool) {
      state.server = server;
      state.tool = tool;
      update(true);
    },
  },
);

const editor = argsEditor(byId<HTMLTextAreaElement>('pg-args'), byId('pg-args-message'), byId('pg-hints'), byId<HTMLButtonElement>('pg-format'), {
  change(text, immediate) {
    state.args = text;
    update(immediate);
  },
});

const session = sessionView(
  {
    list: byId<HTMLOListElement>('pg-steps'),
    status: byId('pg-session-status'),
    allow: byId<HTMLInputElement>('pg-allow'),
    add: byId<HTMLButtonElement>('pg-add'),
    clear: byId<HTMLButtonElement>('pg-clear'),
  },
  {
    add() {
      const parsed = parseArgs(state.args);
      if (!parsed.ok || state.server === '' || state.tool === '') return;
      state.steps = [...state.steps, { server: state.server, tool: state.tool, arguments: parsed.value }];
      update(true);
    },
    remove(index) {
      state.steps = state.steps.filter((_, i) => i !== index);
      update(true);
    },
    clear() {
      state.steps = [];
      update(true);
    },
    allow(hosts) {
      state.allow = hosts;
      update(true);
    },
  },
);

/** Put a whole state into every field (an example, the address, a pasted call). */
function apply(next: PlaygroundState): void {
  Object.assign(state, next);
  pick.set(state.server, state.tool);
  editor.set(state.args);
  session.setAllow(state.allow);
  update(true);
}

/** Record a change: classify (and write the address) now, or after a short pause in typing. */
function update(immediate: boolean): void {
  const parsed = parseArgs(state.args);
  session.setCanAdd(parsed.ok && state.server !== '' && state.tool !== '');
  editor.showTool(engine?.tool(state.server, state.tool), engine !== undefined);
  clearTimeout(timer);
  if (immediate) void classify();
  else timer = setTimeout(() => void classify(), 250);
}

async function classify(): Promise<void> {
  const mine = ++run;
  // Written here, after the typing pause, so fast typing does not flood the history API.
  history.replaceState(history.state, '', `?${stateToQuery(state)}`);
  if (engine === undefined) {
    session.render(state.steps, undefined, undefined);
    return;
  }
  const parsed = parseArgs(state.args);
  if (state.server === '' || state.tool === '') {
    session.render(state.steps, undefined, undefined);
    showMessage(results, [state.server === '' ? 'Choose a server and a tool, or paste a call.' : `Choose a tool of ${state.server}.`], true);
    return;
  }
  if (!parsed.ok) {
    session.render(state.steps, undefined, undefined);
    showMessage(
      results,
      [
        'The arguments are not valid JSON, so there is no call to classify yet. An enforcement point given input it cannot parse answers R4 Irreversible with source error (SPEC 4.4). Fix the JSON to see the class.',
      ],
      // Not read out: while someone types, most moments are invalid JSON. The
      // field itself is marked invalid and described by the error message.
      false,
      'error',
    );
    return;
  }
  const scenario: Scenario = {
    call: { server: state.server, tool: state.tool, arguments: parsed.value },
    session: { steps: state.steps, egressAllow: state.allow },
  };
  if (engine.needsSqlParser([...state.steps, scenario.call])) {
    showMessage(results, ['Loading the SQL parser (PostgreSQL’s own, compiled to WebAssembly; once per visit)…'], false, 'loading');
  }
  const evaluation = await engine.evaluate(scenario);
  if (mine !== run) return;
  showResult(results, evaluation, {
    tool: engine.tool(state.server, state.tool),
    priorCalls: state.steps.length,
    serverTools: engine.registry.server(state.server)?.tools.size,
  });
  session.render(state.steps, evaluation.steps, evaluation.sessionClass);
  if (!firstShown) {
    firstShown = true;
    performance.mark(FIRST_RESULT_MARK);
    document.body.dataset.firstClassificationMs = String(Math.round(performance.now()));
  }
  document.body.dataset.classified = String(run);
}

/** The site's registry data, slimmed for the playground (pages/playground/registry.json.ts). */
async function loadEngine(): Promise<PlaygroundEngine> {
  // The page preloads this address (same mode and credentials), so the
  // download has usually started before this script runs.
  const response = await fetch(href('playground/registry.json'), { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`registry data: HTTP ${response.status}`);
  const loaded = PlaygroundEngine.fromDocument((await response.json()) as RegistryDocument);
  performance.mark(REGISTRY_MARK);
  return loaded;
}

// Examples: plain links that also work in a new tab; a click applies them in place.
for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-example]')) {
  link.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    history.pushState(null, '', link.search);
    apply(stateFromQuery(link.search));
    byId('result-h').scrollIntoView({ block: 'nearest' });
  });
}
window.addEventListener('popstate', () => apply(stateFromQuery(location.search)));

// The paste box.
const pasteBox = byId<HTMLTextAreaElement>('pg-paste');
const pasteMessage = byId('pg-paste-message');
const readPaste = (): void => {
  if (engine === undefined) {
    pasteMessage.textContent = 'The registry is still loading; try again in a moment.';
    return;
  }
  const outcome = readPasted(pasteBox.value, engine.registry, state.server);
  pasteMessage.textContent = outcome.message;
  pasteMessage.dataset.kind = outcome.ok ? 'ok' : 'error';
  if (outcome.ok) {
    apply({ ...state, server: outcome.call.server, tool: outcome.call.tool, args: formatJson(JSON.stringify(outcome.call.arguments ?? {})) });
  }
};
byId('pg-paste-read').addEventListener('click', readPaste);
pasteBox.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    readPaste();
  }
});
byId('pg-paste-hook').addEventListener('click', () => {
  pasteBox.value = PASTE_EXAMPLES.hook;
  readPaste();
});
byId('pg-paste-mcp').addEventListener('click', () => {
  pasteBox.value = PASTE_EXAMPLES.toolsCall;
  readPaste();
});

// The suggestion box: a pasted tool definition or tools/list result, never a class (SPEC 13). The suggester and its
// word lists load only when the box is used, so the page's up-front script does not carry them.
const defineBox = byId<HTMLTextAreaElement>('pg-define');
const defineStatus = byId('pg-define-status');
const readDefinition = async (example: boolean): Promise<void> => {
  try {
    const view = await import('./suggest-view.ts');
    if (example) defineBox.value = view.DEFINITION_EXAMPLE;
    defineStatus.textContent = view.showSuggestions(defineBox.value, byId('pg-define-result'));
  } catch {
    defineStatus.textContent = 'The suggester could not be loaded; reload the page and try again.';
  }
};
byId('pg-define-read').addEventListener('click', () => void readDefinition(false));
defineBox.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    void readDefinition(false);
  }
});
byId('pg-define-example').addEventListener('click', () => void readDefinition(true));

// Copy the address, which holds the whole state.
const copyStatus = byId('pg-copy-status');
byId('pg-copy').addEventListener('click', async () => {
  try {
    await navigator.clipboard.writeText(location.href);
    copyStatus.textContent = 'Link copied: it opens this call, its session and its allowlist.';
  } catch {
    copyStatus.textContent = 'Copying was refused; the address in the address bar is the link to this classification.';
  }
});

// When the address names a call, the small list of tools whose rules need
// the SQL parser (playground/sql-tools.json, from the same registry) says
// whether to load the parser alongside the registry data instead of after
// it. Without the list the parser still loads when a call needs it.
const named = [...state.steps, state].filter((call) => call.server !== '' && call.tool !== '');
const sqlToolsUrl = byId('pg-app').dataset.sqlTools;
if (named.length > 0 && sqlToolsUrl !== undefined) {
  fetch(sqlToolsUrl)
    .then((response) => (response.ok ? (response.json() as Promise<string[]>) : []))
    .then((list) => {
      const sqlTools = new Set(list);
      if (named.some((call) => sqlTools.has(`${call.server} ${call.tool}`))) PlaygroundEngine.preloadSqlParser();
    })
    .catch((error: unknown) => console.warn('playground: the list of SQL tools did not load; the parser loads when a call needs it', error));
}

const ready = loadEngine();
window.rclassPlayground = {
  Engine: PlaygroundEngine,
  ready,
  evaluate: async (scenario) => (await ready).evaluate(scenario),
  evaluateWith: (records, scenario) => PlaygroundEngine.fromRecords(records).evaluate(scenario),
};

apply(state);
ready.then(
  (loaded) => {
    engine = loaded;
    pick.setRegistry(loaded.registry);
    update(true);
  },
  (error: unknown) => {
    console.error(error);
    showMessage(
      results,
      [
        'The registry data could not be loaded, so nothing can be classified. Reload the page to try again, or look the tool up among the ',
        el('a', { href: href('servers/') }, 'servers'),
        '.',
      ],
      true,
      'error',
    );
  },
);
