/**
 * Differential tests: each case runs under the real gawk (the oracle) and under @husk/awk with
 * the same program, input, operands and files; stdout and exit status must agree.
 */
import { execFileSync, spawnSync } from "node:child_process";
import type { ShellAccess } from "@husk/host";
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { awk } from "./index.js";
import { CASES } from "./cases.test-data.js";
import type { Case } from "./cases.test-data.js";

// gawk is the oracle (`apt-get install -y gawk`); without it these cases cannot run.
const HAVE_GAWK = existsSync("/usr/bin/gawk");
if (!HAVE_GAWK) console.warn("awk.test.ts: /usr/bin/gawk not found; differential cases skipped");
const dir = mkdtempSync(join(tmpdir(), "husk-awk-"));
// gawk names itself after argv[0]: call it as `awk` so ARGV[0] and messages match ours.
const bin = mkdtempSync(join(tmpdir(), "husk-awk-bin-"));
if (HAVE_GAWK) symlinkSync("/usr/bin/gawk", join(bin, "awk"));

/** A ShellAccess that runs scripts with the real bash (tests only), for pipes and system(). */
const shell: ShellAccess = {
  run: () => Promise.resolve(127),
  exec: async (script, io) => {
    const stdin = typeof io?.stdin === "string" ? io.stdin : io?.stdin ? await io.stdin.readAll() : "";
    const r = spawnSync("bash", ["-c", script], { input: stdin, cwd: dir, env: { PATH: process.env.PATH, LC_ALL: "C" } });
    if (r.stdout.length > 0) await io?.stdout?.write(r.stdout.toString());
    return r.status ?? 1;
  },
};
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(bin, { recursive: true, force: true });
});

function gawk(c: Case): { stdout: string; status: number } {
  for (const [name, text] of Object.entries(c.files ?? {})) writeFileSync(join(dir, name), text);
  try {
    const stdout = execFileSync(join(bin, "awk"), [...(c.opts ?? []), c.prog, ...(c.args ?? [])], {
      input: c.input ?? "",
      cwd: dir,
      env: { PATH: process.env.PATH, LC_ALL: "C", TZ: "UTC", ...(c.env ?? {}) },
      stdio: ["pipe", "pipe", "pipe"],
    }).toString();
    return { stdout, status: 0 };
  } catch (e) {
    const err = e as { stdout: Buffer; status: number };
    return { stdout: err.stdout.toString(), status: err.status };
  }
}

function optsToApi(c: Case): { vars: Record<string, string>; fs: string | undefined } {
  const vars: Record<string, string> = {};
  let fs: string | undefined;
  const o = c.opts ?? [];
  for (let i = 0; i < o.length; i++) {
    if (o[i] === "-v") {
      const [k, ...v] = o[++i]!.split("=");
      vars[k!] = v.join("=");
    } else if (o[i] === "-F") fs = o[++i];
    else if (o[i]!.startsWith("-F")) fs = o[i]!.slice(2);
  }
  return { vars, fs };
}

describe.skipIf(!HAVE_GAWK)("awk differential vs gawk", () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const want = gawk(c);
      const { vars, fs } = optsToApi(c);
      const got = await awk(c.prog, c.input ?? "", {
        args: c.args ?? [],
        vars,
        ...(fs !== undefined ? { fieldSeparator: fs } : {}),
        files: { ...(c.files ?? {}) },
        env: c.env ?? {},
        shell,
        now: 1_700_000_000_000,
      });
      expect({ stdout: got.stdout, status: got.status }).toEqual(want);
    });
  }
});
