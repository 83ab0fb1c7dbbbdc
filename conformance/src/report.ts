/**
 * Reports of a run: a per-file table with a total (cases, stable, passed stdout+status,
 * passed including stderr), the problems that fail the run, failure details, and JSON.
 */
import type { CaseResult, CorpusReport } from "./runner.js";

function pct(n: number, d: number): string {
  return d === 0 ? "-" : `${((100 * n) / d).toFixed(1)}%`;
}

/** Formats rows as an aligned text table (first column left-aligned, others right-aligned). */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (r: readonly string[]) =>
    r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ").trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** The per-file table plus its total line. */
export function formatCorpusTable(r: CorpusReport): string {
  const header = ["file", "cases", "stable", "unstable", "passed", "pass%", "+stderr", "known", "unexpected"];
  const rows = r.files.map((f) => [
    f.key,
    String(f.cases),
    String(f.stable),
    String(f.unstable),
    String(f.passed),
    pct(f.passed, f.stable),
    String(f.passedStderr),
    String(f.knownFailures),
    String(f.unexpectedFailures.length + f.unexpectedPasses.length),
  ]);
  const t = r.totals;
  rows.push([
    "TOTAL",
    String(t.cases),
    String(t.stable),
    String(t.unstable),
    String(t.passed),
    pct(t.passed, t.stable),
    String(t.passedStderr),
    String(r.files.reduce((a, f) => a + f.knownFailures, 0)),
    String(t.unexpectedFailures + t.unexpectedPasses),
  ]);
  return formatTable(header, rows);
}

/** One-line summary a CI reader can parse. */
export function summaryLine(r: CorpusReport): string {
  const t = r.totals;
  return (
    `conformance ${r.corpus}: ${t.passed}/${t.stable} stable cases passed (${pct(t.passed, t.stable)}), ` +
    `${t.passedStderr} incl. stderr, ${t.unstable} unstable, ${t.unexpectedFailures} unexpected failures, ` +
    `${t.unexpectedPasses} unexpected passes, sut=${r.sut}, oracle=${r.oracle}, ${(r.durationMs / 1000).toFixed(1)}s` +
    (r.ok ? "" : " FAILED")
  );
}

function show(s: string | undefined, max = 400): string {
  if (s === undefined) return "(not checked)";
  const j = JSON.stringify(s);
  return j.length > max ? `${j.slice(0, max)}...` : j;
}

/** Details of one failing case: expected versus actual stdout, status, stderr. */
export function formatFailure(c: CaseResult): string {
  const lines = [`--- ${c.file.slice(c.file.lastIndexOf("/") + 1)}:${c.line}: ${c.name}${c.known ? ` [known: ${c.known}]` : ""}`];
  if (c.outcome === "error") {
    lines.push(`  error: ${c.actual?.stderr ?? ""}`);
    return lines.join("\n");
  }
  if (!c.stdoutOk) lines.push(`  stdout expected ${show(c.expected?.stdout)}`, `         actual   ${show(c.actual?.stdout)}`);
  if (!c.statusOk) lines.push(`  status expected ${c.expected?.status ?? "(not checked)"}, actual ${c.actual?.status}${c.actual?.timedOut ? " (timed out)" : ""}`);
  if (c.actual?.stderr) lines.push(`  stderr ${show(c.actual.stderr, 200)}`);
  return lines.join("\n");
}

/** The problems that make the run fail: unexpected failures and passes, one line each. */
export function formatProblems(r: CorpusReport): string[] {
  const out: string[] = [];
  for (const f of r.files) {
    for (const n of f.unexpectedFailures) out.push(`FAIL (not in known-failures) ${r.corpus}/${f.key}: ${n}`);
    for (const n of f.unexpectedPasses) out.push(`PASS (listed in known-failures; remove it) ${r.corpus}/${f.key}: ${n}`);
  }
  return out;
}

/** The JSON form of a report: totals, per-file scores, and every non-passing case with details. */
export function reportJson(r: CorpusReport): unknown {
  return {
    corpus: r.corpus,
    mode: r.mode,
    sut: r.sut,
    oracle: r.oracle,
    durationMs: r.durationMs,
    ok: r.ok,
    totals: r.totals,
    files: r.files.map((f) => ({
      file: f.key,
      cases: f.cases,
      stable: f.stable,
      unstable: f.unstable,
      passed: f.passed,
      passedStderr: f.passedStderr,
      knownFailures: f.knownFailures,
      unexpectedFailures: f.unexpectedFailures,
      unexpectedPasses: f.unexpectedPasses,
      results: f.results.map((c) => ({
        name: c.name,
        line: c.line,
        outcome: c.outcome,
        stderrOk: c.stderrOk,
        ...(c.known ? { known: c.known } : {}),
        ...(c.unstableReason ? { unstableReason: c.unstableReason } : {}),
        ...(c.outcome === "fail" || c.outcome === "error" ? { expected: c.expected, actual: c.actual } : {}),
      })),
    })),
  };
}
