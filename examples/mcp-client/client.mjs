// An MCP client talking to `husk mcp` over stdio: it starts the server as a child process
// (serving the e-commerce ScriptedTool and its discover tool), lists the tools, and calls
// both. Any MCP host (Claude Desktop, an IDE, an agent framework) does the same.
//
// Run it:  npm run example:mcp   (= npm run build && node examples/mcp-client/client.mjs)
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [`${root}apps/cli/dist/main.js`, "mcp", "--tools", `${root}examples/ecommerce/tools.mjs`],
});
const client = new Client({ name: "husk-example-client", version: "0.1.0" });
await client.connect(transport);
try {
  const { tools } = await client.listTools();
  for (const t of tools) console.log(`tool ${t.name}: ${t.description.slice(0, 80)}...`);

  const discover = await client.callTool({ name: "ecommerce_discover", arguments: { all: true } });
  console.log(`\necommerce_discover {all: true}:\n${discover.structuredContent.stdout}`);

  const commands = "for id in 1 2 3; do get_user --id $id | jq -r '\"\\(.name) (\\(.tier))\"'; done; get_user --id 99 || echo 'user 99: not found'";
  const r = await client.callTool({ name: "ecommerce", arguments: { commands } });
  console.log(`ecommerce {commands: ${JSON.stringify(commands)}}:`);
  console.log(r.content[0].text);
  console.log(`isError: ${r.isError ?? false}, exit_code: ${r.structuredContent.exit_code}`);
} finally {
  await client.close();
}
