import { describe, expect, it } from "vitest";
import { MemoryFs } from "@husk/host";
import { differential, testEcho } from "../test/differential.js";
import { chmod } from "./fs/chmod.js";
import { cp } from "./fs/cp.js";
import { du } from "./fs/du.js";
import { file } from "./fs/file.js";
import { find } from "./fs/find.js";
import { ln } from "./fs/ln.js";
import { ls } from "./fs/ls.js";
import { mkdir } from "./fs/mkdir.js";
import { mktemp } from "./fs/mktemp.js";
import { mv } from "./fs/mv.js";
import { readlink } from "./fs/readlink.js";
import { realpath } from "./fs/realpath.js";
import { rm } from "./fs/rm.js";
import { stat } from "./fs/stat.js";
import { touch } from "./fs/touch.js";
import { tree } from "./fs/tree.js";
import { runTool } from "./testing.js";
import { wc } from "./wc.js";

const files = {
  "a.txt": "hello\n",
  "b.log": "x".repeat(5000),
  "e": "",
  "src/main.ts": "export {};\n",
  "src/util/x.ts": "1\n",
  "src/.hidden": "h\n",
  "docs/README.md": "# doc\n",
};
const dirs = ["empty", "src/util"];
const links = { "link": "a.txt", "dangling": "nope", "dirlink": "src" };
const tree0 = { files, dirs, links };

describe("ls", () => {
  differential(ls, [
    { args: [], ...tree0 },
    { args: ["-a"], ...tree0 },
    { args: ["-A"], ...tree0 },
    { args: ["-l"], ...tree0 },
    { args: ["-la", "src"], ...tree0 },
    { args: ["-lh"], ...tree0 },
    { args: ["-1", "src", "docs"], ...tree0 },
    { args: ["-R"], ...tree0 },
    { args: ["-d", "src", "a.txt"], ...tree0 },
    { args: ["-S"], ...tree0 },
    { args: ["-r"], ...tree0 },
    { args: ["-F"], ...tree0 },
    { args: ["-p"], ...tree0 },
    { args: ["-ld", "dirlink", "link"], ...tree0 },
    { args: ["dirlink"], ...tree0 },
    { args: ["nope", "a.txt"], ...tree0 },
    { args: ["-s"], ...tree0 },
    { args: ["-lS", "src/main.ts", "b.log", "e"], ...tree0 },
    { args: ["--bogus"] },
  ]);
});

