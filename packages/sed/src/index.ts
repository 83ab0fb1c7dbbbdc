/**
 * @husk/sed — GNU sed 4.9's language over Husk's streams and filesystem: a pure API
 * (`sed(script, input, options)`) and the `sed` Command (`commands`).
 */
import type { Command } from "@husk/host";
import { sedCommand } from "./sed.js";

export { sed, runSed, parseSedArgs, sedCommand, type SedOptions, type SedResult } from "./sed.js";
export { parseScript, SedError, type Program, type ScriptPiece, type ParseOptions } from "./parse.js";
export { SedState, escapeL, type SedHost, type ExecOptions } from "./exec.js";
export { LineReader, type SedSource, type SedLine } from "./input.js";
export { SED_HELP } from "./help.js";
export type { SedCommand, Address, Subst, ReplPart } from "./script.js";

/** Every command of this package, for the shell's command table. */
export const commands: Command[] = [sedCommand];
