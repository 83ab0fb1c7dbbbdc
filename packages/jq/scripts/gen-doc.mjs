// Writes a generated JSON document of about N MB (default 5) for benchmarks: an array of objects.
// Usage: node packages/jq/scripts/gen-doc.mjs OUT.json [MB]
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** The benchmark document of about `mb` MB: an array of flat records, as JSON text. */
export function makeDoc(mb) {
  const arr = [];
  for (let i = 0; ; i++) {
    arr.push({ id: i, a: i % 7, k: `key${i % 50}`, name: `user${i}`, tags: ["x", "y"], score: i * 1.5, active: i % 2 === 0 });
    if (i % 1000 === 999 && JSON.stringify(arr).length > Number(mb) * 1e6) break;
  }
  return { text: JSON.stringify(arr), count: arr.length };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [out = "/tmp/jq-doc.json", mb = "5"] = process.argv.slice(2);
  const { text, count } = makeDoc(mb);
  writeFileSync(out, text);
  console.log(`${out}: ${count} objects`);
}
