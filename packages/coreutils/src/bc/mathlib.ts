import { add, BcError, div, int, mul, type Num, rescale, sqrt, sub } from "./num.js";

/** The -l library (s c a l e j) computed with guard digits, then truncated to `scale`. */
export function mathFn(name: string, x: Num, scale: number): Num {
  const p = scale + 10;
  const one = rescale(int(1), p);
  const X = rescale(x, p);
  const series = (first: Num, next: (term: Num, n: number) => Num): Num => {
    let sum = first;
    let term = first;
    for (let n = 1; n < 10_000; n++) {
      term = next(term, n);
      if (term.v === 0n) break;
      sum = add(sum, term);
    }
    return sum;
  };
  const exp = (v: Num): Num => {
    let k = 0;
    let y = v;
    while (Math.abs(Number(y.v) / 10 ** y.s) > 0.5 && k < 200) {
      y = div(y, int(2), p);
      k++;
    }
    let r = series(one, (t, n) => div(mul(t, y, p), int(n), p));
    for (let i = 0; i < k; i++) r = mul(r, r, p);
    return r;
  };
  const atan = (v: Num): Num => {
    let k = 0;
    let y = v;
    while (Math.abs(Number(y.v) / 10 ** y.s) > 0.2 && k < 60) {
      y = div(y, add(one, sqrt(add(one, mul(y, y, p)), p)), p);
      k++;
    }
    const y2 = mul(y, y, p);
    let sum = y;
    let pw = y;
    for (let n = 1; n < 10_000; n++) {
      pw = mul(pw, y2, p);
      const t = div(pw, int(2 * n + 1), p);
      if (t.v === 0n) break;
      sum = n % 2 ? sub(sum, t) : add(sum, t);
    }
    return mul(sum, int(2 ** k), p);
  };
  const sin = (v: Num): Num => {
    const pi2 = mul(atan(one), int(8), p);
    let y = v;
    const q = div(y, pi2, 0);
    y = sub(y, mul(q, pi2, p));
    const y2 = mul(y, y, p);
    return series(y, (t, n) => {
      const r = div(mul(t, y2, p), int((2 * n) * (2 * n + 1)), p);
      return { v: -r.v, s: r.s };
    });
  };
  let r: Num;
  switch (name) {
    case "e": r = exp(X); break;
    case "l": {
      if (X.v <= 0n) throw new BcError("Log of a non-positive number");
      let k = 0;
      let y = X;
      while ((Number(y.v) / 10 ** y.s > 1.5 || Number(y.v) / 10 ** y.s < 0.7) && k < 200) {
        y = sqrt(y, p);
        k++;
      }
      const z = div(sub(y, one), add(y, one), p);
      const z2 = mul(z, z, p);
      let sum = z;
      let pw = z;
      for (let n = 1; n < 10_000; n++) {
        pw = mul(pw, z2, p);
        const t = div(pw, int(2 * n + 1), p);
        if (t.v === 0n) break;
        sum = add(sum, t);
      }
      r = mul(sum, int(2 ** (k + 1)), p);
      break;
    }
    case "a": r = atan(X); break;
    case "s": r = sin(X); break;
    case "c": r = sin(add(X, mul(atan(one), int(2), p))); break;
    default: throw new BcError(`Function ${name} not defined`);
  }
  return rescale(r, scale);
}
