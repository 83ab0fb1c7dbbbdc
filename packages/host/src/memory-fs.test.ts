import { describe, expect, it } from "vitest";
import { FixedClock } from "./clock.js";
import { FsError, LimitError } from "./errors.js";
import { MemoryFs } from "./memory-fs.js";

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "ok";
  } catch (e) {
    if (e instanceof FsError) return e.code;
    if (e instanceof LimitError) return e.limit;
    throw e;
  }
}

describe("MemoryFs basics", () => {
  it("seeds files and creates parents", async () => {
    const fs = new MemoryFs({ files: { "/a/b/c.txt": "hi\n", "rel.txt": "x" } });
    expect(await fs.readFile("/a/b/c.txt")).toBe("hi\n");
    expect(await fs.readFile("/rel.txt")).toBe("x");
    expect(await fs.readdir("/")).toEqual(["a", "rel.txt"]);
    expect((await fs.stat("/a/b")).type).toBe("directory");
  });

  it("reports sizes in UTF-8 bytes and tracks usage", async () => {
    const fs = new MemoryFs();
    await fs.writeFile("/f", "héllo€");
    expect((await fs.stat("/f")).size).toBe(9);
    await fs.writeFile("/f", "ab", { append: true });
    expect(await fs.readFile("/f")).toBe("héllo€ab");
    expect(fs.usedBytes).toBe(11);
    await fs.rm("/f");
    expect(fs.usedBytes).toBe(0);
  });

  const errorTable: Array<[string, (fs: MemoryFs) => Promise<unknown>, string]> = [
    ["read missing", (fs) => fs.readFile("/nope"), "ENOENT"],
    ["read directory", (fs) => fs.readFile("/d"), "EISDIR"],
    ["write into missing dir", (fs) => fs.writeFile("/x/y", ""), "ENOENT"],
    ["write over directory", (fs) => fs.writeFile("/d", ""), "EISDIR"],
    ["write to /", (fs) => fs.writeFile("/", ""), "EISDIR"],
    ["exclusive on existing", (fs) => fs.writeFile("/f", "", { exclusive: true }), "EEXIST"],
    ["file as directory", (fs) => fs.readFile("/f/x"), "ENOTDIR"],
    ["trailing slash on file", (fs) => fs.stat("/f/"), "ENOTDIR"],
    ["readdir of file", (fs) => fs.readdir("/f"), "ENOTDIR"],
    ["mkdir existing", (fs) => fs.mkdir("/d"), "EEXIST"],
    ["mkdir -p over file", (fs) => fs.mkdir("/f", { recursive: true }), "EEXIST"],
    ["mkdir -p through file", (fs) => fs.mkdir("/f/g", { recursive: true }), "ENOTDIR"],
    ["rm non-empty dir", (fs) => fs.rm("/d"), "ENOTEMPTY"],
    ["rm missing", (fs) => fs.rm("/nope"), "ENOENT"],
    ["rm missing forced", (fs) => fs.rm("/nope/x", { force: true }), "ok"],
    ["rm root", (fs) => fs.rm("/", { recursive: true }), "EPERM"],
    ["readlink of file", (fs) => fs.readlink("/f"), "EINVAL"],
    ["symlink over existing", (fs) => fs.symlink("x", "/f"), "EEXIST"],
    ["NUL in path", (fs) => fs.readFile("/f\0x"), "EINVAL"],
    ["rename dir into itself", (fs) => fs.rename("/d", "/d/e/f"), "EINVAL"],
    ["rename file over dir", (fs) => fs.rename("/f", "/d"), "EISDIR"],
    ["rename dir over file", (fs) => fs.rename("/d", "/f"), "ENOTDIR"],
    ["rename over non-empty dir", (fs) => fs.rename("/d2", "/d"), "ENOTEMPTY"],
    ["rename missing", (fs) => fs.rename("/nope", "/x"), "ENOENT"],
  ];
  for (const [name, op, want] of errorTable) {
    it(`fails: ${name} -> ${want}`, async () => {
      const fs = new MemoryFs({ files: { "/f": "1", "/d/e/g": "2" } });
      await fs.mkdir("/d2");
      await fs.mkdir("/d2/sub");
      expect(await code(op(fs))).toBe(want);
    });
  }

  it("FsError messages are the strerror text", async () => {
    const fs = new MemoryFs();
    await expect(fs.readFile("/x")).rejects.toThrow("No such file or directory");
  });
});

