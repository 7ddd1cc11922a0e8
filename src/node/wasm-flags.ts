/**
 * V8 options for compiling the SQL parser's WebAssembly (libpg-query,
 * 1.7 MB) in a process that parses one statement, the hook's (issue 14):
 * `--liftoff-only` compiles with V8's baseline compiler alone instead of
 * also recompiling hot functions with TurboFan on background threads, and
 * `--wasm-lazy-validation` validates each function when it is first
 * compiled rather than the whole module up front (a function that fails
 * validation then throws when called, and the parser's caller fails
 * closed). They change how the code is compiled, not what it computes.
 * Measured in bench/hook.ts and in the commit that added this file.
 * The compiled module itself cannot be kept on disk on Node 20:
 * `v8.serialize` of a `WebAssembly.Module` writes only its 2-byte header
 * and `v8.deserialize` refuses that ("Unable to deserialize cloned data",
 * Node 20.20.2), and V8's `CompiledWasmModule::Serialize` is not exposed;
 * so each SQL call compiles it, as cheaply as these options allow.
 * Set only when a call needs the parser, so other calls neither load
 * `node:v8` nor lose their code cache (`code-cache.ts`: a process whose
 * flags changed writes none). Node-only.
 */
import { noteFlagsChanged } from './code-cache-notes.ts';

let set = false;

/**
 * Set the options, once per process, before the parser is loaded. `node:v8`
 * is imported here, not at the top, so that loading this module costs a
 * call without SQL rules nothing (about 1 ms, bench/hook.ts).
 * @returns once the options are set; never rejects
 */
export async function compileWasmForOneCall(): Promise<void> {
  if (set) return;
  set = true;
  try {
    const { default: v8 } = await import('node:v8');
    noteFlagsChanged();
    v8.setFlagsFromString('--liftoff-only');
    v8.setFlagsFromString('--wasm-lazy-validation');
  } catch {
    // Only speed depends on it.
  }
}
