/**
 * The `grep`, `egrep` and `fgrep` commands for a shell's command table, loaded lazily:
 * importing this module costs no matcher (options, search and the pattern compiler load on the
 * first run). Use `@husk/grep/commands` where only the commands are needed; `@husk/grep` is the
 * full API.
 */
import { lazyCommand } from "@husk/host";
import type { Command } from "@husk/host";
import { EGREP_INFO, FGREP_INFO, GREP_INFO } from "./help.js";

/** `grep`, loaded on first run. */
export const grepCommand: Command = lazyCommand(GREP_INFO, async () => (await import("./grep.js")).grepCommand);

/** `egrep`, loaded on first run. */
export const egrepCommand: Command = lazyCommand(EGREP_INFO, async () => (await import("./grep.js")).egrepCommand);

/** `fgrep`, loaded on first run. */
export const fgrepCommand: Command = lazyCommand(FGREP_INFO, async () => (await import("./grep.js")).fgrepCommand);

/** The commands this package provides, for the shell's command table. */
export const commands: Command[] = [grepCommand, egrepCommand, fgrepCommand];
