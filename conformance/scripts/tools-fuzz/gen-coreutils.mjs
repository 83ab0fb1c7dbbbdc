// coreutils cases: sort, cut, tr, uniq, wc, head, tail, seq, nl, paste, fold, expr, and the
// printf builtin, with the option combinations scripts use; plus some invalid usages.
import { input, q } from "./common.mjs";

const ALL = ["words", "nums", "cols", "csv", "kv", "paths", "sizes", "versions", "log"];

/** sort */
export function sortCase(h) {
  const o = h.subset(["-n", "-r", "-u", "-f", "-b", "-s", "-h", "-V", "-g", "-d", "-i", "-M", "-c", "-z"], 0.07);
  if (h.chance(0.4)) {
    const t = h.pick(["", "", "-t,", "-t:", "-t=", "-t' '", "-t.", "-t/"]);
    const key = () => `-k${1 + h.int(3)}${h.chance(0.3) ? `.${1 + h.int(3)}` : ""}${h.chance(0.4) ? h.pick(["n", "r", "nr", "b", "f", "h", "V", "g", "bn"]) : ""}${h.chance(0.5) ? `,${1 + h.int(3)}${h.chance(0.2) ? `.${h.int(4)}` : ""}${h.chance(0.3) ? h.pick(["n", "r", "b"]) : ""}` : ""}`;
    o.push(t, key());
    if (h.chance(0.3)) o.push(key());
  }
  if (h.chance(0.03)) o.push(h.pick(["-k0", "-k1,0", "-t", "-tab", "-k 1.0", "--foo", "-o"]));
  const stdin = input(h, [h.pick(ALL), h.pick(ALL)], 10);
  if (h.chance(0.08)) return { cmd: `sort ${o.join(" ")} f1 f2`, stdin: "", files: { f1: input(h, ALL), f2: input(h, ALL) } };
  return { cmd: `sort ${o.join(" ")}`, stdin };
}

/** cut */
export function cutCase(h) {
  const list = () => h.pick(["1", "2", "1,3", "2-", "-2", "1-2", "3,1", "2-3,1", "1-1", "5", "1,1", "2-4", "10-", "1-3,2-4"]);
  const mode = h.pick(["-f", "-f", "-c", "-b"]);
  const o = [`${mode} ${list()}`];
  if (mode === "-f") {
    if (h.chance(0.7)) o.push(`-d ${q(h.pick([",", ":", "=", " ", ".", "/", "\t"]))}`);
    if (h.chance(0.2)) o.push("-s");
    if (h.chance(0.1)) o.push(`--output-delimiter=${q(h.pick(["|", "", "--", "\t"]))}`);
  }
  if (h.chance(0.15)) o.push("--complement");
  if (h.chance(0.04)) return { cmd: `cut ${h.pick(["-f 0", "-f", "-d ab -f1", "-c 1-2 -f 1", "-f 3-1", "-b", "", "-f1 -s -c1", "-d, -c1", "-f ,"])}`, stdin: input(h, ALL) };
  return { cmd: `cut ${o.join(" ")}`, stdin: input(h, ALL) };
}

/** tr */
export function trCase(h) {
  const sets = ["a-z", "A-Z", "abc", "xyz", "[:lower:]", "[:upper:]", "[:digit:]", "[:space:]", "[:alpha:]", "[:punct:]", "[:alnum:]", "0-9", "a-c", "\\n", "\\t", " ", ",", "a", "[=a=]", "a-", "\\\\", "[a*3]", "[x*]", "\\055", ".-", "aeiou"];
  const m = h.pick(["", "", "-d", "-s", "-c", "-cd", "-ds", "-cs", "-dc", "-t", "-sc"]);
  const one = m === "-d" || m === "-cd" || m === "-dc" || (m === "-s" && h.chance(0.5));
  const args = one ? [h.pick(sets)] : [h.pick(sets), h.pick(sets)];
  if (h.chance(0.04)) return { cmd: `tr ${h.pick(["", "a", "-d", "a b c", "'z-a' x", "-d a b", "'[:upper:]' 'a'", "a '[:lower:]'", "-x a b"])}`, stdin: input(h, ALL) };
  return { cmd: `tr ${m} ${args.map(q).join(" ")}`, stdin: input(h, ALL) };
}

/** uniq */
export function uniqCase(h) {
  const o = h.subset(["-c", "-d", "-u", "-i", "-D", "-z"], 0.2);
  if (h.chance(0.3)) o.push(`-f ${h.int(3)}`);
  if (h.chance(0.3)) o.push(`-s ${h.int(4)}`);
  if (h.chance(0.2)) o.push(`-w ${1 + h.int(4)}`);
  if (h.chance(0.05)) o.push(h.pick(["--group", "--all-repeated=separate", "--group=append", "-f x"]));
  const base = input(h, [h.pick(ALL)], 10);
  const lines = base.split("\n");
  // repeated neighbours are what uniq is about
  const stdin = lines.flatMap((l) => (h.chance(0.4) ? [l, l] : h.chance(0.2) ? [l, l.toUpperCase()] : [l])).join("\n");
  return { cmd: `uniq ${o.join(" ")}`, stdin };
}

