// sed cases: s///flags with groups, & and \n, addresses and ranges, -n/p, -E, y///, a/i/c,
// d, N/P/D, hold space, branches, q/Q, l, =, and a few malformed scripts for the error texts.
import { input, q } from "./common.mjs";

const BRE = ["a", "o", "[0-9]\\+", "[a-z]*", "^", "$", "\\(a\\)\\(b\\)", "\\([a-z]*\\) \\([a-z]*\\)", "[[:space:]]\\+", "[[:upper:]]", "[^ ]*", ".", "..", "^[^,]*,", "\\bfoo\\b", "\\<c", "a\\|b", "\\.", "x*", "o\\{2\\}", "[[:digit:]]\\{1,2\\}", "^$", "\\s", "\\w\\+", "\\(.\\)\\1", "[aeiou]", "an", "\\n", "=", "/", "\\t", "[.]", "\\(foo\\)*"];
const ERE = ["a", "o+", "[0-9]+", "(a)(b)", "([a-z]+) ([a-z]+)", "[[:space:]]+", "[^ ]*", "^", "$", "a|b", "(foo|bar)", "o{2}", "[[:alpha:]]{3,}", "(.)\\1", "\\.", "^[^,]*,", "x?", "(a|)+", "\\w+", "[0-9]{1,2}", "^(.*)$", "(^|,)", "\\bb", "\\n", "([^=]*)=(.*)"];
const REPL = ["X", "&", "[&]", "\\1", "\\2-\\1", "\\n", "<\\0>", "\\U&", "\\u\\1", "\\L&\\E!", "", "\\&", "a\\nb", "\\t", "-", "\\/", "${x}", "%", "\\\\"];
const TEXT = ["text", "hello world", "  indented", "a\\tb", "x\\", "", "line\\nbreak"];

/** One sed address (or none). */
function addr(h, ere) {
  const re = () => `/${h.pick(ere ? ERE : BRE).replaceAll("/", "\\/")}/${h.chance(0.1) ? "I" : ""}`;
  const one = () => h.pick(["1", "2", "3", "$", re(), re(), "0~2", "2~3", "1~0"]);
  const r = h.rand();
  if (r < 0.35) return "";
  if (r < 0.65) return one();
  return `${h.pick(["1", "2", re(), "0"])},${h.pick(["3", "$", re(), "+1", "+2", "~4", "1"])}`;
}

/** One sed command, with its address. */
function command(h, ere, depth = 0) {
  const a = addr(h, ere);
  const neg = a && h.chance(0.15) ? "!" : "";
  const d = h.pick(["/", "/", "/", "|", "#", ",", ":"]);
  const esc = (s) => (d === "/" ? s.replaceAll("/", "\\/") : s.includes(d) ? s.replaceAll(d, `\\${d}`) : s);
  const s = () => {
    const flags = h.subset(["g", "p", "2", "I", "i", "3g"], 0.25).join("");
    return `s${d}${esc(h.pick(ere ? ERE : BRE))}${d}${esc(h.pick(REPL))}${d}${flags}`;
  };
  const r = h.rand();
  let body;
  if (r < 0.4) body = s();
  else if (r < 0.5 && depth < 1) body = `{${Array.from({ length: 1 + h.int(3) }, () => command(h, ere, depth + 1)).join(";")}}`;
  else
    body = h.pick([
      "p", "d", "=", "N", "P", "D", "h", "H", "g", "G", "x", "n", "l", "q", "Q", "q5", "z", "F",
      `y/abc/xyz/`, `y/${h.pick(["aeiou", "abc", "ABC"])}/${h.pick(["AEIOU", "123", "abc"])}/`,
      `a ${h.pick(TEXT)}`, `i ${h.pick(TEXT)}`, `c ${h.pick(TEXT)}`, `a\\\n${h.pick(TEXT)}`,
      "$!N", "l 5", "=;p",
    ]);
  // a, i, c and } end only at a newline: put them last or on their own line
  return `${a}${neg}${body}`;
}

/** Scripts that GNU sed rejects, for the error messages and statuses. */
const BAD = ["s/a/b", "s/a", "s/a/b/x", "k", "p;}", "{p", "y/abc/de/", "s/\\(a/b/", "s/a/\\1/", "b nolabel", "3,", "/x", "s/a/b/gg", "s/a/b/pp", "a", "y/a/", "0p", "0,3p", ",p", "s/[/x/", "-E 's/(a/x/'", "!!p", "1~2~3p", ":", "r", "w", "=x", "dp", "qq", "q 1 2"];

/** A sed case. */
export function sedCase(h) {
  const ere = h.chance(0.3);
  const opts = [];
  if (ere) opts.push(h.pick(["-E", "-r"]));
  if (h.chance(0.3)) opts.push("-n");
  if (h.chance(0.05)) opts.push("-s");
  if (h.chance(0.03)) opts.push("-z");
  const stdin = input(h, ["words", "cols", "csv", "kv", "paths", "log", "nums"]);
  if (h.chance(0.08)) {
    const bad = h.pick(BAD);
    return { cmd: bad.startsWith("-") ? `sed ${bad}` : `sed ${opts.join(" ")} ${q(bad)}`, stdin };
  }
  const cmds = Array.from({ length: 1 + h.int(3) }, () => command(h, ere));
  // commands that take text to the end of the line go on their own -e or line
  const needsLine = (c) => /(^|[^\\])[aic] |[aic]\\\n|\}$/.test(c);
  let script;
  if (h.chance(0.2)) return { cmd: `sed ${opts.join(" ")} ${cmds.map((c) => `-e ${q(c)}`).join(" ")}`, stdin };
  if (cmds.some(needsLine)) script = cmds.join("\n");
  else script = cmds.join(h.pick([";", "\n", "; "]));
  if (h.chance(0.1)) return { cmd: `sed ${opts.join(" ")} ${q(script)} f1 f2`, stdin: "", files: { f1: input(h, ["words", "nums"]), f2: input(h, ["cols"]) } };
  if (h.chance(0.05)) return { cmd: `sed ${opts.join(" ")} ${q(script)} missing`, stdin };
  return { cmd: `sed ${opts.join(" ")} ${q(script)}`, stdin };
}
