/**
 * `exit`, `return`, `break`, `continue`: they end the command with an abrupt completion that
 * the interpreter propagates as a value (never an exception).
 */
import { Abrupt, FatalError } from "../errors.js";
import type { BuiltinContext } from "../simple.js";
import { berr, builtin } from "./define.js";

function statusArg(ctx: BuiltinContext, dflt: number): number | undefined {
  const a = ctx.args[0];
  if (a === undefined) return dflt;
  if (!/^\s*[-+]?[0-9]+\s*$/.test(a)) {
    berr(ctx, `${a}: numeric argument required`, 2);
    return undefined;
  }
  return Number(a) & 255;
}

/** `exit [n]` */
export const exit = builtin(
  "exit",
  "Exit the shell.",
  (ctx) => {
    let s = statusArg(ctx, ctx.interp.st.status);
    if (s === undefined) s = 2;
    else if (ctx.args.length > 1) throw new FatalError("exit: too many arguments", 1, "discard");
    ctx.interp.pendingAbrupt = new Abrupt("exit", 0, s);
    return s;
  },
  true,
);

/** `return [n]` */
export const returnCmd = builtin(
  "return",
  "Return from a shell function.",
  (ctx) => {
    const ip = ctx.interp;
    if (ip.callDepth === 0 && ip.sourceDepth === 0) return berr(ctx, "can only `return' from a function or sourced script", 2);
    let s = statusArg(ctx, ip.st.status);
    if (s === undefined) s = 2;
    else if (ctx.args.length > 1) throw new FatalError("return: too many arguments", 1, "discard");
    ip.pendingAbrupt = new Abrupt("return", 0, s);
    return s;
  },
  true,
);

function loopBuiltin(kind: "break" | "continue") {
  return builtin(
    kind,
    kind === "break" ? "Exit for, while, or until loops." : "Resume for, while, or until loops.",
    (ctx) => {
      const ip = ctx.interp;
      let n = 1;
      const a = ctx.args[0];
      // outside a loop bash only complains, before looking at the arguments
      if (ip.loopDepth === 0) {
        berr(ctx, "only meaningful in a `for', `while', or `until' loop", 0);
        return 0;
      }
      if (a !== undefined) {
        // bash: a bad count ends the shell with 128; extra arguments abandon the command line
        if (!/^[0-9]+$/.test(a)) throw new FatalError(`${kind}: ${a}: numeric argument required`, 128, "exit");
        if (ctx.args.length > 1) throw new FatalError(`${kind}: too many arguments`, 1, "discard");
        n = Number(a);
        if (n < 1) return berr(ctx, `${a}: loop count out of range`, 1);
      }
      ip.pendingAbrupt = new Abrupt(kind, Math.min(n, ip.loopDepth), 0);
      return 0;
    },
    true,
  );
}

/** `break [n]` */
export const breakCmd = loopBuiltin("break");
/** `continue [n]` */
export const continueCmd = loopBuiltin("continue");
