/** `shift [n]` */
import { FatalError } from "../errors.js";
import { berr, builtin } from "./define.js";

/** `shift` */
export const shift = builtin(
  "shift",
  "Shift positional parameters.",
  (ctx) => {
    const st = ctx.interp.st;
    const a = ctx.args[0];
    let n = 1;
    if (a !== undefined) {
      if (!/^-?[0-9]+$/.test(a.trim())) return berr(ctx, `${a}: numeric argument required`, 1);
      // bash abandons the command line (and a `bash -c` string) on extra arguments
      if (ctx.args.length > 1) throw new FatalError("shift: too many arguments", 1, "discard");
      n = Number(a);
      if (n < 0) return berr(ctx, `${a}: shift count out of range`, 1);
    }
    if (n > st.positional.length) {
      // (POSIX mode reports it as shift_verbose does)
      if (st.opt("shift_verbose") || st.options.posix) berr(ctx, `${n}: shift count out of range`, 1);
      return 1;
    }
    st.positional = st.positional.slice(n);
    return 0;
  },
  true,
);
