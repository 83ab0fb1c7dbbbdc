/**
 * Collects the Command values the builtin packages export (an exported `commands` array, or
 * any exported value shaped like a Command), so the facade registers whatever each package
 * provides without depending on its exact export names. Every package comes through its lazy
 * `/commands` entry (names, summaries and help only), so a new shell loads no command's
 * implementation until a script runs it: `echo hi` costs the interpreter, not coreutils.
 */
import type { Command } from "@husk/host";
import * as awk from "@husk/awk/commands";
import * as coreutils from "@husk/coreutils/commands";
import * as grep from "@husk/grep/commands";
import * as jq from "@husk/jq/commands";
import * as sed from "@husk/sed/commands";

function isCommand(x: unknown): x is Command {
  return typeof x === "object" && x !== null && typeof (x as Command).name === "string" && typeof (x as Command).run === "function";
}

/** The commands of one package namespace, in export order, de-duplicated by name. */
export function commandsOf(ns: Readonly<Record<string, unknown>>): Command[] {
  const out = new Map<string, Command>();
  const list = ns.commands;
  if (Array.isArray(list)) for (const c of list) if (isCommand(c)) out.set(c.name, c);
  for (const v of Object.values(ns)) if (isCommand(v) && !out.has(v.name)) out.set(v.name, v);
  return [...out.values()];
}

let cached: readonly Command[] | undefined;

/** Every command of the builtin packages (coreutils, grep, sed, awk, jq); collected once (module namespaces are slow to walk). */
export function packageCommands(): readonly Command[] {
  cached ??= [coreutils, grep, sed, awk, jq].flatMap((ns) => commandsOf(ns as unknown as Record<string, unknown>));
  return cached;
}
