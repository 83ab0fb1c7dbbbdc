/**
 * A runner for jq's own test format (`tests/*.test` in jq's repository): program line, input
 * line, expected output lines, blank-line separated; `%%FAIL` blocks expect a compile error.
 * Used by the corpus vitest and `scripts/corpus.mjs`. Pure: callers read the files.
 */
import type { ModuleHost } from "../api.js";
import { compileJq } from "../api.js";
import { formatCompileError } from "../errors.js";
import { JsonReader } from "../json.js";
import { JqCompileError } from "../parser.js";
import type { Val } from "../value.js";
import { equals } from "../value.js";
import { dumpCompact } from "../dump.js";

/** One case of a corpus file. */
export interface CorpusCase {
  readonly line: number;
  readonly program: string;
  readonly input?: string;
  readonly expected: readonly string[];
  /** `%%FAIL` case: the expected compile error lines (undefined: not a FAIL case). */
  readonly fail?: { readonly ignoreMsg: boolean };
}

/** Splits a corpus file into cases. */
export function parseCorpus(text: string): CorpusCase[] {
  const lines = text.split("\n");
  const cases: CorpusCase[] = [];
  let i = 0;
  const skip = () => {
    while (i < lines.length && (lines[i]!.trim() === "" || lines[i]!.startsWith("#"))) i++;
  };
  for (;;) {
    skip();
    if (i >= lines.length) break;
    let fail: CorpusCase["fail"];
    if (lines[i]!.startsWith("%%FAIL")) {
      fail = { ignoreMsg: lines[i]!.includes("IGNORE MSG") };
      i++;
    }
    const line = i + 1;
    const program = lines[i++]!;
    if (fail) {
      const expected: string[] = [];
      while (i < lines.length && lines[i]!.trim() !== "") expected.push(lines[i++]!);
      cases.push({ line, program, expected, fail });
      continue;
    }
    const input = lines[i++] ?? "";
    const expected: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== "" && !lines[i]!.startsWith("#")) expected.push(lines[i++]!);
    cases.push({ line, program, input, expected });
  }
  return cases;
}

/** Result of one case. */
export interface CaseResult {
  readonly pass: boolean;
  readonly reason?: string;
}

/** Runs one case with our implementation; `modules` stands for jq's `-L tests/modules`. */
export function runCase(c: CorpusCase, modules?: ModuleHost): CaseResult {
  if (c.fail) {
    try {
      compileJq(c.program, { modules });
      return { pass: false, reason: "compiled, expected a compile error" };
    } catch (e) {
      if (!(e instanceof JqCompileError)) return { pass: false, reason: `unexpected ${String(e)}` };
      if (c.fail.ignoreMsg) return { pass: true };
      const got = formatCompileError(c.program, e).split("\n")[0];
      return got === c.expected[0] ? { pass: true } : { pass: false, reason: `message: ${got}` };
    }
  }
  let prog: ReturnType<typeof compileJq>;
  try {
    prog = compileJq(c.program, { modules });
  } catch (e) {
    return { pass: false, reason: `compile: ${(e as Error).message}` };
  }
  let input: Val;
  try {
    const r = new JsonReader(c.input ?? "null");
    input = r.next() ?? null;
  } catch (e) {
    return { pass: false, reason: `bad input: ${(e as Error).message}` };
  }
  const outs: Val[] = [];
  try {
    prog.run(input, (v) => {
      outs.push(v);
      return outs.length > c.expected.length + 5;
    }, { env: { PATH: "/usr/bin:/bin", HOME: "/home/user", PAGER: "less" }, now: () => 1425599507000, maxDepth: 10000, modules });
  } catch (e) {
    // jq's test runner stops at an uncaught error: the case passes when every expected output came first.
    const ok = outs.length === c.expected.length && outs.every((v, k) => equals(v, new JsonReader(c.expected[k]!).next() ?? null));
    return ok ? { pass: true } : { pass: false, reason: `runtime error: ${(e as Error).message}` };
  }
  if (outs.length !== c.expected.length) {
    return { pass: false, reason: `got ${outs.length} outputs, expected ${c.expected.length}: ${outs.map(dumpCompact).join(" ").slice(0, 200)}` };
  }
  for (let k = 0; k < outs.length; k++) {
    let exp: Val;
    try {
      exp = new JsonReader(c.expected[k]!).next() ?? null;
    } catch {
      return { pass: false, reason: `unparsable expectation ${c.expected[k]}` };
    }
    if (!equals(outs[k]!, exp)) return { pass: false, reason: `output ${k}: got ${dumpCompact(outs[k]!).slice(0, 200)}, expected ${c.expected[k]}` };
  }
  return { pass: true };
}
