/** `alias [-p] [name[=value] ...]` and `unalias [-a] name ...`. */
import { berr, builtin, parseOpts } from "./define.js";

const q = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

/** `alias` */
export const alias = builtin("alias", "Define or display aliases.", (ctx) => {
  const ip = ctx.interp;
  const o = parseOpts(ctx.args, "p");
  if (o.rest.length === 0) {
    for (const n of [...ip.st.aliases.keys()].sort()) ctx.stdout.write(`alias ${n}=${q(ip.st.aliases.get(n)!)}\n`);
    return 0;
  }
  let status = 0;
  for (const a of o.rest) {
    const eq = a.indexOf("=");
    if (eq > 0) {
      ip.st.aliases.set(a.slice(0, eq), a.slice(eq + 1));
      continue;
    }
    const v = ip.st.aliases.get(a);
    if (v === undefined) {
      berr(ctx, `${a}: not found`, 1);
      status = 1;
    } else ctx.stdout.write(`alias ${a}=${q(v)}\n`);
  }
  return status;
});

/** `unalias` */
export const unalias = builtin("unalias", "Remove each NAME from the list of defined aliases.", (ctx) => {
  const ip = ctx.interp;
  const o = parseOpts(ctx.args, "a");
  if (o.on.has("a")) {
    ip.st.aliases.clear();
    return 0;
  }
  if (o.rest.length === 0) {
    ctx.stderr.write("unalias: usage: unalias [-a] name [name ...]\n");
    return 2;
  }
  let status = 0;
  for (const n of o.rest) {
    if (!ip.st.aliases.delete(n)) {
      berr(ctx, `${n}: not found`, 1);
      status = 1;
    }
  }
  return status;
});
