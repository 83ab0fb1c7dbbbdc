/** `getopts optstring name [arg ...]`: POSIX option parsing with OPTIND/OPTARG. */
import { isName } from "../vars.js";
import { berr, builtin } from "./define.js";

/** `getopts` */
export const getopts = builtin("getopts", "Parse option arguments.", (ctx) => {
  const ip = ctx.interp;
  const [spec, name, ...rest] = ctx.args;
  if (spec === undefined || name === undefined) {
    ctx.stderr.write("getopts: usage: getopts optstring name [arg ...]\n");
    return 2;
  }
  const args = ctx.args.length > 2 ? rest : ip.st.positional;
  // an invalid name: options are still consumed (OPTIND, OPTARG), but the status is 1
  let status = 0;
  const setName = (v: string): void => {
    if (isName(name)) ip.setVar(name, v);
    else status = berr(ctx, `\`${name}': not a valid identifier`, 1);
  };
  const silent = spec.startsWith(":");
  const opts = silent ? spec.slice(1) : spec;
  let optind = Number(ip.getScalar("OPTIND") ?? "1") || 1;
  if (optind < 1) optind = 1;
  if (ip.st.getoptsIndex > 0 && ip.st.getoptsOptind !== optind) ip.st.getoptsIndex = 0;
  const arg = args[optind - 1];
  const done = (): number => {
    setName("?");
    ip.st.vars.unset("OPTARG");
    // past the end, OPTIND points just after the last argument
    if (optind > args.length + 1) ip.setVar("OPTIND", String(args.length + 1));
    ip.st.getoptsIndex = 0;
    return 1;
  };
  if (arg === undefined || ip.st.getoptsIndex === 0 && (arg === "-" || !arg.startsWith("-"))) return done();
  if (ip.st.getoptsIndex === 0 && arg === "--") {
    ip.setVar("OPTIND", String(optind + 1));
    return done();
  }
  let pos = ip.st.getoptsIndex || 1;
  const c = arg[pos]!;
  pos++;
  const k = opts.indexOf(c);
  const advance = (): void => {
    if (pos >= arg.length) {
      optind++;
      pos = 0;
    }
    ip.st.getoptsIndex = pos;
    ip.st.getoptsOptind = optind;
    ip.setVar("OPTIND", String(optind));
  };
  if (k < 0 || c === ":") {
    if (silent) {
      ip.setVar("OPTARG", c);
    } else {
      // bash's getopts names $0, not itself, and no line (`script.sh: illegal option -- x`)
      ctx.stderr.write(`${ip.st.arg0}: illegal option -- ${c}\n`);
      ip.st.vars.unset("OPTARG");
    }
    setName("?");
    advance();
    return status;
  }
  if (opts[k + 1] === ":") {
    let val: string | undefined;
    if (pos < arg.length) {
      val = arg.slice(pos);
      optind++;
    } else {
      val = args[optind];
      optind += 2;
    }
    pos = 0;
    if (val === undefined) {
      if (silent) {
        setName(":");
        ip.setVar("OPTARG", c);
      } else {
        ctx.stderr.write(`${ip.st.arg0}: option requires an argument -- ${c}\n`);
        setName("?");
        ip.st.vars.unset("OPTARG");
      }
      ip.st.getoptsIndex = 0;
      ip.setVar("OPTIND", String(optind - 1));
      return status;
    }
    ip.setVar("OPTARG", val);
    setName(c);
    ip.st.getoptsIndex = 0;
    ip.setVar("OPTIND", String(optind));
    return status;
  }
  setName(c);
  ip.st.vars.unset("OPTARG");
  advance();
  return status;
});
