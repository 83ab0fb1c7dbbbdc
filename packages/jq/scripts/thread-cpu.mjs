// Shared by bench-split.mjs and phases.mjs (Linux only: reads /proc/self/task/*/schedstat).
import { readdirSync, readFileSync } from "node:fs";

/** CPU time (ns) of the main thread and of all the other threads of this process. */
export function threadCpu() {
  let main = 0;
  let other = 0;
  for (const t of readdirSync("/proc/self/task")) {
    let ns;
    try {
      ns = Number(readFileSync(`/proc/self/task/${t}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      continue; // the thread ended meanwhile
    }
    if (Number(t) === process.pid) main += ns;
    else other += ns;
  }
  return { main, other };
}
