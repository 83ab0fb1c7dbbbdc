/**
 * The differential runner: every case of a corpus goes through the oracle (live bash, run
 * twice, or recorded expectations) and the shell under test, each in a fresh directory with a
 * fixed environment and a timeout; results are scored per file and checked against the
 * known-failures lists.
 */
import { mkdtempSync, readFileSync, rmSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileKey, isFlaky, readKnownFailures, updatedKnownFailures, writeKnownFailures } from "./known-failures.js";
import { jqOutputsMatch, type JqCase, parseJqTests } from "./jq-format.js";
import { liveVerdict, type OracleVerdict, oracleRun, recordedVerdict } from "./oracle.js";
import { freshDir, type RunResult } from "./proc.js";
import { type Expectation, parseSpecFile, type SpecCase, type SpecFile, wantsRecordedOracle } from "./spec-format.js";
import type { ShellUnderTest } from "./sut.js";

/** A set of case files run together, with one known-failures folder. */
export interface Corpus {
  /** `ours`, `oils`, `jq`, or a name derived from a directory. */
  readonly name: string;
  /** `spec`: Oils `.test.sh` files; `jq`: jq `.test` files (always judged against the file). */
  readonly mode: "spec" | "jq";
  /** Absolute paths of the case files. */
  readonly files: readonly string[];
  /** Extra environment for every case (REPO_ROOT for the Oils corpus...). */
  readonly env?: Readonly<Record<string, string>>;
  /** Files seeded into the in-process shell's filesystem (absolute path -> content). */
  readonly seedFiles?: Readonly<Record<string, string>>;
}

/** Options of a run. */
export interface RunnerOptions {
  readonly sut: ShellUnderTest;
  /** `bash`: live bash (path given); `recorded`: the files' expectations. */
  readonly oracle: { readonly kind: "bash"; readonly path: string } | { readonly kind: "recorded" };
  /** Only cases whose `KEY: name` matches. */
  readonly filter?: RegExp;
  readonly jobs: number;
  readonly timeoutMs: number;
  /** The directory holding `<corpus>/<key>.txt` lists; undefined: every failure counts. */
  readonly knownFailuresDir?: string;
  /** Rewrite the known-failures lists from this run's results. */
  readonly update?: boolean;
  /** Directory of the oracle's helper commands (argv.py...), put first on PATH. */
  readonly helpersDir: string;
  /** Called after each case (progress display). */
  readonly onCase?: (r: CaseResult) => void;
}

/** The outcome of one case. */
export interface CaseResult {
  readonly file: string;
  readonly name: string;
  readonly line: number;
  /** `unstable`: excluded from scoring; `error`: the shell under test could not run it. */
  readonly outcome: "pass" | "fail" | "unstable" | "error";
  readonly stdoutOk: boolean;
  readonly statusOk: boolean;
  /** stdout, status and stderr all match (stderr only when the oracle's stderr was stable). */
  readonly stderrOk: boolean;
  readonly oracle: "live" | "recorded";
  readonly unstableReason?: string;
  /** The reason from the known-failures list, when the case is listed. */
  readonly known?: string;
  readonly expected?: Expectation;
  readonly actual?: RunResult;
}

/** Scores of one case file. */
export interface FileReport {
  readonly file: string;
  readonly key: string;
  readonly cases: number;
  readonly stable: number;
  readonly unstable: number;
  readonly passed: number;
  readonly passedStderr: number;
  readonly knownFailures: number;
  /** Failing cases not in the known-failures list. */
  readonly unexpectedFailures: readonly string[];
  /** Listed cases that now pass. */
  readonly unexpectedPasses: readonly string[];
  readonly results: readonly CaseResult[];
}

