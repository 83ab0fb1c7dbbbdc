/**
 * Differential tests of variable scoping against GNU bash: prefix assignments before
 * declaration builtins (`E=x local E=y`), and which binding a command's environment sees when
 * locals shadow exported variables. `bash -c` shows the environment a command gets.
 */
import { describe, expect, it } from "vitest";
import { runBash, runHusk } from "./harness.js";

const ENV = `bash -c 'echo "env[\${X-none}]"'`;

const CASES: Record<string, string[]> = {
  "prefix before a declaration": [
    'f(){ E=x local E=y; echo "$E"; }; f; echo "${E-unset}"',
    'f(){ E=x local E; echo "[$E]"; declare -p E; }; f',
    "E=g; f(){ E=x local E=y; echo $E; }; f; echo $E",
    "f(){ E=x local -i E=1+1; declare -p E; }; f",
    "f(){ E=x local E=y; E=z local; echo $E; }; f",
    'f(){ A=1 local B=2; echo "[$A][$B]"; }; f; echo "[${A-u}][${B-u}]"',
    'f(){ E=x local F=$E; declare -p F; }; f',
    "export E=g; f(){ local E=y; E=z local E=w; declare -p E; }; f",
    'E=x declare E=y; echo "[$E]"; declare -p E; echo $?',
    "E=x declare -g E=y; declare -p E",
    "f(){ E=x declare -g E=y; declare -p E; }; f; declare -p E",
    "E=x export E=y; echo $E; declare -p E",
    "E=x readonly E=y; echo $E; declare -p E",
    "E=g; E=x export E; declare -p E",
    "f(){ E=x export E=y; declare -p E; }; f; declare -p E",
    'E=x declare F=y; declare -p F; echo "${E-u}"',
  ],
  "prefix before a function": [
    'f(){ local E; echo "[$E]"; declare -p E; }; E=x f',
    'f(){ local E=y; declare -p E; }; E=x f; echo "[${E-u}]"',
    'f(){ E=y; }; E=x f; echo "[${E-u}]"',
    "f(){ export E; }; E=x f; declare -p E",
    "f(){ readonly E; }; E=x f; declare -p E",
    "f(){ g; }; g(){ export E=y; }; E=x f; declare -p E",
    "E=g; f(){ export E; }; E=x f; declare -p E",
  ],
  "locals and the environment": [
    `export X=glob; f(){ local X=loc; ${ENV}; }; f; ${ENV}`,
    `export X; f(){ local X=loc; ${ENV}; }; f; echo "[\${X-unset}]"`,
    `export X=g; f(){ local X; declare -p X; ${ENV}; }; f`,
    `X=g; f(){ local X=l; declare -p X; ${ENV}; }; f`,
    "export X=g; f(){ local -n X=Y; declare -p X; }; f",
    "export X=g; f(){ local -a X=(1 2); declare -p X; }; f",
    `export X=g; f(){ local -a X=(1); ${ENV}; }; f`,
    `export X=g; f(){ local X=l; g; }; g(){ ${ENV}; local X=m; ${ENV}; }; f`,
    `f(){ local X=l; export X; g; }; g(){ local X=m; ${ENV}; }; f`,
    `f(){ local X=l; export X; g; }; g(){ local X; ${ENV}; declare -p X; }; f`,
    `export X=g; f(){ declare X=l; ${ENV}; declare +x X; ${ENV}; }; f; ${ENV}`,
    `declare -x X=g; f(){ local +x X=l; ${ENV}; declare -p X; }; f`,
    `export X=g; f(){ local X=l; unset X; ${ENV}; echo "\${X-u}"; }; f`,
  ],
};

for (const [group, scripts] of Object.entries(CASES)) {
  describe(group, () => {
    for (const script of scripts) {
      it(script.slice(0, 80), async () => {
        const want = runBash(script);
        const got = await runHusk(script);
        expect({ stdout: got.stdout, status: got.status }).toEqual({ stdout: want.stdout, status: want.status });
      });
    }
  });
}
