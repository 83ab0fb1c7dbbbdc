/**
 * Helpers shared by the builtin modules: defining a builtin, bash-style error output and
 * status, and reading option flags the way bash's builtins do (`-abc`, `--` ends options).
 */
import type { Builtin, BuiltinContext } from "../simple.js";

/** Defines a builtin registered in the command table. */
export function builtin(name: string, summary: string, run: (ctx: BuiltinContext) => number | Promise<number>, special = false): Builtin {
  return { name, summary, builtin: true, special, fileAccess: "none", run };
}

/** Writes `bash: line N: NAME: msg` and returns `status`. */
export function berr(ctx: BuiltinContext, msg: string, status = 1): number {
  ctx.interp.error(`${ctx.name}: ${msg}`);
  return status;
}

/**
 * Result of option parsing: the flags seen (with `+` flags separately) and the operands. The
 * sets and the map are read-only to callers (without options they are shared empty ones).
 */
export interface ParsedOpts {
  readonly on: ReadonlySet<string>;
  readonly off: ReadonlySet<string>;
  readonly values: ReadonlyMap<string, string>;
  readonly rest: string[];
  readonly bad?: string;
}

/**
 * Parses bash builtin options. `flags` are letters without a value, `withValue` letters that
 * take one (`-p PROMPT` or `-pPROMPT`). `plus` allows `+x` forms. Stops at `--` or the first
 * operand.
 */
export function parseOpts(args: readonly string[], flags: string, withValue = "", plus = false): ParsedOpts {
  const a0 = args[0];
  // no option at all (`local x=1`): nothing to collect
  if (a0 === undefined || (a0[0] !== "-" && a0[0] !== "+")) return { on: NO_FLAGS, off: NO_FLAGS, values: NO_VALUES, rest: args.slice() };
  const on = new Set<string>();
  const off = new Set<string>();
  const values = new Map<string, string>();
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      i++;
      break;
    }
    const sign = a[0];
    if ((sign !== "-" && !(plus && sign === "+")) || a.length < 2) break;
    for (let j = 1; j < a.length; j++) {
      const c = a[j]!;
      if (withValue.includes(c)) {
        let v = a.slice(j + 1);
        if (v === "") {
          if (i + 1 >= args.length) return { on, off, values, rest: [], bad: `${c}:` };
          v = args[++i]!;
        }
        values.set(c, v);
        (sign === "+" ? off : on).add(c);
        break;
      }
      if (!flags.includes(c)) return { on, off, values, rest: args.slice(i + 1), bad: c };
      (sign === "+" ? off : on).add(c);
    }
  }
  return { on, off, values, rest: args.slice(i) };
}

const NO_FLAGS: ReadonlySet<string> = new Set();
const NO_VALUES: ReadonlyMap<string, string> = new Map();

/** Writes the usage error of an invalid option and returns 2. */
export function badOption(ctx: BuiltinContext, bad: string, usage: string): number {
  if (bad.endsWith(":")) ctx.interp.error(`${ctx.name}: -${bad[0]}: option requires an argument`);
  else ctx.interp.error(`${ctx.name}: -${bad}: invalid option`);
  ctx.stderr.write(`${ctx.name}: usage: ${usage}\n`);
  return 2;
}
