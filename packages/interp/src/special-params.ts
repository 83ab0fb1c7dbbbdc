/**
 * Special parameters computed when read: `$RANDOM`, `$SECONDS`, `$LINENO` and the other dynamic
 * variables, and `$-`.
 */
import { ArithError } from "./arith.js";
import { commandString } from "./funcprint.js";
import type { Interp } from "./interp.js";

/**
 * The dynamic variables, computed on read, with the attribute letters `declare -p` shows for
 * them. A stored variable of the same name (a `local RANDOM`) hides one; `unset` ends it.
 */
export const DYNAMIC_VARS: ReadonlyMap<string, string> = new Map([
  ["RANDOM", "i"],
  ["SRANDOM", "i"],
  ["LINENO", "-"],
  ["SECONDS", "i"],
  ["EPOCHSECONDS", "-"],
  ["EPOCHREALTIME", "-"],
  ["BASHPID", "i"],
  ["BASH_SUBSHELL", "-"],
]);

/** Whether `name` reads as a dynamic variable now (not unset, not hidden by a stored variable). */
export function isDynamicVar(ip: Interp, name: string): boolean {
  return DYNAMIC_VARS.has(name) && !ip.st.dynamicOff.has(name) && ip.st.vars.lookup(name) === undefined;
}

/**
 * An assignment to a dynamic variable that bash takes over (`assign_random`, `assign_seconds`,
 * the null assignments): `RANDOM=N` seeds the generator, `SECONDS=N` restarts the count at N,
 * and the clock and process variables ignore it. Returns false for the names whose assignment
 * stores a value as usual (`BASH_SUBSHELL=7` reads 7 after, as in bash) and for an unset one.
 */
export function assignDynamic(ip: Interp, name: string, value: string): boolean {
  if (!DYNAMIC_VARS.has(name) || name === "BASH_SUBSHELL" || ip.st.dynamicOff.has(name)) return false;
  if (name === "RANDOM") {
    // RANDOM has the integer attribute: the value is arithmetic (`RANDOM=x` seeds with $x)
    let n: bigint;
    try {
      n = BigInt(ip.arith.evaluateText(value));
    } catch (e) {
      if (!(e instanceof ArithError)) throw e;
      ip.error(e.message);
      return true;
    }
    ip.st.randSeed = Number(BigInt.asUintN(32, n));
    ip.st.randLast = 0;
  } else if (name === "SECONDS") {
    const n = legalNumber(value);
    ip.st.secondsBase = { value: n === undefined ? 0 : Number(n), atMs: ip.rt.clock.now() };
  }
  return true;
}

/** bash's legal_number: a decimal integer, blanks around it allowed; undefined otherwise. */
function legalNumber(s: string): bigint | undefined {
  const m = /^[ \t\n]*([-+]?[0-9]+)[ \t\n]*$/.exec(s);
  if (m === null) return undefined;
  const n = BigInt(m[1]!);
  return n >= -(1n << 63n) && n < 1n << 63n ? n : undefined;
}

/** bash's intrand32: Park and Miller's minimal standard generator, x * 16807 mod 2^31 - 1. */
function intrand32(last: number): number {
  const x = last === 0 ? 123459876 : last;
  const h = Math.floor(x / 127773);
  const t = 16807 * (x - 127773 * h) - 2836 * h;
  return t < 0 ? t + 0x7fffffff : t;
}

/**
 * `$RANDOM` as bash 5.2 computes it (get_random_number with compatibility level > 50), so that
 * a script seeding it (`RANDOM=42`) gets bash's sequence. A shell not seeded yet (the run's
 * start, or a subshell, which bash reseeds) takes its seed from the run's random source.
 */
function bashRandom(ip: Interp): number {
  const st = ip.st;
  let seed = st.randSeed ?? ip.rt.random.nextU32();
  let rv: number;
  do {
    seed = intrand32(seed);
    rv = ((seed >>> 16) ^ (seed & 65535)) & 32767;
  } while (rv === st.randLast);
  st.randSeed = seed;
  st.randLast = rv;
  return rv;
}

/** Variables whose value is computed on read (unless the script set them); undefined for other names. */
export function dynamicVar(ip: Interp, name: string): string | undefined {
  if (ip.st.dynamicOff.size > 0 && ip.st.dynamicOff.has(name)) return undefined;
  switch (name) {
    case "RANDOM":
      return String(bashRandom(ip));
    case "SRANDOM":
      return String(ip.rt.random.nextU32());
    case "LINENO":
      return String(ip.line());
    case "SECONDS": {
      const b = ip.st.secondsBase;
      return String(b === undefined ? Math.floor((ip.rt.clock.now() - ip.rt.startMs) / 1000) : b.value + Math.floor((ip.rt.clock.now() - b.atMs) / 1000));
    }
    case "EPOCHSECONDS":
      return String(Math.floor(ip.rt.clock.now() / 1000));
    case "EPOCHREALTIME":
      return (ip.rt.clock.now() / 1000).toFixed(6);
    case "BASHPID":
      return String(ip.st.isSubshell ? ip.st.bashPid : ip.rt.identity.pid);
    case "BASH_SUBSHELL":
      return String(ip.st.subshellDepth);
    case "BASH_COMMAND": {
      const c = ip.st.curCommand;
      return c === undefined ? "" : commandString(c);
    }
  }
  return undefined;
}

/** `$-`: the letters of the options that are on, then `c` for a -c run or `s` for a script read from stdin. */
export function shellFlags(ip: Interp): string {
  const o = ip.st.options;
  let f = "";
  if (o.allexport) f += "a";
  if (o.errexit) f += "e";
  if (o.noglob) f += "f";
  if (o.hashall) f += "h";
  if (o.noexec) f += "n";
  if (o.nounset) f += "u";
  if (o.verbose) f += "v";
  if (o.xtrace) f += "x";
  if (o.braceexpand) f += "B";
  if (o.noclobber) f += "C";
  if (o.errtrace) f += "E";
  if (o.functrace) f += "T";
  return f + ip.st.flagSuffix;
}
