/**
 * `umask [-p] [-S] [mode]`: the file-creation mask of the shell (redirections create files
 * with `0666 & ~umask`). `mode` is octal or bash's symbolic form (`u=rwx,g-w,o=`).
 */
import { badOption, berr, builtin, parseOpts } from "./define.js";

const WHO: Readonly<Record<string, number>> = { u: 0o700, g: 0o070, o: 0o007, a: 0o777 };
const PERM: Readonly<Record<string, number>> = { r: 0o444, w: 0o222, x: 0o111 };

/**
 * Applies a symbolic mode to permission bits (bash's parse_symbolic_mode). Returns the new
 * bits, or an error message.
 */
export function applySymbolicMode(mode: string, initial: number): number | string {
  let bits = initial;
  let i = 0;
  for (;;) {
    let who = 0;
    while (i < mode.length && WHO[mode[i]!] !== undefined) who |= WHO[mode[i++]!]!;
    const op = mode[i++];
    if (op !== "+" && op !== "-" && op !== "=") return `\`${op ?? ""}': invalid symbolic mode operator`;
    let perm = 0;
    while (i < mode.length && PERM[mode[i]!] !== undefined) perm |= PERM[mode[i++]!]!;
    if (i < mode.length && mode[i] !== ",") return `\`${mode[i]}': invalid symbolic mode character`;
    if (who !== 0) perm &= who;
    if (op === "+") bits |= perm;
    else if (op === "-") bits &= ~perm;
    else {
      bits &= ~(who === 0 ? 0o777 : who);
      bits |= perm;
    }
    if (i >= mode.length) return bits;
    i++;
  }
}

/** `u=rwx,g=rx,o=rx` for a umask. */
function symbolic(mask: number): string {
  const perm = (shift: number): string => {
    const b = (~mask >> shift) & 7;
    return `${b & 4 ? "r" : ""}${b & 2 ? "w" : ""}${b & 1 ? "x" : ""}`;
  };
  return `u=${perm(6)},g=${perm(3)},o=${perm(0)}`;
}

/** `umask` */
export const umask = builtin("umask", "Display or set file mode mask.", (ctx) => {
  const st = ctx.interp.st;
  const o = parseOpts(ctx.args, "Sp");
  if (o.bad !== undefined) return badOption(ctx, o.bad, "umask [-p] [-S] [mode]");
  const sym = o.on.has("S");
  const arg = o.rest[0];
  if (arg === undefined) {
    const shown = sym ? symbolic(st.umask) : st.umask.toString(8).padStart(4, "0");
    ctx.stdout.write(`${o.on.has("p") ? `umask${sym ? " -S" : ""} ` : ""}${shown}\n`);
    return 0;
  }
  let mask: number;
  if (/^[0-9]/.test(arg)) {
    // bash's read_octal: at most 4 digits, at most 07777; the kernel keeps the low 9 bits
    if (!/^[0-7]{1,4}$/.test(arg)) return berr(ctx, `${arg}: octal number out of range`, 1);
    mask = parseInt(arg, 8) & 0o777;
  } else {
    const bits = applySymbolicMode(arg, ~st.umask & 0o777);
    if (typeof bits === "string") return berr(ctx, bits, 1);
    mask = ~bits & 0o777;
  }
  st.umask = mask;
  if (sym) ctx.stdout.write(`${symbolic(mask)}\n`);
  return 0;
});
