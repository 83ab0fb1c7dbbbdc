/** The math library (C libm functions jq exposes). */
import { describe, negate } from "../ops.js";
import { compareNums, isNum, unbox } from "../number.js";
import type { Native } from "../runtime.js";
import type { Val } from "../value.js";
import { JqError } from "../value.js";
import { v0, vN } from "./define.js";

/** The double of a number argument (a kept literal's too), else jq's "number required". */
function num(v: Val, name: string): number {
  if (typeof v === "number") return v;
  if (!isNum(v)) throw new JqError(`${describe(v)} number required`);
  void name;
  return unbox(v);
}

function gamma(x: number): number {
  // Lanczos approximation.
  if (x < 0.5) return Math.PI / (Math.sin(Math.PI * x) * gamma(1 - x));
  const g = 7;
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  x -= 1;
  let a = c[0]!;
  const t = x + g + 0.5;
  for (let i = 1; i < g + 2; i++) a += c[i]! / (x + i);
  return Math.sqrt(2 * Math.PI) * t ** (x + 0.5) * Math.exp(-t) * a;
}

function lgamma(x: number): number {
  if (x <= 0 && Number.isInteger(x)) return Number.POSITIVE_INFINITY;
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lgamma(1 - x);
  const g = 7;
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  const y = x - 1;
  let a = c[0]!;
  const t = y + g + 0.5;
  for (let i = 1; i < g + 2; i++) a += c[i]! / (y + i);
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(a);
}

function frexp(x: number): [number, number] {
  if (x === 0 || !Number.isFinite(x)) return [x, 0];
  let e = Math.max(-1023, Math.floor(Math.log2(Math.abs(x))) + 1);
  let m = x * 2 ** -e;
  while (Math.abs(m) < 0.5) {
    m *= 2;
    e--;
  }
  while (Math.abs(m) >= 1) {
    m /= 2;
    e++;
  }
  return [m, e];
}

function roundHalfAway(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

function rint(x: number): number {
  // Round half to even.
  const r = Math.round(x);
  if (Math.abs(x % 1) === 0.5) return 2 * Math.round(x / 2);
  return r;
}

const ONE: [string, (x: number) => number][] = [
  ["floor", Math.floor], ["ceil", Math.ceil], ["sqrt", Math.sqrt], ["fabs", Math.abs], ["round", roundHalfAway],
  ["trunc", Math.trunc], ["exp", Math.exp], ["exp2", (x) => 2 ** x], ["exp10", (x) => 10 ** x], ["expm1", Math.expm1],
  ["log", Math.log], ["log2", Math.log2], ["log10", Math.log10], ["log1p", Math.log1p], ["cbrt", Math.cbrt],
  ["sin", Math.sin], ["cos", Math.cos], ["tan", Math.tan], ["asin", Math.asin], ["acos", Math.acos], ["atan", Math.atan],
  ["sinh", Math.sinh], ["cosh", Math.cosh], ["tanh", Math.tanh], ["asinh", Math.asinh], ["acosh", Math.acosh], ["atanh", Math.atanh],
  ["rint", rint], ["nearbyint", rint], ["gamma", lgamma], ["lgamma", lgamma], ["tgamma", gamma], ["lgamma_r", lgamma],
  ["significand", (x) => (x === 0 || !Number.isFinite(x) ? x : frexp(x)[0] * 2)],
  ["logb", (x) => (x === 0 ? Number.NEGATIVE_INFINITY : !Number.isFinite(x) ? Math.abs(x) : frexp(x)[1] - 1)],
  ["pow10", (x) => 10 ** x], ["j0", (x) => x], ["j1", (x) => x], ["y0", (x) => x], ["y1", (x) => x],
  ["ceil", Math.ceil],
];

const TWO: [string, (x: number, y: number) => number][] = [
  ["pow", (x, y) => x ** y], ["atan2", Math.atan2], ["fmin", Math.min], ["fmax", Math.max],
  ["fmod", (x, y) => x % y], ["hypot", Math.hypot], ["copysign", (x, y) => Math.abs(x) * (Object.is(y, -0) || y < 0 ? -1 : 1)],
  ["drem", (x, y) => x - y * rint(x / y)], ["remainder", (x, y) => x - y * rint(x / y)], ["ldexp", (x, y) => x * 2 ** Math.trunc(y)],
  ["scalb", (x, y) => x * 2 ** y], ["scalbln", (x, y) => x * 2 ** Math.trunc(y)],
  ["nextafter", nextafter], ["nexttoward", nextafter], ["fdim", (x, y) => (x > y ? x - y : 0)],
];

function nextafter(x: number, y: number): number {
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.NaN;
  if (x === y) return y;
  if (x === 0) return y > 0 ? Number.MIN_VALUE : -Number.MIN_VALUE;
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, x);
  let bits = buf.getBigInt64(0);
  bits += (y > x) === (x > 0) ? 1n : -1n;
  buf.setBigInt64(0, bits);
  return buf.getFloat64(0);
}

/** Math natives. */
export const MATH: Native[] = [
  ...ONE.map(([n, fn]) => v0(n, (v) => fn(num(v, n)))),
  ...TWO.map(([n, fn]) => vN(n, 2, (_i, a, b) => fn(num(a, n), num(b, n)))),
  vN("fma", 3, (_i, a, b, c) => num(a, "fma") * num(b, "fma") + num(c, "fma")),
  v0("frexp", (v) => frexp(num(v, "frexp"))),
  v0("modf", (v) => {
    const x = num(v, "modf");
    if (!Number.isFinite(x)) return [Number.isNaN(x) ? x : 0 * Math.sign(x), x];
    const ip = Math.trunc(x);
    return [x - ip, ip];
  }),
  v0("infinite", () => Number.POSITIVE_INFINITY),
  v0("nan", () => Number.NaN),
  v0("isinfinite", (v) => {
    const x = num(v, "isinfinite");
    return x === Number.POSITIVE_INFINITY || x === Number.NEGATIVE_INFINITY;
  }),
  v0("isnan", (v) => Number.isNaN(num(v, "isnan"))),
  v0("isnormal", (v) => {
    const x = num(v, "isnormal");
    return Number.isFinite(x) && x !== 0 && Math.abs(x) >= 2.2250738585072014e-308;
  }),
  // jq 1.8's builtin.jq: `def abs: if type == "number" and . < 0 then - . else . end;` (a
  // kept literal stays one, through `-`; -0 is not below 0 and stays -0)
  v0("abs", (v) => (isNum(v) && compareNums(v, 0) < 0 ? negate(v) : v)),
];
