/**
 * Worker-thread entry of the in-process shell under test: runs scripts through
 * `InProcessSut` on request, so that a runaway case can be stopped by terminating the thread
 * (see `WorkerPoolSut`).
 */
import { parentPort } from "node:worker_threads";
import type { ScriptRun } from "./sut.js";
import { InProcessSut, loadBash } from "./sut.js";

const sut = new InProcessSut();
parentPort?.on("message", async (msg: { id: number; run: ScriptRun }) => {
  try {
    const result = await sut.run(msg.run);
    parentPort?.postMessage({ id: msg.id, result });
  } catch (e) {
    parentPort?.postMessage({ id: msg.id, error: e instanceof Error ? e.message : String(e) });
  }
});

// Load the shell before taking work, so module loading does not count against a case's timeout.
void loadBash().then(() => parentPort?.postMessage({ ready: true }));
