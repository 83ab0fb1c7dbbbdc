import * as awk from "@husk/awk";
import * as awkLazy from "@husk/awk/commands";
import * as coreutils from "@husk/coreutils";
import * as coreutilsLazy from "@husk/coreutils/commands";
import * as grep from "@husk/grep";
import * as grepLazy from "@husk/grep/commands";
import type { Command } from "@husk/host";
import * as jq from "@husk/jq";
import * as jqLazy from "@husk/jq/commands";
import * as sed from "@husk/sed";
import * as sedLazy from "@husk/sed/commands";
import { describe, expect, it } from "vitest";
import { Bash } from "./bash.js";
import { packageCommands } from "./registry.js";

// Each package's lazy `/commands` entry must be its full `commands` list in disguise: the same
// names, summaries, help and file access, and loaders that reach the same implementations.
const packages = { coreutils: [coreutils, coreutilsLazy], grep: [grep, grepLazy], sed: [sed, sedLazy], awk: [awk, awkLazy], jq: [jq, jqLazy] } as const;
const info = (c: Command) => ({ name: c.name, summary: c.summary, help: c.help, fileAccess: c.fileAccess });

describe("packageCommands", () => {
  it.each(Object.entries(packages))("%s: the lazy commands show the real commands' info", (_, [full, lazy]) => {
    expect(lazy.commands.map(info)).toEqual(full.commands.map(info));
  });

  it("registers every package's commands, lazily", () => {
    const all = Object.values(packages).flatMap(([full]) => full.commands);
    expect(packageCommands().map(info)).toEqual(all.map(info));
    expect(packageCommands().some((c) => all.includes(c))).toBe(false);
  });

  it("runs the real implementation behind every lazy command (--version and --help)", async () => {
    const all = Object.values(packages).flatMap(([full]) => full.commands);
    const script = all.map((c) => `${c.name} --version; echo "$?"; ${c.name} --help; echo "$?"`).join("\n");
    const [lazy, eager] = await Promise.all([new Bash().exec(script), new Bash({ commands: all }).exec(script)]);
    expect(lazy.stdout.length).toBeGreaterThan(10_000);
    expect([lazy.stdout, lazy.stderr, lazy.exitCode]).toEqual([eager.stdout, eager.stderr, eager.exitCode]);
  });

  it("shows every command to type, command -v and compgen -c without running it", async () => {
    const r = await new Bash().exec("type -t sort grep sed awk jq; command -v xargs; compgen -c | grep -cx 'sort\\|grep\\|sed\\|awk\\|jq'");
    expect(r.stdout).toBe("file\nfile\nfile\nfile\nfile\n/usr/bin/xargs\n5\n");
  });
});