describe("MemoryFs paths", () => {
  it("confines .. to the root and normalizes", async () => {
    const fs = new MemoryFs({ files: { "/etc/passwd": "sandbox" } });
    expect(await fs.readFile("/../../etc/passwd")).toBe("sandbox");
    expect(await fs.readFile("//etc/./passwd")).toBe("sandbox");
    expect(await fs.readFile("/etc/../etc/passwd")).toBe("sandbox");
    expect(await fs.realpath("/../..")).toBe("/");
  });

  it("keeps prototype-ish names as ordinary entries", async () => {
    const fs = new MemoryFs();
    for (const n of ["__proto__", "constructor", "prototype", "hasOwnProperty"]) {
      expect(await fs.exists(`/${n}`)).toBe(false);
      await fs.writeFile(`/${n}`, n);
    }
    expect(await fs.readFile("/__proto__")).toBe("__proto__");
    expect(await fs.readdir("/")).toEqual(["__proto__", "constructor", "hasOwnProperty", "prototype"]);
  });

  it("readdir sorts in C (byte) order", async () => {
    const fs = new MemoryFs({ files: { "/b": "", "/B": "", "/a": "", "/_": "", "/1": "" } });
    expect(await fs.readdir("/")).toEqual(["1", "B", "_", "a", "b"]);
  });
});

describe("MemoryFs symlinks", () => {
  it("follows links, relative and absolute, through directories", async () => {
    const fs = new MemoryFs({ files: { "/data/x.txt": "X" } });
    await fs.symlink("data", "/rel");
    await fs.symlink("/data/x.txt", "/abs");
    await fs.mkdir("/sub");
    await fs.symlink("../data/x.txt", "/sub/up");
    expect(await fs.readFile("/rel/x.txt")).toBe("X");
    expect(await fs.readFile("/abs")).toBe("X");
    expect(await fs.readFile("/sub/up")).toBe("X");
    expect(await fs.realpath("/sub/up")).toBe("/data/x.txt");
    expect(await fs.realpath("/rel/../rel")).toBe("/data");
    expect((await fs.lstat("/abs")).type).toBe("symlink");
    expect((await fs.lstat("/abs")).size).toBe(11);
    expect((await fs.stat("/abs")).type).toBe("file");
    expect(await fs.readlink("/sub/up")).toBe("../data/x.txt");
  });

  it("'..' after a link is physical", async () => {
    const fs = new MemoryFs({ files: { "/a/b/f": "deep", "/a/top": "top" } });
    await fs.symlink("/a/b", "/l");
    expect(await fs.readFile("/l/../top")).toBe("top");
  });

  it("detects loops with ELOOP", async () => {
    const fs = new MemoryFs();
    await fs.symlink("/b", "/a");
    await fs.symlink("/a", "/b");
    await fs.symlink("self", "/self");
    expect(await code(fs.readFile("/a"))).toBe("ELOOP");
    expect(await code(fs.stat("/self"))).toBe("ELOOP");
    expect(await code(fs.writeFile("/a", "x"))).toBe("ELOOP");
    expect(await fs.exists("/a")).toBe(false);
    expect((await fs.lstat("/a")).type).toBe("symlink");
    await fs.rm("/a");
    expect(await fs.exists("/b")).toBe(false);
  });

  it("exists is false, not an error, when a middle component is missing or not a directory", async () => {
    const fs = new MemoryFs();
    await fs.writeFile("/f", "x");
    expect(await code(fs.symlink("", "/empty"))).toBe("ENOENT"); // symlink(2): no empty target
    expect(await fs.exists("")).toBe(false);
    expect(await code(fs.readFile(""))).toBe("ENOENT");
    expect(await code(fs.mkdir("", { recursive: true }))).toBe("ENOENT");
    expect(await fs.exists("/no/such/file")).toBe(false);
    expect(await fs.exists("/f/child")).toBe(false);
    expect(await fs.exists("/f/")).toBe(false);
    expect(await code(fs.stat("/no/such/file"))).toBe("ENOENT");
    expect(await code(fs.stat("/f/child"))).toBe("ENOTDIR");
    expect(await fs.exists("/f")).toBe(true);
  });

  it("writes through a dangling link create its target", async () => {
    const fs = new MemoryFs();
    await fs.mkdir("/d");
    await fs.symlink("target.txt", "/d/link");
    expect(await fs.exists("/d/link")).toBe(false);
    await fs.writeFile("/d/link", "via link");
    expect(await fs.readFile("/d/target.txt")).toBe("via link");
  });

  it("rm removes the link, not its target", async () => {
    const fs = new MemoryFs({ files: { "/d/f": "keep" } });
    await fs.symlink("/d", "/l");
    await fs.rm("/l", { recursive: true });
    expect(await fs.readFile("/d/f")).toBe("keep");
  });
});

