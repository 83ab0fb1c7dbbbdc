// Test support (node only): inputs past the default maxStringBytes (10 MiB), fed as a pipe
// feeds them, and the real GNU tools' output on the same bytes, to check that the text tools
// stream (bounded memory) and still answer as GNU does.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { expect, it } from "vitest";
import type { Command } from "@husk/host";
import { MemoryFs } from "@husk/host";
import { runTool } from "../src/testing.js";

/** More than the default maxStringBytes (10 MiB = 10,485,760). */
export const BIG = 10_600_000;

/**
 * Pieces stdin is fed in: an odd size, so pieces end inside lines, between CR and LF, and
 * between the halves of surrogate pairs.
 */
export const PIECE = 65_521;

const WORDS = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda", "mu"];
const EXTRA = ["é", "€uro", "日本", "😀", "naïve", "Ωmega"];

const cache = new Map<string, string>();

/**
 * A deterministic text of at least BIG code units. `ascii`: words, numbers, tabs, runs of
 * repeated lines, blank lines. `mixed`: the same with 2, 3 and 4-byte UTF-8 characters and CRLF
 * lines. `sorted`: `mixed`'s distinct lines in C order. `numbers`: one integer per line.
 * `json`: one small JSON object per line.
 */
export function bigText(kind: "ascii" | "mixed" | "sorted" | "numbers" | "json"): string {
  const hit = cache.get(kind);
  if (hit !== undefined) return hit;
  const parts: string[] = [];
  let size = 0;
  let seed = 12345;
  const rnd = (n: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  let text: string;
  if (kind === "sorted") {
    const lines = [...new Set(bigText("mixed").split("\n"))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    text = `${lines.join("\n")}\n`;
    // (distinct lines are fewer: repeat the file's own lines with a suffix until big enough)
    if (text.length < BIG) {
      const more = lines.map((l) => `${l}~2`);
      text = `${[...lines, ...more].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join("\n")}\n`;
    }
  } else {
    for (let i = 0; size < BIG; i++) {
      let line: string;
      if (kind === "numbers") line = String(rnd(2_000_000_000));
      else if (kind === "json") line = `{"id":${i},"name":"${WORDS[rnd(WORDS.length)]}","n":${rnd(1000)}}`;
      else {
        const w = (): string => WORDS[rnd(WORDS.length)] as string;
        line = `${i % 997} ${w()} ${w()}\t${rnd(100000)}\t${w()}${i % 3 === 0 ? "  two  spaces" : ""}`;
        if (kind === "mixed" && i % 5 === 0) line += ` ${EXTRA[rnd(EXTRA.length)]}`;
        if (kind === "mixed" && i % 11 === 0) line += "\r";
        if (i % 13 === 0) line = "";
      }
      const reps = kind === "ascii" || kind === "mixed" ? (i % 7 === 0 ? 3 : 1) : 1;
      for (let r = 0; r < reps; r++) {
        parts.push(line);
        size += line.length + 1;
      }
    }
    text = `${parts.join("\n")}\n`;
  }
  cache.set(kind, text);
  return text;
}

/** Runs the real tool on `input` (LC_ALL=C unless `env` says otherwise) in `dir` with `files`. */
export function runReal(argv: readonly string[], input: string, env: Record<string, string> = {}, files: Record<string, string> = {}, dir?: string): { stdout: string; stderr: string; status: number } {
  const cwd = dir ?? `/tmp/husk-big-${process.pid}`;
  rmSync(cwd, { recursive: true, force: true });
  mkdirSync(cwd, { recursive: true });
  for (const [p, t] of Object.entries(files)) writeFileSync(`${cwd}/${p}`, t);
  const r = spawnSync(argv[0] as string, argv.slice(1) as string[], {
    input,
    cwd,
    encoding: "utf8",
    maxBuffer: 1 << 30,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C", TZ: "UTC", ...env },
  });
  if (dir === undefined) rmSync(cwd, { recursive: true, force: true });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status ?? -1 };
}

/** One tool run over a big piped input, compared with the real tool. */
export interface BigCase {
  readonly args: readonly string[];
  readonly input: Parameters<typeof bigText>[0] | (() => string);
  /** Environment of the real tool (default LC_ALL=C). */
  readonly env?: Record<string, string>;
  /** Files beside the input (on the host for the real tool, in a MemoryFs for ours). */
  readonly files?: () => Record<string, string>;
}

/**
 * Declares one test per case: `command` with DEFAULT limits, stdin fed in PIECEs, must print
 * exactly what the real tool prints (stdout, stderr, status) on the same input.
 */
export function bigDifferential(command: Command, cases: readonly BigCase[], program = command.name, commands: readonly Command[] = []): void {
  for (const c of cases) {
    const inputName = typeof c.input === "string" ? c.input : "generated";
    it(`${program} ${c.args.map((a) => JSON.stringify(a)).join(" ")} over ${inputName} input past 10 MiB`, async () => {
      const input = typeof c.input === "string" ? bigText(c.input) : c.input();
      expect(input.length).toBeGreaterThan(10 * 1024 * 1024);
      const files = c.files?.() ?? {};
      const real = runReal([program, ...c.args], input, c.env, files);
      const fs = new MemoryFs();
      for (const [p, t] of Object.entries(files)) await fs.writeFile(`/${p}`, t);
      const ours = await runTool(command, c.args, { stdin: input, stdinChunk: PIECE, fs, cwd: "/", env: { LC_ALL: "C", ...c.env }, commands });
      expect({ status: ours.status, stderr: ours.stderr }).toEqual({ status: real.status, stderr: real.stderr });
      expect(ours.stdout.length).toBe(real.stdout.length);
      // (compared as a whole only after the lengths: a failing diff of megabytes helps no one)
      const at = firstDifference(ours.stdout, real.stdout);
      expect(at < 0 ? "" : `at ${at}: ${JSON.stringify(ours.stdout.slice(at, at + 80))} vs ${JSON.stringify(real.stdout.slice(at, at + 80))}`).toBe("");
    });
  }
}

/** The first index where two strings differ (-1 when equal). */
export function firstDifference(a: string, b: string): number {
  if (a === b) return -1;
  const n = Math.min(a.length, b.length);
  let lo = 0;
  // compare in blocks, then narrow down
  while (lo < n && a.slice(lo, lo + 4096) === b.slice(lo, lo + 4096)) lo += 4096;
  while (lo < n && a[lo] === b[lo]) lo++;
  return lo;
}
