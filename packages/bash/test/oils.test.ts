/**
 * Measures Husk against the Oils spec corpus with live bash as the oracle (stdout + status).
 * Opt-in (slow): `HUSK_OILS=1 npx vitest run packages/bash/test/oils.test.ts`; optional
 * `HUSK_OILS_FILES=word-split,var-sub` to select files. Writes /tmp/oils-report.md and
 * /tmp/oils-failures.txt. The bash results are cached in /tmp/oils-bash-cache.json.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Command } from "@husk/host";
import { Bash } from "../src/index.js";

const SPEC = "/work/shared/corpora/oils/spec";
const BIN = "/tmp/oils-bin";
const CACHE = "/tmp/oils-bash-cache2.json";

interface Case {
  readonly file: string;
  readonly name: string;
  readonly script: string;
}

function parseCases(file: string): Case[] {
  const text = readFileSync(`${SPEC}/${file}`, "utf8");
  const out: Case[] = [];
  const chunks = text.split(/^#### /m).slice(1);
  for (const ch of chunks) {
    const nl = ch.indexOf("\n");
    const name = ch.slice(0, nl).trim();
    const lines = ch.slice(nl + 1).split("\n");
    const body: string[] = [];
    for (const l of lines) {
      if (l.startsWith("## ")) break;
      body.push(l);
    }
    out.push({ file, name, script: body.join("\n") });
  }
  return out;
}

function setupBin(): void {
  mkdirSync(BIN, { recursive: true });
  const py = (body: string): string => `#!/usr/bin/python3\nimport sys, os\n${body}\n`;
  writeFileSync(`${BIN}/argv.py`, py("print(sys.argv[1:])"));
  writeFileSync(`${BIN}/printenv.py`, py("for n in sys.argv[1:]:\n    print(os.environ.get(n))"));
  writeFileSync(
    `${BIN}/stdout_stderr.py`,
    py("a=sys.argv\nprint(a[1] if len(a)>1 else 'STDOUT')\nprint(a[2] if len(a)>2 else 'STDERR', file=sys.stderr)\nsys.exit(int(a[3]) if len(a)>3 else 0)"),
  );
  for (const f of ["argv.py", "printenv.py", "stdout_stderr.py"]) chmodSync(`${BIN}/${f}`, 0o755);
  chmodSync(BIN, 0o755);
}

function bashRun(script: string, cache: Record<string, { stdout: string; status: number }>): { stdout: string; status: number } {
  const key = createHash("sha1").update(script).digest("hex");
  const hit = cache[key];
  if (hit) return hit;
  const dir = mkdtempSync("/tmp/oils-case-");
  chmodSync(dir, 0o777);
  writeFileSync(`${dir}/_case.sh`, script);
  chmodSync(`${dir}/_case.sh`, 0o644);
  const r = spawnSync("setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "bash", "_case.sh"], {
    cwd: dir,
    encoding: "utf8",
    timeout: 5000,
    env: { PATH: `${BIN}:/usr/local/bin:/usr/bin:/bin`, HOME: dir, LANG: "C.UTF-8", TMP: dir },
  });
  const res = { stdout: r.stdout ?? "", status: r.status ?? 124 };
  cache[key] = res;
  return res;
}

function pyRepr(s: string): string {
  const q = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = q;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === "\\") out += "\\\\";
    else if (ch === q) out += `\\${q}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\r") out += "\\r";
    else if (c < 32 || c === 127) out += `\\x${c.toString(16).padStart(2, "0")}`;
    else out += ch;
  }
  return out + q;
}

const testCommands: Command[] = [
  { name: "argv.py", run: (ctx) => (ctx.stdout.write(`[${ctx.args.map(pyRepr).join(", ")}]\n`), 0) },
  { name: "printenv.py", run: (ctx) => (ctx.stdout.write(ctx.args.map((n) => `${ctx.env.get(n) ?? "None"}\n`).join("")), 0) },
  {
    name: "stdout_stderr.py",
    run: (ctx) => {
      ctx.stdout.write(`${ctx.args[0] ?? "STDOUT"}\n`);
      ctx.stderr.write(`${ctx.args[1] ?? "STDERR"}\n`);
      return Number(ctx.args[2] ?? 0);
    },
  },
];

const enabled = process.env.HUSK_OILS === "1";

describe.skipIf(!enabled)("oils corpus", () => {
  it("runs every case against bash", async () => {
    setupBin();
    const cache: Record<string, { stdout: string; status: number }> = existsSync(CACHE) ? JSON.parse(readFileSync(CACHE, "utf8")) : {};
    const only = process.env.HUSK_OILS_FILES?.split(",").map((f) => (f.endsWith(".test.sh") ? f : `${f}.test.sh`));
    const files = readdirSync(SPEC).filter((f) => f.endsWith(".test.sh") && (!only || only.includes(f))).sort();
    const rows: string[] = [];
    const failures: string[] = [];
    const slow: string[] = [];
    let pass = 0;
    let total = 0;
    for (const file of files) {
      let fp = 0;
      const cases = parseCases(file);
      for (const c of cases) {
        const want = bashRun(c.script, cache);
        const bash = new Bash({ commands: testCommands, env: { PATH: "/usr/bin:/bin", HOME: "/home/user" }, limits: { timeoutMs: 3000 } });
        let got: { stdout: string; exitCode: number; stderr: string };
        const t0 = Date.now();
        try {
          got = await bash.exec(c.script);
        } catch (e) {
          got = { stdout: "", stderr: `THROWN ${String(e)}`, exitCode: -1 };
        }
        const ms = Date.now() - t0;
        if (ms > 500) slow.push(`${ms}ms ${file} :: ${c.name}`);
        const ok = got.stdout === want.stdout && got.exitCode === want.status;
        if (ok) fp++;
        else failures.push(`=== ${file} :: ${c.name}\n--- script\n${c.script}\n--- bash (${want.status})\n${want.stdout}--- husk (${got.exitCode})\n${got.stdout}--- husk stderr\n${got.stderr.slice(0, 600)}\n`);
      }
      pass += fp;
      total += cases.length;
      rows.push(`| ${file} | ${fp} | ${cases.length} | ${((100 * fp) / Math.max(1, cases.length)).toFixed(1)}% |`);
    }
    writeFileSync(CACHE, JSON.stringify(cache));
    const report = `| file | pass | total | rate |\n|---|---|---|---|\n${rows.join("\n")}\n\nOverall: ${pass}/${total} = ${((100 * pass) / total).toFixed(1)}%\n`;
    writeFileSync("/tmp/oils-report.md", report);
    writeFileSync("/tmp/oils-failures.txt", failures.join("\n"));
    writeFileSync("/tmp/oils-slow.txt", slow.join("\n"));
    console.log(`Overall: ${pass}/${total} = ${((100 * pass) / total).toFixed(1)}%`);
    expect(total).toBeGreaterThan(0);
  }, 3_600_000);
});
