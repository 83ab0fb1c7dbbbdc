// The C printf number cases of src/printf-number.test.ts (and of the printf tests of awk, interp
// and coreutils) with their expected outputs, taken from the machine's tools in ONE batch:
//   bash's printf builtin   printf 'FMT\0' V...            (long double, strtold)
//   GNU printf              /usr/bin/printf 'FMT\0' V...   (long double, strtold)
//   GNU seq                 seq -f FMT -- V V               (long double, strtold)
//   gawk                    printf FMT, V + 0               (double, strtod)
// Usage: node packages/host/scripts/printf-cases.mjs
// writes packages/host/src/testing/printf-cases.json:
//   { from, float: { formats, values, bash, printf, seq, gawk }, int: { formats, values, bash, gawk } }
// where each tool's entry maps a format to its outputs, one per value (null: the tool refuses).
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";

const FLOAT_FORMATS = [
  "%f", "%.0f", "%.1f", "%.2f", "%.3f", "%.10f", "%.17f", "%.30f", "%F", "%.f", "%#.0f", "%+f", "% f", "%+ f",
  "%08.3f", "%-08.3f", "%020.10f", "%'f", "%'.2f",
  "%e", "%.0e", "%.1e", "%.2e", "%.3e", "%.16e", "%.20e", "%E", "%#.0e", "%+.3e", "%012.4e", "%-12.4e", "%.40e",
  "%g", "%.0g", "%.1g", "%.2g", "%.3g", "%.10g", "%.17g", "%.20g", "%G", "%#g", "%#.3g", "%#.0g", "%10.3g", "%-10.3g",
  "%012g", "%+g", "%'g",
  "%a", "%A", "%.0a", "%.1a", "%.2a", "%.3A", "%.20a", "%#a", "%#.0a", "%12a", "%-12a", "%012a", "%+a", "% a",
];
const FLOAT_VALUES = [
  "0", "-0", "1", "-1", "0.5", "1.5", "2.5", "3.5", "-2.5", "9.5", "99.5", "0.95", "0.125", "0.375", "1.125", "2.675",
  "1.005", "0.15", "0.25", "0.35", "0.1", "0.2", "0.3", "0.0001234565", "0.000099999", "1e-5", "1e-7", "100", "65536",
  "123456.5", "999999.5", "9999995", "123456789", "1234567.891", "-1234.5678", "3.14159265358979", "1e15", "1e21",
  "1e22", "12345678901234567890", "1e100", "-1e-100", "1.7976931348623157e308", "2.2250738585072014e-308", "1e-310",
  "5e-324", "0.049999999999999996", "inf", "-inf", "nan",
];
const INT_FORMATS = [
  "%d", "%i", "%5d", "%-5d", "%05d", "%+d", "% d", "%+ d", "%.3d", "%.0d", "%08.3d", "%-+6d", "%'d", "%o", "%#o",
  "%#.0o", "%#5o", "%x", "%#x", "%#X", "%#08x", "%.0x", "%#.3x", "%u", "%5u", "%-8u", "%X",
];
const INT_VALUES = [
  "0", "1", "-1", "7", "42", "-42", "255", "65535", "1234567", "-1234567", "4294967296", "9007199254740993",
  "9223372036854775807", "-9223372036854775808",
];
// gawk reads no inf/nan from strings; its integer conversions take doubles (2^63 and past print exactly)
const GAWK_FLOAT_VALUES = FLOAT_VALUES.filter((v) => !/inf|nan/.test(v));
const GAWK_INT_VALUES = [...INT_VALUES.filter((v) => !v.startsWith("92")), "1e20", "1e30", "-1e30", "2.9", "-2.9"];

const q = (s) => `'${s.replace(/'/g, `'\\''`)}'`;
const lines = [];
const mark = (name) => lines.push(`printf '\\n@@%s\\n' ${q(name)}`);
for (const f of FLOAT_FORMATS) {
  const vals = FLOAT_VALUES.map(q).join(" ");
  mark(`bash ${f}`);
  lines.push(`printf ${q(`${f}\\0`)} ${vals} 2>/dev/null`);
  mark(`printf ${f}`);
  lines.push(`/usr/bin/printf ${q(`${f}\\0`)} ${vals} 2>/dev/null`);
  mark(`seq ${f}`);
  // seq V V V prints V alone (0 1 0 for zeros); it takes no nan, and with inf it would never end
  for (const v of FLOAT_VALUES) {
    const step = /^-?0$/.test(v) ? "1" : v;
    lines.push(/inf|nan/.test(v) ? "printf '\\1\\0'" : `{ seq -f ${q(f)} -- ${q(v)} ${q(step)} ${q(v)} 2>/dev/null || printf '\\1'; } | tr -d '\\n'; printf '\\0'`);
  }
  mark(`gawk ${f}`);
  lines.push(`gawk -v F=${q(f)} 'BEGIN { for (i = 1; i < ARGC; i++) { printf F, ARGV[i] + 0; printf "%c", 0 } }' ${GAWK_FLOAT_VALUES.map(q).join(" ")}`);
}
for (const f of INT_FORMATS) {
  mark(`bash ${f}`);
  lines.push(`printf ${q(`${f}\\0`)} ${INT_VALUES.map(q).join(" ")} 2>/dev/null`);
  mark(`gawk ${f}`);
  lines.push(`gawk -v F=${q(f)} 'BEGIN { for (i = 1; i < ARGC; i++) { printf F, ARGV[i] + 0; printf "%c", 0 } }' ${GAWK_INT_VALUES.map(q).join(" ")}`);
}
const out = execFileSync("bash", ["-s"], { input: lines.join("\n"), encoding: "latin1", env: { PATH: "/usr/bin:/bin", LC_ALL: "C" }, maxBuffer: 1 << 26 });
const sections = new Map();
for (const part of out.split("\n@@").slice(1)) {
  const nl = part.indexOf("\n");
  const outs = part.slice(nl + 1).split("\0").slice(0, -1).map((s) => (s === "\x01" ? null : s));
  sections.set(part.slice(0, nl), outs);
}
const table = (tool, formats, n) =>
  Object.fromEntries(
    formats.map((f) => {
      const outs = sections.get(`${tool} ${f}`);
      if (outs.length !== n) throw new Error(`${tool} ${f}: ${outs.length} outputs for ${n} values`);
      return [f, outs];
    }),
  );
const version = (cmd) => execFileSync("bash", ["-c", cmd], { encoding: "utf8" }).split("\n")[0];
const json = {
  from: {
    bash: version("bash --version"),
    printf: version("/usr/bin/printf --version"),
    seq: version("seq --version"),
    gawk: version("gawk --version"),
  },
  float: {
    formats: FLOAT_FORMATS,
    values: FLOAT_VALUES,
    gawkValues: GAWK_FLOAT_VALUES,
    bash: table("bash", FLOAT_FORMATS, FLOAT_VALUES.length),
    printf: table("printf", FLOAT_FORMATS, FLOAT_VALUES.length),
    seq: table("seq", FLOAT_FORMATS, FLOAT_VALUES.length),
    gawk: table("gawk", FLOAT_FORMATS, GAWK_FLOAT_VALUES.length),
  },
  int: {
    formats: INT_FORMATS,
    values: INT_VALUES,
    gawkValues: GAWK_INT_VALUES,
    bash: table("bash", INT_FORMATS, INT_VALUES.length),
    gawk: table("gawk", INT_FORMATS, GAWK_INT_VALUES.length),
  },
};
writeFileSync(new URL("../src/testing/printf-cases.json", import.meta.url), `${JSON.stringify(json, null, 1)}\n`);
