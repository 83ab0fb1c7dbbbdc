/** Small builtins that mean little in a sandbox: `times`, `caller`, `help`, `exec`. */
import { berr, builtin } from "./define.js";
import { execOperands, invoke } from "../simple.js";
import { Abrupt } from "../errors.js";
import { callerLine } from "../callstack.js";

/** `times`: the sandbox has no process accounting; reports zeros. */
export const times = builtin("times", "Display process times.", (ctx) => {
  ctx.stdout.write("0m0.000s 0m0.000s\n0m0.000s 0m0.000s\n");
  return 0;
}, true);

/** `caller [n]` */
export const caller = builtin("caller", "Return the context of the current subroutine call.", (ctx) => {
  const a = ctx.args[0];
  if (a !== undefined && !/^[0-9]+$/.test(a)) return berr(ctx, `${a}: invalid number`, 2);
  const line = callerLine(ctx.interp.st, a === undefined ? undefined : Number(a));
  if (line === undefined) return 1;
  ctx.stdout.write(`${line}\n`);
  return 0;
});

/** `help [pattern]` */
export const help = builtin("help", "Display information about builtin commands.", (ctx) => {
  const ip = ctx.interp;
  const names = ip.rt.commands.names().sort();
  const pats = ctx.args.filter((a) => !a.startsWith("-"));
  let found = false;
  for (const n of names) {
    if (pats.length > 0 && !pats.includes(n)) continue;
    const c = ip.rt.commands.get(n)!;
    found = true;
    ctx.stdout.write(`${n}: ${c.summary ?? ""}\n`);
  }
  if (!found && pats.length > 0) return berr(ctx, `no help topics match \`${pats[0]}'.  Try \`help help' or \`man -k ${pats[0]}' or \`info ${pats[0]}'.`, 1);
  return 0;
});

/** `exec [command [args]]`: runs the command, then the shell exits with its status. */
export const exec = builtin("exec", "Replace the shell with the given command.", async (ctx) => {
  const ip = ctx.interp;
  const args = execOperands(["exec", ...ctx.args]);
  if (args.length === 0) return 0;
  const c = await invoke(ip, args.slice(), undefined, true);
  const status = typeof c === "number" ? c : c.status;
  ip.pendingAbrupt = new Abrupt("exit", 0, status);
  return status;
}, true);
