/**
 * `ulimit [-SHa] [-RcdefilmnpqrstuvxPT [limit]]`: the resource limits of a sandboxed shell.
 * There are no processes, so no rlimits: each resource starts at a typical Linux shell's soft
 * and hard value (file size and cpu time unlimited, as there; the run's own limits
 * maxFileBytes and timeoutMs are what bounds a script). A script may lower them (and raise a
 * soft limit up to its hard one) as setrlimit(2) lets an unprivileged process; the values are
 * reported, not enforced. Output and messages are bash 5.2's on Linux. Subshells inherit the
 * shell's values.
 */
import type { BuiltinContext } from "../simple.js";
import { berr, builtin } from "./define.js";

/** One resource: its letter, its `ulimit -a` description and unit. */
interface Resource {
  readonly letter: string;
  readonly description: string;
  readonly unit?: string;
}

/** The resources in `ulimit -a` order (bash 5.2 on Linux). */
const RESOURCES: readonly Resource[] = [
  { letter: "R", description: "real-time non-blocking time", unit: "microseconds" },
  { letter: "c", description: "core file size", unit: "blocks" },
  { letter: "d", description: "data seg size", unit: "kbytes" },
  { letter: "e", description: "scheduling priority" },
  { letter: "f", description: "file size", unit: "blocks" },
  { letter: "i", description: "pending signals" },
  { letter: "l", description: "max locked memory", unit: "kbytes" },
  { letter: "m", description: "max memory size", unit: "kbytes" },
  { letter: "n", description: "open files" },
  { letter: "p", description: "pipe size", unit: "512 bytes" },
  { letter: "q", description: "POSIX message queues", unit: "bytes" },
  { letter: "r", description: "real-time priority" },
  { letter: "s", description: "stack size", unit: "kbytes" },
  { letter: "t", description: "cpu time", unit: "seconds" },
  { letter: "u", description: "max user processes" },
  { letter: "v", description: "virtual memory", unit: "kbytes" },
  { letter: "x", description: "file locks" },
];
const BY_LETTER = new Map(RESOURCES.map((r) => [r.letter, r]));

/** A soft and a hard limit, in the resource's unit; UNLIMITED is `unlimited`. */
export interface Rlimit {
  readonly soft: bigint;
  readonly hard: bigint;
}

/** `unlimited`: above every value a limit can take (rlim_t is 64 bits). */
const UNLIMITED = 1n << 64n;
const RLIM_MAX = UNLIMITED - 1n;
const fixed = (soft: bigint, hard = soft): Rlimit => ({ soft, hard });

/** Bytes per unit of the resources whose unit is not 1 (bash counts -c and -f blocks of 1024 bytes). */
const FACTOR: Readonly<Record<string, bigint>> = { c: 1024n, d: 1024n, f: 1024n, l: 1024n, m: 1024n, p: 512n, s: 1024n, v: 1024n };

/** The sandbox's starting values (a typical Linux shell's). */
function defaults(): Map<string, Rlimit> {
  return new Map<string, Rlimit>([
    ["R", fixed(UNLIMITED)],
    ["c", fixed(0n, UNLIMITED)],
    ["d", fixed(UNLIMITED)],
    ["e", fixed(0n)],
    ["f", fixed(UNLIMITED)],
    ["i", fixed(4096n)],
    ["l", fixed(8192n)],
    ["m", fixed(UNLIMITED)],
    ["n", fixed(1024n)],
    ["p", fixed(8n)],
    ["q", fixed(819200n)],
    ["r", fixed(0n)],
    ["s", fixed(8192n, UNLIMITED)],
    ["t", fixed(UNLIMITED)],
    ["u", fixed(4096n)],
    ["v", fixed(UNLIMITED)],
    ["x", fixed(UNLIMITED)],
  ]);
}

const USAGE = "ulimit: usage: ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]\n";

function show(n: bigint): string {
  return n === UNLIMITED ? "unlimited" : String(n);
}

