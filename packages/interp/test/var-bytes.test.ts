/**
 * `maxVariableBytes`: the bytes held in shell variables are counted as values change, and
 * given back when a variable goes (unset, a function's locals, a command's prefix
 * assignments, a subshell's copy). Each case holds little at any moment but would pass the
 * limit many times over if what it let go stayed counted; the last ones hold too much.
 */
import { describe, expect, it } from "vitest";
import { MemoryFs } from "@husk/host";
import { ShellSession, commandTable } from "../src/session.js";

const LIMIT = 200_000;

async function run(script: string): Promise<{ stdout: string; stderr: string; exitCode: number }> {
  const s = new ShellSession({ fs: new MemoryFs(), commands: commandTable([]), limits: { maxVariableBytes: LIMIT } });
  return s.run(script);
}

/** A 20,000-character value in `x`, then `body` 100 times: 2 MB assigned in all. */
const loop = (body: string) => `x=$(printf '%020000d' 0)\nfor ((i = 0; i < 100; i++)); do ${body}; done\necho ok\n`;

describe("maxVariableBytes", () => {
  it.each([
    ["reassigning a scalar", "y=$x$i"],
    ["unset", "y=$x; unset y"],
    ["function locals", "f() { local y=$x z=(\"$x\"); }; f"],
    ["a local unset in its function", "f() { local y=$x; unset y; }; f"],
    ["prefix assignments", "y=$x : ; y=$x true"],
    ["prefix assignments of a function", "f() { :; }; y=$x f"],
    ["eval and its prefix scope", "y=$x eval 'local_like=1'"],
    ["subshells and command substitution", "( y=$x$x$x ); z=$(w=$x$x$x; echo 1)"],
    ["array elements overwritten and unset", "a[0]=$x; a[1]=$x; unset 'a[1]'; a[0]=$i"],
    ["whole arrays replaced", "a=(\"$x\" \"$x\"); a=()"],
    ["associative arrays", "declare -A m; m[k]=$x; m[k2]=$x; unset 'm[k2]'; m=()"],
    ["read and mapfile", "read -r y <<< \"$x\"; mapfile -t arr <<< \"$x\"; unset arr"],
    ["declare and typeset", "declare y=$x; typeset -a z=(\"$x\"); unset z"],
    ["nameref removed with unset -n", "y=$x; declare -n r=y; unset -n r; unset y"],
  ])("gives back what goes: %s", async (_name, body) => {
    const r = await run(loop(body));
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("ok\n");
  });

  it.each([
    ["a scalar", "y=$x$x$x$x$x$x$x$x$x$x"],
    ["scalars together", "for i in {1..10}; do eval \"v$i=\\$x\"; done"],
    ["array elements", "a=(); for i in {1..10}; do a+=(\"$x\"); done"],
    ["associative values", "declare -A m; for i in {1..10}; do m[$i]=$x; done"],
    ["keys of an associative array", "declare -A m; for i in {1..10}; do m[$x$i]=1; done"],
    ["a local beside its global", "y=$x$x$x$x$x$x; f() { local z=$y; }; f"],
    ["many short elements (each holds a slot)", "a=({1..13000})"],
  ])("ends the run past the limit: %s", async (_name, body) => {
    const r = await run(`x=$(printf '%020000d' 0)\n${body}\necho after\n`);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(`variables too large: more than ${LIMIT} bytes held (limit maxVariableBytes`);
    expect(r.exitCode).not.toBe(0);
  });
});
