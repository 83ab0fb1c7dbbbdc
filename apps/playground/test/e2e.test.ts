/**
 * End to end: builds the playground with Vite, serves it, and drives it in headless Chromium
 * (Debian's /usr/bin/chromium through playwright-core): types a script, runs it, and reads the
 * output and the trace. The expected output is the same script run through the same ScriptedTool
 * in Node, so the browser build is checked against the library, not against a copied string.
 * Without Chromium the suite is skipped locally and fails in CI (`.ci/run` installs it).
 */
import { existsSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Browser, chromium } from "playwright-core";
import { build, type PreviewServer, preview } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDemoTool, runScript } from "../src/session.js";

const CHROMIUM = process.env.HUSK_CHROMIUM ?? "/usr/bin/chromium";
const root = fileURLToPath(new URL("..", import.meta.url));
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && process.env.CI) throw new Error(`playground e2e: ${CHROMIUM} is missing (.ci/run installs Debian's chromium)`);

/** Where the screenshot of the last run is written (not committed). */
export const SCREENSHOT = `${root}test-results/playground.png`;

const SCRIPT = `name=$(get_user --id 2 | jq -r .name)
echo "user: $name"
list_orders --user_id 2 | jq -c '.[] | {item, total}'
get_inventory --item mouse | jq .stock
get_user --id 42 || echo "fallback"`;

describe.skipIf(!haveChromium)("playground in headless Chromium", () => {
  let server: PreviewServer;
  let browser: Browser;
  let url: string;

  beforeAll(async () => {
    await build({ root, configFile: `${root}vite.config.ts`, logLevel: "error" });
    server = await preview({ root, configFile: `${root}vite.config.ts`, preview: { port: 0, strictPort: false, host: "127.0.0.1" }, logLevel: "error" });
    url = server.resolvedUrls?.local[0] ?? "";
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => server?.httpServer.close(() => resolve()));
  });

  it("types a script, runs it, and shows the output, the trace and the AST", async () => {
    const expected = await runScript(buildDemoTool(), SCRIPT);
    expect(expected.exitCode).toBe(0);
    expect(expected.stdout).toContain("user: Bob");

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(url);
    await page.waitForSelector("body[data-ready=true]");
    await page.fill("#script", SCRIPT);
    await page.click("#run");
    await page.waitForFunction(() => document.getElementById("status")?.textContent?.startsWith("exit"));

    expect(await page.textContent("#stdout")).toBe(expected.stdout);
    expect(await page.textContent("#stderr")).toBe(expected.stderr);
    expect(await page.textContent("#status")).toMatch(/^exit 0 · /);
    const trace = (await page.textContent("#trace")) ?? "";
    expect(trace.split("\n")).toEqual(expected.trace.map((t) => `${t.kind} ${t.name} ${t.args.join(" ")} -> ${t.exitCode}`));
    expect(trace).toContain("tool get_user --id 42 -> 1");
    const ast = JSON.parse((await page.textContent("#ast")) ?? "null");
    expect(ast.type).toBe(JSON.parse(expected.ast).type);
    expect(errors).toEqual([]);

    mkdirSync(`${root}test-results`, { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    await page.close();
  }, 60_000);

  it("shows a parse error in the AST panel and a non-zero status", async () => {
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForSelector("body[data-ready=true]");
    await page.fill("#script", "if true; then echo x");
    await page.click("#run");
    await page.waitForFunction(() => document.getElementById("status")?.textContent?.startsWith("exit"));
    expect(await page.textContent("#status")).toMatch(/^exit 2/);
    expect(await page.textContent("#ast")).toMatch(/^parse error: /);
    await page.close();
  }, 60_000);
});
