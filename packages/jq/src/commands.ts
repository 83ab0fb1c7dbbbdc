/**
 * The `jq` command for a shell's command table, loaded lazily: importing this module costs no
 * parser (the lexer, the grammar and the builtins load on the first run). Use
 * `@husk/jq/commands` where only the command is needed; `@husk/jq` is the full API.
 */
import { lazyCommand } from "@husk/host";
import type { Command } from "@husk/host";
import { JQ_INFO } from "./info.js";

/** `jq`, loaded on first run. */
export const jqCommand: Command = lazyCommand(JQ_INFO, async () => (await import("./command.js")).jqCommand);

/** The commands this package provides, for the shell's command table. */
export const commands: Command[] = [jqCommand];