/** Scores of a corpus. */
export interface CorpusReport {
  readonly corpus: string;
  readonly mode: "spec" | "jq";
  readonly sut: string;
  readonly oracle: string;
  readonly files: readonly FileReport[];
  readonly totals: {
    readonly cases: number;
    readonly stable: number;
    readonly unstable: number;
    readonly passed: number;
    readonly passedStderr: number;
    readonly unexpectedFailures: number;
    readonly unexpectedPasses: number;
    readonly errors: number;
  };
  readonly durationMs: number;
  /** No unexpected failure or pass (and, without a known-failures list, no failure at all). */
  readonly ok: boolean;
}

/** Runs `fn` over `items` with at most `n` running at once, keeping the order of results. */
export async function pool<T, R>(items: readonly T[], n: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(n, items.length)) }, worker));
  return out;
}

interface Job {
  readonly file: string;
  readonly key: string;
  readonly index: number;
  readonly spec?: { readonly c: SpecCase; readonly recorded: boolean };
  readonly jq?: JqCase;
  readonly name: string;
  readonly line: number;
}

function loadJobs(corpus: Corpus, filter: RegExp | undefined): { jobs: Job[]; allNames: Map<string, string[]> } {
  const jobs: Job[] = [];
  const allNames = new Map<string, string[]>();
  for (const file of corpus.files) {
    const key = fileKey(file);
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (e) {
      throw new Error(`${file}: ${(e as Error).message}`);
    }
    const names: string[] = [];
    allNames.set(file, names);
    const push = (j: Omit<Job, "file" | "key" | "index">) => {
      names.push(j.name);
      if (filter && !filter.test(`${key}: ${j.name}`)) return;
      jobs.push({ ...j, file, key, index: jobs.length });
    };
    if (corpus.mode === "jq") {
      for (const c of parseJqTests(text)) push({ jq: c, name: c.name, line: c.line });
    } else {
      let parsed: SpecFile;
      try {
        parsed = parseSpecFile(text);
      } catch (e) {
        throw new Error(`${file}: ${(e as Error).message}`);
      }
      for (const c of parsed.cases) push({ spec: { c, recorded: wantsRecordedOracle(parsed, c) }, name: c.name, line: c.line });
    }
  }
  return { jobs, allNames };
}

/** The fixed, minimal environment of a case. */
export function caseEnv(dir: string, sh: string, opts: RunnerOptions, corpus: Corpus): Record<string, string> {
  return {
    PATH: `${opts.helpersDir}:/usr/local/bin:/usr/bin:/bin`,
    LC_ALL: "C.UTF-8",
    HOME: dir,
    TMP: dir,
    SH: sh,
    ...corpus.env,
  };
}

function judge(expected: Expectation, actual: RunResult, stderrStable: boolean) {
  const stdoutOk = expected.stdout === undefined || expected.stdout === actual.stdout;
  const statusOk = expected.status === undefined || expected.status === actual.status;
  const stderrOk = stdoutOk && statusOk && (!stderrStable || expected.stderr === undefined || expected.stderr === actual.stderr);
  return { stdoutOk, statusOk, stderrOk };
}

