/**
 * The C printf number formatter against the real tools: the recorded outputs of bash's printf
 * builtin, GNU printf and GNU seq (long doubles read by strtold) and of gawk (doubles), written
 * by scripts/printf-cases.mjs in one batch on a machine with bash 5.2, coreutils 9.1 and gawk 5.2
 * (see `from` in the JSON). Then the fast paths against an exact reference on random doubles,
 * and the long double reader and arithmetic.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { addLongDouble, compareLongDouble, type LongDouble, longDoubleFromNumber, longDoubleToNumber, mulLongDouble, parseLongDouble } from "./long-double.js";
import { formatFloat, formatInteger, type NumberSpec } from "./printf-number.js";

interface Table {
  readonly formats: string[];
  readonly values: string[];
  readonly gawkValues: string[];
  readonly [tool: string]: unknown;
}
const cases = JSON.parse(readFileSync(new URL("./testing/printf-cases.json", import.meta.url), "utf8")) as { float: Table; int: Table };
const outputs = (t: Table, tool: string): Record<string, (string | null)[]> => t[tool] as Record<string, (string | null)[]>;

/** A one-directive format of the table as a NumberSpec. */
function spec(fmt: string): NumberSpec {
  const m = /^%([-+ #0']*)(\d*)(?:\.(\d*))?([a-zA-Z])$/.exec(fmt)!;
  const f = m[1]!;
  return { conv: m[4]!, left: f.includes("-"), plus: f.includes("+"), space: f.includes(" "), alt: f.includes("#"), zero: f.includes("0"), width: Number(m[2] || 0), prec: m[3] === undefined ? -1 : Number(m[3] || 0) };
}

/** [format, value, ours, theirs] for every recorded output that differs. */
function diffs(t: Table, tool: string, values: string[], ours: (sp: NumberSpec, v: string) => string): [string, string, string, string][] {
  const out: [string, string, string, string][] = [];
  for (const f of t.formats) {
    const want = outputs(t, tool)[f]!;
    values.forEach((v, i) => {
      if (want[i] === null) return;
      const got = ours(spec(f), v);
      if (got !== want[i]) out.push([f, v, got, want[i]!]);
    });
  }
  return out;
}

const longDouble = (v: string): LongDouble => parseLongDouble(v).value;

describe("formatFloat against the real tools", () => {
  const t = cases.float;
  for (const tool of ["bash", "printf", "seq"]) {
    it(`long doubles as ${tool} prints them`, () => {
      expect(diffs(t, tool, t.values, (sp, v) => formatFloat(sp, longDouble(v)))).toEqual([]);
    });
  }
  it("doubles as gawk prints them", () => {
    // gawk's value is ARGV[i] + 0 (strtod, and -0 + 0 is 0)
    expect(diffs(t, "gawk", t.gawkValues, (sp, v) => formatFloat(sp, Number(v) + 0))).toEqual([]);
  });
});

describe("formatInteger against bash's printf", () => {
  it("matches", () => {
    expect(diffs(cases.int, "bash", cases.int.values, (sp, v) => formatInteger(sp, BigInt(v)))).toEqual([]);
  });
  it("takes safe integer numbers as bigints", () => {
    for (const f of cases.int.formats) {
      for (const v of [0, 1, -1, 42, -42, 255, 2 ** 53 - 1, -(2 ** 53) + 1]) expect(formatInteger(spec(f), v)).toBe(formatInteger(spec(f), BigInt(v)));
    }
  });
});

/** %.{p}f of a double, exactly, by BigInt: the reference for the fast paths. */
function refFixed(a: number, p: number): string {
  const ld = longDoubleFromNumber(a);
  let num = ld.mant * 10n ** BigInt(p);
  let den = 1n;
  if (ld.exp >= 0) num <<= BigInt(ld.exp);
  else den <<= BigInt(-ld.exp);
  let q = num / den;
  const r = num - q * den;
  if (2n * r > den || (2n * r === den && (q & 1n) === 1n)) q++;
  const s = q.toString().padStart(p + 1, "0");
  return p === 0 ? s : `${s.slice(0, -p)}.${s.slice(-p)}`;
}

/** A deterministic stream of doubles: ties, short decimals, and random bit patterns. */
function* doubles(n: number): Generator<number> {
  let x = 0x2545f491;
  const rnd = (): number => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
  for (let i = 0; i < n; i++) {
    const k = i % 4;
    if (k === 0) yield Math.floor(rnd() * 2000) / 8; // dyadic: ties at short precisions
    else if (k === 1) yield Math.floor(rnd() * 1e6) / 1000; // short decimals
    else if (k === 2) yield rnd() * 10 ** Math.floor(rnd() * 40 - 20);
    else {
      const f = new Float64Array(1);
      new Uint32Array(f.buffer).set([Math.floor(rnd() * 2 ** 32), Math.floor(rnd() * 0x7fefffff)]);
      yield f[0]!;
    }
  }
}

describe("the fast paths agree with exact rounding", () => {
  it("%f", () => {
    const bad: unknown[] = [];
    for (const a of doubles(4000)) {
      if (a >= 1e21) continue;
      for (const p of [0, 1, 2, 3, 6, 12, 20]) {
        const got = formatFloat({ conv: "f", prec: p }, a);
        if (got !== refFixed(a, p)) bad.push([a, p, got, refFixed(a, p)]);
      }
    }
    expect(bad).toEqual([]);
  });
  it("%e and %g match the long double path (exact BigInt digits)", () => {
    const bad: unknown[] = [];
    for (const a of doubles(4000)) {
      // the same value with a significand past 64 bits is never taken for a double: the exact path
      const ld = longDoubleFromNumber(a);
      const exact: LongDouble = { ...ld, mant: ld.mant << 1n, exp: ld.exp - 1 };
      for (const f of ["%.0e", "%.2e", "%e", "%.15e", "%g", "%.3g", "%.17g", "%#.6g", "%.1f", "%.3f"]) {
        const sp = spec(f);
        const viaLd = formatFloat(sp, exact);
        if (formatFloat(sp, a) !== viaLd) bad.push([a, f, formatFloat(sp, a), viaLd]);
      }
    }
    expect(bad).toEqual([]);
  });
});

describe("parseLongDouble", () => {
  it("reads what strtold reads", () => {
    const cases: [string, number, boolean][] = [
      ["1.5x", 3, false],
      ["  -2e3", 6, false],
      ["0x1.8p1", 7, false],
      ["0x", 1, false],
      ["1e", 1, false],
      [".", 0, false],
      ["-", 0, false],
      ["infinity", 8, false],
      ["INFx", 3, false],
      ["nan(abc)", 8, false],
      ["1e5000", 6, true],
      ["1e-4950", 7, true],
      ["0x1p-16445", 10, false],
    ];
    for (const [text, end, range] of cases) {
      const r = parseLongDouble(text);
      expect([text, r.end, r.range]).toEqual([text, end, range]);
    }
    expect(longDoubleToNumber(longDouble("0x1.8p1"))).toBe(3);
    expect(longDoubleToNumber(longDouble("-2e3"))).toBe(-2000);
    expect(longDoubleToNumber(longDouble("0.1"))).toBe(0.1);
    expect(longDoubleToNumber(longDouble("1e-320"))).toBe(1e-320);
    expect(longDoubleToNumber(longDouble("1e400"))).toBe(Number.POSITIVE_INFINITY);
  });
  it("rounds decimals to 64 bits, half to even", () => {
    // 2^64 + 1 and 2^64 + 3: ties between 2^64 and 2^64 + 2, 2^64 + 2 and 2^64 + 4
    expect(longDouble("18446744073709551617").mant).toBe(1n << 63n);
    expect(longDouble("18446744073709551619")).toMatchObject({ mant: (1n << 63n) + 2n, exp: 1 });
  });
});

describe("long double arithmetic", () => {
  it("rounds sums and products as the x87 does", () => {
    // seq's third value of `seq 0.1 0.1 0.3`: 0.1 + 2 * 0.1, which is 0.3L (0.3 as a double is below)
    const tenth = longDouble("0.1");
    const x = addLongDouble(tenth, mulLongDouble(longDoubleFromNumber(2), tenth));
    expect(formatFloat({ conv: "f", prec: 20 }, x)).toBe("0.30000000000000000001");
    expect(compareLongDouble(x, longDouble("0.3"))).toBe(0);
    expect(compareLongDouble(x, longDoubleFromNumber(0.3))).toBe(1);
    expect(compareLongDouble(mulLongDouble(longDoubleFromNumber(3), tenth), longDouble("0.3"))).toBe(0);
    expect(compareLongDouble(longDouble("-0"), longDouble("0"))).toBe(0);
    expect(compareLongDouble(longDouble("-inf"), longDouble("-1e4000"))).toBe(-1);
    expect(addLongDouble(tenth, { ...tenth, neg: true })).toMatchObject({ neg: false, mant: 0n });
    expect(formatFloat({ conv: "g" }, addLongDouble(longDouble("1e4000"), longDouble("1e-4000")))).toBe("1e+4000");
  });
});
