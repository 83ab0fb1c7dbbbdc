/** A small printf for one floating-point directive (seq -f, numfmt --format). */

/** Formats `v` with a C printf conversion `%[flags][width][.prec](f|e|g|E|G|d|i|x|o)`. */
export function formatDirective(flags: string, width: number | undefined, prec: number | undefined, conv: string, v: number): string {
  let body: string;
  const neg = v < 0 || Object.is(v, -0);
  const a = Math.abs(v);
  switch (conv) {
    case "f":
    case "F":
      body = Number.isFinite(a) ? a.toFixed(prec ?? 6) : a === Infinity ? "inf" : "nan";
      break;
    case "e":
    case "E":
      body = Number.isFinite(a) ? expForm(a, prec ?? 6) : a === Infinity ? "inf" : "nan";
      break;
    case "g":
    case "G": {
      body = gForm(a, prec ?? 6, flags.includes("#"));
      break;
    }
    case "d":
    case "i":
      body = Math.trunc(a).toString();
      break;
    case "x":
    case "X":
      body = Math.trunc(a).toString(16);
      break;
    case "o":
      body = Math.trunc(a).toString(8);
      break;
    default:
      body = String(a);
  }
  if (conv === "E" || conv === "G" || conv === "X" || conv === "F") body = body.toUpperCase();
  const sign = neg && !(body === "0" && conv === "d") ? "-" : flags.includes("+") ? "+" : flags.includes(" ") ? " " : "";
  const w = width ?? 0;
  if (flags.includes("-")) return (sign + body).padEnd(w);
  if (flags.includes("0") && Number.isFinite(a)) return sign + body.padStart(w - sign.length, "0");
  return (sign + body).padStart(w);
}

function expForm(a: number, prec: number): string {
  const s = a.toExponential(prec);
  const [m, e] = s.split("e") as [string, string];
  const en = Number(e);
  return `${m}e${en < 0 ? "-" : "+"}${String(Math.abs(en)).padStart(2, "0")}`;
}

function gForm(a: number, prec: number, alt: boolean): string {
  if (!Number.isFinite(a)) return a === Infinity ? "inf" : "nan";
  const p = prec === 0 ? 1 : prec;
  if (a === 0) return "0";
  const exp = Math.floor(Math.log10(Number(a.toPrecision(p))));
  let s: string;
  if (exp < -4 || exp >= p) s = expForm(a, p - 1);
  else s = a.toFixed(Math.max(0, p - 1 - exp));
  if (!alt) {
    if (s.includes("e")) s = s.replace(/\.?0+e/, "e");
    else if (s.includes(".")) s = s.replace(/\.?0+$/, "");
  }
  return s;
}

/** Formats `v` through a format with exactly one directive (`%%` allowed elsewhere). */
export function formatNumber(format: string, v: number): string {
  return format.replace(/%%|%([-+ #0']*)(\d+)?(?:\.(\d*))?([a-zA-Z])/g, (all, flags: string, width?: string, prec?: string, conv?: string) => {
    if (all === "%%") return "%";
    return formatDirective(flags, width === undefined ? undefined : Number(width), prec === undefined ? undefined : Number(prec || "0"), conv as string, v);
  });
}
