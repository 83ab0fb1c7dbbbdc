/**
 * `type`, `command`, `builtin`, `hash`, `enable`: command lookup as the shell sees it
 * (keywords, aliases, functions, builtins, registered commands).
 */
import { invoke, isBuiltin, runCommand } from "../simple.js";
import type { BuiltinContext } from "../simple.js";
import type { Completion } from "../errors.js";
import { runMatch } from "../exec-file.js";
import type { Interp } from "../interp.js";
import { STANDARD_PATH, hashTable, isExecutableFile, lookupCommand, searchPath } from "../pathsearch.js";
import { shellQuote } from "../quote.js";
import { printFunction } from "./declare.js";
import { badOption, berr, builtin, parseOpts } from "./define.js";

/** Shell reserved words. */
export const KEYWORDS = new Set(["if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do", "done", "in", "function", "time", "{", "}", "!", "[[", "]]", "coproc"]);

/** How `describe` reports: `type`'s forms, or `command -v`'s short one. */
interface Describe {
  /** -a: every kind and every file along $PATH. */
  readonly all: boolean;
  /** -f: skip functions. */
  readonly noFunctions: boolean;
  /** -P: only files, searched along $PATH even for builtins and functions. */
  readonly forcePath: boolean;
  /** t: kind words; p: file paths only; short: `command -v`; long: `type`/`command -V`. */
  readonly form: "t" | "p" | "short" | "long";
}

/** Reports what `name` is, in bash's order; false when it is nothing. */
async function describe(ctx: BuiltinContext, name: string, d: Describe): Promise<boolean> {
  const ip = ctx.interp;
  const out = (kind: string, long: string, short = name): void => {
    if (d.form === "t") ctx.stdout.write(`${kind}\n`);
    else if (d.form === "short") ctx.stdout.write(`${short}\n`);
    else if (d.form === "long") ctx.stdout.write(`${name} is ${long}\n`);
  };
  let found = false;
  if (!d.forcePath) {
    const alias = ip.st.aliases.get(name);
    if (alias !== undefined && ip.st.opt("expand_aliases")) {
      out("alias", `aliased to \`${alias}'`, `alias ${name}=${shellQuote(alias)}`);
      if (!d.all) return true;
      found = true;
    }
    if (KEYWORDS.has(name)) {
      out("keyword", "a shell keyword");
      if (!d.all) return true;
      found = true;
    }
    if (!d.noFunctions && ip.st.functions.has(name)) {
      out("function", `a function\n${(printFunction(ip, name) ?? "").replace(/\n$/, "")}`);
      if (!d.all) return true;
      found = true;
    }
    if (isBuiltin(ip.rt.commands.get(name))) {
      out("builtin", "a shell builtin");
      if (!d.all) return true;
      found = true;
    }
  }
  const file = (path: string, hashed = false): void => {
    if (d.form === "p" || d.form === "short") ctx.stdout.write(`${path}\n`);
    else out("file", hashed ? `hashed (${path})` : path);
  };
  if (name.includes("/")) {
    if (!(await isExecutableFile(ip, name))) return found;
    file(name);
    return true;
  }
  if (!d.all) {
    const e = hashTable(ip).entries.get(name);
    if (e !== undefined) {
      // bash's phash_search returns a relative entry prefixed with the current directory
      file(e.path.startsWith("/") ? e.path : `./${e.path}`, true);
      return true;
    }
  }
  const matches = await searchPath(ip, name, d.all);
  for (const m of matches) file(m.path);
  if (matches.length > 0) return true;
  const c = ip.rt.commands.get(name);
  if (found || c === undefined || isBuiltin(c)) return found;
  // a registered command that $PATH does not reach still runs (see lookupCommand)
  file(`/usr/bin/${name}`);
  return true;
}

/** `type [-afptP] name ...` */
export const type = builtin("type", "Display information about command type.", async (ctx) => {
  const o = parseOpts(ctx.args, "afptP");
  if (o.bad !== undefined) return badOption(ctx, o.bad, "type [-afptP] name [name ...]");
  const forcePath = o.on.has("P");
  const d: Describe = { all: o.on.has("a"), noFunctions: o.on.has("f"), forcePath, form: forcePath || o.on.has("p") ? "p" : o.on.has("t") ? "t" : "long" };
  let status = 0;
  for (const name of o.rest) {
    if (await describe(ctx, name, d)) continue;
    if (d.form === "long") ctx.interp.error(`type: ${name}: not found`);
    status = 1;
  }
  return status;
});

