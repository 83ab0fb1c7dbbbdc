/**
 * `trap [-lp] [action] [signal ...]`: EXIT, ERR, DEBUG and RETURN run; signals are accepted
 * and remembered (nothing in the sandbox sends them).
 */
import { badOption, berr, builtin, parseOpts } from "./define.js";
import { signalName, signalNumber, signalTable } from "../signals.js";

export { SIGNALS, signalName } from "../signals.js";

const q = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;
const display = (n: string): string => (signalNumber(n) > 0 ? `SIG${n}` : n);

/** `trap` */
export const trap = builtin(
  "trap",
  "Trap signals and other events.",
  (ctx) => {
    const ip = ctx.interp;
    const o = parseOpts(ctx.args, "lp");
    if (o.bad !== undefined) return badOption(ctx, o.bad, "trap [-lp] [[arg] signal_spec ...]");
    const args = o.rest;
    if (o.on.has("l")) {
      ctx.stdout.write(signalTable());
      return 0;
    }
    if (args.length === 0 || o.on.has("p")) {
      const names = args;
      const order = (n: string): number => (signalNumber(n) >= 0 ? signalNumber(n) : 100 + ["DEBUG", "ERR", "RETURN"].indexOf(n));
      for (const [n, action] of [...ip.st.traps].sort((a, b) => order(a[0]) - order(b[0]))) {
        if (names.length > 0 && !names.map(signalName).includes(n)) continue;
        ctx.stdout.write(`trap -- ${q(action)} ${display(n)}\n`);
      }
      return 0;
    }
    let action: string | undefined = args[0]!;
    let specs = args.slice(1);
    if (specs.length === 0 || /^[0-9]+$/.test(action)) {
      if (specs.length === 0) {
        // one operand that names no signal: bash prints the usage (status 2)
        if (signalName(action) === undefined) {
          ctx.stderr.write("trap: usage: trap [-lp] [[arg] signal_spec ...]\n");
          return 2;
        }
        specs = [action];
        action = undefined;
      } else if (/^[0-9]+$/.test(action)) {
        specs = args;
        action = undefined;
      }
    }
    if (action === "-") action = undefined;
    let status = 0;
    for (const spec of specs) {
      const n = signalName(spec);
      if (n === undefined) {
        berr(ctx, `${spec}: invalid signal specification`, 1);
        status = 1;
        continue;
      }
      ip.st.inheritedTraps.delete(n);
      if (action === undefined) ip.st.traps.delete(n);
      else ip.st.traps.set(n, action);
    }
    return status;
  },
  true,
);
