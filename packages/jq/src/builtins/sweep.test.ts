// Every builtin (and every @format) run on kept number literals (DecLit, number.ts), alone and
// inside arrays and objects, as input and as arguments: each run gives outputs or a jq error
// (JqError, a limit, halt's signal), never a JavaScript error such as a TypeError from code that
// took a boxed number for an array or an object.
import { LimitError, LimitsMeter, resolveLimits } from "@husk/host";
import { describe, expect, it } from "vitest";
import { compileJq, jq } from "../api.js";
import { parseJson } from "../json.js";
import { DecLit } from "../number.js";
import { HaltSignal } from "../runtime.js";
import type { Val } from "../value.js";
import { JqError, JqMap } from "../value.js";

/** Inputs holding kept literals (each text parses to at least one DecLit). */
const INPUTS = ["1.000", "12345678901234567891", "-1E+1000", "1E-7", "[1.000, 2E+2, -0.0]", '{"a": 1.50, "b": [1E+2, "x"]}'];
/** Argument expressions: the input itself, literals alone and inside containers, a string. */
const ARGS = [".", "1.000", "[1.000, 0.50]", '{"a": 1.0}', '"a"'];
const FORMATS = ["text", "json", "html", "uri", "urid", "csv", "tsv", "sh", "base64", "base64d", "base32", "base32d"];

/** What a run of `prog` on `input` ends with: "ok", "jq error", or the JavaScript error's text. */
function outcome(prog: string, input: string): string {
  try {
    const meter = new LimitsMeter(resolveLimits({ timeoutMs: 200, maxDataBytes: 1e6 }));
    compileJq(prog).run(parseJson(input), () => {}, { meter });
    return "ok";
  } catch (e) {
    if (e instanceof JqError || e instanceof LimitError || e instanceof HaltSignal) return "jq error";
    return `${(e as Error).name}: ${(e as Error).message}`;
  }
}

describe("builtins on kept number literals", () => {
  it("the inputs hold literals", () => {
    const hasLit = (v: Val): boolean => v instanceof DecLit || (Array.isArray(v) ? v.some(hasLit) : v instanceof JqMap && v.valueList().some(hasLit));
    for (const t of INPUTS) expect(hasLit(parseJson(t))).toBe(true);
  });

  it("no builtin ends in a JavaScript error", () => {
    const names = jq("builtins", null)[0] as string[];
    expect(names.length).toBeGreaterThan(200);
    const broken: string[] = [];
    const programs: string[] = [];
    for (const b of names) {
      const [name, arity] = b.split("/") as [string, string];
      const n = Number(arity);
      if (n === 0) programs.push(`[limit(3; ${name})]`);
      else for (const a of ARGS) programs.push(`[limit(3; ${name}(${Array.from({ length: n }, () => a).join("; ")}))]`);
    }
    for (const f of FORMATS) programs.push(`@${f}`, `@${f} "x\\(.)y"`);
    for (const prog of programs) {
      for (const input of INPUTS) {
        const r = outcome(prog, input);
        if (r !== "ok" && r !== "jq error") broken.push(`${prog} <<< ${input}: ${r}`);
      }
    }
    expect(programs.length * INPUTS.length).toBeGreaterThan(3500);
    expect(broken).toEqual([]);
  });
});
