/** `let expr ...`: evaluates arithmetic; status 0 when the last value is non-zero. */
import { FatalError } from "../errors.js";
import { truthy } from "../int64.js";
import { berr, builtin } from "./define.js";

/** `let` */
export const letCmd = builtin("let", "Evaluate arithmetic expressions.", (ctx) => {
  if (ctx.args.length === 0) return berr(ctx, "expression expected", 1);
  let last: number | bigint = 0;
  for (const a of ctx.args) {
    try {
      last = ctx.interp.evalArithText(a);
    } catch (e) {
      if (e instanceof FatalError) return berr(ctx, e.message, 1);
      throw e;
    }
  }
  return truthy(last) ? 0 : 1;
});
