/**
 * @husk/coreutils — GNU coreutils (and friends) as Husk commands. Every tool is one module
 * exporting a `Command`; `commands` lists them all for the shell's command table. Sorting and
 * comparisons use the C locale's byte order (as `LC_ALL=C`); `wc -m` counts code points.
 */
import type { Command } from "@husk/host";
import { cat } from "./cat.js";
import { head } from "./head.js";
import { tail } from "./tail.js";
import { wc } from "./wc.js";

export { cat, catFormat } from "./cat.js";
export { head, headText } from "./head.js";
export { tail, tailText } from "./tail.js";
export { wc, wcCount, type WcCounts } from "./wc.js";
export { runTool, type RunToolOptions, type RunToolResult } from "./testing.js";
export { defineCommand, type ToolSpec } from "./util/command.js";
export { parseOptions, OptionTable, OptionError, type OptionSpec, type ParsedArgs } from "./util/options.js";

/** Every command of this package, for the shell's command table. */
export const commands: Command[] = [cat, head, tail, wc];
