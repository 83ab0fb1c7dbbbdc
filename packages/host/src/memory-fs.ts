import { type Clock, SYSTEM_CLOCK } from "./clock.js";
import { FsError, LimitError } from "./errors.js";
import type { FsErrorCode } from "./errors.js";
import type { FileStat, FileSystem, FileType, WriteOptions } from "./fs.js";
import { utf8Length } from "./streams.js";

/** How many symbolic links one path resolution may follow before failing with ELOOP (Linux: 40). */
export const MAX_SYMLINK_FOLLOWS = 40;

/** The MemoryFs limits (the same names and defaults as in `Limits`). */
export interface MemoryFsLimits {
  /** Total bytes of file content. Default 100 MiB. */
  readonly maxFsBytes: number;
  /** Bytes of one file. Default 10 MiB. */
  readonly maxFileBytes: number;
  /** Number of entries (files, directories, symlinks; the root not counted). Default 10,000. */
  readonly maxFiles: number;
}

/** Options of `new MemoryFs(...)`. */
export interface MemoryFsOptions {
  /** Source of modification times. Default: the system clock. */
  readonly clock?: Clock;
  /** Size limits; unspecified ones take the defaults of DESIGN.md. */
  readonly limits?: Partial<MemoryFsLimits>;
  /**
   * Files to create, path -> content. Relative paths are taken from `/`; missing parent
   * directories are created (mode 0o755). Counted against the limits.
   */
  readonly files?: Readonly<Record<string, string>>;
  /**
   * When true, the owner permission bits are enforced (read, write, search), as for a
   * non-root user. Default false: the sandbox user behaves like root, as the conformance
   * oracle (GNU bash run as root) does. Bits are always stored and reported either way.
   */
  readonly enforcePermissions?: boolean;
}

interface Base {
  readonly ino: number;
  mode: number;
  mtimeMs: number;
}
interface FileNode extends Base {
  readonly type: "file";
  data: string;
  /** UTF-8 byte length of `data`. */
  bytes: number;
}
interface DirNode extends Base {
  readonly type: "directory";
  /** Entries by name (a Map: any name is safe, `__proto__` included). */
  readonly entries: Map<string, Node>;
  /** Number of entries that are directories (for nlink). */
  subdirs: number;
}
interface LinkNode extends Base {
  readonly type: "symlink";
  readonly target: string;
}
type Node = FileNode | DirNode | LinkNode;

/** The result of resolving a path down to its last component. */
interface Located {
  /** The directory that holds (or would hold) the last component. */
  readonly parent: DirNode;
  /** The last component's name ("" for the root). */
  readonly name: string;
  /** The entry, when it exists. */
  readonly node: Node | undefined;
  /** The physical absolute path of the entry. */
  readonly path: string;
}

const DEFAULT_FS_LIMITS: MemoryFsLimits = Object.freeze({
  maxFsBytes: 100 * 1024 * 1024,
  maxFileBytes: 10 * 1024 * 1024,
  maxFiles: 10_000,
});

/** A failed walk: throws the FsError when `strict`, else gives undefined. */
function miss(strict: boolean, code: FsErrorCode, path: string): undefined {
  if (strict) throw new FsError(code, path);
  return undefined;
}

/**
 * An in-memory POSIX-like filesystem (the sandbox profile's). Files hold text (sizes are the
 * UTF-8 byte length), directories map names to entries, symbolic links are followed with loop
 * detection (ELOOP after `MAX_SYMLINK_FOLLOWS`). Every path is confined to the root: `..` at
 * the root stays there, relative paths are taken from `/`, a NUL byte gives EINVAL.
 *
 * Limits: exceeding `maxFsBytes`, `maxFileBytes` or `maxFiles` throws host's `LimitError`
 * (which ends the run with a message naming the limit, as DESIGN.md decision 8 asks), not an
 * ENOSPC/EFBIG `FsError`. Everything else fails with `FsError` and its errno code.
 *
 * Entries carry permission bits, an inode number, nlink (directories: 2 + subdirectories) and
 * an mtime from the injected clock; a directory's mtime changes when entries are added or
 * removed. Methods are async to satisfy `FileSystem`; synchronous twins (`readFileSync`,
 * `writeFileSync`, `statSync`, `existsSync`) serve hot paths.
 */
