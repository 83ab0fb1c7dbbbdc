// awk cases: fields, FS/OFS/NR/NF, printf formats, arrays, split/sub/gsub/match/substr/index/
// length/tolower/sprintf, getline, number formatting (CONVFMT/OFMT, integers vs floats, large
// numbers, -0), strnum comparisons, uninitialized variables, dynamic regexes, exit statuses.
// Run through gawk and mawk; only cases where they agree are compared (POSIX behaviour).
import { input, q } from "./common.mjs";

const NUMS = ["0", "1", "-1", "2", "3", "10", "0.1", "0.5", "1.5", "2.5", "-2.5", "3.14159", "1e3", "1e6", "1e15", "1e16", "1e17", "123456789012", "2^53", "2^53+1", "2^31", "-2^31", "1e300*1e10", "-0", "0.1+0.2", "1/3", "2/3", "100/7", "17", "1e-5", "123.456", "999999.5", "1e21", "0.000001234", "-1e-300"];
const STRS = ['""', '"a"', '"abc"', '"10"', '"9"', '"1e3"', '" 12 "', '"+5"', '".5"', '"5."', '"abc123"', '"123abc"', '"a,b,c"', '"Hello World"', '"x:y:z"', '"  two  spaces "', '"0"', '"-0"', '"0.0"', '"tab\\there"', '"a.b.c"'];
const FIELDS = ["$0", "$1", "$2", "$3", "$NF", "$(NF-1)", "NF", "NR", "FNR", "$(1+1)", "$4"];
const VARS = ["x", "y", "s", "n", "u"];
const REGEX = ["/a/", "/^[0-9]+$/", "/[[:upper:]]/", "/o+/", "/(ab|cd)/", "/^$/", "/\\./", "/[,:]/", "/^a.*e$/", "/[0-9]/", "/ERROR|WARN/"];
const DYNRE = ['"a+"', '"[0-9]+"', '"^" $1', '"[,:]"', '"."', '"\\\\."', 's', '"(x|y)"', '"[[:space:]]+"'];
const FMTS = ["%d", "%i", "%5d", "%-5d|", "%05d", "%+d", "%x", "%X", "%o", "%e", "%E", "%f", "%.2f", "%10.3f", "%g", "%G", "%.3g", "%s", "%10s|", "%-10s|", "%.2s", "%c", "%%", "%5.1f", "%u", "%.0f", "%.10g", "%#o", "%#x", "%5s%5s", "%d %s", "%.3d", "% d", "%*d", "%-*s|"];

/** An expression of depth at most `d`. */
function expr(h, d = 0) {
  const leaf = () => h.pick([...NUMS, ...NUMS, ...STRS, ...FIELDS, ...FIELDS, ...VARS, "arr[1]", "arr[\"k\"]", "length(arr)", "RSTART", "RLENGTH", "length", "length()"]);
  if (d > 2 || h.chance(0.35)) return leaf();
  const a = () => expr(h, d + 1);
  return h.pick([
    () => `${a()} ${h.pick(["+", "-", "*", "/", "%", "^"])} ${a()}`,
    () => `(${a()}) ${h.pick(["<", "<=", "==", "!=", ">", ">="])} (${a()})`,
    () => `${a()} ${a()}`,
    () => `(${a()} ${h.pick(["&&", "||"])} ${a()})`,
    () => `(${a()} ? ${a()} : ${a()})`,
    () => `-${a()}`,
    () => `!${a()}`,
    () => `(${a()})`,
    () => `length(${a()})`,
    () => `substr(${a()}, ${h.pick(["0", "1", "2", "-1", "1.5", "2.5", "10", "NF", "x"])}${h.chance(0.6) ? `, ${h.pick(["0", "1", "2", "3", "-1", "1.5", "100", "x"])}` : ""})`,
    () => `index(${a()}, ${h.pick(['"a"', '""', '"b"', '","', "$2"])})`,
    () => `int(${a()})`,
    () => `${h.pick(["sqrt", "exp", "log", "sin", "cos"])}(${a()})`,
    () => `atan2(${a()}, ${a()})`,
    () => `tolower(${a()})`,
    () => `toupper(${a()})`,
    () => `sprintf(${q(h.pick(FMTS)).replaceAll("'", '"')}, ${a()}${h.chance(0.3) ? `, ${a()}` : ""})`,
    () => `split(${a()}, arr${h.chance(0.6) ? `, ${h.pick(['","', '":"', '"[,:]"', '" "', '""', '"a"', "/[0-9]+/", '"."'])}` : ""})`,
    () => `match(${a()}, ${h.pick([...REGEX, ...DYNRE])})`,
    () => `(${a()} ~ ${h.pick([...REGEX, ...DYNRE])})`,
    () => `(${a()} !~ ${h.pick(REGEX)})`,
    () => `(${h.pick(VARS)} = ${a()})`,
    () => `(${h.pick(VARS)} ${h.pick(["+=", "-=", "*=", "/=", "%=", "^="])} ${a()})`,
    () => `${h.pick(VARS)}${h.pick(["++", "--"])}`,
    () => `${h.pick(["++", "--"])}${h.pick(VARS)}`,
    () => `(${a()} in arr)`,
    () => `${a()} + 0`,
    () => `${a()} ""`,
  ])();
}

