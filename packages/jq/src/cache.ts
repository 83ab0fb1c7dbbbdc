/**
 * A small LRU cache of compiled programs for the `jq` command: a shell loop that runs
 * `jq -r .total` on every iteration parses and compiles the filter once, not per iteration.
 */
import type { CompiledJq, CompileOptions } from "./api.js";
import { compileJq } from "./api.js";
import type { Val } from "./value.js";

/** How many programs the cache keeps (least recently used first out). */
export const FILTER_CACHE_SIZE = 64;
/** Programs longer than this are compiled every time (a cache entry never pins a huge text). */
const MAX_CACHED_TEXT = 64 * 1024;

const cache = new Map<string, CompiledJq>();

/**
 * `compileJq(text, options)`, reusing an earlier compilation of the same text with the same
 * variable names and parse depth. Only names are part of the key: variable values are given to
 * `run` and are never baked into the compiled program. Compile errors are not cached (they are
 * thrown again on each call).
 */
export function compileCached(text: string, options: CompileOptions): CompiledJq {
  if (text.length > MAX_CACHED_TEXT) return compileJq(text, options);
  const vars = options.vars;
  const key = `${options.maxParseDepth ?? ""}\0${vars === undefined || vars.length === 0 ? "" : JSON.stringify(vars)}\0${text}`;
  const hit = cache.get(key);
  if (hit !== undefined) {
    // Re-insert: a Map iterates in insertion order, so the first key is the least recently used.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const prog = compileJq(text, options);
  if (cache.size >= FILTER_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, prog);
  return prog;
}

/** Number of cached programs (for tests). */
export function filterCacheSize(): number {
  return cache.size;
}

/** Texts shorter than this are parsed every time (the cache is for documents, not `echo '{}'`). */
const MIN_CACHED_DOC = 64 * 1024;

/** The last document parsed, with its text and parse depth: see `cachedDoc`. */
interface Doc {
  readonly text: string;
  readonly maxDepth: number;
  readonly value: Val;
}

/**
 * Per execution (the key is the run's limits meter, one per script execution), weakly held:
 * the entry lives until the next full garbage collection, so a script that runs several jq
 * programs over one file back to back parses it once, no document is pinned, and no execution
 * ever sees what another one parsed (nor, by its timing, whether another one parsed it).
 */
const lastDoc = new WeakMap<object, WeakRef<Doc>>();

/**
 * The value of `text` when it is the one JSON text of the document parsed last (same content,
 * same depth limit), else undefined. jq values are never mutated in place (updates copy), so
 * runs can share one parsed document.
 */
export function cachedDoc(scope: object, text: string, maxDepth: number): Val | undefined {
  const d = lastDoc.get(scope)?.deref();
  if (d === undefined || d.maxDepth !== maxDepth || d.text.length !== text.length || d.text !== text) return undefined;
  return d.value;
}

/** Remembers `value` as the one JSON text of `text` in `scope` (documents of at least 64 KiB only). */
export function rememberDoc(scope: object, text: string, maxDepth: number, value: Val): void {
  if (text.length >= MIN_CACHED_DOC) lastDoc.set(scope, new WeakRef({ text, maxDepth, value }));
}
