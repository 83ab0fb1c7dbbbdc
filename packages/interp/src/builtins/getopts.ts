/** `getopts optstring name [arg ...]`: POSIX option parsing with OPTIND/OPTARG. */
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
  const silent = spec.startsWith(":");
  const opts = silent ? spec.slice(1) : spec;
  let optind = Number(ip.getScalar("OPTIND") ?? "1") || 1;
  if (optind < 1) optind = 1;
  if (ip.st.getoptsIndex > 0 && ip.st.getoptsOptind !== optind) ip.st.getoptsIndex = 0;
  const arg = args[optind - 1];
  const done = (): number => {
    ip.setVar(name, "?");
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
      berr(ctx, `illegal option -- ${c}`, 1);
      ip.st.vars.unset("OPTARG");
    }
    ip.setVar(name, "?");
    advance();
    return 0;
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
        ip.setVar(name, ":");
        ip.setVar("OPTARG", c);
      } else {
        berr(ctx, `option requires an argument -- ${c}`, 1);
        ip.setVar(name, "?");
        ip.st.vars.unset("OPTARG");
      }
      ip.st.getoptsIndex = 0;
      ip.setVar("OPTIND", String(optind - 1));
      return 0;
    }
    ip.setVar("OPTARG", val);
    ip.setVar(name, c);
    ip.st.getoptsIndex = 0;
    ip.setVar("OPTIND", String(optind));
    return 0;
  }
  ip.setVar(name, c);
  ip.st.vars.unset("OPTARG");
  advance();
  return 0;
});
