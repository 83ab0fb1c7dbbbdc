/** Module builtins: `modulemeta` and the search-list queries (jq 1.8's builtin.c). */
import { moduleMeta, searchList } from "../modules.js";
import type { Native } from "../runtime.js";
import { v0 } from "./define.js";

/** `modulemeta`, `get_search_list`, `get_prog_origin`, `get_jq_origin`: read the run's `ModuleHost`. */
export const MODULES: readonly Native[] = [
  v0("modulemeta", (v, rt) => moduleMeta(v, rt.modules)),
  v0("get_search_list", (_v, rt) => searchList(rt.modules)),
  v0("get_prog_origin", (_v, rt) => rt.modules?.programOrigin ?? rt.modules?.cwd ?? null),
  v0("get_jq_origin", (_v, rt) => rt.modules?.jqOrigin ?? null),
];
