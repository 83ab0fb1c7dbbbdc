/**
 * `--files DIR`: a read-only copy of a host directory, as `path -> content` for the sandbox.
 * Symlinks are not followed (nothing outside DIR is read); sizes are bounded.
 */
import { readdirSync, readFileSync, lstatSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** Bounds of the copy (the MemoryFs defaults). */
export const SEED_LIMITS = { maxFiles: 10_000, maxBytes: 100 * 1024 * 1024, maxFileBytes: 10 * 1024 * 1024 };

/**
 * Reads every regular file under `dir` into `mount/relative/path -> text`. Throws an Error with
 * a clear message when a bound is exceeded.
 */
export function readSeedFiles(dir: string, mount: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  let files = 0;
  let bytes = 0;
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const size = lstatSync(full).size;
        if (size > SEED_LIMITS.maxFileBytes) throw new Error(`${full}: file larger than ${SEED_LIMITS.maxFileBytes} bytes`);
        if (++files > SEED_LIMITS.maxFiles) throw new Error(`${dir}: more than ${SEED_LIMITS.maxFiles} files`);
        bytes += size;
        if (bytes > SEED_LIMITS.maxBytes) throw new Error(`${dir}: more than ${SEED_LIMITS.maxBytes} bytes`);
        const rel = relative(dir, full).split(sep).join("/");
        out[`${mount.replace(/\/$/, "")}/${rel}`] = readFileSync(full, "utf8");
      }
    }
  };
  walk(dir);
  return out;
}
