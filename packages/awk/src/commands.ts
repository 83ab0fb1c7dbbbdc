/**
 * The `awk` and `gawk` commands for a shell's command table, loaded lazily: importing this
 * module costs no parser (the lexer and the grammar load on the first run of either command).
 * Use `@husk/awk/commands` where only the commands are needed; `@husk/awk` is the full API.
 */
import { lazyCommand } from "@husk/host";
import type { Command } from "@husk/host";
import { AWK_INFO } from "./info.js";

/** `awk`, loaded on first run. */
export const awkCommand: Command = lazyCommand(AWK_INFO, async () => (await import("./command.js")).awkCommand);

/** `gawk`: the same command under gawk's name, loaded on first run. */
export const gawkCommand: Command = lazyCommand({ ...AWK_INFO, name: "gawk" }, async () => (await import("./command.js")).gawkCommand);

/** The commands this package provides, for the shell's command table. */
export const commands: Command[] = [awkCommand, gawkCommand];
