/**
 * The ONE option parser of @husk/coreutils: GNU getopt_long behaviour (short clusters `-nr`,
 * attached or separate arguments `-n5` / `-n 5`, long options with `=` or a separate argument,
 * unique-prefix abbreviations, permutation of operands and options, `--` ending options, `-`
 * as an operand) and GNU's exact error messages.
 */

/** One option a command accepts. */
export interface OptionSpec {
  /** Key under which the option is reported. */
  readonly key: string;
  /** Short letter(s), e.g. "n" (several letters are aliases). */
  readonly short?: string;
  /** Long name(s) without dashes; several may alias the same key. */
  readonly long?: string | readonly string[];
  /** "none" (a flag), "required" or "optional" (long form `--x=v` only, GNU's `::`). */
  readonly arg?: "none" | "required" | "optional";
}

/** One option occurrence, in command-line order. */
export interface ParsedOption {
  readonly key: string;
  /** The argument (undefined for flags and absent optional arguments). */
  readonly value: string | undefined;
  /** How it was spelled (`-n`, `--lines`), for messages. */
  readonly spelled: string;
}

/** The result of `parseOptions`. */
export interface ParsedArgs {
  /** Options in command-line order (repeatable options appear repeatedly). */
  readonly list: readonly ParsedOption[];
  /** Operands in order. */
  readonly operands: string[];
  /** True when the option `key` appeared. */
  has(key: string): boolean;
  /** The last value given for `key`. */
  get(key: string): string | undefined;
  /** Every value given for `key`, in order. */
  all(key: string): string[];
}

/** A usage problem found while parsing: the message (without the tool name) and nothing else. */
export class OptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OptionError";
  }
}

/** Parsing behaviour switches. */
export interface ParseSettings {
  /** Stop at the first operand (POSIX/`+` getopt mode; env, xargs, timeout, nice). Default false. */
  readonly stopAtOperand?: boolean;
  /** Treat `-5` style arguments as operands rather than options (expr-like tools). */
  readonly negativeNumbersAreOperands?: boolean;
}

/** Compiled lookup tables for a spec list (build once per command module). */
export class OptionTable {
  readonly #short = new Map<string, OptionSpec>();
  readonly #long = new Map<string, OptionSpec>();
  constructor(readonly specs: readonly OptionSpec[]) {
    for (const s of specs) {
      for (const c of s.short ?? "") this.#short.set(c, s);
      const longs = typeof s.long === "string" ? [s.long] : (s.long ?? []);
      for (const l of longs) this.#long.set(l, s);
    }
  }
  short(c: string): OptionSpec | undefined {
    return this.#short.get(c);
  }
  /** Exact match, else a unique prefix; throws OptionError when ambiguous or unknown. */
  long(name: string, spelled: string): { spec: OptionSpec; name: string } {
    const exact = this.#long.get(name);
    if (exact) return { spec: exact, name };
    const hits: string[] = [];
    const keys = new Set<string>();
    for (const [l, s] of this.#long) {
      if (l.startsWith(name)) {
        hits.push(l);
        keys.add(s.key);
      }
    }
    if (hits.length === 0 || name === "") throw new OptionError(`unrecognized option '${spelled}'`);
    if (keys.size > 1) {
      throw new OptionError(`option '${spelled}' is ambiguous; possibilities:${hits.map((h) => ` '--${h}'`).join("")}`);
    }
    return { spec: this.#long.get(hits[0] as string) as OptionSpec, name: hits[0] as string };
  }
}

/** Parses `args` against `table`. Throws `OptionError` with GNU's wording on bad usage. */
export function parseOptions(args: readonly string[], table: OptionTable, settings: ParseSettings = {}): ParsedArgs {
  const list: ParsedOption[] = [];
  const operands: string[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i] as string;
    if (a === "--") {
      i++;
      break;
    }
    if (a.length < 2 || a[0] !== "-" || (settings.negativeNumbersAreOperands && /^-\d/.test(a))) {
      if (settings.stopAtOperand) break;
      operands.push(a);
      continue;
    }
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
      const { spec, name: full } = table.long(name, eq < 0 ? a : a.slice(0, eq));
      const arg = spec.arg ?? "none";
      if (eq >= 0) {
        if (arg === "none") throw new OptionError(`option '--${full}' doesn't allow an argument`);
        list.push({ key: spec.key, value: a.slice(eq + 1), spelled: `--${full}` });
      } else if (arg === "required") {
        if (i + 1 >= args.length) throw new OptionError(`option '--${full}' requires an argument`);
        list.push({ key: spec.key, value: args[++i], spelled: `--${full}` });
      } else list.push({ key: spec.key, value: undefined, spelled: `--${full}` });
      continue;
    }
    for (let j = 1; j < a.length; j++) {
      const c = a[j] as string;
      const spec = table.short(c);
      if (!spec) throw new OptionError(`invalid option -- '${c}'`);
      if ((spec.arg ?? "none") === "none") {
        list.push({ key: spec.key, value: undefined, spelled: `-${c}` });
        continue;
      }
      if (j + 1 < a.length) list.push({ key: spec.key, value: a.slice(j + 1), spelled: `-${c}` });
      else if (spec.arg === "optional") list.push({ key: spec.key, value: undefined, spelled: `-${c}` });
      else if (i + 1 < args.length) list.push({ key: spec.key, value: args[++i], spelled: `-${c}` });
      else throw new OptionError(`option requires an argument -- '${c}'`);
      break;
    }
  }
  for (; i < args.length; i++) operands.push(args[i] as string);
  return {
    list,
    operands,
    has: (key) => list.some((o) => o.key === key),
    get: (key) => {
      for (let k = list.length - 1; k >= 0; k--) if ((list[k] as ParsedOption).key === key) return (list[k] as ParsedOption).value;
      return undefined;
    },
    all: (key) => list.filter((o) => o.key === key).map((o) => o.value ?? ""),
  };
}