async function runSpecJob(job: Job, dir: string, opts: RunnerOptions, corpus: Corpus): Promise<CaseResult> {
  const { c, recorded } = job.spec!;
  const base = { file: job.file, name: job.name, line: job.line };
  let verdict: OracleVerdict;
  if (recorded || opts.oracle.kind === "recorded") verdict = recordedVerdict(c);
  else verdict = await liveVerdict(c.script, dir, caseEnv(dir, "bash", opts, corpus), opts.timeoutMs);
  if (verdict.unstable) {
    return { ...base, outcome: "unstable", stdoutOk: false, statusOk: false, stderrOk: false, oracle: verdict.kind, unstableReason: verdict.unstableReason, expected: verdict.expected };
  }
  if (!opts.sut.inProcess) freshDir(dir);
  const actual = await opts.sut.run({
    script: c.script,
    dir,
    env: caseEnv(dir, opts.sut.shVar, opts, corpus),
    timeoutMs: opts.timeoutMs,
    files: corpus.seedFiles,
  });
  let j = judge(verdict.expected, actual, verdict.stderrStable);
  if (verdict.kind === "live" && !(j.stdoutOk && j.statusOk)) {
    // Two agreeing runs do not prove a racy case stable (`a & b &`): before calling it a
    // failure, ask bash again. Matching any bash run passes; a bash run that disagrees with
    // the first makes the case unstable.
    const env = caseEnv(dir, "bash", opts, corpus);
    for (let k = 0; k < EXTRA_ORACLE_RUNS; k++) {
      const again = await oracleRun(c.script, dir, env, opts.timeoutMs);
      const expected = { stdout: again.stdout, stderr: again.stderr, status: again.status };
      if (again.timedOut || again.stdout !== verdict.expected.stdout || again.status !== verdict.expected.status) {
        const aj = judge(expected, actual, false);
        if (!again.timedOut && aj.stdoutOk && aj.statusOk) {
          j = aj;
          break;
        }
        return { ...base, outcome: "unstable", stdoutOk: false, statusOk: false, stderrOk: false, oracle: "live", unstableReason: "a later bash run differed", expected: verdict.expected, actual };
      }
    }
  }
  if (!(j.stdoutOk && j.statusOk)) {
    // A failure the shell under test does not repeat is a race in the case (background jobs,
    // `timeout`), not a verdict: counted as unstable, like an oracle that disagrees with itself.
    if (!opts.sut.inProcess) freshDir(dir);
    const second = await opts.sut.run({ script: c.script, dir, env: caseEnv(dir, opts.sut.shVar, opts, corpus), timeoutMs: opts.timeoutMs, files: corpus.seedFiles });
    if (second.stdout !== actual.stdout || second.status !== actual.status) {
      return { ...base, outcome: "unstable", stdoutOk: false, statusOk: false, stderrOk: false, oracle: verdict.kind, unstableReason: "the shell under test differed between two runs", expected: verdict.expected, actual };
    }
  }
  return { ...base, outcome: j.stdoutOk && j.statusOk ? "pass" : "fail", ...j, oracle: verdict.kind, expected: verdict.expected, actual };
}

/** How many more times bash runs a case the shell under test failed, to tell failure from flakiness. */
export const EXTRA_ORACLE_RUNS = 2;

/**
 * The script a jq case runs in the shell under test (the program comes in `$JQ_PROGRAM`; the
 * module directory, when the corpus has one, in `$JQ_MODULES`).
 */
export const JQ_SCRIPT = 'jq ${JQ_MODULES:+-L "$JQ_MODULES"} -c "$JQ_PROGRAM"';

async function runJqJob(job: Job, dir: string, opts: RunnerOptions, corpus: Corpus): Promise<CaseResult> {
  const c = job.jq!;
  if (!opts.sut.inProcess) freshDir(dir);
  // A program starting with `-` would be taken for an option (jq 1.6 has no `--`): a leading space is harmless.
  const program = c.program.startsWith("-") ? ` ${c.program}` : c.program;
  const actual = await opts.sut.run({
    script: JQ_SCRIPT,
    stdin: c.fail ? "null" : (c.input ?? ""),
    dir,
    env: { ...caseEnv(dir, opts.sut.shVar, opts, corpus), JQ_PROGRAM: program },
    timeoutMs: opts.timeoutMs,
    files: corpus.seedFiles,
  });
  let ok: boolean;
  let stderrOk: boolean;
  if (c.fail) {
    ok = actual.status !== 0 && !actual.timedOut;
    stderrOk = ok && (c.ignoreMessage || actual.stderr.includes(c.expected.join("\n")));
  } else {
    const lines = actual.stdout === "" ? [] : actual.stdout.replace(/\n$/, "").split("\n");
    ok = actual.status === 0 && jqOutputsMatch(lines, c.expected);
    stderrOk = ok;
  }
  const expected: Expectation = c.fail ? { stderr: `${c.expected.join("\n")}\n` } : { stdout: c.expected.map((l) => `${l}\n`).join(""), status: 0 };
  return { file: job.file, name: job.name, line: job.line, outcome: ok ? "pass" : "fail", stdoutOk: ok, statusOk: ok, stderrOk, oracle: "recorded", expected, actual };
}

