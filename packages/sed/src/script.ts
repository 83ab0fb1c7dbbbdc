import type { CompiledRegex, RegexOptions } from "@husk/pattern";

/** A sed address. */
export type Address =
  | { readonly k: "line"; readonly n: number }
  | { readonly k: "last" }
  | { readonly k: "re"; readonly re: SedRegex }
  | { readonly k: "step"; readonly first: number; readonly step: number }
  /** Second address only: `+N` */
  | { readonly k: "plus"; readonly n: number }
  /** Second address only: `~N` */
  | { readonly k: "mult"; readonly n: number };

/** A regex as written in a script: null `re` is the empty regex (reuse the last one used). */
export interface SedRegex {
  readonly re: CompiledRegex | null;
  /** The pattern as compiled and its options (to recompile it for a buffer of lines). */
  readonly source?: string;
  readonly options?: RegexOptions;
}

/** One piece of an `s` replacement. */
export type ReplPart =
  | { readonly k: "lit"; readonly s: string }
  | { readonly k: "group"; readonly n: number } // 0 is `&`
  | { readonly k: "case"; readonly c: "U" | "L" | "u" | "l" | "E" };

/** The `s` command's data. */
export interface Subst {
  readonly re: SedRegex;
  readonly repl: readonly ReplPart[];
  readonly global: boolean;
  /** Replace starting from the Nth match (1 by default). */
  readonly nth: number;
  readonly print: number;
  readonly wfile: string | null;
}

/** A parsed command. Jumps (`b t T`) and blocks (`{`, `}`) carry resolved indices. */
export interface SedCommand {
  readonly a1: Address | null;
  readonly a2: Address | null;
  readonly negate: boolean;
  readonly name: string;
  /** a/i/c text, label, file name, l/q/Q numeric argument (as text). */
  readonly text: string;
  readonly num: number;
  readonly subst: Subst | null;
  /** y: source and destination characters. */
  readonly ySrc: string;
  readonly yDst: string;
  /** For `{`: index of the matching `}`; for b/t/T: target index (-1: end of script). */
  target: number;
  /** Index in the command list (range state is kept per command). */
  readonly index: number;
}