/** A statement. */
function stmt(h, d = 0) {
  const e = () => expr(h);
  const r = h.rand();
  if (d < 1 && r < 0.08) return `if (${e()}) { ${stmt(h, d + 1)} } else { ${stmt(h, d + 1)} }`;
  if (d < 1 && r < 0.12) return `for (i = 1; i <= ${h.pick(["NF", "3", "n", "length(arr)"])}; i++) { ${stmt(h, d + 1)} }`;
  if (d < 1 && r < 0.14) return `while (${h.pick(["i < 3", "(getline line < \"f1\") > 0", "n-- > 0"])}) { ${stmt(h, d + 1)}; i++ }`;
  return h.pick([
    () => `print ${e()}`,
    () => `print ${e()}, ${e()}`,
    () => `print`,
    () => `print ${e()} > "/dev/stderr"`,
    () => `printf ${q(`${h.pick(FMTS)}\\n`).replaceAll("'", '"')}, ${e()}${h.chance(0.3) ? `, ${e()}` : ""}`,
    () => `printf ${q(`${h.pick(FMTS)} ${h.pick(FMTS)}\\n`).replaceAll("'", '"')}, ${e()}, ${e()}`,
    () => `${h.pick(VARS)} = ${e()}`,
    () => `arr[${e()}] = ${e()}`,
    () => `arr[${h.pick(["$1", "NR", '"k"', "1"])}]${h.pick(["++", " += $2", ' = $0', " = arr[1] 1"])}`,
    () => `sub(${h.pick([...REGEX, ...DYNRE])}, ${h.pick(['"X"', '"[&]"', '"\\\\&"', '""', "$2"])}${h.chance(0.5) ? `, ${h.pick(["$0", "$1", "$2", "s", "x"])}` : ""})`,
    () => `gsub(${h.pick([...REGEX, ...DYNRE, "/x*/", '""'])}, ${h.pick(['"X"', '"<&>"', '"\\\\&"', '""', "$1"])}${h.chance(0.5) ? `, ${h.pick(["$0", "$1", "$2", "s", "x", "$NF"])}` : ""})`,
    () => `$${h.pick(["1", "2", "3", "5", "NF", "(NF+2)", "0"])} = ${e()}`,
    () => `NF = ${h.pick(["1", "2", "NF+1", "0", "5"])}`,
    () => `$0 = ${h.pick(['"a b c"', '"x,y  z"', "$2", '""'])}`,
    () => `delete arr[${h.pick(["1", '"k"', "$1"])}]`,
    () => "delete arr",
    () => `getline ${h.pick(["", "line", "x"])}`,
    () => `getline ${h.pick(["line", "x", ""])} < "f1"`,
    () => "next",
    () => `exit ${h.pick(["", "0", "1", "3", "x"])}`,
    () => `OFS = ${h.pick(['"-"', '","', '""', '"\\t"'])}`,
    () => `$1 = $1`,
    () => `${h.pick(["CONVFMT", "OFMT"])} = ${h.pick(['"%.2f"', '"%d"', '"%.2g"', '"%.10g"', '"%e"'])}`,
    () => `n = split($0, parts${h.chance(0.5) ? `, ${h.pick(['","', '"[ ,]+"', '":"', '""'])}` : ""}); print n, parts[1], parts[n]`,
    () => `print length(${e()}), index(${e()}, ${e()})`,
    () => `if (match(${e()}, ${h.pick(REGEX)})) print RSTART, RLENGTH; else print "no", RSTART, RLENGTH`,
    () => `print (${e()} < ${e()}), (${e()} == ${e()})`,
    () => `print ${h.pick(VARS)} + 0, ${h.pick(VARS)} "", length(${h.pick(VARS)}), (${h.pick(VARS)} == 0), (${h.pick(VARS)} == "")`,
  ])();
}

