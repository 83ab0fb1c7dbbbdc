/** `eval [arg ...]`: runs the joined arguments as shell code in the current shell. */
import { builtin } from "./define.js";

/** `eval` */
export const evalCmd = builtin(
  "eval",
  "Execute arguments as a shell command.",
  async (ctx) => {
    const ip = ctx.interp;
    const text = ctx.args.join(" ");
    if (text.trim() === "") return 0;
    const c = await ip.runScript(text, ip.line() - 1, false);
    if (typeof c !== "number") {
      ip.pendingAbrupt = c;
      return c.status;
    }
    return c;
  },
  true,
);
