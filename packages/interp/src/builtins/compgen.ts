/** `compgen [-abcdefkvA action] [-W words] [-P prefix] [-S suffix] [word]`: completion lists. */
import { isBuiltin } from "../simple.js";
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
  if (o.values.has("W")) out.push(...(await ip.expandWords([{ type: "Word", start: 0, end: 0, parts: [{ type: "Literal", start: 0, end: 0, value: o.values.get("W")! }] }])));
  const pre = o.values.get("P") ?? "";
  const suf = o.values.get("S") ?? "";
  const matches = out.filter((w) => w.startsWith(word));
  for (const m of matches) ctx.stdout.write(`${pre}${m}${suf}\n`);
  return matches.length > 0 ? 0 : 1;
});
