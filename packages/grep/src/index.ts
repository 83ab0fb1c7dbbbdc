/**
 * @husk/grep — grep, egrep and fgrep as GNU grep 3.8 behaves: a pure API (`grep(patterns,
 * input, options)`) and Commands (`commands`). Patterns go through @husk/pattern.
 */
import type { Command } from "@husk/host";
import { egrepCommand, fgrepCommand, grepCommand } from "./grep.js";

export { grep, runGrep, splitPatterns, grepCommand, egrepCommand, fgrepCommand, type GrepResult } from "./grep.js";
export { type GrepOptions, type GrepArgs, parseGrepArgs } from "./options.js";
export { type LineMatcher, buildMatcher } from "./matcher.js";
export { FileSearch, type FileResult } from "./search.js";
export { GREP_HELP } from "./help.js";

/** Every command of this package, for the shell's command table. */
export const commands: Command[] = [grepCommand, egrepCommand, fgrepCommand];
