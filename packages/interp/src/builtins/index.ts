/** Every shell builtin, registered in the command table before other commands. */
import type { Builtin } from "../simple.js";
import { alias, unalias } from "./alias.js";
import { cd, dirs, popd, pushd, pwd } from "./cd.js";
import { compgen } from "./compgen.js";
import { breakCmd, continueCmd, exit, returnCmd } from "./control.js";
import { declare, exportCmd, local, readonly, typeset } from "./declare.js";
import { echo } from "./echo.js";
import { evalCmd } from "./eval.js";
import { getopts } from "./getopts.js";
import { bg, disown, fg, jobs, kill, wait } from "./jobs.js";
import { bind, complete, compopt, fc, logout, suspend } from "./interactive.js";
import { letCmd } from "./let.js";
import { caller, exec, help, times } from "./misc.js";
import { history } from "./history.js";
import { umask } from "./umask.js";
import { printf } from "./printf.js";
import { mapfile, read, readarray } from "./read.js";
import { set } from "./set.js";
import { shift } from "./shift.js";
import { shopt } from "./shopt.js";
import { dot, source } from "./source.js";
import { bracket, test } from "./test.js";
import { trap } from "./trap.js";
import { colon, falseCmd, trueCmd } from "./trivial.js";
import { builtinCmd, command, enable, hash, type } from "./type.js";
import { bashCmd, shCmd } from "./bash.js";
import { ulimit } from "./ulimit.js";
import { unset } from "./unset.js";

/** All builtins of the interpreter. */
export const BUILTINS: readonly Builtin[] = [
  colon, trueCmd, falseCmd, echo, printf, test, bracket, cd, pwd, pushd, popd, dirs, read, mapfile, readarray,
  declare, typeset, local, exportCmd, readonly, unset, shift, set, shopt, evalCmd, source, dot, exit, returnCmd,
  breakCmd, continueCmd, letCmd, type, command, builtinCmd, hash, enable, alias, unalias, trap, wait, kill, jobs,
  getopts, umask, times, caller, help, history, exec, compgen, bashCmd, shCmd, ulimit,
  disown, fg, bg, logout, suspend, bind, complete, compopt, fc,
];

/** Builtins that read or write files (absent from the logic-only profile). */
export const FILE_BUILTINS: ReadonlySet<string> = new Set(["source", ".", "cd", "pushd", "popd"]);
