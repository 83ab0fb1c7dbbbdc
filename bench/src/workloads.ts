/**
 * The benchmark workloads: bash scripts sized by N, with the input files they read (generated
 * deterministically). Every engine runs the same script in a directory holding those files;
 * `parse` workloads only parse the script; `cold` workloads measure a fresh shell per run.
 */

import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** One workload at one size. */
export interface Workload {
  readonly name: string;
  /** What it exercises (for the table legend). */
  readonly description: string;
  /**
   * `exec`: run the script; `parse`: parse it only; `cold`: a new shell instance per run;
   * `fresh`: `n` new shell instances in a row, each running the script (bash: `n` processes).
   */
  readonly kind: "exec" | "parse" | "cold" | "fresh";
  /** The size parameter used. */
  readonly n: number;
  readonly script: string;
  /** Input files, relative to the working directory. */
  readonly files: Readonly<Record<string, string>>;
  /** Big workloads get peak-RSS measurements (each engine in its own process). */
  readonly big: boolean;
  /** Commands the in-process engines must provide (tool stand-ins), by name. */
  readonly tools?: readonly string[];
  /** Only these engines run it (the others show `-`); all when absent. */
  readonly engines?: readonly string[];
  /** The stdout every engine must print at size `n`, where bash does not run to give it. */
  readonly expect?: (n: number) => string;
  /** For a linearity twin (`NAME@4x`): the workload it scales, at a quarter of its size. */
  readonly base?: string;
  /**
   * The script and inputs at `k` times the size, for a linearity twin, where the default (N
   * replaced in the script, each input file repeated `k` times) would not scale the work: a
   * generated script to parse, a JSON document that must stay one array.
   */
  readonly scaleBy?: (k: number) => { readonly script: string; readonly files: () => Record<string, string> };
}

/** A deterministic pseudo-random generator (xorshift32), so inputs are the same on every run. */
export function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

/** About `bytes` of log lines: `user<U> <action> <amount> <status>`. */
export function makeLog(bytes: number): string {
  const r = rng(42);
  const actions = ["login", "logout", "view", "buy", "refund", "search", "error"];
  const parts: string[] = [];
  let size = 0;
  while (size < bytes) {
    const line = `user${r() % 500} ${actions[r() % actions.length]} ${r() % 1000} ${r() % 10 === 0 ? "FAIL" : "ok"}\n`;
    parts.push(line);
    size += line.length;
  }
  return parts.join("");
}

/** A JSON array of `count` records (about 94 bytes each). */
export function makeJson(count: number): string {
  const r = rng(7);
  const teams = ["red", "green", "blue", "gold", "teal"];
  const items: string[] = [];
  for (let i = 0; i < count; i++) {
    items.push(
      JSON.stringify({ id: i, name: `user-${i}`, team: teams[r() % teams.length], active: r() % 3 !== 0, score: r() % 1000, tags: [`t${r() % 20}`, `t${r() % 20}`] }),
    );
  }
  return `[${items.join(",\n")}]\n`;
}

/** A bash script of about `lines` lines mixing functions, loops, conditionals, case, here-docs and expansions. */
export function makeBigScript(lines: number): string {
  const out: string[] = ["#!/bin/bash", "set -u"];
  let i = 0;
  while (out.length < lines) {
    out.push(
      `fn_${i}() {`,
      `  local x="\${1:-default}" y=$(( $2 + ${i} ))`,
      `  if [[ $x == a* && $y -gt 3 ]]; then echo "match \${x%%.*} $y"; elif (( y % 2 )); then printf '%s\\n' "\${x//a/b}"; else : ; fi`,
      `  for k in "\${arr_${i}[@]}"; do case $k in (foo|bar) echo "$k" ;; *.txt) cat "$k" 2>/dev/null | grep -c x ;; *) : ;; esac; done`,
      `  while read -r line; do echo "\${line^^}"; done <<EOF`,
      `line ${i} $x`,
      `EOF`,
      `}`,
      `arr_${i}=(one "two three" $'four\\n' {a,b}${i})`,
      `[ -n "\${arr_${i}[0]}" ] && fn_${i} "a.$i" ${i} | sed -e 's/a/b/g' >/dev/null || true`,
    );
    i++;
  }
  return `${out.join("\n")}\n`;
}

