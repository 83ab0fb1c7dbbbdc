/**
 * `uname` and `id`: the sandbox's system and user identity, from `ctx.identity` and fixed
 * constants; nothing of the host (its kernel, host name, users) ever shows.
 */
import type { CommandContext, Identity } from "@husk/host";
import { defineCommand, usageError } from "./util/command.js";
import type { ParsedArgs } from "./util/options.js";
import { gnuQuote } from "./util/text.js";

/**
 * What `uname` reports besides the host name (which is `ctx.identity.hostname`): fixed values,
 * the same on every host. `processor` and `platform` are "unknown", as on most GNU/Linux
 * distributions, so `uname -a` leaves them out.
 */
export const UNAME_FIELDS = Object.freeze({
  kernelName: "Linux",
  kernelRelease: "6.1.0-husk",
  kernelVersion: "#1 SMP Husk",
  machine: "x86_64",
  processor: "unknown",
  platform: "unknown",
  operatingSystem: "GNU/Linux",
});

/** uname's options in output order: option key -> the value it prints. */
const UNAME_ORDER: ReadonlyArray<readonly [string, (id: Identity) => string]> = [
  ["s", () => UNAME_FIELDS.kernelName],
  ["n", (id) => id.hostname],
  ["r", () => UNAME_FIELDS.kernelRelease],
  ["v", () => UNAME_FIELDS.kernelVersion],
  ["m", () => UNAME_FIELDS.machine],
  ["p", () => UNAME_FIELDS.processor],
  ["i", () => UNAME_FIELDS.platform],
  ["o", () => UNAME_FIELDS.operatingSystem],
];

function runUname(ctx: CommandContext, args: ParsedArgs): number {
  if (args.operands.length > 0) throw usageError(`extra operand ${gnuQuote(ctx.env, args.operands[0] as string)}`);
  const all = args.has("a");
  // -a: everything, except -p and -i when unknown
  const unknownPart = (k: string, v: string): boolean => (k === "p" || k === "i") && v === "unknown";
  let fields = UNAME_ORDER.map(([k, value]) => [k, value(ctx.identity)] as const).filter(([k, v]) => args.has(k) || (all && !unknownPart(k, v)));
  if (fields.length === 0 && !all) fields = [["s", UNAME_FIELDS.kernelName]];
  ctx.stdout.write(`${fields.map(([, v]) => v).join(" ")}\n`);
  return 0;
}

/**
 * `uname [-asnrvmpio]`: system information of the sandbox: kernel name `Linux`, the identity's
 * host name, the fixed release, version and machine of `UNAME_FIELDS` (`x86_64`), operating
 * system `GNU/Linux`; no option is `-s`. GNU coreutils' order and `-a` rule.
 */
export const uname = defineCommand({
  name: "uname",
  summary: "print system information",
  usage: `Usage: uname [OPTION]...
Print certain system information.  With no OPTION, same as -s.

  -a, --all                print all information, in the following order,
                             except omit -p and -i if unknown:
  -s, --kernel-name        print the kernel name
  -n, --nodename           print the network node hostname
  -r, --kernel-release     print the kernel release
  -v, --kernel-version     print the kernel version
  -m, --machine            print the machine hardware name
  -p, --processor          print the processor type (non-portable)
  -i, --hardware-platform  print the hardware platform (non-portable)
  -o, --operating-system   print the operating system`,
  fileAccess: "none",
  options: [
    { key: "a", short: "a", long: "all" },
    { key: "s", short: "s", long: ["kernel-name", "sysname"] },
    { key: "n", short: "n", long: "nodename" },
    { key: "r", short: "r", long: ["kernel-release", "release"] },
    { key: "v", short: "v", long: "kernel-version" },
    { key: "m", short: "m", long: "machine" },
    { key: "p", short: "p", long: "processor" },
    { key: "i", short: "i", long: "hardware-platform" },
    { key: "o", short: "o", long: "operating-system" },
  ],
  run: runUname,
});

/** The identity's primary group name: the sandbox has no group database, so it is the user's name (a user private group). */
function groupName(id: Identity): string {
  return id.user;
}

/** The line `id` prints for the identity. */
function idLine(id: Identity, args: ParsedArgs): string {
  const names = args.has("n");
  const end = args.has("z") ? "\0" : "\n";
  if (args.has("u")) return `${names ? id.user : id.uid}${end}`;
  if (args.has("g")) return `${names ? groupName(id) : id.gid}${end}`;
  if (args.has("G")) return `${names ? groupName(id) : id.gid}${end}`;
  return `uid=${id.uid}(${id.user}) gid=${id.gid}(${groupName(id)}) groups=${id.gid}(${groupName(id)})\n`;
}

function runId(ctx: CommandContext, args: ParsedArgs): number {
  if (args.has("Z")) {
    ctx.stderr.write("id: --context (-Z) works only on an SELinux-enabled kernel\n");
    return 1;
  }
  const only = ["u", "g", "G"].filter((k) => args.has(k)).length;
  if (only > 1) {
    ctx.stderr.write('id: cannot print "only" of more than one choice\n');
    return 1;
  }
  if (only === 0 && (args.has("r") || args.has("n"))) {
    ctx.stderr.write("id: cannot print only names or real IDs in default format\n");
    return 1;
  }
  if (only === 0 && args.has("z")) {
    ctx.stderr.write("id: option --zero not permitted in default format\n");
    return 1;
  }
  const id = ctx.identity;
  if (args.operands.length === 0) {
    ctx.stdout.write(idLine(id, args));
    return 0;
  }
  let status = 0;
  for (const user of args.operands) {
    // the sandbox knows one user: the identity's, by name or by number
    if (user === id.user || user === String(id.uid)) ctx.stdout.write(idLine(id, args));
    else {
      ctx.stderr.write(`id: ${gnuQuote(ctx.env, user)}: no such user\n`);
      status = 1;
    }
  }
  return status;
}

/**
 * `id [-u|-g|-G] [-n] [-r] [-z] [USER]...`: the identity's user and group IDs, in GNU's
 * format (`uid=1000(user) gid=1000(user) groups=1000(user)`). The sandbox has one user
 * (`ctx.identity`: its name, uid and gid) whose only group is its primary group, named as the
 * user; real and effective IDs are the same, so `-r` changes nothing. A USER other than the
 * identity's name or uid is `no such user` (status 1).
 */
export const id = defineCommand({
  name: "id",
  summary: "print real and effective user and group IDs",
  usage: `Usage: id [OPTION]... [USER]...
Print user and group information for each specified USER,
or (when USER omitted) for the current process.

  -a             ignore, for compatibility with other versions
  -Z, --context  print only the security context of the process
  -g, --group    print only the effective group ID
  -G, --groups   print all group IDs
  -n, --name     print a name instead of a number, for -ugG
  -r, --real     print the real ID instead of the effective ID, with -ugG
  -u, --user     print only the effective user ID
  -z, --zero     delimit entries with NUL characters, not whitespace;
                   not permitted in default format

Without any OPTION, print some useful set of identified information.`,
  fileAccess: "none",
  options: [
    { key: "a", short: "a" },
    { key: "Z", short: "Z", long: "context" },
    { key: "g", short: "g", long: "group" },
    { key: "G", short: "G", long: "groups" },
    { key: "n", short: "n", long: "name" },
    { key: "r", short: "r", long: "real" },
    { key: "u", short: "u", long: "user" },
    { key: "z", short: "z", long: "zero" },
  ],
  run: runId,
});
