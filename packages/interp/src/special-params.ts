/**
 * Special parameters computed when read: `$RANDOM`, `$SECONDS`, `$LINENO` and the other dynamic
 * variables, and `$-`.
 */
import type { Interp } from "./interp.js";

/** Variables whose value is computed on read (unless the script set them); undefined for other names. */
export function dynamicVar(ip: Interp, name: string): string | undefined {
  switch (name) {
    case "RANDOM":
      return String(ip.rt.random.nextU32() & 32767);
    case "SRANDOM":
      return String(ip.rt.random.nextU32());
    case "LINENO":
      return String(ip.line());
    case "SECONDS":
      return String(Math.floor((ip.rt.clock.now() - ip.rt.startMs) / 1000));
    case "EPOCHSECONDS":
      return String(Math.floor(ip.rt.clock.now() / 1000));
    case "EPOCHREALTIME":
      return (ip.rt.clock.now() / 1000).toFixed(6);
    case "BASHPID":
      return String(ip.st.isSubshell ? ip.st.bashPid : ip.rt.identity.pid);
    case "BASH_SUBSHELL":
      return String(ip.st.subshellDepth);
  }
  return undefined;
}

/** `$-`: the letters of the options that are on, then `c` for a -c run or `s` for a script read from stdin. */
export function shellFlags(ip: Interp): string {
  const o = ip.st.options;
  let f = "";
  if (o.allexport) f += "a";
  if (o.errexit) f += "e";
  if (o.noglob) f += "f";
  if (o.hashall) f += "h";
  if (o.noexec) f += "n";
  if (o.nounset) f += "u";
  if (o.verbose) f += "v";
  if (o.xtrace) f += "x";
  if (o.braceexpand) f += "B";
  if (o.noclobber) f += "C";
  if (o.errtrace) f += "E";
  if (o.functrace) f += "T";
  return f + ip.st.flagSuffix;
}
