// Writes a generated JSON document of about N MB (default 5) for benchmarks: an array of objects.
// Usage: node packages/jq/scripts/gen-doc.mjs OUT.json [MB]
import { writeFileSync } from "node:fs";
const [out = "/tmp/jq-doc.json", mb = "5"] = process.argv.slice(2);
const arr = [];
for (let i = 0; ; i++) {
  arr.push({ id: i, a: i % 7, k: `key${i % 50}`, name: `user${i}`, tags: ["x", "y"], score: i * 1.5, active: i % 2 === 0 });
  if (i % 1000 === 999 && JSON.stringify(arr).length > Number(mb) * 1e6) break;
}
writeFileSync(out, JSON.stringify(arr));
console.log(`${out}: ${arr.length} objects`);
