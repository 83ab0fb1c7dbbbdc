/**
 * Builtins of interactive bash, as a script sees them: `logout` and `suspend` refuse (not a
 * login shell, no job control), `bind` warns that line editing is off, `complete`/`compopt`
 * keep completion specifications (they complete nothing: there is no command line), and `fc`
 * lists and re-runs entries of the history list (`history -s` fills it; there is no editor).
 */
import type { ShellState } from "../state.js";
import type { BuiltinContext } from "../simple.js";
import { badOption, berr, builtin } from "./define.js";
import { historyList } from "./history.js";

/** `logout` */
export const logout = builtin("logout", "Exit a login shell.", (ctx) => berr(ctx, "not login shell: use `exit'", 1));

/** `suspend [-f]` */
export const suspend = builtin("suspend", "Suspend shell execution.", (ctx) => berr(ctx, "cannot suspend: no job control", 1));

/** `bind ...`: readline is not running; bash warns and succeeds. */
export const bind = builtin("bind", "Set Readline key bindings and variables.", (ctx) => {
  ctx.interp.error(`${ctx.name}: warning: line editing not enabled`);
  return 0;
});

// ------------------------------------------------------------------ complete, compopt

/** Single-letter actions, in the order bash prints them. */
const ACTION_LETTERS = "abcdefgjksuv";
/** `-A` action names with a letter of their own. */
const ACTION_NAMES: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, {
  alias: "a", builtin: "b", command: "c", directory: "d", export: "e", file: "f", group: "g", job: "j", keyword: "k", service: "s", user: "u", variable: "v",
});
/** `-A` actions printed as `-A name` (no letter). */
const LONG_ACTIONS = ["arrayvar", "binding", "disabled", "enabled", "function", "helptopic", "hostname", "running", "setopt", "shopt", "signal", "stopped"];
const COMP_OPTIONS = ["bashdefault", "default", "dirnames", "filenames", "noquote", "nosort", "nospace", "plusdirs"];

/** One completion specification. */
interface CompSpec {
  options: Set<string>;
  actions: Set<string>;
  glob?: string;
  words?: string;
  prefix?: string;
  suffix?: string;
  filter?: string;
  command?: string;
  func?: string;
}

/** The specifications of each shell, by command name (`-D`, `-E`, `-I` under their flags). */
const specs = new WeakMap<ShellState, Map<string, CompSpec>>();

function specsOf(st: ShellState): Map<string, CompSpec> {
  let m = specs.get(st);
  if (m === undefined) {
    m = new Map();
    specs.set(st, m);
  }
  return m;
}

