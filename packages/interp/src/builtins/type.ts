/**
 * `type`, `command`, `builtin`, `hash`, `enable`: command lookup as the shell sees it
 * (keywords, aliases, functions, builtins, registered commands).
 */
import { print } from "@husk/syntax";
import { invoke, isBuiltin, runCommand } from "../simple.js";
import type { BuiltinContext } from "../simple.js";
import { badOption, berr, builtin, parseOpts } from "./define.js";

/** Shell reserved words. */
export const KEYWORDS = new Set(["if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do", "done", "in", "function", "time", "{", "}", "!", "[[", "]]", "coproc"]);

type Kind = "alias" | "keyword" | "function" | "builtin" | "file" | undefined;

function kindOf(ctx: BuiltinContext, name: string, noFunctions = false): Kind {
  const ip = ctx.interp;
  if (!noFunctions && ip.st.aliases.has(name) && ip.st.opt("expand_aliases")) return "alias";
  if (KEYWORDS.has(name)) return "keyword";
  if (!noFunctions && ip.st.functions.has(name)) return "function";
  const c = ip.rt.commands.get(name);
  if (c === undefined) return undefined;
  return isBuiltin(c) ? "builtin" : "file";
}

/** `type [-afptP] name ...` */
export const type = builtin("type", "Display information about command type.", (ctx) => {
  const ip = ctx.interp;
  const o = parseOpts(ctx.args, "afptP");
  if (o.bad !== undefined) return badOption(ctx, o.bad, "type [-afptP] name [name ...]");
  let status = 0;
  for (const name of o.rest) {
    const k = kindOf(ctx, name, o.on.has("f"));
    if (k === undefined) {
      if (!o.on.has("t") && !o.on.has("p") && !o.on.has("P")) ip.error(`type: ${name}: not found`);
      status = 1;
      continue;
    }
    if (o.on.has("t")) ctx.stdout.write(`${k}\n`);
    else if (o.on.has("p") || o.on.has("P")) {
      if (k === "file") ctx.stdout.write(`/usr/bin/${name}\n`);
    } else if (k === "alias") ctx.stdout.write(`${name} is aliased to \`${ip.st.aliases.get(name)}'\n`);
    else if (k === "keyword") ctx.stdout.write(`${name} is a shell keyword\n`);
    else if (k === "function") {
      let body = "";
      try {
        body = print(ip.st.functions.get(name)!.def);
      } catch {
        body = `${name} () \n{ \n    :\n}`;
      }
      ctx.stdout.write(`${name} is a function\n${body}\n`);
    } else if (k === "builtin") ctx.stdout.write(`${name} is a shell builtin\n`);
    else ctx.stdout.write(`${name} is /usr/bin/${name}\n`);
  }
  return status;
});

/** `command [-pVv] name [args]`: runs a builtin or command, skipping functions. */
export const command = builtin("command", "Execute a simple command or display information about commands.", async (ctx) => {
  const ip = ctx.interp;
  const o = parseOpts(ctx.args, "pvV");
  if (o.bad !== undefined) return badOption(ctx, o.bad, "command [-pVv] command [arg ...]");
  if (o.on.has("v") || o.on.has("V")) {
    let status = 0;
    for (const name of o.rest) {
      const k = kindOf(ctx, name);
      if (k === undefined) {
        if (o.on.has("V")) ip.error(`command: ${name}: not found`);
        status = 1;
      } else if (o.on.has("v")) ctx.stdout.write(k === "file" ? `/usr/bin/${name}\n` : k === "alias" ? `alias ${name}='${ip.st.aliases.get(name)}'\n` : `${name}\n`);
      else ctx.stdout.write(k === "builtin" ? `${name} is a shell builtin\n` : k === "keyword" ? `${name} is a shell keyword\n` : k === "function" ? `${name} is a function\n` : `${name} is /usr/bin/${name}\n`);
    }
    return status;
  }
  if (o.rest.length === 0) return 0;
  const c = await invoke(ip, o.rest.slice(), undefined, true);
  if (typeof c === "number") return c;
  ip.pendingAbrupt = c;
  return c.status;
});

/** `builtin name [args]`: runs a shell builtin. */
export const builtinCmd = builtin("builtin", "Execute shell builtins.", async (ctx) => {
  const args = ctx.args[0] === "--" ? ctx.args.slice(1) : ctx.args.slice();
  const name = args[0];
  if (name === undefined) return 0;
  const c = ctx.interp.rt.commands.get(name);
  if (!isBuiltin(c)) return berr(ctx, `${name}: not a shell builtin`, 1);
  const r = await runCommand(ctx.interp, c, args);
  if (typeof r === "number") return r;
  ctx.interp.pendingAbrupt = r;
  return r.status;
});

/** `hash [-r] [name ...]` */
export const hash = builtin("hash", "Remember or display program locations.", (ctx) => {
  const ip = ctx.interp;
  const o = parseOpts(ctx.args, "rdlt", "p");
  if (o.on.has("r")) {
    ip.st.hashed.clear();
    return 0;
  }
  if (o.rest.length === 0) {
    if (ip.st.hashed.size === 0) {
      ctx.stdout.write("hash: hash table empty\n");
      return 0;
    }
    ctx.stdout.write("hits\tcommand\n");
    for (const [n, p] of ip.st.hashed) ctx.stdout.write(`   1\t${p || `/usr/bin/${n}`}\n`);
    return 0;
  }
  let status = 0;
  for (const n of o.rest) {
    const c = ip.rt.commands.get(n);
    if (c === undefined || isBuiltin(c)) {
      if (c === undefined) {
        berr(ctx, `${n}: not found`, 1);
        status = 1;
      }
      continue;
    }
    ip.st.hashed.set(n, `/usr/bin/${n}`);
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
