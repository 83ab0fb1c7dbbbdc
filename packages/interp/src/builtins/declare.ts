/**
 * `declare`/`typeset`, `local`, `export`, `readonly`: attributes (-a -A -i -l -u -n -r -x -t,
 * `+` to remove), scoping (local in functions unless -g), and `-p` output in bash's format.
 */
import { applyAssign, reparseCompound } from "../assign.js";
import type { PreparedAssign } from "../assign.js";
import { FatalError } from "../errors.js";
import { bashFunctionText } from "../funcprint.js";
import type { Interp } from "../interp.js";
import { ansiQuote, attrFlags, declareValue } from "../quote.js";
import type { Builtin, BuiltinContext } from "../simple.js";
import { AssocArray, Attr, IndexedArray, isName, TempScope } from "../vars.js";
import { DYNAMIC_VARS, dynamicVar, isDynamicVar } from "../special-params.js";
import type { Scope, Var } from "../vars.js";
import { badOption, berr, builtin, parseOpts } from "./define.js";

const LETTERS: Record<string, number> = {
  a: Attr.Array,
  A: Attr.Assoc,
  i: Attr.Integer,
  l: Attr.Lower,
  u: Attr.Upper,
  n: Attr.Nameref,
  r: Attr.Readonly,
  x: Attr.Export,
  t: Attr.Trace,
};

/** `declare -p`-style line for one variable. */
export function declareLine(name: string, v: Var): string {
  const flags = attrFlags(v);
  const head = `declare -${flags === "" ? "-" : flags} ${name}`;
  if (v.value === undefined) return head;
  if (v.attrs & Attr.Nameref) return `${head}="${v.value as string}"`;
  return `${head}=${declareValue(v)}`;
}

/** `declare -f NAME` output for a function (bash's layout, with a final newline); undefined when there is none. */
export function printFunction(ip: Interp, name: string): string | undefined {
  const f = ip.st.functions.get(name);
  if (f === undefined) return undefined;
  try {
    return `${bashFunctionText(f.def)}\n`;
  } catch {
    return `${name} () \n{ \n    :\n}\n`;
  }
}

interface Mode {
  readonly cmd: "declare" | "local" | "export" | "readonly";
}

/** Runs a declaration builtin; synchronous unless an argument is reparsed as a compound literal. */
function run(ctx: BuiltinContext, mode: Mode): number | Promise<number> {
  const ip = ctx.interp;
  const flagLetters = mode.cmd === "export" ? "fnp" : mode.cmd === "readonly" ? "aAfp" : "aAfFgilnprtux";
  const o = parseOpts(ctx.args, flagLetters, "", true);
  if (o.bad !== undefined) return badOption(ctx, o.bad, usage(mode.cmd));
  const args = o.rest;
  const offset = ctx.args.length - args.length;
  const inFunction = ip.callDepth > 0;
  if (mode.cmd === "local" && !inFunction) return berr(ctx, "can only be used in a function", 1);

  let add = 0;
  let remove = 0;
  for (const c of o.on) if (LETTERS[c] !== undefined) add |= LETTERS[c]!;
  for (const c of o.off) if (LETTERS[c] !== undefined) remove |= LETTERS[c]!;
  if (mode.cmd === "export") {
    if (o.on.has("n")) {
      remove |= Attr.Export;
      add &= ~Attr.Nameref;
    } else add |= Attr.Export;
  }
  if (mode.cmd === "readonly") add |= Attr.Readonly;

  // functions
  if (o.on.has("f") || o.on.has("F")) {
    if (args.length === 0) {
      for (const name of [...ip.st.functions.keys()].sort()) {
        ctx.stdout.write(o.on.has("F") ? `declare -f ${name}\n` : printFunction(ip, name) ?? "");
      }
      return 0;
    }
    let st = 0;
    for (const name of args) {
      if (!ip.st.functions.has(name)) {
        st = 1;
        continue;
      }
      if (o.on.has("F")) ctx.stdout.write(ip.st.opt("extdebug") ? functionOrigin(ip, name) : `${name}\n`);
      else if (mode.cmd === "declare") ctx.stdout.write(printFunction(ip, name) ?? "");
    }
    return st;
  }

  // printing
  // `declare -a` (any attribute, no names) lists the variables that have it, as `declare -p` would;
  // `export -p NAME` and `readonly -p NAME` ignore -p and set the attribute, as in bash
  const print = o.on.has("p") && (args.length === 0 || (mode.cmd !== "export" && mode.cmd !== "readonly"));
  if (print || (args.length === 0 && remove === 0 && (add === 0 || mode.cmd === "declare")) || (args.length === 0 && mode.cmd !== "declare" && mode.cmd !== "local")) {
    if (args.length === 0) {
      const locals = mode.cmd === "local" ? ip.st.vars.localScope() : undefined;
      const names = locals !== undefined ? [...locals.keys()].sort() : ip.st.vars.names();
      for (const name of names) {
        const v = locals !== undefined ? locals.get(name) : ip.st.vars.lookup(name);
        if (v === undefined) continue;
        if (mode.cmd === "export" && !(v.attrs & Attr.Export)) continue;
        if (mode.cmd === "readonly" && !(v.attrs & Attr.Readonly)) continue;
        if (add !== 0 && mode.cmd === "declare" && (effectiveAttrs(v) & add) !== add) continue;
        if (mode.cmd === "declare" && !o.on.has("p") && add === 0) {
          if (v.value === undefined) continue;
          ctx.stdout.write(`${name}=${setValue(v)}\n`);
          continue;
        }
        ctx.stdout.write(`${declareLine(name, v)}\n`);
      }
      return 0;
    }
    let st = 0;
    // `local -p NAME` sees only the function's own locals
    const own = mode.cmd === "local" ? ip.st.vars.localScope() : undefined;
    for (const name of args) {
      const v = own !== undefined ? own.get(name) : ip.st.vars.lookup(name);
      if (v === undefined && own === undefined && isDynamicVar(ip, name)) {
        // bash shows a dynamic variable with its attributes and current value
        ctx.stdout.write(`declare -${DYNAMIC_VARS.get(name)} ${name}="${dynamicVar(ip, name)}"\n`);
        continue;
      }
      if (v === undefined) {
        berr(ctx, `${name}: not found`, 1);
        st = 1;
        continue;
      }
      ctx.stdout.write(`${declareLine(name, v)}\n`);
    }
    return st;
  }

  const job: DeclareJob = { ctx, mode, args, offset, add, remove, global: o.on.has("g") || (!inFunction && mode.cmd === "declare"), implicitGlobal: !o.on.has("g") && !inFunction && mode.cmd === "declare" };
  return declareArgs(job, 0, 0);
}