/** `'text'`, as bash prints the values of a specification. */
function sq(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/** A specification as `complete -p` prints it (bash's print_one_completion order). */
function specText(name: string, s: CompSpec): string {
  const out = ["complete"];
  for (const o of COMP_OPTIONS) if (s.options.has(o)) out.push("-o", o);
  for (const l of ACTION_LETTERS) if (s.actions.has(l)) out.push(`-${l}`);
  for (const a of LONG_ACTIONS) if (s.actions.has(a)) out.push("-A", a);
  if (s.glob !== undefined) out.push("-G", sq(s.glob));
  if (s.words !== undefined) out.push("-W", sq(s.words));
  if (s.prefix !== undefined) out.push("-P", sq(s.prefix));
  if (s.suffix !== undefined) out.push("-S", sq(s.suffix));
  if (s.filter !== undefined) out.push("-X", sq(s.filter));
  if (s.command !== undefined) out.push("-C", sq(s.command));
  if (s.func !== undefined) out.push("-F", s.func);
  out.push(name === "" ? "-D" : name === "\u0001E" ? "-E" : name === "\u0001I" ? "-I" : name);
  return out.join(" ");
}

const COMPLETE_USAGE = "complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]";

/** Parses the options of `complete`/`compopt`: a spec change, the flags, the names; or an error status. */
function parseSpecArgs(ctx: BuiltinContext, args: readonly string[], compopt: boolean): { spec: CompSpec; removeOptions: Set<string>; flags: Set<string>; names: string[] } | number {
  const spec: CompSpec = { options: new Set(), actions: new Set() };
  const removeOptions = new Set<string>();
  const flags = new Set<string>();
  const usage = compopt ? "compopt [-o|+o option] [-DEI] [name ...]" : COMPLETE_USAGE;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      i++;
      break;
    }
    if (a.length < 2 || (a[0] !== "-" && !(compopt && a[0] === "+"))) break;
    for (let k = 1; k < a.length; k++) {
      const c = a[k]!;
      const takesValue = "oAGWFCXPS".includes(c);
      let value: string | undefined;
      if (takesValue) {
        value = k + 1 < a.length ? a.slice(k + 1) : args[++i];
        if (value === undefined) return badOption(ctx, `${c}:`, usage);
      }
      if (c === "o") {
        if (!COMP_OPTIONS.includes(value!)) return berr(ctx, `${value}: invalid option name`, 2);
        (a[0] === "+" ? removeOptions : spec.options).add(value!);
      } else if (compopt && "DEI".includes(c)) flags.add(c);
      else if (compopt) return badOption(ctx, c, usage);
      else if (ACTION_LETTERS.includes(c)) spec.actions.add(c);
      else if ("prDEI".includes(c)) flags.add(c);
      else if (c === "A") {
        const letter = ACTION_NAMES[value!];
        if (letter === undefined && !LONG_ACTIONS.includes(value!)) return berr(ctx, `${value}: invalid action name`, 2);
        spec.actions.add(letter ?? value!);
      } else if (c === "G") spec.glob = value;
      else if (c === "W") spec.words = value;
      else if (c === "F") spec.func = value;
      else if (c === "C") spec.command = value;
      else if (c === "X") spec.filter = value;
      else if (c === "P") spec.prefix = value;
      else if (c === "S") spec.suffix = value;
      else return badOption(ctx, c, usage);
      if (takesValue) break;
    }
  }
  return { spec, removeOptions, flags, names: args.slice(i) };
}

/** The key of the `-D` (default), `-E` (empty line) or `-I` (initial word) specification. */
function specialKey(flags: Set<string>): string | undefined {
  return flags.has("D") ? "" : flags.has("E") ? "\u0001E" : flags.has("I") ? "\u0001I" : undefined;
}

/**
 * `complete`: defines (`complete -F f cmd`), prints (`-p`, or no arguments) and removes (`-r`)
 * completion specifications. They are kept and printed as bash prints them, in the order they
 * were defined (bash lists them in hash-table order).
 */
export const complete = builtin("complete", "Specify how arguments are to be completed by Readline.", (ctx) => {
  const r = parseSpecArgs(ctx, ctx.args, false);
  if (typeof r === "number") return r;
  const table = specsOf(ctx.interp.st);
  const special = specialKey(r.flags);
  const names = special !== undefined ? [special, ...r.names] : r.names;
  if (r.flags.has("r")) {
    if (names.length === 0) table.clear();
    let status = 0;
    for (const n of names) if (!table.delete(n)) status = berr(ctx, `${n}: no completion specification`, 1);
    return status;
  }
  if (r.flags.has("p") || (names.length === 0 && !defines(r.spec))) {
    let status = 0;
    for (const n of names.length === 0 ? [...table.keys()] : names) {
      const s = table.get(n);
      if (s === undefined) status = berr(ctx, `${n}: no completion specification`, 1);
      else ctx.stdout.write(`${specText(n, s)}\n`);
    }
    return status;
  }
  // `complete NAME` alone defines an empty specification, as bash's does
  for (const n of names) table.set(n, { ...r.spec, options: new Set(r.spec.options), actions: new Set(r.spec.actions) });
  return 0;
});

/** True when a parsed specification sets anything (an option, an action or a value). */
function defines(s: CompSpec): boolean {
  return s.options.size > 0 || s.actions.size > 0 || s.glob !== undefined || s.words !== undefined || s.prefix !== undefined || s.suffix !== undefined || s.filter !== undefined || s.command !== undefined || s.func !== undefined;
}

