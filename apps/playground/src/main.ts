/** The playground page: wires the editor, the Run button and the result panels to session.ts. */
import { buildDemoTool, runScript, SAMPLES } from "./session.js";
import "./style.css";

const $ = <T extends HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (el === null) throw new Error(`missing #${id}`);
  return el as T;
};

const tool = buildDemoTool();
const editor = $<HTMLTextAreaElement>("script");
const sample = $<HTMLSelectElement>("sample");
const runButton = $<HTMLButtonElement>("run");

for (const key of Object.keys(SAMPLES)) {
  const o = document.createElement("option");
  o.value = key;
  o.textContent = key;
  sample.append(o);
}
editor.value = SAMPLES.orders ?? "";
sample.addEventListener("change", () => {
  editor.value = SAMPLES[sample.value] ?? "";
});

$("tools").textContent = tool.help();

async function run(): Promise<void> {
  runButton.disabled = true;
  $("status").textContent = "running…";
  try {
    const r = await runScript(tool, editor.value);
    $("stdout").textContent = r.stdout;
    $("stderr").textContent = r.stderr;
    $("trace").textContent = r.trace.map((t) => `${t.kind} ${t.name} ${t.args.join(" ")} -> ${t.exitCode}`).join("\n");
    $("ast").textContent = r.ast;
    $("status").textContent = `exit ${r.exitCode}${r.error ? ` (${r.error})` : ""} · ${r.elapsedMs.toFixed(1)} ms`;
    $("status").dataset.exit = String(r.exitCode);
  } finally {
    runButton.disabled = false;
  }
}

runButton.addEventListener("click", () => void run());
editor.addEventListener("keydown", (e) => {
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
    e.preventDefault();
    void run();
  }
});
document.body.dataset.ready = "true";
