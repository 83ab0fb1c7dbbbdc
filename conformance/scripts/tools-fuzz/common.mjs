// Shared pieces of the text-tool differential fuzzer: a seeded PRNG, shell quoting, and pools
// of small realistic inputs (words, numbers, CSV, key=value, paths, mixed case, blank lines).

/** mulberry32: a small seeded PRNG, so a seed always gives the same cases. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Single-quotes `s` for bash. */
export const q = (s) => `'${String(s).replaceAll("'", "'\\''")}'`;

/** Random helpers bound to one PRNG. */
export function helpers(rand) {
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const int = (n) => Math.floor(rand() * n);
  const chance = (p) => rand() < p;
  const some = (xs, max = 3) => {
    const n = 1 + int(max);
    return Array.from({ length: n }, () => pick(xs));
  };
  /** Picks a subset of `xs`, each with probability p, in order. */
  const subset = (xs, p = 0.3) => xs.filter(() => rand() < p);
  return { pick, int, chance, some, subset, rand };
}

/** Line pools that generated inputs are drawn from. */
export const POOLS = {
  words: ["apple banana", "cherry", "Apple pie", "banana split", "date 2024-01-05", "", "foo bar baz", "FOO", "hello world", "  leading space", "trailing space  ", "a\tb\tc", "x", "foo", "foobar", "barfoo", "the cat sat", "The Cat", "abc123", "123abc", "a.b.c", "a+b", "(paren)", "[bracket]", "back\\slash", "tab\there", "héllo wörld", "naïve café"],
  nums: ["3", "10", "-2", "2.5", "1e3", "0", "007", "-0", "  42", "1,000", "x", "", "100", "9", "1.10", "1.9", "+5", "0x1A", "3.14159", "1000000", "-1.5e-3", "12abc", " 7 ", "nan", "inf"],
  cols: ["alice 30 NYC", "bob 25 LA", "carol 35 SF", "dave 25 NYC", "eve 40 LA", "frank  28  SF", "alice 31 Boston", "bob 25 LA", "zed 9 x", "amy 100 NYC"],
  csv: ["name,age,city", "alice,30,NYC", "bob,25,LA", "carol,,SF", "dave,25,NYC", "eve,40,\"LA, CA\"", ",,", "frank,28", "a,b,c,d,e"],
  kv: ["key=value", "name=alice", "x=1", "path=/usr/bin", "empty=", "=nokey", "a=b=c", "# comment", "port = 8080", "DEBUG=true"],
  paths: ["/usr/local/bin/tool", "/home/user/file.txt", "relative/path/x.tar.gz", "file", "/", "dir/", ".hidden", "a/b/c/d.e.f"],
  sizes: ["1K", "2M", "512", "1.5G", "10K", "3k", "1T", "0", "100M", "2G", "-1K", "1.5K", "900"],
  versions: ["1.10", "1.2", "1.9a", "v2.0.1", "1.2.10", "1.2.9", "2.0", "file10.txt", "file9.txt", "file1.txt", "1.0~rc1", "10", "1.02"],
  log: ["2024-01-05 ERROR disk full", "2024-01-05 INFO started", "2024-01-06 WARN slow", "2024-01-06 ERROR timeout 30s", "2024-01-07 INFO done in 12ms", "2024-01-07 DEBUG x=1 y=2"],
};

/** A random input: k lines drawn from one or two pools, sometimes without a final newline. */
export function input(h, pools = Object.keys(POOLS), max = 8) {
  const pool = [...POOLS[h.pick(pools)], ...(h.chance(0.3) ? POOLS[h.pick(pools)] : [])];
  const n = h.int(max) + (h.chance(0.05) ? 0 : 1);
  const lines = Array.from({ length: n }, () => h.pick(pool));
  if (lines.length === 0) return h.chance(0.5) ? "" : "\n";
  return lines.join("\n") + (h.chance(0.1) ? "" : "\n");
}
