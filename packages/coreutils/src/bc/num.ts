/** bc numbers: a BigInt scaled by 10^scale (value = v / 10^s), truncating arithmetic as POSIX bc. */
export interface Num {
  readonly v: bigint;
  readonly s: number;
}

const TEN = 10n;
const pow10 = (n: number): bigint => TEN ** BigInt(n);

/** A Num from an integer. */
export function int(n: number | bigint): Num {
  return { v: BigInt(n), s: 0 };
}

/** Re-expresses `a` at scale `s` (truncating when reducing). */
export function rescale(a: Num, s: number): Num {
  if (s === a.s) return a;
  return s > a.s ? { v: a.v * pow10(s - a.s), s } : { v: a.v / pow10(a.s - s), s };
}

export function add(a: Num, b: Num): Num {
  const s = Math.max(a.s, b.s);
  return { v: rescale(a, s).v + rescale(b, s).v, s };
}

export function sub(a: Num, b: Num): Num {
  const s = Math.max(a.s, b.s);
  return { v: rescale(a, s).v - rescale(b, s).v, s };
}

export function mul(a: Num, b: Num, scale: number): Num {
  const full = { v: a.v * b.v, s: a.s + b.s };
  return rescale(full, Math.min(a.s + b.s, Math.max(scale, a.s, b.s)));
}

/** Division at `scale` digits; throws on division by zero. */
export function div(a: Num, b: Num, scale: number): Num {
  if (b.v === 0n) throw new BcError("Divide by zero");
  const shift = scale + b.s - a.s;
  const num = shift >= 0 ? a.v * pow10(shift) : a.v / pow10(-shift);
  return { v: num / b.v, s: scale };
}

export function mod(a: Num, b: Num, scale: number): Num {
  if (b.v === 0n) throw new BcError("Modulo by zero");
  const q = div(a, b, scale);
  const rs = Math.max(scale + b.s, a.s);
  return rescale(sub(a, mul(q, b, rs)), rs);
}

export function pow(a: Num, b: Num, scale: number): Num {
  const e = b.v / pow10(b.s);
  if (e === 0n) return int(1);
  const n = e < 0n ? -e : e;
  let r: Num = int(1);
  let base = a;
  let k = n;
  const exact = Math.min(a.s * Number(n > 1000n ? 1000n : n), Math.max(scale, a.s));
  while (k > 0n) {
    if (k & 1n) r = { v: r.v * base.v, s: r.s + base.s };
    k >>= 1n;
    if (k > 0n) base = { v: base.v * base.v, s: base.s * 2 };
  }
  if (e < 0n) return div(int(1), r, scale);
  return rescale(r, exact);
}

/** Integer square root of a non-negative BigInt. */
export function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = BigInt(Math.floor(Math.sqrt(Number(n))));
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x && x * x <= n && (x + 1n) * (x + 1n) > n) return x;
    x = y;
  }
}

export function sqrt(a: Num, scale: number): Num {
  if (a.v < 0n) throw new BcError("Square root of a negative number");
  const rs = Math.max(scale, a.s);
  return { v: isqrt(rescale(a, 2 * rs).v), s: rs };
}

export function cmp(a: Num, b: Num): number {
  const d = sub(a, b).v;
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

export function isZero(a: Num): boolean {
  return a.v === 0n;
}

/** Formats as bc prints: no leading 0 before the point, `obase` for integer parts, lines wrapped at 70. */
export function format(a: Num, obase = 10): string {
  let out: string;
  const neg = a.v < 0n;
  const abs = neg ? -a.v : a.v;
  if (obase !== 10) {
    const ip = abs / pow10(a.s);
    out = ip.toString(obase).toUpperCase();
  } else if (a.s === 0) out = abs.toString();
  else {
    const digits = abs.toString().padStart(a.s + 1, "0");
    const ip = digits.slice(0, digits.length - a.s);
    out = `${ip === "0" ? "" : ip}.${digits.slice(digits.length - a.s)}`;
  }
  if (abs === 0n) out = "0";
  if (neg && abs !== 0n) out = `-${out}`;
  if (out.length <= 69) return out;
  const parts: string[] = [];
  for (let i = 0; i < out.length; i += 68) parts.push(out.slice(i, i + 68));
  return parts.join("\\\n");
}

/** Parses a bc number literal in `ibase`. */
export function parseNum(text: string, ibase = 10): Num {
  const [ip = "", fp = ""] = text.split(".");
  if (ibase === 10) return { v: BigInt((ip || "0") + fp), s: fp.length };
  let v = 0n;
  for (const c of ip) v = v * BigInt(ibase) + BigInt(parseInt(c, 16));
  return { v, s: 0 };
}

/** A bc runtime error. */
export class BcError extends Error {}
