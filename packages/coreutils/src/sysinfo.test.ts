// uname and id against GNU coreutils: the real tools run once, in ONE bash process; Husk must
// print what GNU prints for the same identity values (`id root` is uid 0, gid 0, group root on
// every GNU/Linux system), follow GNU's field order, and show nothing of the host.
import { execFileSync } from "node:child_process";
import { hostname as hostHostname, userInfo } from "node:os";
import type { Identity } from "@husk/host";
import { describe, expect, it } from "vitest";
import { id, UNAME_FIELDS, uname } from "./sysinfo.js";
import { runTool } from "./testing.js";

const sh = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

/** GNU's answers to each command line (stdout, stderr, status), from one bash process. */
function gnu(lines: readonly string[]): Array<{ stdout: string; stderr: string; status: number }> {
  const sep = "\u0001SEP\u0001";
  // each command's stdout, stderr and status, hex-encoded so NULs and newlines survive
  const script = lines.map((l) => `o=$( { ${l} 2>/tmp/.husk-sysinfo-err$$; echo "rc=$?"; } | od -An -tx1 | tr -d ' \\n'); e=$(od -An -tx1 </tmp/.husk-sysinfo-err$$ | tr -d ' \\n'); printf '%s %s${sep}' "$o" "$e"`);
  script.push("rm -f /tmp/.husk-sysinfo-err$$");
  const out = execFileSync("bash", ["-c", script.join("\n")], { encoding: "utf8", env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C" } });
  const hex = (h: string): string => Buffer.from(h, "hex").toString("utf8");
  return out.split(sep).slice(0, lines.length).map((rec) => {
    const [o = "", e = ""] = rec.split(" ");
    const all = hex(o);
    const m = /rc=(\d+)\n$/.exec(all) as RegExpExecArray;
    return { stdout: all.slice(0, m.index), stderr: hex(e), status: Number(m[1]) };
  });
}

const ROOT: Partial<Identity> = { user: "root", uid: 0, gid: 0, hostname: "sandbox-host" };
const ALICE: Partial<Identity> = { user: "alice", uid: 1234, gid: 1234, hostname: "box.example.org" };

const ID_CASES: readonly (readonly string[])[] = [
  [], ["-u"], ["-g"], ["-G"], ["-un"], ["-gn"], ["-Gn"], ["-ur"], ["-gr"], ["-Gr"], ["--user", "--name"], ["--groups", "--real"],
  ["-Gz"], ["-unz"], ["-a"], ["-n"], ["-r"], ["-z"], ["-ug"], ["-uG"], ["-Z"], ["-x"], ["--bogus"],
];
const ID_ERRORS: readonly (readonly string[])[] = [["nosuchuser"], ["root", "nosuchuser", "root"], ["-u", "root", "nosuchuser"]];
const UNAME_FLAGS = ["s", "n", "r", "v", "m", "p", "i", "o"] as const;
const UNAME_CASES: readonly (readonly string[])[] = [[], ["-a"], ["--all"], ["-sn"], ["-snrvmpio"], ["-os"], ["-mi"], ["-p"], ["-i"], ["-nsa"], ...UNAME_FLAGS.map((f) => [`-${f}`])];

// the real tools: `id root ARGS` (the identity ROOT), id's errors, uname's singles and combinations
const real = gnu([
  ...ID_CASES.map((a) => `id ${a.map(sh).join(" ")} root`),
  ...ID_ERRORS.map((a) => `id ${a.map(sh).join(" ")}`),
  ...UNAME_CASES.map((a) => `uname ${a.map(sh).join(" ")}`),
  "uname x",
  "uname -x",
  "uname -r; uname -v; uname -n; hostname",
]);
const realId = real.slice(0, ID_CASES.length);
const realIdErrors = real.slice(ID_CASES.length, ID_CASES.length + ID_ERRORS.length);
const realUname = real.slice(ID_CASES.length + ID_ERRORS.length, -3);
const [realUnameX, realUnameOpt, realHost] = real.slice(-3) as [(typeof real)[0], (typeof real)[0], (typeof real)[0]];

describe("id prints what GNU id prints for the same identity", () => {
  it.each(ID_CASES.map((a, i) => [a.join(" "), a, i] as const))("id %s (identity root; GNU: id ... root)", async (_l, args, i) => {
    const want = realId[i];
    expect(await runTool(id, [...args, "root"], { identity: ROOT, env: { LC_ALL: "C" } })).toEqual(want);
    // without a USER operand: the identity itself
    expect(await runTool(id, args, { identity: ROOT, env: { LC_ALL: "C" } })).toEqual(want);
  });
  it.each(ID_ERRORS.map((a, i) => [a.join(" "), a, i] as const))("id %s (unknown users)", async (_l, args, i) => {
    expect(await runTool(id, args, { identity: ROOT, env: { LC_ALL: "C" } })).toEqual(realIdErrors[i]);
  });
  it("another identity: GNU's format with its values (uid, gid, name; the group is named as the user)", async () => {
    const swap = (s: string): string => s.replace(/\b0\b/g, "1234").replace(/\broot\b/g, "alice");
    for (const [i, args] of ID_CASES.entries()) {
      const want = realId[i] as (typeof realId)[0];
      expect(await runTool(id, args, { identity: ALICE, env: { LC_ALL: "C" } })).toEqual({ ...want, stdout: swap(want.stdout) });
    }
    expect((await runTool(id, ["1234"], { identity: ALICE })).stdout).toBe("uid=1234(alice) gid=1234(alice) groups=1234(alice)\n");
  });
});

describe("uname: GNU's fields, order and -a rule, with the sandbox's values", () => {
  // GNU's output of each single flag, and of a combination: the singles in GNU's order
  const single = new Map(UNAME_FLAGS.map((f) => [f, realUname[UNAME_CASES.findIndex((a) => a.length === 1 && a[0] === `-${f}`)]?.stdout.trimEnd()]));
  const ours = (f: string): string => {
    const v = { s: UNAME_FIELDS.kernelName, n: ROOT.hostname, r: UNAME_FIELDS.kernelRelease, v: UNAME_FIELDS.kernelVersion, m: UNAME_FIELDS.machine, p: UNAME_FIELDS.processor, i: UNAME_FIELDS.platform, o: UNAME_FIELDS.operatingSystem } as Record<string, string | undefined>;
    return v[f] as string;
  };
  /** The flags a command line selects, in GNU's order, with -a's rule applied to `value`. */
  const selected = (args: readonly string[], value: (f: string) => string): string => {
    const letters = args.join("").replace(/^-+/, "");
    const all = args.includes("--all") || letters.includes("a");
    const chosen = UNAME_FLAGS.filter((f) => letters.includes(f) || (all && !((f === "p" || f === "i") && value(f) === "unknown")));
    return `${(chosen.length ? chosen : ["s"]).map(value).join(" ")}\n`;
  };
  it.each(UNAME_CASES.map((a, i) => [a.join(" "), a, i] as const))("uname %s", async (_l, args, i) => {
    // the rule reproduces GNU's own output from its single fields ...
    expect(realUname[i]).toEqual({ stdout: selected(args, (f) => single.get(f as "s") as string), stderr: "", status: 0 });
    // ... and Husk follows it with its own values
    expect(await runTool(uname, args, { identity: ROOT })).toEqual({ stdout: selected(args, ours), stderr: "", status: 0 });
  });
  it("usage errors as GNU", async () => {
    expect(await runTool(uname, ["x"], { env: { LC_ALL: "C" } })).toEqual(realUnameX);
    expect(await runTool(uname, ["-x"], { env: { LC_ALL: "C" } })).toEqual(realUnameOpt);
  });
  it("the fixed values are GNU/Linux-like", () => {
    expect(UNAME_FIELDS).toMatchObject({ kernelName: "Linux", machine: "x86_64", operatingSystem: "GNU/Linux" });
  });
});

describe("nothing of the host leaks", () => {
  const hostValues = [...realHost.stdout.split("\n"), hostHostname(), userInfo().username].filter((v) => v.length > 1 && v !== "root");
  it.each([[uname, ["-a"]], [uname, ["-snrvmpio"]], [id, []], [id, ["-Gn"]]] as const)("%s %s", async (cmd, args) => {
    for (const identity of [ROOT, ALICE, {}]) {
      const r = await runTool(cmd, args, { identity });
      for (const v of hostValues) expect(r.stdout).not.toContain(v);
    }
  });
  it("uname -n is the identity's host name", async () => {
    expect((await runTool(uname, ["-n"], { identity: ALICE })).stdout).toBe("box.example.org\n");
    expect((await runTool(uname, ["-n"])).stdout).toBe("husk\n");
  });
});
