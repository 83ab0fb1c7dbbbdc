import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HELPERS_DIR } from "./corpora.js";
import { findBash } from "./oracle.js";
import type { RunResult } from "./proc.js";
import { type Corpus, type RunnerOptions, runCorpus } from "./runner.js";
import { CommandSut, type ScriptRun, type ShellUnderTest } from "./sut.js";

const work = mkdtempSync(join(tmpdir(), "husk-conformance-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const bash = findBash();

const CASES = `#### echo
echo hi
## stdout: hi

#### status and helper
argv.py a 'b c'
exit 3
## status: 3

#### pwd is the case directory
test "$PWD" = "$TMP" && echo ok

#### the file's expectation is wrong but bash is the oracle
echo real
## stdout: recorded

#### unstable
echo $RANDOM$RANDOM

#### known failure  # FAILME
echo x

#### listed but passing
echo y

#### unlisted failure  # FAILME
echo z
`;

function corpusOf(name: string, file: string, text: string, mode: "spec" | "jq" = "spec"): Corpus {
  const path = join(work, file);
  writeFileSync(path, text);
  return { name, mode, files: [path] };
}

function options(sut: ShellUnderTest, extra: Partial<RunnerOptions> = {}): RunnerOptions {
  return { sut, oracle: { kind: "bash", path: bash!.path }, jobs: 2, timeoutMs: 10_000, helpersDir: HELPERS_DIR, ...extra };
}

/** Real bash, except that scripts of cases marked FAILME print something else. */
class TamperedBash implements ShellUnderTest {
  readonly name = "tampered";
  readonly shVar = "bash";
  readonly inProcess = false;
  readonly #bash = new CommandSut("bash");
  async run(r: ScriptRun): Promise<RunResult> {
    const res = await this.#bash.run(r);
    return this.failing.some((s) => r.script.includes(s)) ? { ...res, stdout: "tampered\n" } : res;
  }
  constructor(readonly failing: string[]) {}
}

describe.skipIf(!bash)("runCorpus with live bash as the oracle", () => {
  it("scores real bash as the shell under test at 100% of stable cases, unstable ones excluded", async () => {
    const corpus = corpusOf("t1", "basic.test.sh", CASES);
    const r = await runCorpus(corpus, options(new CommandSut("bash")));
    expect(r.totals).toMatchObject({ cases: 8, unstable: 1, stable: 7, passed: 7, passedStderr: 7, unexpectedFailures: 0 });
    expect(r.files[0]!.results.find((c) => c.name === "unstable")!.outcome).toBe("unstable");
    expect(r.ok).toBe(true);
  });

  it("applies known failures: listed failures pass the run, a listed pass or an unlisted failure fails it; --update rewrites the list", async () => {
    const known = join(work, "known");
    const corpus = corpusOf("t2", "kf.test.sh", CASES);
    const { mkdirSync } = await import("node:fs");
    mkdirSync(join(known, "t2"), { recursive: true });
    writeFileSync(join(known, "t2", "kf.txt"), "known failure  # FAILME\tneeds X\nlisted but passing\tuntriaged\npwd is the case directory\tflaky: timing\n");
    const sut = new TamperedBash(["echo x", "echo z"]);
    const r = await runCorpus(corpus, options(sut, { knownFailuresDir: known }));
    const f = r.files[0]!;
    expect(f.knownFailures).toBe(1);
    expect(f.unexpectedFailures).toEqual(["unlisted failure  # FAILME"]);
    expect(f.unexpectedPasses).toEqual(["listed but passing"]);
    expect(r.ok).toBe(false);

    const u = await runCorpus(corpus, options(sut, { knownFailuresDir: known, update: true }));
    expect(u.ok).toBe(true);
    expect(readFileSync(join(known, "t2", "kf.txt"), "utf8")).toBe(
      "pwd is the case directory\tflaky: timing\nknown failure  # FAILME\tneeds X\nunlisted failure  # FAILME\tuntriaged\n",
    );
    const again = await runCorpus(corpus, options(sut, { knownFailuresDir: known }));
    expect(again.ok).toBe(true);
  });

  it("filters cases by 'FILE: name'", async () => {
    const corpus = corpusOf("t3", "filter.test.sh", CASES);
    const r = await runCorpus(corpus, options(new CommandSut("bash"), { filter: /^filter: (echo|listed)/ }));
    expect(r.files[0]!.results.map((c) => c.name)).toEqual(["echo", "listed but passing"]);
  });

  it("uses the file's expectations with the recorded oracle", async () => {
    const corpus = corpusOf("t4", "rec.test.sh", CASES);
    const r = await runCorpus(corpus, { ...options(new CommandSut("bash")), oracle: { kind: "recorded" } });
    const wrong = r.files[0]!.results.find((c) => c.name.startsWith("the file's expectation"))!;
    expect(wrong.outcome).toBe("fail");
    expect(r.totals.unstable).toBe(0);
  });

  it("kills a case at its timeout", async () => {
    const corpus = corpusOf("t5", "slow.test.sh", "#### slow\nsleep 5 & wait\necho done\n");
    const t0 = Date.now();
    const r = await runCorpus(corpus, { ...options(new CommandSut("bash")), timeoutMs: 300 });
    expect(Date.now() - t0).toBeLessThan(4000);
    expect(r.files[0]!.results[0]!.unstableReason).toBe("oracle timed out");
  });
});

describe("jq mode", () => {
  it.skipIf(!bash)("runs jq's .test format through the shell's jq against the file's expectations", async () => {
    const corpus = corpusOf("jq", "mini.test", '.a\n{"a":1}\n1\n\n.[]\n[1,{"b":2}]\n1\n{"b":2}\n\n-1\nnull\n-1\n\n%%FAIL\n{(0):1}\njq: error: Cannot use number (0) as object key\n\n.a\n{"a":2}\n3\n', "jq");
    const r = await runCorpus(corpus, options(new CommandSut("bash")));
    expect(r.files[0]!.results.map((c) => c.outcome)).toEqual(["pass", "pass", "pass", "pass", "fail"]);
    expect(r.files[0]!.results[3]!.stderrOk).toBe(true);
  });
});
