/**
 * The oracle: what bash does with a case. Live GNU bash (spawned unprivileged, run twice to
 * detect unstable cases), or the expectations recorded in the case file (for machines without
 * bash, and for cases marked `## oracle: recorded`, e.g. where the machine's tools differ from
 * the version we target).
 */
import { execFileSync } from "node:child_process";
import { type Expectation, expectationFor, type SpecCase } from "./spec-format.js";
import { freshDir, type RunResult, runProcess, unprivileged } from "./proc.js";

/** What the oracle expects of a case. Absent fields are not compared. */
export interface OracleVerdict {
  readonly kind: "live" | "recorded";
  /** Excluded from scoring: the two live runs differed, or the oracle timed out. */
  readonly unstable: boolean;
  /** Why it is unstable (for the JSON report). */
  readonly unstableReason?: string;
  readonly expected: Expectation;
  /** False when stderr differed between the two live runs (stderr is then not compared). */
  readonly stderrStable: boolean;
}

/** Finds GNU bash on this machine: its path and version, or undefined. */
export function findBash(): { path: string; version: string } | undefined {
  try {
    const version = execFileSync("bash", ["-c", "echo $BASH_VERSION"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { PATH: "/usr/local/bin:/usr/bin:/bin" } }).trim();
    const path = execFileSync("bash", ["-c", "type -P bash"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { PATH: "/usr/local/bin:/usr/bin:/bin" } }).trim();
    return { path, version };
  } catch {
    return undefined;
  }
}

/** The recorded verdict of a case: the file's expectation for bash (its `OK`/`BUG`/`N-I bash` variant first). */
export function recordedVerdict(c: SpecCase): OracleVerdict {
  return { kind: "recorded", unstable: false, expected: expectationFor(c, "bash"), stderrStable: true };
}

/**
 * Runs the script through `bash` (from the case's PATH) twice in `dir` (wiped before each run) and compares the runs.
 * Stable when stdout and status agree and neither run timed out.
 */
export async function liveVerdict(
  script: string,
  dir: string,
  env: Readonly<Record<string, string>>,
  timeoutMs: number,
): Promise<OracleVerdict & { readonly first: RunResult }> {
  // Spawned as `bash` (found on the case PATH), so that error messages say `bash:` as they do for `--sut bash`.
  const a = await oracleRun(script, dir, env, timeoutMs);
  const b = await oracleRun(script, dir, env, timeoutMs);
  let unstableReason: string | undefined;
  if (a.timedOut || b.timedOut) unstableReason = "oracle timed out";
  else if (a.stdout !== b.stdout) unstableReason = "stdout differs between two bash runs";
  else if (a.status !== b.status) unstableReason = "status differs between two bash runs";
  return {
    kind: "live",
    unstable: unstableReason !== undefined,
    unstableReason,
    expected: { stdout: a.stdout, stderr: a.stderr, status: a.status },
    stderrStable: a.stderr === b.stderr,
    first: a,
  };
}

/** One run of the script through unprivileged `bash` in a wiped `dir`. */
export function oracleRun(script: string, dir: string, env: Readonly<Record<string, string>>, timeoutMs: number): Promise<RunResult> {
  freshDir(dir);
  return runProcess(unprivileged(["bash"]), { cwd: dir, env, stdin: script, timeoutMs });
}
