/**
 * The one place the tool layer creates a shell: a `Bash` from @husk/bash (the facade), in the
 * logic-only profile for ScriptedTool.
 */
import { Bash, type BashOptions, type ExecOptions, type ExecResult } from "@husk/bash";

/** What the tool layer needs of a shell: `exec`. */
export interface Shell {
  exec(script: string, options?: ExecOptions): Promise<ExecResult>;
}

/** A new shell with these options. */
export function createShell(options: BashOptions): Shell {
  return new Bash(options);
}