/** Curated, realistic one-liners (with random pieces). */
function idiom(h) {
  return h.pick([
    () => `{ s += $2 } END { print s, s / NR, NR }`,
    () => `{ s += $2 } END { printf "%.2f\\n", s / NR }`,
    () => `!seen[$1]++`,
    () => `{ c[$1]++ } END { for (k in c) n++; print n }`,
    () => `NR > 1 { print $1 }`,
    () => `$2 > ${h.pick(["25", '"25"', "$3", "x"])} { print $1, $2 }`,
    () => `${h.pick(REGEX)} { print NR": "$0 }`,
    () => `${h.pick(REGEX)},${h.pick(REGEX)}`,
    () => `NF { print $NF }`,
    () => `{ print NF, length($0) }`,
    () => `{ $2 = ""; print }`,
    () => `{ $1 = $1 } 1`,
    () => `BEGIN { OFS = "${h.pick(["-", ",", "\\t", ""])}" } { $1 = $1; print }`,
    () => `{ print toupper(substr($0, 1, 1)) substr($0, 2) }`,
    () => `{ n = split($0, a, "${h.pick([",", ":", " ", "=", ""])}"); for (i = n; i > 0; i--) printf "%s%s", a[i], (i > 1 ? "|" : "\\n") }`,
    () => `{ gsub(/${h.pick(["a", "[0-9]", "o+", " +", "^ *", "x*"])}/, "${h.pick(["X", "&&", "\\\\&", ""])}"); print }`,
    () => `{ print $1 > "/dev/stderr" }`,
    () => `END { print NR }`,
    () => `END { print $0, NF }`,
    () => `{ max = ($2 > max ? $2 : max) } END { print max }`,
    () => `{ printf "%-10s %5.1f\\n", $1, $2 }`,
    () => `BEGIN { while ((getline line < "f1") > 0) n++; print n, line }`,
    () => `BEGIN { print length("") , substr("hello", ${h.pick(["0", "-1", "2", "1.5"])}, ${h.pick(["2", "0", "-1", "1.5", "10"])}) }`,
    () => `BEGIN { x = ${h.pick(NUMS)}; print x; print x ""; y = x ""; print y; CONVFMT = "%.2g"; z = x ""; print z; OFMT = "%.3f"; print x, x + 0 }`,
    () => `BEGIN { printf "${h.pick(FMTS)}\\n", ${h.pick([...NUMS, ...STRS])} }`,
    () => `BEGIN { print ${h.pick(NUMS)}, -${h.pick(NUMS)}, ${h.pick(NUMS)} "" }`,
    () => `BEGIN { print (${h.pick(STRS)} < ${h.pick(STRS)}), (${h.pick(STRS)} + 0), (${h.pick(NUMS)} == ${h.pick(STRS)}) }`,
    () => `{ print ($1 < $2), ($1 == $2), ($2 > 10) }`,
    () => `BEGIN { FS = "${h.pick([",", ":", "=", "[,:]", "\\t", " ", "a"])}" } { print $2, NF }`,
    () => `BEGIN { RS = "${h.pick(["", ";", ",", "a"])}" } { print NR": "$0, NF }`,
    () => `{ sub(/^ +/, ""); sub(/ +$/, ""); print "[" $0 "]" }`,
    () => `{ if (match($0, /[0-9]+/)) print substr($0, RSTART, RLENGTH) }`,
    () => `{ a[NR] = $0 } END { for (i = NR; i >= 1; i--) print a[i] }`,
    () => `NR == ${h.pick(["1", "2", "3"])} { exit ${h.pick(["", "2", "5"])} } { print } END { print "end" }`,
    () => `{ print $${h.pick(["1", "2", "NF", "(NF-1)"])} * ${h.pick(["1", "2", "1.5", "100", "0.01"])} }`,
    () => `{ printf "%d %s %5.2f %x %c\\n", $2, $1, $2, $2, $1 }`,
    () => `{ print substr($1, ${h.pick(["2", "0", "-1"])}), length($1), index($0, "${h.pick(["a", "o", " "])}") }`,
  ])();
}

/** An awk case. */
export function awkCase(h) {
  const opts = [];
  if (h.chance(0.15)) opts.push(`-F ${q(h.pick([",", ":", "=", "\\t", " ", "[,:]", "t", "|", "\\\\|", ",+", "", "ab"]))}`);
  if (h.chance(0.1)) opts.push(`-v ${h.pick(["x", "n", "OFS", "s"])}=${q(h.pick(["1", "abc", "-", "\\t", "a\\nb", "3.0", "010", ""]))}`);
  let prog;
  const r = h.rand();
  if (r < 0.4) prog = idiom(h);
  else {
    const parts = [];
    if (h.chance(0.3)) parts.push(`BEGIN { ${Array.from({ length: 1 + h.int(2) }, () => stmt(h)).join("; ")} }`);
    const n = 1 + h.int(2);
    for (let i = 0; i < n; i++) {
      const pat = h.chance(0.4) ? `${h.pick([...REGEX, "NR == 2", "NR > 1", "NF > 2", "$2 > 20", "$1 ~ /^[a-c]/", "!($1 in arr)", "length > 10", "NR % 2", `${expr(h)}`])} ` : "";
      parts.push(`${pat}{ ${Array.from({ length: 1 + h.int(3) }, () => stmt(h)).join("; ")} }`);
    }
    if (h.chance(0.4)) parts.push(`END { ${Array.from({ length: 1 + h.int(2) }, () => stmt(h)).join("; ")} }`);
    prog = parts.join(" ");
  }
  const stdin = input(h, ["cols", "nums", "csv", "kv", "words", "log"]);
  const files = { f1: input(h, ["cols", "nums"]) };
  if (h.chance(0.08)) return { cmd: `awk ${opts.join(" ")} ${q(prog)} f1 -`, stdin, files };
  if (h.chance(0.03)) return { cmd: `awk ${q(h.pick(["{ print $1", "BEGIN { x = }", "{ print ( }", "BEGIN { printf }", "/[/", "{ getline < }", "function f(a) { return a } BEGIN { print f(1, 2) }", "BEGIN { print 1 / 0 }", "BEGIN { x[1] = 1; x = 2 }"]))}`, stdin, files };
  return { cmd: `awk ${opts.join(" ")} ${q(prog)}`, stdin, files };
}
