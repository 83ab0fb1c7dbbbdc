import { HuskError } from "@husk/host";

/** Parses a sleep/timeout interval (`1.5`, `2m`, `1h`, `0.5d`) into milliseconds; throws on bad input. */
export function parseDuration(s: string): number {
  const m = /^\s*(\d+\.?\d*|\.\d+)(e[+-]?\d+)?([smhd]?)$/i.exec(s);
  if (!m || s.trim() === "") throw new HuskError(`invalid time interval '${s}'`, 1);
  const n = Number((m[1] as string) + (m[2] ?? ""));
  const mul = { "": 1, s: 1, m: 60, h: 3600, d: 86400 }[(m[3] as string).toLowerCase() as ""] ?? 1;
  return n * mul * 1000;
}

/**
 * Waits `ms` milliseconds, never past the run's deadline, ending early with AbortError when
 * `signal` fires. A clock with an `advance(ms)` method (FixedClock) is advanced instead of
 * waiting (virtual time).
 */
export function wait(ms: number, signal: AbortSignal, clock: unknown): Promise<void> {
  const virtual = clock as { advance?: (ms: number) => void };
  if (typeof virtual.advance === "function") {
    virtual.advance(ms);
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const t = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(t);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
