/**
 * The digits of C's `%f %e %g %a` for a finite, non-negative value, exactly as glibc prints
 * them: a double or long double is m * 2^e, so its decimal expansion is finite; it is rounded
 * half to even on that exact value. JS's `toFixed`/`toExponential` round the exact value too
 * but break ties away from zero: they are used (fast) whenever the digits dropped cannot be a
 * tie, and the exact BigInt expansion otherwise.
 */
import { bitLength, decomposeDouble, type LongDouble } from "./long-double.js";

const POW5: bigint[] = [1n];
/** 5^k, cached (k up to 1100 covers every double). */
function pow5(k: number): bigint {
  if (k > 1100) return 5n ** BigInt(k);
  for (let i = POW5.length; i <= k; i++) POW5.push(POW5[i - 1]! * 5n);
  return POW5[k]!;
}

/** The number of trailing zero bits of a positive BigInt. */
function trailingZeros(n: bigint): number {
  let z = 0;
  while ((n & 0xffffffffn) === 0n) {
    n >>= 32n;
    z += 32;
  }
  const low = Number(n & 0xffffffffn);
  return z + 31 - Math.clz32(low & -low);
}

/**
 * The exact decimal expansion of mant * 2^exp (mant > 0): value = digits * 10^-scale, `digits`
 * without leading zeros.
 */
function exactDecimal(mant: bigint, exp: number): [string, number] {
  if (exp < 0) {
    const tz = Math.min(trailingZeros(mant), -exp);
    mant >>= BigInt(tz);
    exp += tz;
  }
  if (exp >= 0) return [(mant << BigInt(exp)).toString(), 0];
  return [(mant * pow5(-exp)).toString(), -exp];
}

/** Whether `d` has a non-zero digit at or after `from`. */
function nonZeroFrom(d: string, from: number): boolean {
  for (let i = from; i < d.length; i++) if (d.charCodeAt(i) !== 48) return true;
  return false;
}

/** The decimal integer `d` plus one. */
function increment(d: string): string {
  let i = d.length - 1;
  while (i >= 0 && d[i] === "9") i--;
  if (i < 0) return `1${"0".repeat(d.length)}`;
  return d.slice(0, i) + String.fromCharCode(d.charCodeAt(i) + 1) + "0".repeat(d.length - 1 - i);
}

/**
 * The integer `d` with its last `k` digits dropped, rounded half to even ("0" when nothing is
 * kept); a negative `k` appends zeros.
 */
function roundDrop(d: string, k: number): string {
  if (k <= 0) return k === 0 ? d : d + "0".repeat(-k);
  const keep = d.length - k;
  if (keep < 0) return "0";
  const kept = keep === 0 ? "0" : d.slice(0, keep);
  const first = d.charCodeAt(keep);
  const up = first > 53 || (first === 53 && (nonZeroFrom(d, keep + 1) || (kept.charCodeAt(kept.length - 1) & 1) === 1));
  return up ? increment(kept) : kept;
}

/** `int` (at least one digit) with a point before its last `prec` digits. */
function placePoint(int: string, prec: number): string {
  if (prec === 0) return int;
  if (int.length <= prec) int = "0".repeat(prec - int.length + 1) + int;
  return `${int.slice(0, int.length - prec)}.${int.slice(int.length - prec)}`;
}

const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/** %.Nf of a by scaled integer rounding, when provably the same as exact rounding; else undefined. */
function fastFixed(a: number, prec: number): string | undefined {
  const scaled = a * POW10[prec]!;
  if (!(scaled < 4e15)) return undefined;
  const fl = Math.floor(scaled);
  const frac = scaled - fl;
  // near a tie the product's own rounding could decide: leave it to the exact path
  if (frac > 0.4999999 && frac < 0.5000001) return undefined;
  return placePoint(String(frac > 0.5 ? fl + 1 : fl), prec);
}

/** A finite non-negative value's significand and exponent for the exact path. */
function parts(v: number | LongDouble): [bigint, number] {
  return typeof v === "number" ? decomposeDouble(v) : [v.mant, v.exp];
}

/** A long double that is exactly a double, as that double (the fast paths take numbers); else undefined. */
function asDouble(v: LongDouble): number | undefined {
  if (v.mant === 0n) return 0;
  if (v.mant >= 1n << 64n) return undefined;
  const tz = trailingZeros(v.mant);
  const m = v.mant >> BigInt(tz);
  const e = v.exp + tz;
  const top = e + bitLength(m);
  if (m >= 1n << 53n || top > 1024 || e < -1074) return undefined;
  return Number(m) * 2 ** Math.max(e, -1022) * 2 ** Math.min(0, e + 1022);
}

