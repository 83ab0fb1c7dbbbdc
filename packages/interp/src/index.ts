/**
 * @husk/interp — the bash interpreter: word expansion, execution, shell builtins, limits,
 * streaming pipes. `ShellSession` runs scripts; `commandTable()` gives the builtins table that
 * other commands are registered into.
 */
export { ShellSession, commandTable, type SessionOptions, type RunOptions, type RunResult } from "./session.js";
export { BUILTINS, FILE_BUILTINS } from "./builtins/index.js";
export { Interp, type Runtime, type ProfileName } from "./interp.js";
export { isBuiltin, type Builtin, type BuiltinContext } from "./simple.js";
export { ArithEvaluator, ArithError, type ArithEnv } from "./arith.js";
export { VarStore, IndexedArray, Attr } from "./vars.js";
export { Pipe, ShellInput, CappedOutput } from "./io.js";
export { FieldBuilder, Mode } from "./fields.js";