/** The name arguments of one declaration command and what to do with them. */
interface DeclareJob {
  readonly ctx: BuiltinContext;
  readonly mode: Mode;
  readonly args: readonly string[];
  /** Index of `args[0]` in the command's arguments (for the prepared assignments). */
  readonly offset: number;
  readonly add: number;
  readonly remove: number;
  readonly global: boolean;
  /** `declare` outside a function without -g (global only because nothing is local there). */
  readonly implicitGlobal: boolean;
}

/** Declares `args[from..]`, OR-ing statuses into `status`. */
function declareArgs(job: DeclareJob, from: number, status: number): number | Promise<number> {
  const { ctx, add, args } = job;
  for (let i = from; i < args.length; i++) {
    const a = ctx.assigns?.[job.offset + i + 1];
    const text = args[i]!;
    let base: string;
    let pa: PreparedAssign | undefined;
    if (a !== undefined && a.index === undefined && isName(a.name)) {
      // `local x=v` as the parser saw it: the name needs no second look
      base = a.name;
      pa = a;
    } else {
      const name = a?.name ?? (text.includes("=") ? text.slice(0, text.indexOf("=")).replace(/\+$/, "") : text);
      const m = /^([A-Za-z_][A-Za-z0-9_]*)(\[.*\])?$/s.exec(name);
      if (m === null || !isName(m[1]!)) {
        berr(ctx, `\`${text}': not a valid identifier`, 1);
        status = 1;
        continue;
      }
      if ((a !== undefined ? a.index !== undefined : m[2] !== undefined) && (job.mode.cmd === "export" || job.mode.cmd === "readonly")) {
        // bash's export and readonly take names only: `readonly a[7]=8` is an error, as in 5.2
        const eq = text.indexOf("=");
        berr(ctx, `\`${eq < 0 ? text : text.slice(0, text[eq - 1] === "+" ? eq - 1 : eq)}': not a valid identifier`, 1);
        status = 1;
        continue;
      }
      base = m[1]!;
      pa = a ?? plainAssign(text, base, m[2]);
    }
    if (pa !== undefined && add & (Attr.Array | Attr.Assoc)) {
      const p = pa;
      return reparseCompound(ctx.interp, p, (add & Attr.Assoc) !== 0).then((r) => declareArgs(job, i + 1, status | declareChecked(job, base, r ?? p)));
    }
    status |= declareChecked(job, base, pa);
  }
  return status;
}

