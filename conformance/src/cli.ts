#!/usr/bin/env node
/**
 * `husk-conformance [CORPUS...] [options]`: runs corpora (`ours`, `oils`, `jq`, or paths)
 * through the oracle and the shell under test, prints a per-file table and a summary line per
 * corpus, and exits 1 when a case fails unexpectedly (or a known failure passes). See
 * conformance/README.md.
 */
import { existsSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { availableParallelism } from "node:os";
import { HELPERS_DIR, KNOWN_FAILURES_DIR, resolveCorpus } from "./corpora.js";
import { findBash } from "./oracle.js";
import { formatCorpusTable, formatFailure, formatProblems, reportJson, summaryLine } from "./report.js";
import { type CorpusReport, type RunnerOptions, runCorpus } from "./runner.js";
import { CommandSut, InProcessSut, loadBash, type ShellUnderTest, WorkerPoolSut } from "./sut.js";

const USAGE = `usage: husk-conformance [CORPUS...] [options]
CORPUS: ours (default; conformance/cases), oils (../shared/corpora/oils/spec), jq
        (../shared/corpora/jq), or a directory / file of .test.sh or .test cases
  --sut CMD               shell under test: a command line run with the script on stdin
                          (default: Husk in-process through @husk/bash)
  --oracle bash|recorded  live GNU bash (default when installed) or the files' expectations
  --filter REGEX          only cases whose "FILE: case name" matches
  --jobs N                cases run in parallel (default: min(cores, 4))
  --timeout SECONDS       per run (default 10)
  --json FILE             write the reports as JSON
  --known-failures DIR    known-failures folder (default conformance/known-failures for the
                          in-process shell; none for --sut, where every failure counts)
  --no-known-failures     every failure counts
  --update                rewrite the known-failures lists from this run
  -v, --verbose           print every failing case with expected and actual output
  -q, --quiet             no progress dots
  --skip-missing          skip (with a notice) corpora whose folder does not exist
`;

interface CliOptions {
  corpora: string[];
  sut?: string;
  oracle?: "bash" | "recorded";
  filter?: RegExp;
  jobs: number;
  timeoutMs: number;
  json?: string;
  knownFailures?: string | false;
  update: boolean;
  verbose: boolean;
  quiet: boolean;
  skipMissing: boolean;
}

class UsageError extends Error {}

/** Parses the command line. */
function parseArgs(argv: readonly string[]): CliOptions {
  const o: CliOptions = { corpora: [], jobs: Math.min(availableParallelism(), 4), timeoutMs: 10_000, update: false, verbose: false, quiet: false, skipMissing: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${a} needs a value`);
      return v;
    };
    switch (a) {
      case "--sut":
        o.sut = value();
        break;
      case "--oracle": {
        const v = value();
        if (v !== "bash" && v !== "recorded") throw new UsageError("--oracle must be bash or recorded");
        o.oracle = v;
        break;
      }
      case "--filter":
        try {
          o.filter = new RegExp(value(), "i");
        } catch (e) {
          throw new UsageError(`--filter: ${(e as Error).message}`);
        }
        break;
      case "--jobs": {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 1) throw new UsageError("--jobs must be a positive integer");
        o.jobs = n;
        break;
      }
      case "--timeout": {
        const n = Number(value());
        if (!(n > 0)) throw new UsageError("--timeout must be a positive number of seconds");
        o.timeoutMs = Math.round(n * 1000);
        break;
      }
      case "--json":
        o.json = value();
        break;
      case "--known-failures":
        o.knownFailures = value();
        break;
      case "--no-known-failures":
        o.knownFailures = false;
        break;
      case "--update":
        o.update = true;
        break;
      case "-v":
      case "--verbose":
        o.verbose = true;
        break;
      case "--skip-missing":
        o.skipMissing = true;
        break;
      case "-q":
      case "--quiet":
        o.quiet = true;
        break;
      case "-h":
      case "--help":
        process.stdout.write(USAGE);
        process.exit(0);
        break;
      default:
        if (a.startsWith("-")) throw new UsageError(`unknown option ${a}`);
        o.corpora.push(a);
    }
  }
  if (o.corpora.length === 0) o.corpora.push("ours");
  return o;
}

async function main(argv: readonly string[]): Promise<number> {
  let o: CliOptions;
  try {
    o = parseArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`husk-conformance: ${e.message}\n${USAGE}`);
      return 2;
    }
    throw e;
  }
  // In-process Husk runs in worker threads (a runaway case is terminated) when built; inline otherwise.
  const workerUrl = new URL("./worker.js", import.meta.url);
  const sut: ShellUnderTest = o.sut
    ? new CommandSut(o.sut)
    : existsSync(fileURLToPath(workerUrl))
      ? new WorkerPoolSut(workerUrl, o.jobs)
      : new InProcessSut();
  if (sut.inProcess && !(await loadBash())) {
    process.stderr.write("husk-conformance: @husk/bash does not export a Bash class yet; use --sut to measure another shell\n");
    return 1;
  }
  const bash = findBash();
  if (o.oracle === "bash" && !bash) {
    process.stderr.write("husk-conformance: --oracle bash: bash is not installed\n");
    return 1;
  }
  const oracle: RunnerOptions["oracle"] = o.oracle !== "recorded" && bash ? { kind: "bash", path: bash.path } : { kind: "recorded" };
  const knownFailuresDir = o.knownFailures === false ? undefined : (o.knownFailures ?? (sut.inProcess ? KNOWN_FAILURES_DIR : undefined));
  if (o.update && !knownFailuresDir) {
    process.stderr.write("husk-conformance: --update needs a known-failures folder (--known-failures DIR)\n");
    return 2;
  }
  const reports: CorpusReport[] = [];
  for (const name of o.corpora) {
    let corpus;
    try {
      corpus = resolveCorpus(name);
    } catch (e) {
      if (o.skipMissing) {
        process.stdout.write(`husk-conformance: skipped: ${(e as Error).message}\n`);
        continue;
      }
      process.stderr.write(`husk-conformance: ${(e as Error).message}\n`);
      return 2;
    }
    let done = 0;
    const report = await runCorpus(corpus, {
      sut,
      oracle,
      filter: o.filter,
      jobs: o.jobs,
      timeoutMs: o.timeoutMs,
      knownFailuresDir,
      update: o.update,
      helpersDir: HELPERS_DIR,
      onCase: o.quiet || !process.stderr.isTTY ? undefined : () => {
        if (++done % 50 === 0) process.stderr.write(`\r${corpus.name}: ${done} cases`);
      },
    });
    if (!o.quiet && process.stderr.isTTY) process.stderr.write("\r\x1b[K");
    reports.push(report);
    process.stdout.write(`\n== ${report.corpus} (${corpus.mode}) sut=${report.sut} oracle=${report.oracle}${bash && oracle.kind === "bash" && corpus.mode === "spec" ? ` ${bash.version}` : ""}\n`);
    process.stdout.write(`${formatCorpusTable(report)}\n`);
    if (o.verbose) {
      for (const f of report.files) for (const c of f.results) if (c.outcome === "fail" || c.outcome === "error") process.stdout.write(`${formatFailure(c)}\n`);
    }
    for (const p of formatProblems(report)) process.stdout.write(`${p}\n`);
    if (o.update) process.stdout.write(`known-failures rewritten under ${knownFailuresDir}/${report.corpus}\n`);
    process.stdout.write(`${summaryLine(report)}\n`);
  }
  if (sut instanceof WorkerPoolSut) await sut.close();
  if (o.json) writeFileSync(o.json, `${JSON.stringify(reports.map(reportJson), null, 1)}\n`);
  return reports.every((r) => r.ok) ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.stderr.write(`husk-conformance: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 1;
  },
);
