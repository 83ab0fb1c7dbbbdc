/**
 * The filesystem contract. The shell sees only this interface: `MemoryFs` for the sandbox
 * profile, `DisabledFs` for logic-only, or a host-supplied implementation. Paths given to
 * these methods are absolute and normalized by the caller (`resolvePath`); implementations
 * must still refuse anything that would leave their root.
 */

/** The type of a filesystem entry. */
export type FileType = "file" | "directory" | "symlink";

/** What `stat`/`lstat` report. */
export interface FileStat {
  readonly type: FileType;
  /** Size in bytes (UTF-8 length of the content for files). */
  readonly size: number;
  /** Permission bits, e.g. 0o644. */
  readonly mode: number;
  /** Modification time in milliseconds since the epoch (from the run's clock). */
  readonly mtimeMs: number;
  /** A stable number identifying the entry (for `-ef`, `ls -i`). */
  readonly ino: number;
  /** Number of hard links (directories count their subdirectories, as Unix does). */
  readonly nlink: number;
}

/** Options of `writeFile`. */
export interface WriteOptions {
  /** Append instead of truncating. */
  readonly append?: boolean;
  /** Fail with EEXIST when the file exists (`set -C` / `>` without `>|`). */
  readonly exclusive?: boolean;
  /** Permission bits for a newly created file (default 0o644). */
  readonly mode?: number;
}

/**
 * An asynchronous filesystem. Every method rejects with `FsError` (never a raw host error)
 * when it fails. All paths are absolute, `/`-separated, except the empty path (from
 * `resolvePath(cwd, "")`), which names no file: ENOENT.
 */
export interface FileSystem {
  /** Reads a whole file as text. ENOENT, EISDIR. */
  readFile(path: string): Promise<string>;
  /** Creates or replaces (or appends to) a file. ENOENT when the parent is missing, EISDIR. */
  writeFile(path: string, data: string, options?: WriteOptions): Promise<void>;
  /** Follows symlinks. ENOENT. */
  stat(path: string): Promise<FileStat>;
  /** Does not follow a final symlink. ENOENT. */
  lstat(path: string): Promise<FileStat>;
  /** True when `stat` would succeed. Never rejects. */
  exists(path: string): Promise<boolean>;
  /** Entry names of a directory, sorted in C order. ENOENT, ENOTDIR. */
  readdir(path: string): Promise<string[]>;
  /** Creates a directory; with `recursive`, the missing parents too and no EEXIST. */
  mkdir(path: string, options?: { recursive?: boolean; mode?: number }): Promise<void>;
  /** Removes a file or an empty directory; `recursive` removes trees; `force` ignores ENOENT. */
  rm(path: string, options?: { recursive?: boolean; force?: boolean }): Promise<void>;
  /** Moves an entry, replacing a file (or empty directory) at the destination. */
  rename(from: string, to: string): Promise<void>;
  /** Creates a symbolic link at `path` whose content is `target`. EEXIST. */
  symlink(target: string, path: string): Promise<void>;
  /** The content of a symbolic link. EINVAL when not a link. */
  readlink(path: string): Promise<string>;
  /** Resolves every symlink in `path`. ENOENT, ELOOP. */
  realpath(path: string): Promise<string>;
  /** Sets the permission bits. */
  chmod(path: string, mode: number): Promise<void>;
  /** Sets the modification time (ms since the epoch). */
  utimes(path: string, mtimeMs: number): Promise<void>;
}

/** Normalizes an absolute path: collapses `//`, `.` and `..` (never above `/`). */
export function normalizePath(path: string): string {
  const out: string[] = [];
  for (const seg of path.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") out.pop();
    else out.push(seg);
  }
  return `/${out.join("/")}`;
}

/**
 * Resolves `path` against the directory `cwd` (both `/`-separated) and normalizes it. The
 * empty path stays empty: it names no file (POSIX; `cat ''` is ENOENT), and every FileSystem
 * answers ENOENT for it (a command that gives `''` a meaning, like `cd ''`, handles it first).
 */
export function resolvePath(cwd: string, path: string): string {
  if (path === "") return "";
  return normalizePath(path.startsWith("/") ? path : `${cwd}/${path}`);
}

/** The directory part of a normalized absolute path (`/a/b` -> `/a`, `/a` -> `/`). */
export function dirnameOf(path: string): string {
  const i = path.lastIndexOf("/");
  return i <= 0 ? "/" : path.slice(0, i);
}

/** The last segment of a normalized absolute path (`/a/b` -> `b`, `/` -> `/`). */
export function basenameOf(path: string): string {
  if (path === "/") return "/";
  return path.slice(path.lastIndexOf("/") + 1);
}
