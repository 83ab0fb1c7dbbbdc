/**
 * Script lines with a parse cache: bash reads and runs a script one complete command line at a
 * time, and the same texts come back again and again (a tool layer running the same script in
 * fresh shells, `eval` and traps in loops). A script whose parse did not depend on aliases
 * or on extglob is remembered by its text; running it again replays the parsed lines instead of parsing.
 */
import { ParseError, Parser } from "@husk/syntax";
import type { ParseWarning, Statement } from "@husk/syntax";

/** One line of a script: its statements, or the error that line gave. */
type Line = readonly Statement[] | ParseError;

interface Entry {
  readonly lines: readonly Line[];
  /** The parse warnings of each line (sparse: most lines have none), replayed on a cache hit. */
  readonly warnings: readonly (readonly ParseWarning[] | undefined)[];
  readonly maxDepth: number;
  readonly maxBytes: number;
}

/** Scripts longer than this are not cached (their parse time is amortized by their run). */
const MAX_ENTRY_CHARS = 64 * 1024;
/** Bound of the cache, in source characters (entries are evicted oldest first). */
const MAX_TOTAL_CHARS = 2 * 1024 * 1024;
const cache = new Map<string, Entry>();
let totalChars = 0;

function remember(source: string, entry: Entry): void {
  const old = cache.get(source);
  if (old !== undefined) {
    cache.delete(source);
    totalChars -= source.length;
  }
  while (totalChars + source.length > MAX_TOTAL_CHARS && cache.size > 0) {
    const oldest = cache.keys().next().value as string;
    cache.delete(oldest);
    totalChars -= oldest.length;
  }
  cache.set(source, entry);
  totalChars += source.length;
}

/** What `ScriptLines` needs of the shell. */
export interface ScriptLinesOptions {
  readonly maxDepth: number;
  readonly maxBytes: number;
  /** True while alias expansion can change parsing (aliases defined and `expand_aliases` on). */
  aliasesActive(): boolean;
  /** The alias for a command word, when one applies. */
  alias(name: string): string | undefined;
  /** Whether extglob is on now (bash parses `@( )` in command words only then). */
  extglob(): boolean;
  /**
   * Called with each parse warning (bash's here-document warnings) as the line that has it
   * is parsed, or served from the cache, before that line's statements are returned.
   */
  warn?(w: ParseWarning): void;
}

/**
 * The lines of one script, in order. `next()` behaves as `Parser.next()` of @husk/syntax (the
 * statements of the next complete command line, `undefined` at the end, a ParseError for a bad
 * line after which the following line comes next), served from the cache when it can be.
 */
export class ScriptLines {
  #cached: Entry | undefined;
  #parser: Parser | undefined;
  /** The lines parsed so far, while the parse can still be cached. */
  #recording: Line[] | undefined;
  /** The warnings of the lines recorded so far, by line index. */
  #recWarnings: (readonly ParseWarning[] | undefined)[] = [];
  /** True while the live parser re-reads lines already served (their warnings were reported). */
  #replaying = false;
  #i = 0;

  constructor(
    readonly source: string,
    readonly options: ScriptLinesOptions,
  ) {
    const e = source.length <= MAX_ENTRY_CHARS ? cache.get(source) : undefined;
    if (e !== undefined && e.maxDepth === options.maxDepth && e.maxBytes === options.maxBytes) this.#cached = e;
    else if (source.length <= MAX_ENTRY_CHARS) this.#recording = [];
  }

  /** The next line's statements; `undefined` at the end. Throws ParseError for a bad line. */
  next(): Statement[] | undefined {
    const cached = this.#cached;
    if (cached !== undefined) {
      if (!this.options.aliasesActive()) {
        const ws = cached.warnings[this.#i];
        if (ws !== undefined && this.options.warn !== undefined) for (const w of ws) this.options.warn(w);
        if (this.#i >= cached.lines.length) {
          this.#i++;
          return undefined;
        }
        const l = cached.lines[this.#i++]!;
        if (l instanceof ParseError) throw l;
        return l as Statement[];
      }
      // Aliases now apply: parse the rest for real, after the lines already served.
      this.#cached = undefined;
      this.#parser = this.#live();
      this.#replaying = true;
      try {
        for (let k = 0; k < this.#i; k++) {
          try {
            if (this.#parser.next() === undefined) break;
          } catch (e) {
            if (!(e instanceof ParseError)) throw e;
          }
        }
      } finally {
        this.#replaying = false;
      }
    }
    const parser = (this.#parser ??= this.#live());
    const rec = this.#recording;
    let stmts: Statement[] | undefined;
    this.#i++;
    try {
      stmts = parser.next();
    } catch (e) {
      if (rec !== undefined && e instanceof ParseError) rec.push(e);
      throw e;
    }
    if (rec !== undefined) {
      if (stmts === undefined) {
        remember(this.source, { lines: rec, warnings: this.#recWarnings, maxDepth: this.options.maxDepth, maxBytes: this.options.maxBytes });
        this.#recording = undefined;
      } else rec.push(stmts);
    }
    return stmts;
  }

  /** A warning of the live parser: reported now, and kept with the line being recorded. */
  #warn(w: ParseWarning): void {
    if (this.#replaying) return;
    if (this.#recording !== undefined) {
      const i = this.#recording.length;
      const ws = this.#recWarnings[i];
      if (ws === undefined) this.#recWarnings[i] = [w];
      else (ws as ParseWarning[]).push(w);
    }
    this.options.warn?.(w);
  }

  #live(): Parser {
    const o = this.options;
    return new Parser(this.source, {
      extglob: () => {
        // a line with an extglob-like group parses by shell state: never cache it
        this.#recording = undefined;
        return o.extglob();
      },
      aliases: (n) => {
        if (!o.aliasesActive()) return undefined;
        const a = o.alias(n);
        // a parse that used an alias depends on shell state: never cache it
        if (a !== undefined) this.#recording = undefined;
        return a;
      },
      maxDepth: o.maxDepth,
      maxBytes: o.maxBytes,
      onWarning: (w) => this.#warn(w),
    });
  }
}