describe("mkdir rm cp mv touch ln chmod", () => {
  differential(mkdir, [
    { args: ["new"], snapshot: true, ...tree0 },
    { args: ["-p", "x/y/z"], snapshot: true, ...tree0 },
    { args: ["src"], snapshot: true, ...tree0 },
    { args: ["q/r"], snapshot: true, ...tree0 },
    { args: ["-p", "src", "a.txt/x"], snapshot: true, ...tree0 },
    { args: ["-m", "700", "m"], snapshot: true, ...tree0 },
    { args: ["-v", "-p", "v/w"], snapshot: true },
    { args: [] },
  ]);
  differential(rm, [
    { args: ["a.txt"], snapshot: true, ...tree0 },
    { args: ["src"], snapshot: true, ...tree0 },
    { args: ["-r", "src"], snapshot: true, ...tree0 },
    { args: ["-rf", "src", "nope"], snapshot: true, ...tree0 },
    { args: ["nope"], snapshot: true, ...tree0 },
    { args: ["-f"] },
    { args: [] },
    { args: ["-d", "empty"], snapshot: true, ...tree0 },
    { args: ["link", "dirlink"], snapshot: true, ...tree0 },
    { args: ["-v", "a.txt", "e"], snapshot: true, ...tree0 },
  ]);
  differential(cp, [
    { args: ["a.txt", "c.txt"], snapshot: true, ...tree0 },
    { args: ["a.txt", "e", "docs"], snapshot: true, ...tree0 },
    { args: ["src", "dst"], snapshot: true, ...tree0 },
    { args: ["-r", "src", "dst"], snapshot: true, ...tree0 },
    { args: ["-r", "src", "docs"], snapshot: true, ...tree0 },
    { args: ["-r", "src", "a.txt"], snapshot: true, ...tree0 },
    { args: ["nope", "x"], snapshot: true, ...tree0 },
    { args: ["a.txt", "e", "b.log"], snapshot: true, ...tree0 },
    { args: [] },
    { args: ["a.txt"] },
    { args: ["-n", "a.txt", "e"], snapshot: true, ...tree0 },
    { args: ["link", "l2"], snapshot: true, ...tree0 },
    { args: ["-P", "link", "l2"], snapshot: true, ...tree0 },
    { args: ["-t", "docs", "a.txt", "e"], snapshot: true, ...tree0 },
  ]);
  differential(mv, [
    { args: ["a.txt", "c.txt"], snapshot: true, ...tree0 },
    { args: ["a.txt", "e", "docs"], snapshot: true, ...tree0 },
    { args: ["src", "empty"], snapshot: true, ...tree0 },
    { args: ["src", "a.txt"], snapshot: true, ...tree0 },
    { args: ["nope", "x"], snapshot: true, ...tree0 },
    { args: ["src", "src/util"], snapshot: true, ...tree0 },
    { args: ["a.txt", "e", "b.log"], snapshot: true, ...tree0 },
    { args: ["-v", "e", "f"], snapshot: true, ...tree0 },
  ]);
  differential(touch, [
    { args: ["new", "a.txt"], snapshot: true, ...tree0 },
    { args: ["-c", "nothere"], snapshot: true, ...tree0 },
    { args: ["missing/x"], snapshot: true, ...tree0 },
    { args: [] },
  ]);
  differential(ln, [
    { args: ["-s", "a.txt", "l2"], snapshot: true, ...tree0 },
    { args: ["-s", "a.txt", "link"], snapshot: true, ...tree0 },
    { args: ["-sf", "e", "link"], snapshot: true, ...tree0 },
    { args: ["-s", "../a.txt", "docs"], snapshot: true, ...tree0 },
    { args: ["-s"] },
  ]);
  differential(chmod, [
    { args: ["755", "a.txt"], snapshot: true, ...tree0 },
    { args: ["u+x,g-r", "a.txt"], snapshot: true, ...tree0 },
    { args: ["+x", "a.txt"], snapshot: true, ...tree0 },
    { args: ["a=r", "a.txt"], snapshot: true, ...tree0 },
    { args: ["-R", "go-rx", "src"], snapshot: true, ...tree0 },
    { args: ["-w", "a.txt"], snapshot: true, ...tree0 },
    { args: ["u=rw,go=", "e"], snapshot: true, ...tree0 },
    { args: ["9", "a.txt"] },
    { args: ["u+q", "a.txt"] },
    { args: ["644", "nope"] },
    { args: ["-v", "600", "a.txt"], ...tree0 },
    { args: [] },
  ]);
});

describe("find", () => {
  const c = (args: string[]) => ({ args, sortOut: true, ...tree0 });
  differential(find, [
    c([]),
    c(["."]),
    c(["src"]),
    c(["src/"]),
    c([".", "-name", "*.ts"]),
    c([".", "-iname", "*.TS"]),
    c([".", "-type", "d"]),
    c([".", "-type", "f", "-name", "*.txt"]),
    c([".", "-type", "l"]),
    c([".", "-maxdepth", "1"]),
    c([".", "-mindepth", "2"]),
    c([".", "-maxdepth", "1", "-type", "f"]),
    c([".", "-path", "./src/*"]),
    c([".", "-name", "src", "-prune", "-o", "-type", "f", "-print"]),
    c([".", "!", "-name", "*.ts"]),
    c([".", "-not", "-type", "d"]),
    c([".", "(", "-name", "*.md", "-o", "-name", "*.txt", ")"]),
    c([".", "-empty"]),
    c([".", "-size", "+1k"]),
    c([".", "-size", "-2"]),
    c([".", "-size", "6c"]),
    c([".", "-type", "f", "-print0"]),
    c([".", "-type", "f", "-printf", "%p %f %s %d %y\\n"]),
    c(["src", "-printf", "[%P] %h\\n"]),
    c([".", "-regex", ".*\\.ts"]),
    c([".", "-name", "*.ts", "-exec", "echo", "found", "{}", ";"]),
    c(["src/util", "-name", "*.ts", "-exec", "echo", "{}", "+"]),
    c([".", "-perm", "644", "-type", "f"]),
    c([".", "-newer", "a.txt"]),
    c(["nope"]),
    c([".", "-bogus"]),
    c([".", "-name"]),
    c([".", "-name", "*.txt", "-quit"]),
    c(["-L", ".", "-name", "*.ts"]),
    c([".", "-mtime", "+1"]),
    c([".", "-type", "f", "-a", "-name", "e", "-o", "-name", "a.txt"]),
  ]);
  it("-delete removes matches", async () => {
    const fs = new MemoryFs({ files: { "/d/a.tmp": "", "/d/b.txt": "", "/d/s/c.tmp": "" } });
    const r = await runTool(find, ["/d", "-name", "*.tmp", "-delete"], { fs });
    expect(r.status).toBe(0);
    expect(await fs.exists("/d/a.tmp")).toBe(false);
    expect(await fs.exists("/d/s/c.tmp")).toBe(false);
    expect(await fs.exists("/d/b.txt")).toBe(true);
  });
  it("-exec runs commands through the shell", async () => {
    const fs = new MemoryFs({ files: { "/d/a": "1\n2\n", "/d/b": "3\n" } });
    const r = await runTool(find, ["/d", "-type", "f", "-exec", "wc", "-l", "{}", "+"], { fs, commands: [wc, testEcho] });
    expect(r.stdout).toBe("2 /d/a\n1 /d/b\n3 total\n");
  });
});

