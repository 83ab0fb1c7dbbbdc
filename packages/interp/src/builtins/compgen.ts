/** `compgen [-abcdefkvA action] [-W words] [-F function] [-P prefix] [-S suffix] [word]`: completion lists. */
import { Abrupt } from "../errors.js";
import { callFunction, isBuiltin } from "../simple.js";
import { IndexedArray } from "../vars.js";
import { builtin, parseOpts } from "./define.js";
import { KEYWORDS } from "./type.js";

/** `compgen` */
export const compgen = builtin("compgen", "Display possible completions depending on the options.", async (ctx) => {
  const ip = ctx.interp;
  const o = parseOpts(ctx.args, "abcdefjksuv", "AWGFCXPSo");
  const word = o.rest[0] ?? "";
  const out: string[] = [];
  const actions = new Set(o.on);
  const a = o.values.get("A");
  if (a === "variable") actions.add("v");
  if (a === "function") actions.add("function");
  if (a === "builtin") actions.add("b");
  if (a === "keyword") actions.add("k");
  if (a === "alias") actions.add("a");
  if (a === "command") actions.add("c");
  if (actions.has("v")) out.push(...ip.st.vars.names());
  if (actions.has("a") || actions.has("c")) out.push(...[...ip.st.aliases.keys()].sort());
  if (actions.has("b") || actions.has("c")) out.push(...ip.rt.commands.names().filter((n) => isBuiltin(ip.rt.commands.get(n))).sort());
  if (actions.has("k") || actions.has("c")) out.push(...KEYWORDS);
  if (actions.has("function") || actions.has("c")) out.push(...[...ip.st.functions.keys()].sort());
  if (actions.has("c")) out.push(...ip.rt.commands.names().filter((n) => !isBuiltin(ip.rt.commands.get(n))).sort());
  if (o.values.has("W")) {
    // the word list is split with IFS first (`-W "x y"` offers x and y)
    const ifs = ip.getScalar("IFS") ?? " \t\n";
    const words = ifs === "" ? [o.values.get("W")!] : o.values.get("W")!.split(new RegExp(`[${ifs.replace(/[\\\]^-]/g, "\\$&")}]+`)).filter((w) => w !== "");
    out.push(...(await ip.expandWords(words.map((value) => ({ type: "Word", start: 0, end: 0, parts: [{ type: "Literal", start: 0, end: 0, value }] })))));
  }
  const pre = o.values.get("P") ?? "";
  const suf = o.values.get("S") ?? "";
  const matches = out.filter((w) => w.startsWith(word));
  let status = 0;
  const fname = o.values.get("F");
  if (fname !== undefined) {
    // bash calls the function as completion would (`compgen WORD ''`) and prints COMPREPLY as it is
    ctx.interp.error("compgen: warning: -F option may not work as you expect");
    const fn = ip.st.functions.get(fname);
    if (fn === undefined) {
      ctx.interp.error(`completion: function \`${fname}' not found`);
      status = 1;
    } else {
      const c = await callFunction(ip, fn, [fname, "compgen", word, ""]);
      if (c instanceof Abrupt) {
        ip.pendingAbrupt = c;
        return c.status;
      }
      const v = ip.st.vars.lookup("COMPREPLY")?.value;
      matches.push(...(v instanceof IndexedArray ? v.values() : typeof v === "string" ? [v] : []));
    }
  }
  for (const m of matches) ctx.stdout.write(`${pre}${m}${suf}\n`);
  return status !== 0 ? status : matches.length > 0 || fname !== undefined ? 0 : 1;
});