describe("MemoryFs metadata", () => {
  it("takes mtimes from the clock and updates directories", async () => {
    const clock = new FixedClock(1_000_000);
    const fs = new MemoryFs({ clock });
    await fs.mkdir("/d");
    clock.advance(5000);
    await fs.writeFile("/d/f", "x");
    expect((await fs.stat("/d/f")).mtimeMs).toBe(1_005_000);
    expect((await fs.stat("/d")).mtimeMs).toBe(1_005_000);
    await fs.utimes("/d/f", 42);
    expect((await fs.stat("/d/f")).mtimeMs).toBe(42);
  });

  it("keeps modes, inodes and nlink", async () => {
    const fs = new MemoryFs();
    await fs.mkdir("/d", { mode: 0o700 });
    await fs.mkdir("/d/x");
    await fs.mkdir("/d/y");
    await fs.writeFile("/d/f", "", { mode: 0o600 });
    const d = await fs.stat("/d");
    expect(d.mode).toBe(0o700);
    expect(d.nlink).toBe(4);
    expect((await fs.stat("/d/f")).mode).toBe(0o600);
    await fs.chmod("/d/f", 0o755);
    expect((await fs.stat("/d/f")).mode).toBe(0o755);
    const inos = new Set([(await fs.stat("/d")).ino, (await fs.stat("/d/x")).ino, (await fs.stat("/d/f")).ino]);
    expect(inos.size).toBe(3);
    const before = (await fs.stat("/d/f")).ino;
    await fs.rename("/d/f", "/g");
    expect((await fs.stat("/g")).ino).toBe(before);
    expect((await fs.stat("/d")).nlink).toBe(4);
  });

  it("enforces owner bits only when asked", async () => {
    const open = new MemoryFs({ files: { "/f": "x" } });
    await open.chmod("/f", 0o000);
    expect(await open.readFile("/f")).toBe("x");
    const strict = new MemoryFs({ files: { "/f": "x", "/d/g": "y" }, enforcePermissions: true });
    await strict.chmod("/f", 0o200);
    expect(await code(strict.readFile("/f"))).toBe("EACCES");
    await strict.chmod("/f", 0o400);
    expect(await code(strict.writeFile("/f", "z"))).toBe("EACCES");
    await strict.chmod("/d", 0o500);
    expect(await code(strict.writeFile("/d/new", "z"))).toBe("EACCES");
    await strict.chmod("/d", 0o600);
    expect(await code(strict.readFile("/d/g"))).toBe("EACCES");
  });
});

describe("MemoryFs limits", () => {
  it("maxFileBytes", async () => {
    const fs = new MemoryFs({ limits: { maxFileBytes: 10 } });
    await fs.writeFile("/f", "0123456789");
    expect(await code(fs.writeFile("/f", "x", { append: true }))).toBe("maxFileBytes");
    expect(await fs.readFile("/f")).toBe("0123456789");
  });

  it("maxFsBytes counts replaced content once", async () => {
    const fs = new MemoryFs({ limits: { maxFsBytes: 10 } });
    await fs.writeFile("/a", "12345");
    await fs.writeFile("/a", "1234567890");
    expect(await code(fs.writeFile("/b", "1"))).toBe("maxFsBytes");
    await fs.rm("/a");
    await fs.writeFile("/b", "1");
  });

  it("maxFiles counts every entry and frees on rm -r", async () => {
    const fs = new MemoryFs({ limits: { maxFiles: 3 } });
    await fs.mkdir("/d/e", { recursive: true });
    await fs.writeFile("/d/e/f", "");
    expect(await code(fs.writeFile("/g", ""))).toBe("maxFiles");
    expect(await code(fs.symlink("x", "/l"))).toBe("maxFiles");
    await fs.rm("/d", { recursive: true });
    expect(fs.entryCount).toBe(0);
    await fs.writeFile("/g", "");
  });

  it("limit errors name the limit", async () => {
    const fs = new MemoryFs({ limits: { maxFileBytes: 1 } });
    await expect(fs.writeFile("/f", "xx")).rejects.toThrow(/limits\.maxFileBytes/);
  });
});

describe("MemoryFs changeCount", () => {
  it("grows when an entry appears, vanishes, moves or changes mode, not on content writes", async () => {
    const fs = new MemoryFs();
    const steps: [string, () => Promise<unknown>, boolean][] = [
      ["create", () => fs.writeFile("/f", "a"), true],
      ["rewrite", () => fs.writeFile("/f", "b"), false],
      ["append", () => fs.writeFile("/f", "c", { append: true }), false],
      ["utimes", () => fs.utimes("/f", 5), false],
      ["chmod", () => fs.chmod("/f", 0o755), true],
      ["mkdir", () => fs.mkdir("/d"), true],
      ["rename", () => fs.rename("/f", "/d/f"), true],
      ["symlink", () => fs.symlink("d/f", "/l"), true],
      ["rm", () => fs.rm("/l"), true],
      ["failed rm", () => fs.rm("/nope").catch(() => undefined), false],
    ];
    for (const [what, step, grows] of steps) {
      const before = fs.changeCount;
      await step();
      expect([what, fs.changeCount > before]).toEqual([what, grows]);
    }
  });
});
