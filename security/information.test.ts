/**
 * Information (TM-INF-*): `$$`, `$PPID`, `$HOSTNAME`, `$USER`, `env`, `date`, error messages and
 * stack traces show nothing of the host; callback errors are sanitized by default.
 */
import { hostname, userInfo } from "node:os";
import { describe, expect, it } from "vitest";
import { Bash } from "@husk/bash";
import { FixedClock, MemoryFs } from "@husk/host";
import type { Command, FileSystem } from "@husk/host";
import { ScriptedTool, ToolDef } from "@husk/tools";
import { SMALL } from "./harness.js";

const SECRET = "sk-live-SECRET-91c2";
const HOST_ENV = "husk-info-host-marker";
process.env.HUSK_INFO_MARKER = HOST_ENV;

/** Text that would betray the host: its identity, paths, env, or a JavaScript stack. */
function expectNothingOfTheHost(text: string): void {
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain(HOST_ENV);
  expect(text).not.toContain(process.cwd());
  expect(text).not.toMatch(/\n\s+at .*\(|node_modules|file:\/\/|\.ts:\d+|\.js:\d+/);
  expect(text).not.toContain(`pid ${process.pid}`);
}

async function sh(script: string, options: ConstructorParameters<typeof Bash>[0] = {}): Promise<{ out: string; status: number }> {
  const r = await new Bash({ limits: SMALL, ...options }).exec(script);
  return { out: r.stdout + r.stderr, status: r.exitCode };
}

describe("TM-INF-001: identity, environment and clock come from options", () => {
  it("$$, $PPID, $BASHPID, $UID, $EUID, $HOSTNAME, $USER, $HOME take the fixed defaults", async () => {
    const { out } = await sh('echo "$$ $PPID $BASHPID $UID $EUID $HOSTNAME $USER $HOME $LOGNAME"; hostname; whoami; id -u');
    expect(out.split("\n")[0]).toBe("4242 4241 4242 1000 1000 husk user /home/user user");
    expect(out).not.toContain(String(process.pid));
    if (hostname() !== "husk") expect(out).not.toContain(hostname());
  });
  it("the host's user name and pid appear nowhere", async () => {
    const { out } = await sh("echo $$ $PPID; (echo $BASHPID); env; set; declare -p; ps 2>&1; echo ~; cd; pwd");
    expectNothingOfTheHost(out);
    const u = userInfo().username;
    if (u !== "user" && u.length > 2) expect(out).not.toMatch(new RegExp(`\\b${u}\\b`));
  });
  it("identity options replace the defaults", async () => {
    const { out } = await sh('echo "$$ $HOSTNAME $USER"', { identity: { pid: 7, hostname: "box", user: "ann" } });
    expect(out).toBe("7 box ann\n");
  });
  it("env, printenv, export -p, awk ENVIRON and jq env list only the sandbox's variables", async () => {
    const { out } = await sh("env; printenv; export -p; awk 'BEGIN{for (k in ENVIRON) print k}'; jq -n env", { env: { GIVEN: "1" } });
    expectNothingOfTheHost(out);
    expect(out).toContain("GIVEN=1");
    for (const k of Object.keys(process.env)) if (!["HOME", "PATH", "PWD", "USER", "SHELL", "LOGNAME", "SHLVL", "HOSTNAME", "OLDPWD", "TERM", "_", "LANG"].includes(k) && k.length > 3) expect(out).not.toContain(`${k}=`);
  });
  it("date uses the host-provided clock", async () => {
    const clock = new FixedClock(Date.UTC(2001, 0, 2, 3, 4, 5));
    const { out } = await sh("date -u +%FT%T; printf '%(%Y)T\\n' -1; echo $EPOCHSECONDS; awk 'BEGIN{print systime()}'", { clock });
    expect(out).toBe("2001-01-02T03:04:05\n2001\n978404645\n978404645\n");
  });
  it("$RANDOM is seeded by options, not by the host", async () => {
    const a = await sh("echo $RANDOM $RANDOM", { randomSeed: 1 });
    const b = await sh("echo $RANDOM $RANDOM", { randomSeed: 1 });
    expect(a.out).toBe(b.out);
  });
});

/** Scripts that fail in many ways: none of their messages may show a stack or a host path. */
const ERROR_CASES: readonly string[] = [
  "if then fi",
  "echo $((1/0))",
  "nosuchcommand --flag",
  "cat /nope; cd /nope; source /nope",
  "declare -r x=1; x=2",
  "jq -n '1 +'; jq -n 'error(\"boom\")'; jq . <<< '{bad'",
  "awk 'BEGIN{print 1/0}'; awk '{'",
  "sed 's/x'; sed -E 's/(/x/'",
  "grep -E '(' /dev/null; grep -P '(?<' <<< x",
  "printf '%z'; printf '%d' abc",
  "set -u; echo $undefined_var",
  "f(){ f; }; f",
  "echo {1..99999999}",
  "x=$(printf '%*s' 99999999 x)",
  "trap 'echo ${x?boom}' EXIT; exit 3",
  "sort --bad-flag; tr; cut -f; head -n x; seq a",
  "expr 1 / 0; expr '('",
  "bash -c 'exit 1 2'; read -t x",
];

describe("TM-INF-002: error messages show no stack trace and no host path", () => {
  for (const script of ERROR_CASES) {
    it(script, async () => {
      const { out } = await sh(script);
      expect(out).not.toBe("");
      expectNothingOfTheHost(out);
      expect(out).not.toMatch(/internal error/);
    });
  }

  it("a custom command that throws a plain Error shows its name only, never its message or stack", async () => {
    const leaky: Command = { name: "leaky", help: "", fileAccess: "none", run: () => {
      throw new Error(`connect to db://admin:${SECRET}@10.0.0.1 failed`);
    } };
    const { out, status } = await sh("leaky; echo after", { commands: [leaky] });
    expectNothingOfTheHost(out);
    expect(out).toContain("leaky: internal error: Error");
    expect(status).toBe(0);
  });

  it("a host filesystem whose errors carry host paths does not leak them", async () => {
    const base = new MemoryFs();
    const fail = (): never => {
      throw new Error(`EACCES: open '/srv/tenants/acme/${SECRET}'`);
    };
    const fs = new Proxy(base, { get: (t, k) => (k === "readFile" || k === "writeFile" || k === "stat" || k === "appendFile" || k === "open" ? fail : Reflect.get(t, k, t).bind?.(t) ?? Reflect.get(t, k, t)) }) as FileSystem;
    const { out } = await sh("cat /x; echo a > /x; read -r l < /x; source /x; [ -e /x ]; echo done", { fs });
    expectNothingOfTheHost(out);
    expect(out).toContain("internal error: Error");
  });
});

describe("TM-INF-003: tool callback errors are sanitized by default", () => {
  const build = (sanitize?: boolean) => {
    const b = ScriptedTool.builder("t")
      .toolFn(new ToolDef("get_secret", "throws"), () => {
        throw new Error(`token ${SECRET} rejected at /srv/app/handler.js:12`);
      })
      .asyncToolFn(new ToolDef("get_async", "rejects"), () => Promise.reject(new Error(`async ${SECRET}`)))
      .limits(SMALL);
    return (sanitize === undefined ? b : b.sanitizeErrors(sanitize)).build();
  };
  it("sync and async callback errors become `NAME: callback failed`", async () => {
    const r = await build().execute({ commands: "get_secret; get_async; echo after" });
    expectNothingOfTheHost(r.stdout + r.stderr);
    expect(r.stderr).toContain("get_secret: callback failed");
    expect(r.stderr).toContain("get_async: callback failed");
    expect(r.stdout).toBe("after\n");
  });
  it("the host can opt out of sanitization explicitly", async () => {
    const r = await build(false).execute({ commands: "get_secret" });
    expect(r.stderr).toContain(SECRET);
  });
  it("a callback error inside a pipeline, a substitution and a loop is sanitized too", async () => {
    const r = await build().execute({ commands: 'x=$(get_secret); get_secret | cat; for i in 1 2; do get_async; done; echo "[$x]"' });
    expectNothingOfTheHost(r.stdout + r.stderr);
    expect(r.stdout).toBe("[]\n");
  });
});