/** `%.{prec}f` of a finite non-negative value: "123.456" (no sign, no `#` point). */
export function fixedDigits(v: number | LongDouble, prec: number): string {
  if (typeof v !== "number") {
    const d = asDouble(v);
    if (d !== undefined) v = d;
  }
  if (typeof v === "number") {
    if (v === 0) return placePoint("0", prec);
    if (prec <= 100 && v < 1e21) {
      if (prec <= 15) {
        const f = fastFixed(v, prec);
        if (f !== undefined) return f;
      }
      // a tie at the last digit kept: v * 10^prec ends in exactly .5, so v * 2^(prec+1) is odd
      const t = v * 2 ** (prec + 1);
      if (!(Number.isInteger(t) && t % 2 === 1)) return v.toFixed(prec);
    }
  }
  const [mant, exp] = parts(v);
  // far below half a unit of the last place (a long double denormal): zero, without 5^16445
  if (exp + bitLength(mant) < -2 - prec * 3.3219280948873626) return placePoint("0", prec);
  const [digits, scale] = exactDecimal(mant, exp);
  return placePoint(roundDrop(digits, scale - prec), prec);
}

/**
 * `p` significant digits of a finite non-negative value, rounded: [digits, X] where the value
 * is about d.ddd * 10^X (C's exponent of `%e`, after rounding). Zero gives X = 0.
 */
export function significantDigits(v: number | LongDouble, p: number): [string, number] {
  if (typeof v !== "number") {
    const d = asDouble(v);
    if (d !== undefined) v = d;
  }
  if (typeof v === "number") {
    if (v === 0) return ["0".repeat(p), 0];
    if (p <= 101) {
      const r = v.toExponential(p - 1);
      const ei = r.indexOf("e");
      const x = Number(r.slice(ei + 1));
      const k = p - 1 - x; // digits kept after the decimal point
      let tie: boolean | undefined;
      if (k >= 0) {
        const t = v * 2 ** (k + 1);
        tie = Number.isInteger(t) && t % 2 === 1;
      } else if (k >= -22) {
        tie = v % 10 ** -k === 5 * 10 ** (-k - 1);
      }
      if (tie === false) return [p === 1 ? r.slice(0, ei) : r[0]! + r.slice(2, ei), x];
    }
  }
  const [mant, exp] = parts(v);
  const [digits, scale] = exactDecimal(mant, exp);
  let x = digits.length - 1 - scale;
  let s = roundDrop(digits, digits.length - p);
  if (s.length > p) {
    s = s.slice(0, p);
    x++;
  }
  return [s, x];
}

/** floor(log10(v)) of a finite positive value, exactly. */
export function decimalExponent(v: number | LongDouble): number {
  const [mant, exp] = parts(v);
  const [digits, scale] = exactDecimal(mant, exp);
  return digits.length - 1 - scale;
}

const HEX_FRAC_MASK_60 = (1n << 60n) - 1n;

/**
 * `%a` of a finite non-negative value without the "0x" and the sign: "1.8p+1". A number prints
 * as glibc prints a double (`0x1.8p+1`, denormals `0x0.xxxp-1022`), a LongDouble as it prints
 * an x87 long double (a 4-bit leading digit: `0xcp-3`). `prec` < 0: as many digits as needed.
 */
export function hexDigits(v: number | LongDouble, prec: number, alt: boolean): string {
  let lead: number;
  let frac: bigint;
  let n: number; // hex digits of the fraction
  let e: number;
  const long = typeof v !== "number";
  if (typeof v === "number") {
    n = 13;
    if (v === 0) {
      lead = 0;
      frac = 0n;
      e = 0;
    } else {
      const [m, me] = decomposeDouble(v);
      if (m >= 1n << 52n) {
        lead = 1;
        frac = m - (1n << 52n);
        e = me + 52;
      } else {
        lead = 0;
        frac = m;
        e = -1022;
      }
    }
  } else {
    n = 15;
    lead = Number(v.mant >> 60n);
    frac = v.mant & HEX_FRAC_MASK_60;
    e = v.mant === 0n ? 0 : v.exp + 60;
  }
  let digits: string;
  if (prec < 0) {
    digits = frac === 0n ? "" : frac.toString(16).padStart(n, "0").replace(/0+$/, "");
  } else if (prec >= n) {
    digits = frac.toString(16).padStart(n, "0") + "0".repeat(prec - n);
  } else {
    const drop = BigInt(4 * (n - prec));
    let kept = frac >> drop;
    const rest = frac - (kept << drop);
    const half = 1n << (drop - 1n);
    const odd = prec > 0 ? (kept & 1n) === 1n : (lead & 1) === 1;
    if (rest > half || (rest === half && odd)) kept++;
    if (kept === 1n << BigInt(4 * prec)) {
      kept = 0n;
      lead++;
      // an x87 leading digit past f starts over at 1, four binary places up
      if (long && lead === 16) {
        lead = 1;
        e += 4;
      }
    }
    digits = prec === 0 ? "" : kept.toString(16).padStart(prec, "0");
  }
  const point = digits !== "" || alt ? "." : "";
  return `${lead.toString(16)}${point}${digits}p${e < 0 ? "-" : "+"}${Math.abs(e)}`;
}
