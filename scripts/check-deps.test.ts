import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const script = new URL("./check-deps.mjs", import.meta.url).pathname;

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "husk-deps-"));
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(dir, p, ".."), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  return dir;
}

function run(dir: string): { code: number; out: string } {
  try {
    return { code: 0, out: execFileSync("node", [script, dir], { encoding: "utf8", stdio: "pipe" }) };
  } catch (e) {
    const err = e as { status: number; stderr: string };
    return { code: err.status, out: err.stderr };
  }
}

const manifest = (deps: Record<string, string> = {}) => JSON.stringify({ dependencies: deps });

describe("check-deps", () => {
  it("accepts imports along the arrows", () => {
    const dir = tree({
      "packages/host/package.json": manifest(),
      "packages/host/src/index.ts": "export const a = 1;\n",
      "packages/grep/package.json": manifest({ "@husk/host": "0.1.0" }),
      "packages/grep/src/index.ts": 'import { a } from "@husk/host";\nimport { b } from "./b.js";\n',
    });
    expect(run(dir)).toMatchObject({ code: 0 });
  });

  it.each([
    ["an import against the arrows", 'import { x } from "@husk/interp";\n', "against the arrows"],
    ["a node: module", 'import { readFileSync } from "node:fs";\n', "must not use host modules"],
    ["an undeclared dependency", 'import x from "left-pad";\n', "does not declare"],
  ])("rejects %s", (_name, source, message) => {
    const dir = tree({
      "packages/grep/package.json": manifest({ "@husk/host": "0.1.0" }),
      "packages/grep/src/index.ts": source,
    });
    const r = run(dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain(message);
  });
});