/** `command [-pVv] name [args]`: runs a builtin or command, skipping functions. */
export const command = builtin("command", "Execute a simple command or display information about commands.", async (ctx) => {
  const ip = ctx.interp;
  const o = parseOpts(ctx.args, "pvV");
  if (o.bad !== undefined) return badOption(ctx, o.bad, "command [-pVv] command [arg ...]");
  if (o.on.has("v") || o.on.has("V")) {
    const long = o.on.has("V");
    const d: Describe = { all: false, noFunctions: false, forcePath: false, form: long ? "long" : "short" };
    let any = false;
    for (const name of o.rest) {
      if (await describe(ctx, name, d)) any = true;
      else if (long) ip.error(`command: ${name}: not found`);
    }
    return any ? 0 : 1;
  }
  if (o.rest.length === 0) return 0;
  const name = o.rest[0]!;
  if (o.on.has("p") && !name.includes("/") && !isBuiltin(ip.rt.commands.get(name))) {
    // -p: the standard utilities, whatever $PATH says (and without the hash table)
    const [m] = await searchPath(ip, name, false, STANDARD_PATH);
    if (m === undefined) {
      ip.notFound(name);
      return 127;
    }
    return completionStatus(ip, await runMatch(ip, o.rest.slice(), m));
  }
  return completionStatus(ip, await invoke(ip, o.rest.slice(), undefined, true));
});

/** A builtin's status for a completion; an abrupt one (exit, return) is passed on to the shell. */
function completionStatus(ip: Interp, c: Completion): number {
  if (typeof c === "number") return c;
  ip.pendingAbrupt = c;
  return c.status;
}

/** `builtin name [args]`: runs a shell builtin. */
export const builtinCmd = builtin("builtin", "Execute shell builtins.", async (ctx) => {
  const args = ctx.args[0] === "--" ? ctx.args.slice(1) : ctx.args.slice();
  const name = args[0];
  if (name === undefined) return 0;
  const c = ctx.interp.rt.commands.get(name);
  if (!isBuiltin(c)) return berr(ctx, `${name}: not a shell builtin`, 1);
  return completionStatus(ctx.interp, await runCommand(ctx.interp, c, args));
});

/** `hash [-lrt] [-p path] [-d] [name ...]`: the table of remembered command locations. */
export const hash = builtin("hash", "Remember or display program locations.", async (ctx) => {
  const ip = ctx.interp;
  const o = parseOpts(ctx.args, "rdlt", "p");
  if (o.bad !== undefined) return badOption(ctx, o.bad, "hash [-lr] [-p pathname] [-dt] [name ...]");
  const table = hashTable(ip);
  if (o.on.has("r")) table.entries.clear();
  if (o.rest.length === 0) {
    if (o.on.has("r")) return 0;
    if (table.entries.size === 0) {
      ctx.stdout.write("hash: hash table empty\n");
      return 0;
    }
    if (o.on.has("l")) for (const [n, e] of table.entries) ctx.stdout.write(`builtin hash -p ${e.path} ${n}\n`);
    else {
      ctx.stdout.write("hits\tcommand\n");
      for (const e of table.entries.values()) ctx.stdout.write(`${String(e.hits).padStart(4)}\t${e.path}\n`);
    }
    return 0;
  }
  const path = o.values.get("p");
  let status = 0;
  for (const n of o.rest) {
    if (path !== undefined) table.entries.set(n, { path, hits: 0 });
    else if (o.on.has("d") || o.on.has("t") || o.on.has("l")) {
      const e = table.entries.get(n);
      if (e === undefined) status = berr(ctx, `${n}: not found`, 1);
      else if (o.on.has("d")) table.entries.delete(n);
      else if (o.on.has("t")) ctx.stdout.write(o.rest.length > 1 ? `${n}\t${e.path}\n` : `${e.path}\n`);
    } else if (!n.includes("/") && !isBuiltin(ip.rt.commands.get(n)) && !ip.st.functions.has(n)) {
      table.entries.delete(n);
      if ((await lookupCommand(ip, n, false)) === undefined) status = berr(ctx, `${n}: not found`, 1);
    }
  }
  return status;
});

/** `enable [-n] [name ...]`: lists builtins; disabling removes them from the table. */
export const enable = builtin("enable", "Enable and disable shell builtins.", (ctx) => {
  const ip = ctx.interp;
  const o = parseOpts(ctx.args, "anpsf", "");
  if (o.rest.length === 0) {
    for (const n of ip.rt.commands.names().sort()) if (isBuiltin(ip.rt.commands.get(n))) ctx.stdout.write(`enable ${n}\n`);
    return 0;
  }
  let status = 0;
  for (const n of o.rest) {
    const c = ip.rt.commands.get(n);
    if (!isBuiltin(c)) {
      berr(ctx, `${n}: not a shell builtin`, 1);
      status = 1;
    } else if (o.on.has("n")) ip.rt.commands.delete(n);
  }
  return status;
});
