/**
 * `history` as a script sees it: bash records no history in a non-interactive shell, so the
 * list holds only what `history -s` adds; `-c` and `-d N` edit it, `-p` prints its arguments,
 * and the file operations (`-a -n -r -w`) do nothing.
 */
import { FatalError } from "../errors.js";
import type { ShellState } from "../state.js";
import { badOption, berr, builtin, parseOpts } from "./define.js";

const USAGE = "history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]";

/** The entries of each shell (a subshell starts without any). */
const lists = new WeakMap<ShellState, string[]>();

/** The history list of a shell (`history -s` adds to it; `fc` reads it). */
export function historyList(st: ShellState): string[] {
  let l = lists.get(st);
  if (l === undefined) {
    l = [];
    lists.set(st, l);
  }
  return l;
}

/** `history` */
export const history = builtin("history", "Display or manipulate the history list.", (ctx) => {
  const o = parseOpts(ctx.args, "canrwps", "d");
  if (o.bad !== undefined) return badOption(ctx, o.bad, USAGE);
  const list = historyList(ctx.interp.st);
  if (o.on.has("c")) list.length = 0;
  if (o.values.has("d")) {
    const text = o.values.get("d")!;
    const n = /^[-+]?\d+$/.test(text) ? Number(text) : Number.NaN;
    const i = n < 0 ? list.length + n : n - 1;
    if (Number.isNaN(n) || i < 0 || i >= list.length) return berr(ctx, `${text}: history position out of range`);
    list.splice(i, 1);
    return 0;
  }
  if (o.on.has("p")) {
    for (const a of o.rest) ctx.stdout.write(`${a}\n`);
    return 0;
  }
  if (o.on.has("s")) {
    if (o.rest.length > 0) list.push(o.rest.join(" "));
    return 0;
  }
  if (o.on.has("c") || o.on.has("a") || o.on.has("n") || o.on.has("r") || o.on.has("w")) return 0;
  const first = o.rest[0];
  if (first !== undefined && !/^[-+]?\d+$/.test(first)) return berr(ctx, `${first}: numeric argument required`);
  // bash's DISCARD, as for `shift 1 2`: the rest of the line is skipped
  if (o.rest.length > 1) throw new FatalError("history: too many arguments", 1, "discard");
  const count = first === undefined ? list.length : Math.min(Math.abs(Number(first)), list.length);
  for (let i = list.length - count; i < list.length; i++) ctx.stdout.write(`${String(i + 1).padStart(5)}  ${list[i]}\n`);
  return 0;
});
