// A Cloudflare-Workers-style module: `export default { fetch }`, serving the e-commerce
// ScriptedTool. Edge isolates forbid code generation from strings (no `eval`, no `new Function`),
// so ajv's compiled validators cannot run there: this worker supplies an interpreting JSON Schema
// validator (@cfworker/json-schema) through the validator seam instead. The rest of Husk (parser,
// interpreter, jq, regexes) never generates code.
//
//   POST {"commands": "get_user --id 1 | jq -r .name"}  ->  {"stdout", "stderr", "exitCode"}
import { Validator } from "@cfworker/json-schema";
import { ScriptedTool } from "@husk/tools";
import tools, { name } from "../ecommerce/tools.mjs";

/** Renders @cfworker/json-schema's errors in the behaviour page's words where they map. */
function detail(errors) {
  for (const e of errors) {
    const where = `input${e.instanceLocation.slice(1).replace(/\/(\d+)(?=\/|$)/g, "[$1]").replace(/\//g, ".")}`;
    const quoted = /"([^"]*)"/.exec(e.error)?.[1];
    if (e.keyword === "required") return `required property '${quoted}' is missing`;
    if (e.keyword === "additionalProperties") return `unknown property '${quoted}'`;
    if (e.keyword === "type") return `${where} must be ${/Expected "([^"]*)"/.exec(e.error)?.[1] ?? "valid"}`;
    if (e.keyword === "maximum") return `${where} must be <= ${/greater than (\S+?)\.?$/.exec(e.error)?.[1]}`;
    if (e.keyword === "minimum") return `${where} must be >= ${/less than (\S+?)\.?$/.exec(e.error)?.[1]}`;
  }
  const last = errors[errors.length - 1];
  return last ? `${last.instanceLocation}: ${last.error}` : "invalid input";
}

/** The validator seam: one interpreting validator per tool schema, no code generation. */
const interpretingValidator = (schema) => {
  const v = new Validator(schema, "2020-12", false);
  return (input) => {
    const r = v.validate(input);
    return r.valid ? undefined : detail(r.errors);
  };
};

const builder = ScriptedTool.builder(name).validator(interpretingValidator);
for (const t of tools) builder.toolFn(t.def, t.fn);
const tool = builder.build();

export default {
  /** Runs the POSTed script; answers 400 on a malformed body. */
  async fetch(request) {
    let body;
    try {
      body = await request.json();
    } catch {
      return Response.json({ error: "body must be JSON: {\"commands\": \"...\"}" }, { status: 400 });
    }
    if (typeof body?.commands !== "string") return Response.json({ error: "missing string field 'commands'" }, { status: 400 });
    const result = await tool.execute({ commands: body.commands, timeout_ms: 5000 }, { signal: request.signal });
    return Response.json(result);
  },
};