/** Runs a corpus and scores it; rewrites known-failures lists when `opts.update`. */
export async function runCorpus(corpus: Corpus, opts: RunnerOptions): Promise<CorpusReport> {
  const t0 = performance.now();
  const { jobs, allNames } = loadJobs(corpus, opts.filter);
  const base = mkdtempSync(join(tmpdir(), "husk-conformance-"));
  chmodSync(base, 0o755);
  let results: CaseResult[];
  try {
    results = await pool(jobs, opts.jobs, async (job) => {
      const dir = join(base, `${job.key}-${job.index}`);
      let r: CaseResult;
      try {
        r = job.jq ? await runJqJob(job, dir, opts, corpus) : await runSpecJob(job, dir, opts, corpus);
      } catch (e) {
        const msg = e instanceof Error ? e.message : String(e);
        r = { file: job.file, name: job.name, line: job.line, outcome: "error", stdoutOk: false, statusOk: false, stderrOk: false, oracle: "recorded", actual: { stdout: "", stderr: msg, status: -1, timedOut: false } };
      }
      rmSync(dir, { recursive: true, force: true });
      opts.onCase?.(r);
      return r;
    });
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
  const files: FileReport[] = [];
  for (const file of corpus.files) {
    const key = fileKey(file);
    const rs = results.filter((r) => r.file === file);
    if (rs.length === 0) continue;
    const known = opts.knownFailuresDir ? readKnownFailures(opts.knownFailuresDir, corpus.name, key) : undefined;
    const withKnown = rs.map((r) => (known?.has(r.name) ? { ...r, known: known.get(r.name) } : r));
    const stable = withKnown.filter((r) => r.outcome !== "unstable");
    const failing = stable.filter((r) => r.outcome !== "pass");
    files.push({
      file,
      key,
      cases: rs.length,
      stable: stable.length,
      unstable: rs.length - stable.length,
      passed: stable.length - failing.length,
      passedStderr: stable.filter((r) => r.stderrOk).length,
      knownFailures: failing.filter((r) => r.known !== undefined).length,
      unexpectedFailures: failing.filter((r) => r.known === undefined).map((r) => r.name),
      unexpectedPasses: known ? stable.filter((r) => r.outcome === "pass" && r.known !== undefined && !isFlaky(r.known)).map((r) => r.name) : [],
      results: withKnown,
    });
    if (opts.update && opts.knownFailuresDir && known) {
      const ran = stable.map((r) => ({ name: r.name, failed: r.outcome !== "pass" }));
      // Unstable cases keep whatever the list said.
      writeKnownFailures(opts.knownFailuresDir, corpus.name, key, updatedKnownFailures(known, ran, allNames.get(file) ?? []));
    }
  }
  const sum = (f: (x: FileReport) => number) => files.reduce((a, x) => a + f(x), 0);
  const totals = {
    cases: sum((f) => f.cases),
    stable: sum((f) => f.stable),
    unstable: sum((f) => f.unstable),
    passed: sum((f) => f.passed),
    passedStderr: sum((f) => f.passedStderr),
    unexpectedFailures: sum((f) => f.unexpectedFailures.length),
    unexpectedPasses: sum((f) => f.unexpectedPasses.length),
    errors: results.filter((r) => r.outcome === "error").length,
  };
  return {
    corpus: corpus.name,
    mode: corpus.mode,
    sut: opts.sut.name,
    oracle: corpus.mode === "jq" ? "recorded" : opts.oracle.kind === "bash" ? `bash (${opts.oracle.path})` : "recorded",
    files,
    totals,
    durationMs: Math.round(performance.now() - t0),
    ok: opts.update ? true : totals.unexpectedFailures === 0 && totals.unexpectedPasses === 0,
  };
}