/**
 * `w` with a `files` property made by `make` on first read (and kept): a process that runs one
 * workload generates only that workload's inputs, so its peak RSS is that workload's. The
 * property is not enumerable, so spreading `w` does not generate them either.
 */
function lazyFiles<T extends Omit<Workload, "files">>(w: T, make: () => Record<string, string>): Workload {
  let files: Record<string, string> | undefined;
  return Object.defineProperty(w, "files", { get: () => (files ??= make()), enumerable: false, configurable: true }) as T & Workload;
}

/** Bump when a generator's output changes, so that cached inputs are made again. */
const GENERATORS_VERSION = 1;

/**
 * A generated input, made on first use and kept; also cached on disk (the OS temp dir) under
 * `key`, so that the fresh processes measuring peak RSS read 10 MB instead of generating it:
 * generating a 10 MB log peaks at about 150 MB, above what the workloads themselves use, and
 * would hide their peak.
 */
function cachedInput(key: string, make: () => string): () => string {
  let text: string | undefined;
  return () => {
    if (text !== undefined) return text;
    const file = join(tmpdir(), "husk-bench-inputs", `v${GENERATORS_VERSION}-${key}.txt`);
    try {
      text = readFileSync(file, "latin1");
    } catch {
      text = make();
      mkdirSync(join(tmpdir(), "husk-bench-inputs"), { recursive: true });
      writeFileSync(`${file}.${process.pid}`, text, "latin1");
      renameSync(`${file}.${process.pid}`, file);
    }
    return text;
  };
}

/**
 * The sizes of one run: full (default) or `--quick`. Input files are generated on first read of
 * a workload's `files`.
 */