export class MemoryFs implements FileSystem {
  readonly #clock: Clock;
  readonly #limits: MemoryFsLimits;
  readonly #enforce: boolean;
  readonly #root: DirNode;
  #nextIno = 2;
  #bytes = 0;
  #count = 0;
  #changes = 0;

  constructor(options: MemoryFsOptions = {}) {
    this.#clock = options.clock ?? SYSTEM_CLOCK;
    this.#limits = Object.freeze({ ...DEFAULT_FS_LIMITS, ...options.limits });
    this.#enforce = options.enforcePermissions ?? false;
    this.#root = this.#newDir(0o755);
    if (options.files) {
      for (const path of Object.keys(options.files)) {
        const abs = path.startsWith("/") ? path : `/${path}`;
        const parent = abs.slice(0, abs.lastIndexOf("/")) || "/";
        this.mkdirSync(parent, { recursive: true });
        this.writeFileSync(abs, options.files[path] ?? "");
      }
    }
  }

  /** Total bytes of file content stored. */
  get usedBytes(): number {
    return this.#bytes;
  }
  /** Number of entries (the root not counted). */
  get entryCount(): number {
    return this.#count;
  }
  /**
   * A counter that grows whenever what a path resolves to may change: an entry is created,
   * removed or renamed (files, directories, symlinks) or a mode changes (chmod). Content
   * writes to an existing file and `utimes` leave it alone. While it stays the same, the
   * existence, type and mode that `stat`/`exists` report for any path stay the same, so
   * callers (the $PATH lookup cache) may keep results derived from them.
   */
  get changeCount(): number {
    return this.#changes;
  }

  // ---- node construction and accounting -------------------------------------------------

  #newDir(mode: number): DirNode {
    return { type: "directory", ino: this.#nextIno++, mode, mtimeMs: this.#clock.now(), entries: new Map(), subdirs: 0 };
  }

