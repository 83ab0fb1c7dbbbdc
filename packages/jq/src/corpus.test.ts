// jq's own test files (shared/corpora/jq) through our implementation; skipped when absent.
import { existsSync, readFileSync, statSync } from "node:fs";
import type { ModuleHost } from "./api.js";
import { describe, expect, it } from "vitest";
import { parseCorpus, runCase } from "./testing/corpus.js";

const DIR = new URL("../../../../shared/corpora/jq/", import.meta.url).pathname;
/** Our stand-ins for jq's tests/modules (the corpus runs with `-L` there, as jq's harness does). */
const MODULES = new URL("../../../conformance/jq-modules", import.meta.url).pathname;
const modules: ModuleHost = {
  libraryPaths: [MODULES],
  cwd: "/nonexistent",
  read: (p) => (existsSync(p) && statSync(p).isFile() ? readFileSync(p, "utf8") : undefined),
};
/** Minimum pass rates per file (raise as the implementation improves; targets: 97% / 100%). */
const MIN: Record<string, number> = {
  "jq.test": 0.97,
  "man.test": 0.97,
  "base64.test": 1,
  "uri.test": 1,
  "optional.test": 1,
  "onig.test": 0.97,
  "manonig.test": 1,
};

describe.skipIf(!existsSync(DIR))("jq corpus", () => {
  for (const [file, min] of Object.entries(MIN)) {
    it(`${file} passes at least ${min * 100}%`, () => {
      const cases = parseCorpus(readFileSync(`${DIR}${file}`, "utf8"));
      const failures: string[] = [];
      for (const c of cases) {
        const r = runCase(c, modules);
        if (!r.pass) failures.push(`${c.line}: ${c.program} -- ${r.reason}`);
      }
      const rate = (cases.length - failures.length) / cases.length;
      if (rate < min) console.log(failures.join("\n"));
      expect(rate).toBeGreaterThanOrEqual(min);
    });
  }
});