export function workloads(quick: boolean): Workload[] {
  const q = (full: number, small: number) => (quick ? small : full);
  const arithN = q(200_000, 20_000);
  const strN = q(50_000, 5_000);
  const funcN = q(100_000, 10_000);
  const arrN = q(50_000, 5_000);
  const subN = q(2_000, 200);
  const readN = q(100_000, 10_000);
  const logBytes = q(10_000_000, 300_000);
  const jsonCount = q(106_000, 2_000);
  const parseLines = 5_000;
  // Issue 7: "a for loop of 1,000 tool | jq .field calls". At that size bash would spawn 1,000
  // jq processes per run (about a minute), so at full size the tool workloads run on the
  // in-process engines only, checked against the sum the stand-in tool's totals give.
  const toolM = q(1_000, 30);
  const toolEngines = quick ? undefined : ["just-bash", "husk"];
  const callN = q(2_000, 300);
  const freshN = q(1_000, 200);
  // At full size (10 MB, issue 9's "over 10 MB") just-bash takes minutes per big workload, and
  // its ratio is not a target there, so the big workloads compare Husk with the native tools only.
  const bigEngines = quick ? undefined : ["bash", "husk"];
  const log = cachedInput(`log-${logBytes}`, () => makeLog(logBytes));
  const json = cachedInput(`json-${jsonCount}`, () => makeJson(jsonCount));
  const list: Workload[] = [
    {
      name: "arith-loop",
      description: "while loop of arithmetic",
      kind: "exec",
      n: arithN,
      big: false,
      files: {},
      script: `i=0; s=0\nwhile (( i < ${arithN} )); do s=$(( (s + i * 7) % 1000003 )); i=$((i + 1)); done\necho "$s"\n`,
    },
    {
      name: "string-ops",
      description: "parameter expansion in a loop",
      kind: "exec",
      n: strN,
      big: false,
      files: {},
      script: `for ((i = 0; i < ${strN}; i++)); do x="item-$i-value"; y=\${x#item-}; y=\${y%-value}; z=\${x//-/_}; n=\${#z}; u=\${x^^}; done\necho "$y $z $n $u"\n`,
    },
    {
      name: "function-calls",
      description: "shell function calls with locals",
      kind: "exec",
      n: funcN,
      big: false,
      files: {},
      script: `f() { local a=$1; r=$(( a * 2 + 1 )); }\nfor ((i = 0; i < ${funcN}; i++)); do f "$i"; done\necho "$r"\n`,
    },
    {
      name: "arrays",
      description: "indexed and associative arrays",
      kind: "exec",
      n: arrN,
      big: false,
      files: {},
      script: `declare -a a; declare -A m\nfor ((i = 0; i < ${arrN}; i++)); do a[i]=$((i * 3)); m[k$i]=$i; done\ns=0; for k in "\${!m[@]}"; do s=$(( s + m[$k] )); done\necho "\${#a[@]} \${#m[@]} $s \${a[${arrN - 1}]}"\n`,
    },
    {
      name: "command-subst",
      description: "command substitution in a loop",
      kind: "exec",
      n: subN,
      big: false,
      files: {},
      script: `s=0; for ((i = 0; i < ${subN}; i++)); do x=$(echo "$i"); s=$((s + x)); done\necho "$s"\n`,
    },
    {
      name: "while-read-pipe",
      description: "seq | while read",
      kind: "exec",
      n: readN,
      big: false,
      files: {},
      script: `seq ${readN} | { s=0; while read -r l; do s=$((s + l)); done; echo "$s"; }\n`,
    },
    lazyFiles(
      {
        name: "sort-uniq",
        description: `sort | uniq -c | sort -rn over ${(logBytes / 1e6).toFixed(1)} MB`,
        kind: "exec",
        n: logBytes,
        big: true,
        engines: bigEngines,
        script: "cut -d' ' -f1,2 log.txt | sort | uniq -c | sort -k1,1nr -k2 | head -5\nsort -u -k1,1 log.txt | wc -l\n",
      },
      () => ({ "log.txt": log() }),
    ),
    lazyFiles(
      {
        name: "grep-sed-awk",
        description: `grep, sed and awk over ${(logBytes / 1e6).toFixed(1)} MB`,
        kind: "exec",
        n: logBytes,
        big: true,
        engines: bigEngines,
        script:
          "grep -c FAIL log.txt\ngrep -E '^user1[0-9]+ (buy|refund) ' log.txt | wc -l\n" +
          "sed -e 's/^user/u/' -e 's/ ok$//' log.txt | tail -2\n" +
          "awk '$4 == \"ok\" { s[$2] += $3 } END { for (k in s) print k, s[k] }' log.txt | sort\n",
      },
      () => ({ "log.txt": log() }),
    ),
    lazyFiles(
      {
        name: "jq-big",
        description: `jq over a JSON array of ${jsonCount} records (about ${((jsonCount * 94) / 1e6).toFixed(1)} MB)`,
        kind: "exec",
        n: jsonCount,
        big: true,
        engines: bigEngines,
        script:
          "jq '[.[] | select(.active) | .score] | add' data.json\n" +
          "jq -c 'group_by(.team) | map({team: .[0].team, n: length, top: (map(.score) | max)})' data.json\n" +
          "jq -r '.[] | select(.score > 990) | .name' data.json | wc -l\n",
        // one document k times as big (k repeated arrays would be k small documents)
        scaleBy(k: number) {
          const big = cachedInput(`json-${jsonCount * k}`, () => makeJson(jsonCount * k));
          return { script: this.script, files: () => ({ "data.json": big() }) };
        },
      },
      () => ({ "data.json": json() }),
    ),
    {
      name: "parse-5000",
      description: "parse a generated 5,000-line script",
      kind: "parse",
      n: parseLines,
      big: false,
      files: {},
      script: makeBigScript(parseLines),
      scaleBy: (k) => ({ script: makeBigScript(parseLines * k), files: () => ({}) }),
    },
    {
      name: "tool-loop",
      description: "M tool calls, each piped through jq",
      kind: "exec",
      n: toolM,
      big: false,
      files: {},
      tools: ["orders_get"],
      engines: toolEngines,
      expect: (n) => `${totalsSum(1, n)}\n`,
      script: `for i in $(seq ${toolM}); do orders_get --id "$i" | jq -r '.total'; done | awk '{ s += $1 } END { print s }'\n`,
    },
    {
      name: "tool-subst",
      description: "M tool calls, each captured with $(tool | jq) and summed",
      kind: "exec",
      n: toolM,
      big: false,
      files: {},
      tools: ["orders_get"],
      engines: toolEngines,
      expect: (n) => `${totalsSum(0, n - 1)}\n`,
      script: `s=0\nfor ((i = 0; i < ${toolM}; i++)); do t=$(orders_get --id "$i" | jq -r '.total'); s=$((s + t)); done\necho "$s"\n`,
    },
    {
      name: "tool-call",
      description: "N tool calls from a loop (per-call overhead)",
      kind: "exec",
      n: callN,
      big: false,
      files: {},
      tools: ["orders_get"],
      script: `for ((i = 0; i < ${callN}; i++)); do orders_get --id "$i"; done | tail -1\n`,
    },
    {
      name: "cold-start",
      description: "a new shell that runs echo hi",
      kind: "cold",
      n: 1,
      big: false,
      files: {},
      script: "echo hi\n",
    },
    {
      name: "fresh-shell",
      description: "N new shells in a row, each running echo hi (bash: N processes)",
      kind: "fresh",
      n: freshN,
      big: false,
      files: {},
      script: "echo hi\n",
    },
  ];
  return [...list, ...LINEARITY.map((name) => scaled(list.find((w) => w.name === name)!, 4))];
}

