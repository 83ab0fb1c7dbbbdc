import { FsError } from "./errors.js";
import type { FileStat, FileSystem } from "./fs.js";

function denied(path: string): Promise<never> {
  // TM-ESC: the logic-only profile has no filesystem at all; every operation fails closed.
  return Promise.reject(new FsError("ENOSYS", path, "filesystem access disabled"));
}

/**
 * The filesystem of the logic-only profile: every operation fails with
 * `FsError("ENOSYS", path, "filesystem access disabled")`, except `exists`, which is false.
 * `/dev/null` is handled by the interpreter, not here.
 */
export class DisabledFs implements FileSystem {
  readFile(path: string): Promise<string> {
    return denied(path);
  }
  writeFile(path: string): Promise<void> {
    return denied(path);
  }
  stat(path: string): Promise<FileStat> {
    return denied(path);
  }
  lstat(path: string): Promise<FileStat> {
    return denied(path);
  }
  exists(): Promise<boolean> {
    return Promise.resolve(false);
  }
  readdir(path: string): Promise<string[]> {
    return denied(path);
  }
  mkdir(path: string): Promise<void> {
    return denied(path);
  }
  rm(path: string): Promise<void> {
    return denied(path);
  }
  rename(from: string): Promise<void> {
    return denied(from);
  }
  symlink(_target: string, path: string): Promise<void> {
    return denied(path);
  }
  readlink(path: string): Promise<string> {
    return denied(path);
  }
  realpath(path: string): Promise<string> {
    return denied(path);
  }
  chmod(path: string): Promise<void> {
    return denied(path);
  }
  utimes(path: string): Promise<void> {
    return denied(path);
  }
}
