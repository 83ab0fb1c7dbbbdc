// grep cases: -E/-F/-o/-c/-v/-i/-w/-x/-n/-h/-H/-l/-L/-q/-s/-A/-B/-C/-m/-e multiple, -b,
// --color=never, character classes, anchors, back-references, files and stdin, bad patterns.
import { input, q } from "./common.mjs";

const BRE = ["foo", "a", "^a", "o$", "^$", "[0-9]\\+", "[[:upper:]]", "[[:digit:]][[:digit:]]", "\\(o\\)\\1", "a.c", "\\.", "ba*", "x*", "\\bfoo\\b", "\\<c", "\\w\\+", "[^a-z ]", "\\(foo\\|bar\\)", "a\\{2\\}", "[[:space:]]", "e$", "^[A-Z]", "an", "[.]", "[]]", "[a-]", "\\s", "\\S\\+", "cat\\|dog", "\\(a\\)\\(b\\)\\?", "^.\\{3\\}$", "*a", "\\+", "\\$", "ERROR", "é"];
const ERE = ["foo|bar", "[0-9]+", "^(a|b)", "o{2}", "(o)\\1", "a+b?", "^[^#]", "x?", "\\.txt$", "[[:alpha:]]+", "(ab|cd)+", "^.{3}$", "\\bcat\\b", "[0-9]{4}-[0-9]{2}", "(ERROR|WARN)", "a|", "()", "\\w+@", "[[:punct:]]", "^\\s*$", "a{,2}", "a{1,}b", "+a", "x|*"];
const FIXED = ["foo", "a.b", "a+b", "[bracket]", "(paren)", "", "o", "ERROR", "back\\slash", "x\\y", "café", "Foo"];
const BAD = ["-E 'a{1'", "'\\(a'", "-E '(a'", "'[a'", "-E 'a)'", "'a\\{1'", "-E '[[:foo:]]'", "'[[:alpha:]'", "-P 'a'", "-E '*'", "'\\'", "-e", "-A", "-m x a", "-C -1 a", "--frob a", "-E 'a{2,1}'"];

/** A grep case. */
export function grepCase(h) {
  const mode = h.pick(["", "", "-E", "-E", "-F", "-G", "-w", "-x"]);
  const pool = mode === "-E" ? ERE : mode === "-F" ? FIXED : BRE;
  const opts = [mode, ...h.subset(["-i", "-v", "-o", "-c", "-n", "-w", "-x", "-l", "-L", "-q", "-s", "-h", "-H", "-b", "-y"], 0.12)];
  if (h.chance(0.15)) opts.push(h.pick(["-A1", "-B1", "-C1", "-A 2", "-B 2", "-C 0", "-m1", "-m 2", "-m0", "--max-count=1", "-A1 -B2", "--context=1"]));
  if (h.chance(0.05)) opts.push(h.pick(["--color=never", "-Z", "--null", "--label=IN", "-r", "--include=*.txt", "-a", "-I", "-U", "--line-buffered", "-z"]));
  const stdin = input(h, ["words", "log", "kv", "csv", "paths", "cols", "nums"]);
  if (h.chance(0.05)) return { cmd: `grep ${h.pick(BAD)}`, stdin };
  let pats;
  if (h.chance(0.15)) pats = Array.from({ length: 2 + h.int(2) }, () => `-e ${q(h.pick(pool))}`).join(" ");
  else if (h.chance(0.05)) pats = `-e ${q(`${h.pick(pool)}\n${h.pick(pool)}`)}`;
  else if (h.chance(0.05)) return { cmd: `grep ${opts.join(" ")} -f pats`, stdin, files: { pats: `${h.pick(pool)}\n${h.pick(pool)}\n` } };
  else pats = q(h.pick(pool));
  const r = h.rand();
  if (r < 0.15) return { cmd: `grep ${opts.join(" ")} ${pats} f1 f2`, stdin: "", files: { f1: input(h, ["words", "log"]), f2: input(h, ["kv", "cols"]) } };
  if (r < 0.2) return { cmd: `grep ${opts.join(" ")} ${pats} f1 missing`, stdin: "", files: { f1: input(h, ["words", "log"]) } };
  if (r < 0.23) return { cmd: `grep ${opts.join(" ")} ${pats} - f1 < f1`, stdin: "", files: { f1: input(h, ["words"]) } };
  if (r < 0.3) return { cmd: `grep ${opts.join(" ")} ${pats}; echo "rc=$?"`, stdin };
  return { cmd: `grep ${opts.join(" ")} ${pats}`, stdin };
}