/** The workloads measured again at 4x their size (linearity: time should grow about 4x). */
const LINEARITY = [
  "arith-loop",
  "string-ops",
  "function-calls",
  "arrays",
  "command-subst",
  "while-read-pipe",
  "sort-uniq",
  "grep-sed-awk",
  "jq-big",
  "parse-5000",
  "tool-loop",
  "tool-subst",
  "tool-call",
  "fresh-shell",
];

/** `w` at `k` times its size (without just-bash, which would take minutes). */
function scaled(w: Workload, k: number): Workload {
  const n = w.n * k;
  const grow = (s: string) => s.split(String(w.n)).join(String(n)).split(String(w.n - 1)).join(String(n - 1));
  const engines = (w.engines ?? ["bash", "husk"]).filter((e) => e !== "just-bash");
  const custom = w.scaleBy?.(k);
  const script = custom?.script ?? (w.big ? w.script : grow(w.script));
  const twin = { ...w, name: `${w.name}@${k}x`, description: `${w.description} (${k}x)`, n, script, engines, base: w.name, scaleBy: undefined };
  return lazyFiles(
    twin,
    custom?.files ??
      (() => {
        const files: Record<string, string> = {};
        for (const [f, text] of Object.entries(w.files)) files[f] = text.repeat(k);
        return files;
      }),
  );
}

/** The sum of the stand-in tool's `total` over ids `from..to`. */
function totalsSum(from: number, to: number): number {
  let s = 0;
  for (let id = from; id <= to; id++) s += (id * 37) % 101;
  return s;
}

/**
 * The tool stand-in of `tool-loop`: `orders_get --id N` prints a JSON order. The bash engine
 * gets it as a shell function (the cheapest form a bash tool can take); in-process engines get
 * it as a custom command.
 */
export function orderJson(id: number): string {
  return `{"id":${id},"customer":"acme","total":${(id * 37) % 101},"items":[{"sku":"a${id}","qty":${id % 5}}]}\n`;
}

/** The bash function form of the tool stand-in. */
export const ORDERS_GET_BASH =
  'orders_get() { local id=$2; printf \'{"id":%d,"customer":"acme","total":%d,"items":[{"sku":"a%d","qty":%d}]}\\n\' "$id" $(( id * 37 % 101 )) "$id" $(( id % 5 )); }\n';
