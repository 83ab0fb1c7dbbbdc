import { decodeEscapes } from "../escapes.js";
import { builtin } from "./define.js";

/** `echo [-neE] [arg ...]`: bash's echo (options only when every letter is n, e or E). */
export const echo = builtin("echo", "Write arguments to the standard output.", (ctx) => {
  const args = ctx.args;
  let newline = true;
  let escapes = ctx.interp.st.opt("xpg_echo");
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a.length < 2 || a[0] !== "-" || !/^-[neE]+$/.test(a)) break;
    for (const c of a.slice(1)) {
      if (c === "n") newline = false;
      else if (c === "e") escapes = true;
      else escapes = false;
    }
  }
  let text = args.slice(i).join(" ");
  if (escapes) {
    const d = decodeEscapes(text, true);
    text = d.text;
    if (d.stop) newline = false;
  }
  const r = ctx.stdout.write(newline ? `${text}\n` : text);
  return r === undefined ? 0 : r.then(() => 0);
});
