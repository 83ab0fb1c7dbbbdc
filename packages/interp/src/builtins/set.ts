/**
 * `set`: options (`-e`, `-o pipefail`, `+x` ...), positional parameters (`set -- a b`), and
 * with no arguments the listing of all variables.
 */
import { OPTION_LETTERS } from "../state.js";
import type { SetOptions } from "../state.js";
import { setValue } from "./declare.js";
import { builtin } from "./define.js";

const LETTER = new Map(OPTION_LETTERS);

/** The names of `set -o`, in bash's listing order. */
export const SET_O_NAMES: readonly (keyof SetOptions)[] = [
  "allexport", "braceexpand", "emacs", "errexit", "errtrace", "functrace", "hashall", "histexpand", "history", "ignoreeof",
  "interactive_comments", "keyword", "monitor", "noclobber", "noexec", "noglob", "nolog", "notify", "nounset", "onecmd",
  "physical", "pipefail", "posix", "privileged", "verbose", "vi", "xtrace",
];

/** `set` */
export const set = builtin(
  "set",
  "Set or unset values of shell options and positional parameters.",
  (ctx) => {
    const ip = ctx.interp;
    const st = ip.st;
    const args = ctx.args;
    if (args.length === 0) {
      for (const name of st.vars.names()) {
        const v = st.vars.get(name);
        if (v === undefined || v.value === undefined) continue;
        ctx.stdout.write(`${name}=${setValue(v)}\n`);
      }
      return 0;
    }
    let i = 0;
    for (; i < args.length; i++) {
      const a = args[i]!;
      if (a === "--") {
        i++;
        st.positional = args.slice(i);
        return 0;
      }
      if (a === "-" ) {
        st.options.xtrace = false;
        st.options.verbose = false;
        i++;
        break;
      }
      const on = a[0] === "-";
      // a lone `+` is an empty flag list, not an operand
      if (a === "+") continue;
      if ((a[0] !== "-" && a[0] !== "+") || a.length < 2) break;
      for (let j = 1; j < a.length; j++) {
        const c = a[j]!;
        if (c === "o") {
          const name = args[i + 1];
          if (name === undefined) {
            const opts = st.options as unknown as Record<string, boolean>;
            for (const n of SET_O_NAMES) {
              if (on) ctx.stdout.write(`${n.padEnd(15)}\t${opts[n] ? "on" : "off"}\n`);
              else ctx.stdout.write(`set ${opts[n] ? "-" : "+"}o ${n}\n`);
            }
            continue;
          }
          i++;
          if (!(SET_O_NAMES as readonly string[]).includes(name)) {
            ip.error(`set: ${name}: invalid option name`);
            return 2;
          }
          (st.options as unknown as Record<string, boolean>)[name] = on;
          // the two line-editing modes exclude each other
          if (on && name === "vi") st.options.emacs = false;
          if (on && name === "emacs") st.options.vi = false;
          continue;
        }
        const opt = LETTER.get(c);
        if (opt === undefined) {
          ip.error(`set: ${a[0]}${c}: invalid option`);
          ctx.stderr.write("set: usage: set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]\n");
          return 2;
        }
        st.options[opt] = on;
      }
    }
    if (i < args.length) st.positional = args.slice(i);
    return 0;
  },
  true,
);