/** `core file size              (blocks, -c) ` as bash prints it (`%-20s %20s`). */
function label(r: Resource): string {
  const unit = r.unit === undefined ? `(-${r.letter}) ` : `(${r.unit}, -${r.letter}) `;
  return `${r.description.padEnd(20)} ${unit.padStart(20)}`;
}

async function run(ctx: BuiltinContext): Promise<number> {
  const st = ctx.interp.st;
  const args = ctx.args;
  let soft = false;
  let hard = false;
  let all = false;
  const wanted: { r: Resource; value?: string }[] = [];
  let operand: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      operand ??= args[i + 1];
      break;
    }
    if (a[0] !== "-" || a.length < 2) {
      operand ??= a;
      continue;
    }
    for (let j = 1; j < a.length; j++) {
      const c = a[j]!;
      if (c === "S") soft = true;
      else if (c === "H") hard = true;
      else if (c === "a") all = true;
      else {
        const r = BY_LETTER.get(c);
        if (r === undefined) {
          berr(ctx, `-${c}: invalid option`, 2);
          ctx.stderr.write(USAGE);
          return 2;
        }
        // the value is the rest of the word, or the next word unless it is an option
        let value: string | undefined = a.slice(j + 1) || undefined;
        if (value === undefined && i + 1 < args.length && args[i + 1]![0] !== "-") value = args[++i];
        wanted.push({ r, ...(value !== undefined ? { value } : {}) });
        break;
      }
    }
  }
  const limits = st.ulimits ?? defaults();
  if (all) {
    for (const r of RESOURCES) ctx.stdout.write(`${label(r)}${show(pick(limits.get(r.letter)!, hard && !soft))}\n`);
    return 0;
  }
  if (wanted.length === 0) wanted.push({ r: BY_LETTER.get("f")! });
  let status = 0;
  let next: Map<string, Rlimit> | undefined;
  for (const { r, value = operand } of wanted) {
    const cur = (next ?? limits).get(r.letter)!;
    if (value === undefined) {
      ctx.stdout.write(`${wanted.length > 1 ? label(r) : ""}${show(pick(cur, hard && !soft))}\n`);
      continue;
    }
    const n = parseLimit(value, cur, FACTOR[r.letter] ?? 1n);
    if (typeof n === "string") {
      status = berr(ctx, n, 1);
      continue;
    }
    const setSoft = soft || !hard;
    const setHard = hard || !soft;
    const updated = { soft: setSoft ? n : cur.soft, hard: setHard ? n : cur.hard };
    // setrlimit(2) for an unprivileged process: no raising the hard limit, soft <= hard
    const err = updated.hard > cur.hard ? "Operation not permitted" : updated.soft > updated.hard ? "Invalid argument" : undefined;
    if (err !== undefined) {
      status = berr(ctx, `${r.description}: cannot modify limit: ${err}`, 1);
      continue;
    }
    next ??= new Map(limits);
    next.set(r.letter, updated);
  }
  if (next !== undefined) st.ulimits = next;
  return status;
}

function pick(l: Rlimit, hard: boolean): bigint {
  return hard ? l.hard : l.soft;
}

/**
 * A limit operand: a decimal number (that fits rlim_t once multiplied by the resource's unit
 * in bytes, `factor`), `unlimited`, `hard` or `soft`; else bash's message.
 */
function parseLimit(value: string, cur: Rlimit, factor: bigint): bigint | string {
  if (value === "unlimited") return UNLIMITED;
  if (value === "hard") return cur.hard;
  if (value === "soft") return cur.soft;
  if (!/^[0-9]+$/.test(value)) return /^0[xX]/.test(value) ? `${value}: invalid hex number` : `${value}: invalid number`;
  const n = BigInt(value);
  return n * factor > RLIM_MAX ? `${value}: limit out of range` : n;
}

/** `ulimit`: reports the sandbox's resource limits and records lowered ones (see the module comment). */
export const ulimit = builtin("ulimit", "Modify shell resource limits.", run);
