/**
 * Shared harness of the attack suite: runs an untrusted script through the public API with
 * small limits, while a host timer counts how often the host's event loop got to run.
 */
import { Bash } from "@husk/bash";
import type { BashOptions, ExecResult } from "@husk/bash";
import type { Limits } from "@husk/host";

/** Small limits so that every attack ends fast. */
export const SMALL: Partial<Limits> = Object.freeze({
  timeoutMs: 5_000,
  maxCommands: 2_000,
  maxLoopIterations: 2_000,
  maxTotalIterations: 5_000,
  maxCallDepth: 50,
  maxSubshellDepth: 10,
  maxStdoutBytes: 10_000,
  maxStderrBytes: 10_000,
  maxFields: 10_000,
  maxStringBytes: 1_000_000,
  maxVariables: 5_000,
  maxParseDepth: 200,
  maxFsBytes: 1_000_000,
  maxFileBytes: 100_000,
  maxFiles: 500,
});

/** Budgets so large that only the host (its timer, its AbortSignal) can end the run. */
export const UNBOUNDED: Partial<Limits> = Object.freeze({
  timeoutMs: 20_000,
  maxCommands: 1e12,
  maxLoopIterations: 1e12,
  maxTotalIterations: 1e12,
});

/** What an attack produced, and how many times a 5 ms host interval fired during it. */
export interface AttackResult {
  readonly r: ExecResult;
  readonly ticks: number;
}

/** Runs `script` on a fresh Bash with SMALL limits (overridable), counting host timer ticks. */
export async function attack(script: string, limits: Partial<Limits> = {}, options: BashOptions = {}): Promise<AttackResult> {
  const bash = new Bash({ ...options, limits: { ...SMALL, ...limits } });
  await bash.exec(":"); // build the parsers outside the measured run
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  try {
    const r = await bash.exec(script);
    return { r, ticks };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Proves the host stays responsive: runs `script` with UNBOUNDED budgets while a host interval
 * counts; after `needTicks` ticks the host aborts the run through its AbortSignal. A script that
 * never yields the event loop ends only at the 20 s deadline (status 124), not with 130.
 */
export async function responsive(script: string, needTicks = 3, options: BashOptions = {}): Promise<AttackResult> {
  const bash = new Bash({ ...options, limits: { ...SMALL, ...UNBOUNDED } });
  await bash.exec(":");
  const ac = new AbortController();
  let ticks = 0;
  const timer = setInterval(() => {
    if (++ticks >= needTicks) ac.abort();
  }, 5);
  try {
    const r = await bash.exec(script, { signal: ac.signal });
    return { r, ticks };
  } finally {
    clearInterval(timer);
  }
}

/** The documented message of a limit breach: names the limit and how to raise it. */
export function limitText(limit: keyof Limits): string {
  return `(limit ${limit}; raise it with limits.${limit})`;
}