  #reserveEntry(): void {
    if (this.#count + 1 > this.#limits.maxFiles) {
      throw new LimitError("maxFiles", `filesystem full: more than ${this.#limits.maxFiles} files`);
    }
  }

  #link(dir: DirNode, name: string, node: Node): void {
    dir.entries.set(name, node);
    this.#changes++;
    if (node.type === "directory") dir.subdirs++;
    dir.mtimeMs = this.#clock.now();
    this.#count++;
  }

  #unlink(dir: DirNode, name: string, node: Node): void {
    dir.entries.delete(name);
    this.#changes++;
    if (node.type === "directory") dir.subdirs--;
    dir.mtimeMs = this.#clock.now();
    this.#count--;
  }

  /** Releases the accounting of a detached subtree (recursive, bounded by the entry count). */
  #release(node: Node): void {
    if (node.type === "file") this.#bytes -= node.bytes;
    else if (node.type === "directory") {
      for (const child of node.entries.values()) {
        this.#release(child);
        this.#count--;
      }
    }
  }

  // ---- path resolution -------------------------------------------------------------------

  #check(path: string): void {
    if (path === "") throw new FsError("ENOENT", path);
    if (path.includes("\0")) throw new FsError("EINVAL", path);
  }

  #canSearch(dir: DirNode, path: string): void {
    if (this.#enforce && (dir.mode & 0o100) === 0) throw new FsError("EACCES", path);
  }

  /**
   * Resolves `path` physically (symlinks in the middle are always followed; the last one only
   * when `follow`). Missing last components are allowed (node undefined); a missing or
   * non-directory middle component gives ENOENT / ENOTDIR.
   */
  #locate(path: string, follow: boolean): Located {
    return this.#walk(path, follow, true)!;
  }

  /**
   * `#locate`; when not `strict`, a missing or non-directory middle component, a symlink loop
   * or a dangling empty link gives undefined instead of an FsError (building the error, with
   * its stack, costs more than the walk: PATH lookups miss on every run of a command).
   */
  #walk(path: string, follow: boolean, strict: boolean): Located | undefined {
    if (path === "") return miss(strict, "ENOENT", path);
    this.#check(path);
    const pending = path.split("/").reverse();
    const stack: DirNode[] = [this.#root];
    const names: string[] = [];
    let follows = 0;
    for (;;) {
      // Skip empty and "." segments; handle "..".
      let seg: string | undefined;
      while ((seg = pending.pop()) !== undefined) {
        if (seg === "" || seg === ".") continue;
        if (seg === "..") {
          if (stack.length > 1) {
            stack.pop();
            names.pop();
          }
          continue;
        }
        break;
      }
      const dir = stack[stack.length - 1] as DirNode;
      if (seg === undefined) {
        // The path ended at a directory on the stack (e.g. "/", "/a/..").
        if (stack.length === 1) return { parent: this.#root, name: "", node: this.#root, path: "/" };
        const parent = stack[stack.length - 2] as DirNode;
        return { parent, name: names[names.length - 1] as string, node: dir, path: `/${names.join("/")}` };
      }
      this.#canSearch(dir, path);
      const node = dir.entries.get(seg);
      const last = !pending.some((s) => s !== "" && s !== ".");
      if (node === undefined) {
        if (!last) return miss(strict, "ENOENT", path);
        return { parent: dir, name: seg, node: undefined, path: names.length ? `/${names.join("/")}/${seg}` : `/${seg}` };
      }
      if (node.type === "symlink" && (!last || follow)) {
        if (++follows > MAX_SYMLINK_FOLLOWS) return miss(strict, "ELOOP", path);
        if (node.target.startsWith("/")) {
          stack.length = 1;
          names.length = 0;
        }
        const parts = node.target.split("/");
        for (let i = parts.length - 1; i >= 0; i--) pending.push(parts[i] as string);
        if (node.target === "") return miss(strict, "ENOENT", path);
        continue;
      }
      if (last) {
        // A trailing slash ("file/") requires a directory.
        if (node.type !== "directory" && /\/\.?$/.test(path)) return miss(strict, "ENOTDIR", path);
        return { parent: dir, name: seg, node, path: names.length ? `/${names.join("/")}/${seg}` : `/${seg}` };
      }
      if (node.type !== "directory") return miss(strict, "ENOTDIR", path);
      stack.push(node);
      names.push(seg);
    }
  }

  #existing(path: string, follow: boolean): Node {
    const loc = this.#locate(path, follow);
    if (loc.node === undefined) throw new FsError("ENOENT", path);
    return loc.node;
  }

  #dir(path: string): DirNode {
    const node = this.#existing(path, true);
    if (node.type !== "directory") throw new FsError("ENOTDIR", path);
    return node;
  }

  #canWrite(node: Base, path: string): void {
    if (this.#enforce && (node.mode & 0o200) === 0) throw new FsError("EACCES", path);
  }

  #stat(node: Node): FileStat {
    let size: number;
    let nlink = 1;
    if (node.type === "file") size = node.bytes;
    else if (node.type === "directory") {
      size = 4096;
      nlink = 2 + node.subdirs;
    } else size = utf8Length(node.target);
    return { type: node.type as FileType, size, mode: node.mode, mtimeMs: node.mtimeMs, ino: node.ino, nlink };
  }

  // ---- synchronous API -------------------------------------------------------------------

  /** Synchronous `readFile`. */
  readFileSync(path: string): string {
    const node = this.#existing(path, true);
    if (node.type === "directory") throw new FsError("EISDIR", path);
    if (node.type !== "file") throw new FsError("EINVAL", path);
    if (this.#enforce && (node.mode & 0o400) === 0) throw new FsError("EACCES", path);
    return node.data;
  }

  /** Synchronous `writeFile` (follows a final symlink, creating its target when dangling). */
  writeFileSync(path: string, data: string, options: WriteOptions = {}): void {
    let loc = this.#locate(path, false);
    for (let follows = 0; loc.node?.type === "symlink"; ) {
      if (options.exclusive) throw new FsError("EEXIST", path);
      if (++follows > MAX_SYMLINK_FOLLOWS) throw new FsError("ELOOP", path);
      const target = loc.node.target;
      const base = loc.path.slice(0, loc.path.lastIndexOf("/")) || "/";
      loc = this.#locate(target.startsWith("/") ? target : `${base}/${target}`, false);
    }
    const node = loc.node;
    if (node?.type === "directory") throw new FsError("EISDIR", path);
    if (node !== undefined && options.exclusive) throw new FsError("EEXIST", path);
    if (loc.name === "") throw new FsError("EISDIR", path);
    const added = utf8Length(data);
    const oldBytes = node?.type === "file" ? node.bytes : 0;
    const newBytes = options.append ? oldBytes + added : added;
    if (newBytes > this.#limits.maxFileBytes) {
      throw new LimitError("maxFileBytes", `file too large: ${loc.path} would be ${newBytes} bytes (more than ${this.#limits.maxFileBytes})`);
    }
    if (this.#bytes - oldBytes + newBytes > this.#limits.maxFsBytes) {
      throw new LimitError("maxFsBytes", `filesystem full: more than ${this.#limits.maxFsBytes} bytes`);
    }
    const now = this.#clock.now();
    if (node?.type === "file") {
      this.#canWrite(node, path);
      node.data = options.append ? node.data + data : data;
      node.bytes = newBytes;
      node.mtimeMs = now;
    } else {
      this.#canWrite(loc.parent, path);
      this.#reserveEntry();
      const file: FileNode = { type: "file", ino: this.#nextIno++, mode: (options.mode ?? 0o644) & 0o7777, mtimeMs: now, data, bytes: newBytes };
      this.#link(loc.parent, loc.name, file);
    }
    this.#bytes += newBytes - oldBytes;
  }

  /** Synchronous `stat` (follows symlinks). */
  statSync(path: string): FileStat {
    return this.#stat(this.#existing(path, true));
  }

  /** Synchronous `lstat`. */
  lstatSync(path: string): FileStat {
    return this.#stat(this.#existing(path, false));
  }

  /** Synchronous `exists` (never throws). */
  existsSync(path: string): boolean {
    try {
      return this.#walk(path, true, false)?.node !== undefined;
    } catch {
      return false;
    }
  }

  /** Synchronous `readdir` (names in C order). */
  readdirSync(path: string): string[] {
    const dir = this.#dir(path);
    if (this.#enforce && (dir.mode & 0o400) === 0) throw new FsError("EACCES", path);
    return [...dir.entries.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** Synchronous `mkdir`. */
  mkdirSync(path: string, options: { recursive?: boolean; mode?: number } = {}): void {
    const mode = (options.mode ?? 0o755) & 0o7777;
    if (!options.recursive) {
      const loc = this.#locate(path, false);
      if (loc.node !== undefined) throw new FsError("EEXIST", path);
      this.#canWrite(loc.parent, path);
      this.#reserveEntry();
      this.#link(loc.parent, loc.name, this.#newDir(mode));
      return;
    }
    this.#check(path);
    const segs = path.split("/").filter((s) => s !== "" && s !== ".");
    let prefix = "";
    for (const seg of segs) {
      prefix = `${prefix}/${seg}`;
      if (seg === "..") continue;
      const loc = this.#locate(prefix, true);
      if (loc.node === undefined) {
        this.#canWrite(loc.parent, path);
        this.#reserveEntry();
        this.#link(loc.parent, loc.name, this.#newDir(mode));
      } else if (loc.node.type !== "directory") {
        throw new FsError(prefix === `/${segs.join("/")}` ? "EEXIST" : "ENOTDIR", path);
      }
    }
  }

  /** Synchronous `rm`. */
  rmSync(path: string, options: { recursive?: boolean; force?: boolean } = {}): void {
    let loc: Located;
    try {
      loc = this.#locate(path, false);
    } catch (e) {
      if (options.force && e instanceof FsError && e.code === "ENOENT") return;
      throw e;
    }
    const node = loc.node;
    if (node === undefined) {
      if (options.force) return;
      throw new FsError("ENOENT", path);
    }
    if (node === this.#root || loc.name === "") throw new FsError("EPERM", path);
    if (node.type === "directory" && node.entries.size > 0 && !options.recursive) throw new FsError("ENOTEMPTY", path);
    this.#canWrite(loc.parent, path);
    this.#unlink(loc.parent, loc.name, node);
    this.#release(node);
  }

  // ---- FileSystem (async) ------------------------------------------------------------------

  readFile(path: string): Promise<string> {
    return attempt(() => this.readFileSync(path));
  }

  writeFile(path: string, data: string, options?: WriteOptions): Promise<void> {
    return attempt(() => this.writeFileSync(path, data, options));
  }

  stat(path: string): Promise<FileStat> {
    return attempt(() => this.statSync(path));
  }

  lstat(path: string): Promise<FileStat> {
    return attempt(() => this.lstatSync(path));
  }

  exists(path: string): Promise<boolean> {
    return Promise.resolve(this.existsSync(path));
  }

  readdir(path: string): Promise<string[]> {
    return attempt(() => this.readdirSync(path));
  }

  mkdir(path: string, options?: { recursive?: boolean; mode?: number }): Promise<void> {
    return attempt(() => this.mkdirSync(path, options));
  }

  rm(path: string, options?: { recursive?: boolean; force?: boolean }): Promise<void> {
    return attempt(() => this.rmSync(path, options));
  }

  rename(from: string, to: string): Promise<void> {
    return attempt(() => {
      const src = this.#locate(from, false);
      if (src.node === undefined) throw new FsError("ENOENT", from);
      if (src.node === this.#root) throw new FsError("EINVAL", from);
      const dst = this.#locate(to, false);
      if (dst.node === src.node) return;
      if (src.node.type === "directory") {
        // Refuse to move a directory into itself or below it.
        if (dst.path === src.path || dst.path.startsWith(`${src.path}/`)) throw new FsError("EINVAL", to);
      }
      if (dst.node === this.#root) throw new FsError("EINVAL", to);
      if (dst.node !== undefined) {
        if (dst.node.type === "directory") {
          if (src.node.type !== "directory") throw new FsError("EISDIR", to);
          if (dst.node.entries.size > 0) throw new FsError("ENOTEMPTY", to);
        } else if (src.node.type === "directory") throw new FsError("ENOTDIR", to);
      }
      this.#canWrite(src.parent, from);
      this.#canWrite(dst.parent, to);
      if (dst.node !== undefined) {
        this.#unlink(dst.parent, dst.name, dst.node);
        this.#release(dst.node);
      }
      this.#unlink(src.parent, src.name, src.node);
      this.#link(dst.parent, dst.name, src.node);
    });
  }

  symlink(target: string, path: string): Promise<void> {
    return attempt(() => {
      this.#check(target);
      const loc = this.#locate(path, false);
      if (loc.node !== undefined) throw new FsError("EEXIST", path);
      this.#canWrite(loc.parent, path);
      this.#reserveEntry();
      const link: LinkNode = { type: "symlink", ino: this.#nextIno++, mode: 0o777, mtimeMs: this.#clock.now(), target };
      this.#link(loc.parent, loc.name, link);
    });
  }

  readlink(path: string): Promise<string> {
    return attempt(() => {
      const node = this.#existing(path, false);
      if (node.type !== "symlink") throw new FsError("EINVAL", path);
      return node.target;
    });
  }

  realpath(path: string): Promise<string> {
    return attempt(() => {
      const loc = this.#locate(path, true);
      if (loc.node === undefined) throw new FsError("ENOENT", path);
      return loc.path;
    });
  }

  chmod(path: string, mode: number): Promise<void> {
    return attempt(() => {
      this.#existing(path, true).mode = mode & 0o7777;
      this.#changes++;
    });
  }

  utimes(path: string, mtimeMs: number): Promise<void> {
    return attempt(() => {
      this.#existing(path, true).mtimeMs = mtimeMs;
    });
  }
}

/** Runs a synchronous operation and turns its result or error into a Promise. */
function attempt<T>(fn: () => T): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (e) {
    return Promise.reject(e);
  }
}
