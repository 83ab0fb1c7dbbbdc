/**
 * Shared machinery of the fuzz targets: a fixed seed and a bounded count in CI; the long run
 * (`security/scripts/fuzz-long.mjs`) raises the count through FUZZ_RUNS and collects one JSON
 * line per target in FUZZ_REPORT (runs, failure, counterexample, slowest case).
 */
import { appendFileSync } from "node:fs";
import fc from "fast-check";
import { expect, it } from "vitest";
import { HuskError } from "@husk/host";

/** The seed of every target (FUZZ_SEED overrides it). */
export const SEED = Number(process.env.FUZZ_SEED ?? 20261202);
const LONG = Number(process.env.FUZZ_RUNS ?? 0);

/** Error classes a target may throw besides HuskError (the typed errors of its package). */
export type ErrorClass = abstract new (...args: never[]) => Error;

/** Rethrows anything that is not one of the typed errors: an untyped throw is a finding. */
export function typedOnly(e: unknown, ...allowed: ErrorClass[]): void {
  if (e instanceof HuskError) return;
  for (const c of allowed) if (e instanceof c) return;
  throw e;
}

/** Text that must never reach a script: a JS stack, an internal error. */
export function expectClean(text: string): void {
  if (/internal error|\n\s+at .*\(|maximum call stack/i.test(text)) throw new Error(`untyped failure in output: ${text.slice(0, 300)}`);
}

function report(target: string, r: fc.RunDetails<unknown>, slowestMs: number, slowest: unknown): void {
  const file = process.env.FUZZ_REPORT;
  if (!file) return;
  const line = {
    target,
    runs: r.numRuns,
    failed: r.failed,
    counterexample: r.failed ? JSON.stringify(r.counterexample).slice(0, 2000) : undefined,
    error: r.failed ? String(r.errorInstance ?? r.error).slice(0, 1000) : undefined,
    slowestMs: Math.round(slowestMs),
    slowest: JSON.stringify(slowest).slice(0, 300),
  };
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/** Defines a synchronous fuzz target: `check` throws on a violated property. */
export function fuzz<T>(target: string, arb: fc.Arbitrary<T>, check: (v: T) => void, ciRuns: number): void {
  it(target, () => {
    let slowestMs = 0;
    let slowest: unknown;
    const r = fc.check(
      fc.property(arb, (v) => {
        const t = performance.now();
        check(v);
        const d = performance.now() - t;
        if (d > slowestMs) ((slowestMs = d), (slowest = v));
      }),
      { seed: SEED, numRuns: LONG || ciRuns },
    );
    report(target, r, slowestMs, slowest);
    expect(r.failed, r.failed ? `${fc.defaultReportMessage(r)}` : "").toBe(false);
  });
}

/** Defines an asynchronous fuzz target (runs through `new Bash().exec`). */
export function fuzzAsync<T>(target: string, arb: fc.Arbitrary<T>, check: (v: T) => Promise<void>, ciRuns: number): void {
  it(target, async () => {
    let slowestMs = 0;
    let slowest: unknown;
    const r = await fc.check(
      fc.asyncProperty(arb, async (v) => {
        const t = performance.now();
        await check(v);
        const d = performance.now() - t;
        if (d > slowestMs) ((slowestMs = d), (slowest = v));
      }),
      { seed: SEED, numRuns: LONG || ciRuns },
    );
    report(target, r, slowestMs, slowest);
    expect(r.failed, r.failed ? `${fc.defaultReportMessage(r)}` : "").toBe(false);
  });
}

/** A string glued from `pieces` (a token soup), at most `max` pieces. */
export function soup(pieces: readonly string[], max = 24): fc.Arbitrary<string> {
  return fc.array(fc.constantFrom(...pieces), { maxLength: max }).map((a) => a.join(""));
}
