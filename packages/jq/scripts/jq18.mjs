// The real jq 1.8.2, as an oracle for the scripts beside this one: the machine's jq is 1.6, so
// this fetches Debian sid's jq build (with decNumber) and the glibc it needs into a temp folder
// (deb.debian.org is reachable here; nothing is installed) and runs it through that glibc's
// loader.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const MIRROR = "http://deb.debian.org/debian";
/** Where the download goes. */
export const jq18Dir = join(tmpdir(), "husk-jq18");
const dir = jq18Dir;

/** The path of a runnable jq 1.8 (downloaded on first use). */
export function jq18() {
  const wrapper = join(dir, "jq");
  if (existsSync(wrapper)) return wrapper;
  mkdirSync(join(dir, "root"), { recursive: true });
  const index = join(dir, "Packages.xz");
  execFileSync("curl", ["-sf", "--max-time", "300", "-o", index, `${MIRROR}/dists/sid/main/binary-amd64/Packages.xz`]);
  const packages = execFileSync("xz", ["-dc", index], { encoding: "utf8", maxBuffer: 1 << 30 });
  for (const name of ["jq", "libjq1", "libonig5", "libc6"]) {
    const m = new RegExp(`^Package: ${name}\\n(?:.+\\n)*?Filename: (.+)$`, "m").exec(packages);
    if (!m) throw new Error(`${name} not in sid's index`);
    const deb = join(dir, `${name}.deb`);
    execFileSync("curl", ["-sf", "--max-time", "300", "-o", deb, `${MIRROR}/${m[1]}`]);
    execFileSync("dpkg", ["-x", deb, join(dir, "root")]);
  }
  const lib = join(dir, "root/usr/lib/x86_64-linux-gnu");
  writeFileSync(wrapper, `#!/bin/sh\nexec ${lib}/ld-linux-x86-64.so.2 --library-path ${lib} ${join(dir, "root/usr/bin/jq")} "$@"\n`, { mode: 0o755 });
  return wrapper;
}

