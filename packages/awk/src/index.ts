/**
 * @husk/awk — POSIX awk with the gawk extensions people use: a pure API (`awk`), the parser
 * (`parse`) and the `awk`/`gawk` commands.
 */
import type { Command } from "@husk/host";
import { awkCommand, gawkCommand } from "./command.js";

export { awk } from "./api.js";
export type { AwkOptions, AwkResult } from "./api.js";
export { parse } from "./parser.js";
export type { ParseOptions } from "./parser.js";
export type * from "./ast.js";
export { AwkFatalError, AwkSyntaxError } from "./errors.js";
export { awkCommand, gawkCommand };

/** The commands this package provides, for the shell's command table. */
export const commands: Command[] = [awkCommand, gawkCommand];
