/**
 * The `sed` command for a shell's command table, loaded lazily: importing this module costs no
 * parser (the script parser and executor load on the first run). Use `@husk/sed/commands` where
 * only the command is needed; `@husk/sed` is the full API.
 */
import { lazyCommand } from "@husk/host";
import type { Command } from "@husk/host";
import { SED_INFO } from "./help.js";

/** `sed`, loaded on first run. */
export const sedCommand: Command = lazyCommand(SED_INFO, async () => (await import("./sed.js")).sedCommand);

/** The commands this package provides, for the shell's command table. */
export const commands: Command[] = [sedCommand];