/** `compopt [-o|+o option] [-DEI] [name ...]`: changes the options of existing specifications. */
export const compopt = builtin("compopt", "Modify or display completion options.", (ctx) => {
  const r = parseSpecArgs(ctx, ctx.args, true);
  if (typeof r === "number") return r;
  const table = specsOf(ctx.interp.st);
  const special = specialKey(r.flags);
  const names = special !== undefined ? [special, ...r.names] : r.names;
  if (names.length === 0) return berr(ctx, "not currently executing completion function", 1);
  let status = 0;
  for (const n of names) {
    const s = table.get(n);
    if (s === undefined) {
      status = berr(ctx, `${n}: no completion specification`, 1);
      continue;
    }
    const options = new Set(s.options);
    for (const o of r.spec.options) options.add(o);
    for (const o of r.removeOptions) options.delete(o);
    if (r.spec.options.size === 0 && r.removeOptions.size === 0) {
      ctx.stdout.write(`compopt ${COMP_OPTIONS.map((o) => `${options.has(o) ? "-o" : "+o"} ${o}`).join(" ")} ${n}\n`);
      continue;
    }
    table.set(n, { ...s, options });
  }
  return status;
});

// ------------------------------------------------------------------ fc

const FC_USAGE = "fc [-e ename] [-lnr] [first] [last] or fc -s [pat=rep] [command]";

/** An fc operand (a number, negative from the end, or the most recent entry starting with it) as an index; -1 when none. */
function fcIndex(list: readonly string[], spec: string): number {
  if (/^-?\d+$/.test(spec)) {
    const n = Number(spec);
    const i = n < 0 ? list.length + n : n - 1;
    return Math.max(0, Math.min(list.length - 1, i));
  }
  for (let i = list.length - 1; i >= 0; i--) if (list[i]!.startsWith(spec)) return i;
  return -1;
}

/**
 * `fc -l [-nr] [first [last]]` lists history entries (`N\t cmd`); `fc -s [pat=rep] [cmd]`
 * (and `fc -e - ...`) re-runs one, echoing it on stderr first. Editing with an editor is refused: the
 * sandbox has none. With an empty history, editing does nothing, as in a script's bash.
 */
export const fc = builtin("fc", "Display or execute commands from the history list.", async (ctx) => {
  const ip = ctx.interp;
  const list = historyList(ip.st);
  const flags = new Set<string>();
  let editor: string | undefined;
  let i = 0;
  const args = ctx.args;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      i++;
      break;
    }
    if (!/^-[a-z]+$/.test(a)) break;
    for (let k = 1; k < a.length; k++) {
      const c = a[k]!;
      if (c === "e") {
        editor = k + 1 < a.length ? a.slice(k + 1) : args[++i];
        if (editor === undefined) return badOption(ctx, "e:", FC_USAGE);
        break;
      }
      if (!"lnrs".includes(c)) return badOption(ctx, c, FC_USAGE);
      flags.add(c);
    }
  }
  const rest = args.slice(i);
  if (flags.has("s") || editor === "-") {
    let subst: [string, string] | undefined;
    if (rest[0]?.includes("=")) {
      const eq = rest[0].indexOf("=");
      subst = [rest[0].slice(0, eq), rest[0].slice(eq + 1)];
      rest.shift();
    }
    const k = rest[0] === undefined ? list.length - 1 : fcIndex(list, rest[0]);
    if (k < 0) return berr(ctx, "no command found", 1);
    let text = list[k]!;
    if (subst !== undefined && subst[0] !== "") text = text.replace(subst[0], subst[1]);
    // the command is echoed on stderr before it runs
    ctx.stderr.write(`${text}\n`);
    const c = await ip.runScript(text, ip.line() - 1, false, undefined, "fc");
    return typeof c === "number" ? c : c.status;
  }
  if (flags.has("l")) {
    if (list.length === 0) return 0;
    const first = rest[0] === undefined ? Math.max(0, list.length - 16) : fcIndex(list, rest[0]);
    const last = rest[1] === undefined ? list.length - 1 : fcIndex(list, rest[1]);
    if (first < 0 || last < 0) return berr(ctx, "history specification out of range", 1);
    const idx: number[] = [];
    if (first <= last) for (let k = first; k <= last; k++) idx.push(k);
    else for (let k = first; k >= last; k--) idx.push(k);
    if (flags.has("r")) idx.reverse();
    for (const k of idx) ctx.stdout.write(`${flags.has("n") ? "" : k + 1}\t ${list[k]}\n`);
    return 0;
  }
  if (list.length === 0) return 0;
  return berr(ctx, "no editor in the sandbox: use fc -l or fc -s", 1);
});
