import { jq } from "../dist/index.js";
const [f, input] = process.argv.slice(2);
try {
  console.log(jq(f, JSON.parse(input ?? "null"), { output: "text" }));
} catch (e) { console.log("ERR", e.constructor.name, e.message); }