describe("stat realpath readlink du tree file mktemp", () => {
  differential(stat, [
    { args: ["-c", "%n|%s|%F|%a|%A|%U|%G|%u|%g|%Y|%y|%h|%b|%N|%f", "a.txt", "e", "src", "link"], ...tree0 },
    { args: ["-L", "-c", "%F %N", "link"], ...tree0 },
    { args: ["--printf", "%n:%s\\n", "a.txt", "b.log"], ...tree0 },
    { args: ["nope"], ...tree0 },
  ]);
  differential(realpath, [
    { args: ["a.txt", "link", "dirlink/util", "src/../docs", "nope"], ...tree0 },
    { args: ["-e", "nope"], ...tree0 },
    { args: ["nope/x"], ...tree0 },
    { args: ["-m", "nope/x/../y"], ...tree0 },
    { args: ["-s", "link"], ...tree0 },
    { args: ["--relative-to=src", "docs/README.md"], ...tree0 },
  ]);
  differential(readlink, [
    { args: ["link"], ...tree0 },
    { args: ["a.txt"], ...tree0 },
    { args: ["-f", "link", "dirlink", "nope"], ...tree0 },
    { args: ["-e", "dangling"], ...tree0 },
    { args: ["-n", "link"], ...tree0 },
    { args: ["-v", "a.txt"], ...tree0 },
  ]);
  differential(du, [
    { args: [], sortOut: true, ...tree0 },
    { args: ["-a"], sortOut: true, ...tree0 },
    { args: ["-s", "src", "a.txt"], ...tree0 },
    { args: ["-sh", "."], ...tree0 },
    { args: ["-c", "a.txt", "b.log"], ...tree0 },
    { args: ["-d", "1"], sortOut: true, ...tree0 },
    { args: ["nope"], ...tree0 },
  ]);
  differential(file, [
    { args: ["a.txt", "e", "src", "link"], ...tree0 },
    { args: ["-b", "docs/README.md"], ...tree0 },
    { args: ["j", "s", "u"], files: { j: '{"a":1}', s: "#!/bin/bash\necho\n", u: "h\u00e9llo\n" } },
  ]);
  it("tree draws the hierarchy", async () => {
    const fs = new MemoryFs({ files: { "/t/a": "", "/t/d/b": "", "/t/d/e/c": "", "/t/.h": "" } });
    expect((await runTool(tree, ["/t"], { fs })).stdout).toBe(
      "/t\n├── a\n└── d\n    ├── b\n    └── e\n        └── c\n\n2 directories, 3 files\n",
    );
    expect((await runTool(tree, ["-L", "1", "-a"], { fs, cwd: "/t" })).stdout).toBe(".\n├── .h\n├── a\n└── d\n\n1 directory, 2 files\n");
  });
  it("mktemp creates unique files and directories", async () => {
    const fs = new MemoryFs();
    await fs.mkdir("/tmp");
    const a = await runTool(mktemp, [], { fs });
    expect(a.stdout).toMatch(/^\/tmp\/tmp\.[A-Za-z0-9]{10}\n$/);
    expect((await fs.stat(a.stdout.trim())).mode).toBe(0o600);
    const d = await runTool(mktemp, ["-d", "-p", "/tmp", "work.XXXX"], { fs });
    expect((await fs.stat(d.stdout.trim())).type).toBe("directory");
    expect(await runTool(mktemp, ["abc"], { fs })).toEqual({ stdout: "", stderr: "mktemp: too few X's in template 'abc'\n", status: 1 });
  });
});
