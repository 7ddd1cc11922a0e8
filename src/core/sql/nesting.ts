// Nesting estimate taken before the parser runs (SPEC 5.4.1, bounded work).
//
// libpg-query converts its parse tree to JSON with recursive C code compiled to
// WebAssembly. A deep enough tree (a chain of thousands of `+`, `::` casts or
// nested sub-selects) exhausts the JS engine's native stack inside the module,
// and repeated overflows leave the module unusable. So the analysis estimates
// the tree depth from coarse tokens and refuses to parse above a limit.
//
// The estimate is an over-approximation for the shapes that build depth:
// every token since the last sibling separator at the same bracket level
// counts (a left-associative chain `a + b + c …` is as deep as it is long);
// a bracket or CASE … END adds the depth in front of it; set operations and
// JOINs, which chain across commas, count separately and never reset.
// Commas, AND, OR, WHEN, THEN and ELSE start a new sibling (AND and OR lists
// are flattened by the parser). Measured against the real parser, the tree's
// JSON depth stays below 4 levels per estimate unit; overflow starts around a
// JSON depth of 10,000, so the default limit of 1,000 leaves a wide margin.

import type { CodeToken } from './lexer.ts';

/** Default limit for {@link estimateNesting}; the parser is not called above it. */
export const SQL_MAX_NESTING = 1000;

const RESET_WORDS = new Set(['and', 'or', 'when', 'then', 'else']);
const CHAIN_WORDS = new Set(['union', 'intersect', 'except', 'join']);

interface Level {
  base: number;
  cur: number;
  chains: number;
}

/**
 * Over-estimate of the parse tree depth for `tokens` (from the PostgreSQL
 * reading of the lexer), in estimate units (roughly tree levels). Linear
 * time, iterative; returns early once the estimate passes `stopAbove`.
 * Never throws. SPEC 5.4.1 (bounded work).
 */
export function estimateNesting(tokens: readonly CodeToken[], stopAbove = Infinity): number {
  const stack: Level[] = [];
  let level: Level = { base: 0, cur: 0, chains: 0 };
  let max = 0;
  const open = () => {
    stack.push(level);
    level = { base: level.base + level.cur + 2 * level.chains + 2, cur: 0, chains: 0 };
  };
  const close = () => {
    const prev = stack.pop();
    if (prev) {
      level = prev;
      level.cur += 1;
    }
  };
  for (const tok of tokens) {
    switch (tok.t) {
      case 'open':
        open();
        break;
      case 'close':
        close();
        break;
      case 'comma':
        level.cur = 0;
        break;
      case 'semi':
        stack.length = 0;
        level = { base: 0, cur: 0, chains: 0 };
        break;
      case 'word':
        if (tok.v === 'case') open();
        else if (tok.v === 'end') close();
        else if (RESET_WORDS.has(tok.v)) level.cur = 0;
        else if (CHAIN_WORDS.has(tok.v)) level.chains += 1;
        else level.cur += 1;
        break;
      default:
        level.cur += 1;
    }
    const est = level.base + level.cur + 2 * level.chains;
    if (est > max) {
      max = est;
      if (max > stopAbove) return max;
    }
  }
  return max;
}
