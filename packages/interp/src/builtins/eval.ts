/** `eval [arg ...]`: runs the joined arguments as shell code in the current shell. */
import { badOption, builtin } from "./define.js";

/** `eval` */
export const evalCmd = builtin(
  "eval",
  "Execute arguments as a shell command.",
  async (ctx) => {
    const ip = ctx.interp;
    let args = ctx.args;
    if (args[0] === "--") args = args.slice(1);
    else if (args[0] !== undefined && args[0].length > 1 && args[0][0] === "-") return badOption(ctx, args[0].slice(1, 2), "eval [arg ...]");
    const text = args.join(" ");
    if (text.trim() === "") return 0;
    let c;
    ip.traceLevel++;
    // after the eval, $BASH_COMMAND names the eval again, as bash's parse_and_execute leaves it
    const cur = ip.st.curCommand;
    try {
      c = await ip.runScript(text, ip.line() - 1, false, undefined, "eval");
    } finally {
      ip.traceLevel--;
      if (ip.runningTraps === 0) ip.st.curCommand = cur;
    }
    if (typeof c !== "number") {
      ip.pendingAbrupt = c;
      return c.status;
    }
    return c;
  },
  true,
);