/** wc, head, tail */
export function wcHeadTailCase(h) {
  const stdin = input(h, ALL, 14);
  const r = h.rand();
  if (r < 0.3) {
    const o = h.subset(["-l", "-w", "-c", "-m", "-L"], 0.3);
    if (h.chance(0.15)) return { cmd: `wc ${o.join(" ")} f1 f2`, stdin: "", files: { f1: input(h, ALL), f2: input(h, ALL) } };
    return { cmd: `wc ${o.join(" ")}${h.chance(0.2) ? " -" : ""}`, stdin };
  }
  const tool = r < 0.65 ? "head" : "tail";
  const n = h.pick(["1", "3", "0", "+2", "-2", "+1", "10", "+0", "-0", "1k", "2b", "x", "-", ""]);
  const o = [`-${h.pick(["n", "n", "c"])} ${n}`.trim()];
  if (h.chance(0.1)) o[0] = `-${h.pick(["1", "3", "0"])}`;
  if (h.chance(0.1)) o.push(h.pick(["-q", "-v", "-z"]));
  if (h.chance(0.15)) return { cmd: `${tool} ${o.join(" ")} f1 f2`, stdin: "", files: { f1: input(h, ALL), f2: input(h, ALL) } };
  return { cmd: `${tool} ${o.join(" ")}`, stdin };
}

/** seq, nl, paste, fold */
export function seqNlPasteFoldCase(h) {
  const r = h.rand();
  if (r < 0.35) {
    const nums = ["1", "3", "10", "0", "-2", "0.5", "1.5", "2.25", "1e2", "0.1", "-1", "5", "1.0", "01", "0x10", "3.0", "x", "1e-1", ".5"];
    const args = Array.from({ length: 1 + h.int(3) }, () => h.pick(nums));
    const o = h.subset(["-w", `-s ${q(h.pick([",", " ", "", "\\n", ":"]))}`, `-f ${q(h.pick(["%g", "%.2f", "%05.1f", "%e", "%x", "%03g", "n=%g", "%%", "%d", "%s"]))}`], 0.2);
    return { cmd: `seq ${o.join(" ")} ${args.join(" ")}`, stdin: "" };
  }
  const stdin = input(h, ALL, 10);
  if (r < 0.55) {
    const o = h.subset(["-ba", "-bt", "-bn", "-w3", "-s:", "-nln", "-nrz", "-nrn", "-v0", "-i2", "-bp^a", "-s ''"], 0.2);
    return { cmd: `nl ${o.join(" ")}`, stdin };
  }
  if (r < 0.8) {
    const o = h.subset(["-s", `-d ${q(h.pick([",", ":", "\\t", "", ",;", "\\n"]))}`], 0.4);
    const f = h.pick(["f1 f2", "-", "- -", "f1 -", "f1"]);
    return { cmd: `paste ${o.join(" ")} ${f}`, stdin, files: { f1: input(h, ALL), f2: input(h, ALL) } };
  }
  const o = [h.pick(["", "-w 5", "-w5", "-w 10", "-w 1", "-b -w 4", "-s -w 8", "-sw6", "-w 0"])];
  return { cmd: `fold ${o.join(" ")}`, stdin };
}

/** expr */
export function exprCase(h) {
  const atoms = ["1", "2", "10", "-3", "0", "abc", "'a b'", "''", "007", "9999999999999999999", "x", "+1", "1.5"];
  const bin = ["+", "-", "'*'", "/", "%", "'<'", "'<='", "=", "!=", "'>'", "'>='", "'&'", "'|'", ":"];
  const a = () => h.pick(atoms);
  const r = h.rand();
  let e;
  if (r < 0.5) e = `${a()} ${h.pick(bin)} ${a()}`;
  else if (r < 0.65) e = `${a()} ${h.pick(bin)} ${a()} ${h.pick(bin)} ${a()}`;
  else if (r < 0.8) e = `${h.pick(["abc123", "hello", "'foo bar'", "2024-01-05", "x"])} : ${q(h.pick(["a", "[a-z]*", "\\(.*\\)", "\\([0-9]*\\)-", ".*", "h\\(.\\)", "[0-9]\\+", "^x"]))}`;
  else e = h.pick([`length ${a()}`, `substr ${h.pick(["hello", "abc"])} ${h.int(4)} ${h.int(4)}`, `index ${h.pick(["hello", "abc"])} ${h.pick(["l", "xc", "z"])}`, `match abc ${q("b*")}`, `\\( ${a()} + ${a()} \\) '*' ${a()}`, `${a()}`, "", `${a()} +`, "length", `quote ${a()}`]);
  return { cmd: `expr ${e}; echo "rc=$?"`, stdin: "" };
}

/** the printf builtin */
export function printfCase(h) {
  const fmts = ["%s", "%d", "%5d", "%-5d|", "%05d", "%+d", "%x", "%X", "%o", "%#x", "%e", "%E", "%f", "%.2f", "%10.3f", "%g", "%G", "%.3g", "%c", "%b", "%q", "%10s|", "%-10s|", "%.2s", "%%", "%i", "%u", "%5.1f", "%*d", "%.*f", "%'d", "%s %s", "%d%%"];
  const args = ["1", "42", "-7", "3.14159", "0", "abc", "''", "' a b '", "0x1F", "010", "1e3", "'a\\tb'", "'a\\nb'", "9999999999999999999", "-0", "1.5", "2.5", "0.125", "\\'A", "'\"B'", "x1", "' 12'", "+5", "inf", "1,5"];
  const fmt = Array.from({ length: 1 + h.int(2) }, () => h.pick(fmts)).join(h.pick([" ", "|", ""]));
  const n = h.int(4);
  return { cmd: `printf ${q(`${fmt}\\n`)} ${Array.from({ length: n }, () => h.pick(args)).join(" ")}; echo "rc=$?"`, stdin: "" };
}
