/**
 * @husk/jq — jq 1.8 in TypeScript: a pure API (`jq`, `compileJq`) and the `jq` Command.
 */
export { jq, compileJq, parseJsonTexts, type CompiledJq, type CompileOptions, type JqOptions, type ModuleHost, type RunOptions } from "./api.js";
export { JqCompileError } from "./parser.js";
export { JqError, JqMap, type Val, type JqObject, fromJS, toJS, compare, equals } from "./value.js";
export { DecLit } from "./number.js";
export { dump, dumpCompact, dumpTo, formatNumber, type DumpOptions } from "./dump.js";
export { jqCommand } from "./command.js";
import { jqCommand } from "./command.js";
import type { Command } from "@husk/host";

/** The commands this package provides (for the shell's command table). */
export const commands: Command[] = [jqCommand];