/** `declareOne`, with a command-scoped error reported as the builtin's. */
function declareChecked(job: DeclareJob, name: string, pa: PreparedAssign | undefined): number {
  const ip = job.ctx.interp;
  try {
    const vars = ip.st.vars;
    const temp = vars.tempHolder(name);
    // `E=x declare E=y` outside a function changes the temporary E (and so nothing lasts)
    if (temp === undefined || job.implicitGlobal) return declareOne(ip, job, name, pa, temp);
    // `E=x local E=y`, `E=x export E`, `f(){ export E; }; E=x f`: declared where the prefix
    // assignments are not
    // `temp` just below the function's scope: the prefix assignments of the call itself
    const callTemp = job.mode.cmd === "local" && vars.scopes[vars.scopes.length - 2] === temp;
    const hidden = vars.hideTemps();
    try {
      return declareOne(ip, job, name, pa, temp, callTemp);
    } finally {
      vars.restoreTemps(hidden);
    }
  } catch (e) {
    if (e instanceof FatalError && e.scope === "command") {
      ip.error(`${job.ctx.name}: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

/** A variable's attributes, with -a / -A for the array values it holds. */
function effectiveAttrs(v: Var): number {
  return v.attrs | (v.value instanceof IndexedArray ? Attr.Array : 0) | (v.value instanceof Map ? Attr.Assoc : 0);
}

/** A variable's value as `set` and `declare` without arguments list it. */
export function setValue(v: Var): string {
  if (typeof v.value === "object") return declareValue(v);
  const s = v.value ?? "";
  if (/^[A-Za-z0-9_./:,@%+=-]*$/.test(s)) return s;
  return /[\x01-\x1f\x7f]/.test(s) ? ansiQuote(s) : `'${s.replace(/'/g, "'\\''")}'`;
}

function plainAssign(text: string, name: string, idx: string | undefined): PreparedAssign | undefined {
  const eq = text.indexOf("=");
  if (eq < 0) return idx === undefined ? undefined : { name, index: idx.slice(1, -1), append: false, value: undefined };
  const append = text[eq - 1] === "+";
  return { name, index: idx?.slice(1, -1), append, value: text.slice(eq + 1) };
}

/**
 * Declares one name. `temp` is the prefix-assignment scope holding `name` (`E=x local E`): a
 * new local inherits its value, `export`/`readonly` carry its value out of it. `callTemp`: `temp` is the
 * prefix scope of the function call itself (`v=t f`), which the local replaces.
 */
function declareOne(ip: Interp, job: DeclareJob, name: string, a: PreparedAssign | undefined, temp: Scope | undefined, callTemp = false): number {
  const { mode, remove, global } = job;
  // bash's `readonly -a x` / `readonly -A x` without a value only makes x read-only
  const add = mode.cmd === "readonly" && a === undefined ? job.add & ~(Attr.Array | Attr.Assoc) : job.add;
  const vars = ip.st.vars;
  const scoped = mode.cmd === "export" || mode.cmd === "readonly";
  const scope: Scope = temp !== undefined && job.implicitGlobal ? temp : global ? vars.scopes[0]! : scoped ? (vars.scopeOf(name) ?? vars.scopes[0]!) : vars.scopes[vars.scopes.length - 1]!;
  const existing = scope.get(name);
  const shadowed = existing === undefined && !global && !scoped ? (temp?.get(name) ?? vars.lookup(name)) : undefined;
  // bash's make_local_variable refuses a local copy of a readonly global (not of a caller's
  // readonly local): `readonly y; f() { local y; }` fails, with or without a value
  const roGlobal = shadowed !== undefined && shadowed.attrs & Attr.Readonly && scope !== vars.scopes[0] && vars.scopeOf(name) === vars.scopes[0];
  if (roGlobal || (existing !== undefined && existing.attrs & Attr.Readonly && (a !== undefined || remove & Attr.Readonly))) {
    ip.error(`${mode.cmd === "local" ? "local" : mode.cmd}: ${name}: readonly variable`);
    return 1;
  }
  // `v=t eval '... local v'`: the binding eval's prefix assignment made is a temporary one too
  const evalTemp = shadowed !== undefined && temp === undefined && vars.scopeOf(name) instanceof TempScope;
  const v = vars.create(name, scope);
  if (mode.cmd === "local" && scope instanceof TempScope) v.attrs |= Attr.LocalInTemp;
  if (shadowed !== undefined) {
    // bash's make_local_variable: a new local keeps the export attribute of what it shadows,
    // and the value of a prefix assignment (`E=x local E`)
    v.attrs |= shadowed.attrs & Attr.Export;
    if ((temp !== undefined || evalTemp) && typeof shadowed.value === "string") v.value = shadowed.value;
    if (temp !== undefined && callTemp && temp.get(name) === shadowed) {
      // ... and the local takes the place of the function call's own prefix assignment
      // (`v=t f` with `local v` in f): unsetting the local then shows the global
      vars.drop(temp, name);
      vars.count--;
    }
  }
  if ((remove & Attr.Array && v.value instanceof IndexedArray) || (remove & Attr.Assoc && v.value instanceof Map)) {
    ip.error(`${mode.cmd}: ${name}: cannot destroy array variables in this way`);
    return 1;
  }
  if (add & Attr.Assoc && v.value instanceof IndexedArray) {
    ip.error(`${mode.cmd}: ${name}: cannot convert indexed to associative array`);
    return 1;
  }
  if (mode.cmd === "local" && existing === undefined && a === undefined && ip.st.opt("localvar_inherit")) {
    const outer = vars.scopes.slice(0, -1);
    for (let i = outer.length - 1; i >= 0; i--) {
      const ov = outer[i]!.get(name);
      if (ov !== undefined) {
        v.value = typeof ov.value === "string" ? ov.value : v.value;
        break;
      }
    }
  }
  v.attrs &= ~remove;
  const refText = a?.value ?? (a === undefined && !(v.attrs & Attr.Nameref) && typeof v.value === "string" ? v.value : undefined);
  if (add & Attr.Nameref && refText !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*(\[.*\])?$/s.test(refText)) {
    ip.error(`${mode.cmd === "local" ? "local" : "typeset"}: \`${refText}': invalid variable name for name reference`);
    // nothing is assigned (a variable created just now stays undeclared)
    if (existing === undefined && scope.get(name) === v && v.value === undefined) {
      vars.drop(scope, name);
      vars.count--;
    }
    return 1;
  }
  const assignAttrs = add & ~Attr.Readonly;
  if (a !== undefined) applyAssign(ip, a, scope, assignAttrs);
  else if (assignAttrs !== 0) {
    if (add & Attr.Assoc && v.value !== undefined && !(v.value instanceof Map)) v.value = new AssocArray();
    else if (add & Attr.Array && typeof v.value === "string") v.value = IndexedArray.of([v.value]);
    v.attrs |= assignAttrs;
    if (typeof v.value === "string" && add & (Attr.Lower | Attr.Upper)) v.value = add & Attr.Lower ? v.value.toLowerCase() : v.value.toUpperCase();
    if (typeof v.value === "string" && add & Attr.Integer) v.value = String(ip.evalArithText(v.value));
  }
  if (add & Attr.Readonly) v.attrs |= Attr.Readonly;
  if (add & Attr.Export) v.attrs |= Attr.Export;
  const tv = scoped ? temp?.get(name) : undefined;
  if (tv !== undefined) {
    // bash propagates a prefix assignment that `export`/`readonly` touched: `E=x export E`
    if (a === undefined && typeof tv.value === "string" && typeof v.value !== "object") v.value = tv.value;
    v.attrs |= Attr.Export;
  }
  return 0;
}

function usage(cmd: string): string {
  switch (cmd) {
    case "export":
      return "export [-fn] [name[=value] ...] or export -p";
    case "readonly":
      return "readonly [-aAf] [name[=value] ...] or readonly -p";
    case "local":
      return "local [option] name[=value] ...";
    default:
      return "declare [-aAfFgiIlnrtux] [name[=value] ...] or declare -p [-aAfFilnrtux] [name ...]";
  }
}

/** `declare` */
export const declare: Builtin = builtin("declare", "Set variable values and attributes.", (ctx) => run(ctx, { cmd: "declare" }));
/** `typeset` (synonym of declare) */
export const typeset: Builtin = builtin("typeset", "Set variable values and attributes.", (ctx) => run(ctx, { cmd: "declare" }));
/** `local` */
export const local: Builtin = builtin("local", "Define local variables.", (ctx) => run(ctx, { cmd: "local" }));
/** `export` */
export const exportCmd: Builtin = builtin("export", "Set export attribute for shell variables.", (ctx) => run(ctx, { cmd: "export" }), true);
/** `readonly` */
export const readonly: Builtin = builtin("readonly", "Mark shell variables as unchangeable.", (ctx) => run(ctx, { cmd: "readonly" }), true);

/** `declare -F NAME` under extdebug: the name, the line of its definition and its file, as bash's. */
function functionOrigin(ip: Interp, name: string): string {
  const f = ip.st.functions.get(name)!;
  return `${name} ${f.src.lineOf(f.def.start)} ${f.src.file}\n`;
}
