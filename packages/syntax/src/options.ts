/** Options of the parser. */
export interface ParseOptions {
  /** Recognize `?( ) *( ) +( ) @( ) !( )` in words (bash's `shopt -s extglob`). Default true. */
  readonly extglob?: boolean;
  /**
   * Alias lookup for words in command position (the interpreter passes its alias table when
   * `expand_aliases` is on). Returns the replacement text or undefined.
   */
  readonly aliases?: (name: string) => string | undefined;
  /** Maximum nesting depth of constructs (default 1000). */
  readonly maxDepth?: number;
  /** Maximum source length in UTF-16 units (default 10 MiB). */
  readonly maxBytes?: number;
}

/** ParseOptions with defaults applied (internal). */
export interface ResolvedOptions {
  readonly extglob: boolean;
  readonly aliases: ((name: string) => string | undefined) | undefined;
  readonly maxDepth: number;
  readonly maxBytes: number;
}

/** Applies the defaults of ParseOptions. */
export function resolveOptions(o: ParseOptions | undefined): ResolvedOptions {
  return {
    extglob: o?.extglob ?? true,
    aliases: o?.aliases,
    maxDepth: o?.maxDepth ?? 1000,
    maxBytes: o?.maxBytes ?? 10 * 1024 * 1024,
  };
}
