// Runs one script through @husk/bash in this process and prints how it ended (one JSON line):
// exit status, error kind and limit, elapsed ms, stdout/stderr sizes and heads.
// node security/scripts/probe.mjs SCRIPT [LIMITS_JSON]   (build first: npx tsc -b)
// Meant to run in a child process: a crash of the evaluator kills only this process.
import { Bash } from "../../packages/bash/dist/index.js";

const [script, limitsJson] = process.argv.slice(2);
const limits = limitsJson ? JSON.parse(limitsJson) : undefined;
const bash = new Bash(limits ? { limits } : {});
await bash.exec(":");
const t0 = performance.now();
const r = await bash.exec(script);
const ms = Math.round(performance.now() - t0);
const head = (s) => (s.length > 300 ? `${s.slice(0, 300)}...` : s);
console.log(JSON.stringify({
  exitCode: r.exitCode,
  error: r.error ? `${r.error.kind}${r.error.limit ? `:${r.error.limit}` : ""}` : undefined,
  ms,
  truncated: r.truncated === true,
  stdoutLen: r.stdout.length,
  stdout: head(r.stdout),
  stderr: head(r.stderr),
  rssMB: Math.round(process.resourceUsage().maxRSS / 1024),
}));
