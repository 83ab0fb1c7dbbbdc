/** `unset [-fvn] name ...`: removes variables, array elements (`a[i]`) or functions. */
import { arithSubscript, dataSubscript } from "../refs.js";
import { IndexedArray, isName } from "../vars.js";
import { DYNAMIC_VARS } from "../special-params.js";
import { badOption, builtin, parseOpts } from "./define.js";

/** `unset` */
export const unset = builtin(
  "unset",
  "Unset values and attributes of shell variables and functions.",
  async (ctx) => {
    const ip = ctx.interp;
    const o = parseOpts(ctx.args, "fvn");
    if (o.bad !== undefined) return badOption(ctx, o.bad, "unset [-f] [-v] [-n] [name ...]");
    let status = 0;
    for (const name of o.rest) {
      if (o.on.has("f")) {
        ip.st.functions.delete(name);
        continue;
      }
      const m = /^([A-Za-z_][A-Za-z0-9_]*)\[(.*)\]$/s.exec(name);
      if (m !== null) {
        const v = ip.st.vars.get(m[1]!);
        const val = v?.value;
        if (v === undefined) continue;
        if (m[2] === "@" || m[2] === "*") {
          ip.st.vars.unset(m[1]!);
          continue;
        }
        if (val instanceof Map) {
          val.delete(String(await dataSubscript(ip, m[1]!, m[2]!)));
          continue;
        }
        let i = await arithSubscript(ip, m[2]!);
        if (val instanceof IndexedArray) {
          if (i < 0) i += val.end;
          if (i < 0) {
            ip.error(`unset: [${m[2]}]: bad array subscript`);
            status = 1;
            continue;
          }
          val.delete(i);
        } else if (i === 0) ip.st.vars.unset(m[1]!);
        else {
          // a scalar is element 0 of itself; any other element is an error
          ip.error(`unset: ${m[1]}: not an array variable`);
          status = 1;
        }
        continue;
      }
      if (!isName(name)) {
        // without -v it may name a function (any name can), so bash 5.2 says nothing and succeeds
        if (!o.on.has("v")) {
          ip.st.functions.delete(name);
          continue;
        }
        ip.error(`unset: \`${name}': not a valid identifier`);
        status = 1;
        continue;
      }
      if (o.on.has("n")) {
        const sc = ip.st.vars.scopeOf(name);
        if (sc !== undefined && ip.st.vars.drop(sc, name)) ip.st.vars.count--;
        continue;
      }
      // unsetting a dynamic variable itself (not a stored one hiding it) ends its special meaning
      if (DYNAMIC_VARS.has(name) && ip.st.vars.lookup(name) === undefined) ip.st.dynamicOff.add(name);
      if (!ip.st.vars.unset(name)) {
        ip.error(`unset: ${name}: cannot unset: readonly variable`);
        status = 1;
        continue;
      }
      if (name === "GLOBIGNORE") ip.st.shopt.set("dotglob", false);
      if (!o.on.has("v") && ip.st.vars.lookup(name) === undefined) ip.st.functions.delete(name);
    }
    return status;
  },
  true,
);
