import { isOnigWordChar, isWordChar } from "./charset.js";

/** How a search treats its input (shared by both engines). */
export interface SearchContext {
  readonly input: string;
  /** Position 0 is not a line start for `^` (the caller passed a tail of a line). */
  readonly notBol: boolean;
}

/** Evaluates the assertion `kind` (an `ASSERT_CODES` value) at `pos`. */
export function assertAt(kind: number, multiline: boolean, ctx: SearchContext, pos: number): boolean {
  const s = ctx.input;
  switch (kind) {
    case 0: // bol
      if (pos === 0) return !ctx.notBol;
      return multiline && s.charCodeAt(pos - 1) === 10;
    case 1: // eol
      return pos === s.length || (multiline && s.charCodeAt(pos) === 10);
    case 2: // bos
      return pos === 0 && !ctx.notBol;
    case 3: // eos
      return pos === s.length;
    case 4: // eosnl
      return pos === s.length || (pos === s.length - 1 && s.charCodeAt(pos) === 10);
    case 11: // uwordb
    case 12: {
      const before = pos > 0 && isOnigWordChar(s.charCodeAt(pos - 1));
      const after = pos < s.length && isOnigWordChar(s.charCodeAt(pos));
      return (before !== after) === (kind === 11);
    }
    default: {
      const before = pos > 0 && isWordChar(s.charCodeAt(pos - 1));
      const after = pos < s.length && isWordChar(s.charCodeAt(pos));
      switch (kind) {
        case 5:
          return before !== after;
        case 6:
          return before === after;
        case 7:
          return !before && after;
        case 8:
          return before && !after;
        case 9:
          return !before;
        default:
          return !after;
      }
    }
  }
}

/** Thrown-budget bookkeeping: how many steps between deadline checks. */
export const CHECK_EVERY = 1 << 14;
