/** `shopt [-pqsu] [-o] [optname ...]`: bash's extra options. */
import { SHOPT_DEFAULTS } from "../state.js";
import { SET_O_NAMES } from "./set.js";
import { badOption, builtin, parseOpts } from "./define.js";

/** `shopt` */
export const shopt = builtin("shopt", "Set and unset shell options.", (ctx) => {
  const ip = ctx.interp;
  const o = parseOpts(ctx.args, "pqsuo");
  if (o.bad !== undefined) return badOption(ctx, o.bad, "shopt [-pqsu] [-o] [optname ...]");
  const setO = o.on.has("o");
  const table = setO ? new Map(SET_O_NAMES.map((n) => [n as string, (ip.st.options as unknown as Record<string, boolean>)[n]!])) : ip.st.shopt;
  const names = o.rest.length > 0 ? o.rest : [...table.keys()].sort();
  const setVal = (n: string, v: boolean): void => {
    if (setO) (ip.st.options as unknown as Record<string, boolean>)[n] = v;
    else ip.st.shopt.set(n, v);
  };
  let status = 0;
  for (const n of o.rest) {
    if (!table.has(n) && !(n in SHOPT_DEFAULTS)) {
      ip.error(`shopt: ${n}: invalid ${setO ? "option" : "shell option"} name`);
      status = 1;
    }
  }
  if (o.on.has("s") || o.on.has("u")) {
    if (o.rest.length === 0) {
      for (const n of names) if (table.get(n) === o.on.has("s")) print(n, table.get(n)!);
      return 0;
    }
    for (const n of o.rest) if (table.has(n)) setVal(n, o.on.has("s"));
    return status;
  }
  function print(n: string, v: boolean): void {
    if (o.on.has("q")) return;
    if (o.on.has("p")) ctx.stdout.write(setO ? `set ${v ? "-" : "+"}o ${n}\n` : `shopt ${v ? "-s" : "-u"} ${n}\n`);
    else ctx.stdout.write(`${n.padEnd(15)}\t${v ? "on" : "off"}\n`);
  }
  for (const n of names) {
    if (!table.has(n)) continue;
    const v = table.get(n)!;
    print(n, v);
    if (o.rest.length > 0 && !v) status = 1;
  }
  return status;
});
