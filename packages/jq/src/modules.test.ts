// Modules through the pure API (a ModuleHost over a map) and through the jq command (the
// shell's filesystem). Expectations are jq's: checked against jq 1.6 on this machine where
// 1.6 and 1.8 agree (the differential cases are in conformance/cases/jq-modules*.test.sh).
import { describe, expect, it } from "vitest";
import type { ModuleHost } from "./api.js";
import { compileJq, jq } from "./api.js";
import { jqCommand } from "./command.js";
import { formatCompileError } from "./errors.js";
import { JqCompileError } from "./parser.js";
import { testContext } from "./testing/ctx.js";
import type { Val } from "./value.js";
import { toJS } from "./value.js";

function host(files: Record<string, string>, extra: Partial<ModuleHost> = {}): ModuleHost {
  return { libraryPaths: ["/lib"], cwd: "/work", ...extra, read: (p) => files[p] };
}

function run(program: string, h: ModuleHost, input: Val = null): unknown[] {
  const out: unknown[] = [];
  compileJq(program, { modules: h }).run(input, (v) => void out.push(toJS(v)), { modules: h });
  return out;
}

function compileError(program: string, h: ModuleHost): string {
  try {
    compileJq(program, { modules: h });
  } catch (e) {
    if (e instanceof JqCompileError) return formatCompileError(program, e);
    throw e;
  }
  return "compiled";
}

describe("jq modules (pure API)", () => {
  const files = {
    "/lib/m.jq": 'module {v: 1};\nimport "n" as n {search: "./"};\ndef f: "f" + n::g;\ndef twice(x): [x, x];\n',
    "/lib/n.jq": 'def g: "g";',
    "/lib/d.json": '{"a":1} 2',
    "/lib/p/p.jq": "def p: 1;",
    "/lib/q/jq/main.jq": "def q: 2;",
  };
  it("binds import aliases, includes and data", () => {
    expect(run('import "m" as m; [m::f, m::twice(1)]', host(files))).toEqual([["fg", [1, 1]]]);
    expect(run('include "n"; g', host(files))).toEqual(["g"]);
    expect(run('import "d" as $d; [$d, $d::d]', host(files))).toEqual([[[{ a: 1 }, 2], [{ a: 1 }, 2]]]);
    expect(run('import "p" as p; import "q" as q; [p::p, q::q]', host(files))).toEqual([[1, 2]]);
  });
  it("does not re-export a module's imports", () => {
    expect(compileError('import "m" as m; m::g', host(files))).toMatch(/^jq: error: m::g\/0 is not defined/);
  });
  it("reports modules not found, circular imports and errors inside modules with their file", () => {
    expect(compileError('import "zz" as z; .', host(files))).toBe("jq: error: module not found: zz\n");
    expect(compileError('import "../x" as z; .', host(files))).toBe("jq: error: Relative paths to modules may not traverse to parent directories (../x)\n");
    const cyc = { "/lib/a.jq": 'import "b" as b; def a: 1;', "/lib/b.jq": 'import "a" as a; def b: 1;' };
    expect(compileError('import "a" as a; .', host(cyc))).toBe("jq: error: circular import of /lib/a.jq\n");
    const bad = { "/lib/bad.jq": "def f: 1;\nwat;" };
    expect(compileError('import "bad" as b; .', host(bad))).toBe("jq: error: syntax error, unexpected ';', expecting end of file at /lib/bad.jq, line 2, column 4:\n    wat;\n       ^");
    const undef = { "/lib/u.jq": "def f: nosuch;\ndef g: 1;" };
    expect(run('import "u" as u; u::g', host(undef))).toEqual([1]);
    expect(compileError('import "u" as u; u::f', host(undef))).toMatch(/^jq: error: nosuch\/0 is not defined at \/lib\/u.jq, line 1, column 8:/);
  });
  it("modulemeta, get_search_list and $__loc__", () => {
    expect(run("modulemeta", host(files), "m")).toEqual([
      { v: 1, deps: [{ search: "./", as: "n", is_data: false, relpath: "n" }], defs: ["f/0", "twice/1"] },
    ]);
    expect(() => run("modulemeta", host(files), "nope")).toThrow("module not found: nope");
    expect(run("get_search_list", host(files))).toEqual([["/lib"]]);
    expect(jq("get_search_list", null)).toEqual([["~/.jq", "$ORIGIN/../lib/jq", "$ORIGIN/../lib"]]);
    expect(run('import "l" as l; l::loc', host({ "/lib/l.jq": "\ndef loc: $__loc__;" }))).toEqual([{ file: "/lib/l.jq", line: 2 }]);
  });
  it("lets modules see the program's global variables (--arg)", () => {
    const h = host({ "/lib/a.jq": "def who: $who;\ndef twice: [$who, who];" });
    const out: unknown[] = [];
    compileJq('import "a" as a; a::twice', { modules: h, vars: ["who"] }).run(null, (v) => void out.push(toJS(v)), { vars: new Map([["who", "me"]]) });
    expect(out).toEqual([["me", "me"]]);
  });
  it("includes ~/.jq in every program", () => {
    expect(run("hi", host({ "/home/u/.jq": 'def hi: "hi";' }, { home: "/home/u" }))).toEqual(["hi"]);
  });
  it("without a host every import is not found", () => {
    expect(() => compileJq('import "m" as m; .')).toThrow("module not found: m");
  });
});

describe("jq modules (command)", () => {
  it("finds modules with -L in the shell's filesystem and answers modulemeta", async () => {
    const files = { "/w/lib/m.jq": 'module {x: 1};\ndef hi: "hi";', "/w/lib/d.json": "[1]" };
    const { ctx, stdout, stderr } = testContext(["-c", "-L", "/w/lib", 'import "m" as m; import "d" as $d; [m::hi, $d, modulemeta]'], { stdin: '"m"', files });
    expect(await jqCommand.run(ctx)).toBe(0);
    expect(stderr.text).toBe("");
    expect(stdout.text).toBe('["hi",[[1]],{"x":1,"deps":[],"defs":["hi/0"]}]\n');
  });
  it("reports a module not found with status 3", async () => {
    const { ctx, stderr } = testContext(["-n", 'import "m" as m; 1'], { env: { HOME: "/home/u" } });
    expect(await jqCommand.run(ctx)).toBe(3);
    expect(stderr.text).toBe("jq: error: module not found: m\n\njq: 1 compile error\n");
  });
});
