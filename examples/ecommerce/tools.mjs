// The e-commerce demo of the tool layer: four tools over one shared in-memory store.
// get_user and list_orders are synchronous, get_inventory and create_discount are async;
// create_discount changes state that get_inventory and later calls see (shared state).
//
// Run it:  npm run demo
//   (= npm run build && node apps/cli/dist/main.js --tools examples/ecommerce/tools.mjs examples/ecommerce/demo.sh)
import { ToolDef } from "@husk/tools";

/** Name of the ScriptedTool the CLI builds from this module. */
export const name = "ecommerce";

// Shared state: every callback closes over the same store, across calls and executions.
const store = {
  users: new Map([
    [1, { id: 1, name: "Alice", email: "alice@example.com", tier: "gold" }],
    [2, { id: 2, name: "Bob", email: "bob@example.com", tier: "silver" }],
    [3, { id: 3, name: "Carol", email: "carol@example.com", tier: "bronze" }],
  ]),
  orders: [
    { id: 101, user_id: 1, item: "laptop", qty: 1, total: 1299.0 },
    { id: 102, user_id: 1, item: "mouse", qty: 2, total: 49.98 },
    { id: 103, user_id: 2, item: "keyboard", qty: 1, total: 89.5 },
    { id: 104, user_id: 1, item: "monitor", qty: 1, total: 349.0 },
    { id: 105, user_id: 3, item: "mouse", qty: 1, total: 24.99 },
  ],
  inventory: new Map([
    ["laptop", { item: "laptop", stock: 3, warehouse: "east" }],
    ["mouse", { item: "mouse", stock: 42, warehouse: "west" }],
    ["keyboard", { item: "keyboard", stock: 0, warehouse: "east" }],
    ["monitor", { item: "monitor", stock: 4, warehouse: "west" }],
  ]),
  discounts: [],
};

/** Simulated network latency that honours cancellation (the callback's AbortSignal). */
function latency(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(t);
      reject(signal.reason);
    }, { once: true });
  });
}

const json = (v) => `${JSON.stringify(v)}\n`;

export default [
  {
    def: new ToolDef("get_user", "Fetch user by ID")
      .withSchema({ type: "object", properties: { id: { type: "integer", description: "User ID" } }, required: ["id"] })
      .withCategory("users")
      .withTags(["read"]),
    fn: (args) => {
      const user = store.users.get(args.paramInt("id"));
      if (!user) throw new Error(`user ${args.paramInt("id")} not found (db=postgres://shop:secret@db/shop)`);
      return json(user);
    },
  },
  {
    def: new ToolDef("list_orders", "List orders for user")
      .withSchema({
        type: "object",
        properties: { user_id: { type: "integer" }, limit: { type: "integer", minimum: 1 } },
        required: ["user_id"],
      })
      .withCategory("orders")
      .withTags(["read"]),
    fn: (args) => {
      const mine = store.orders.filter((o) => o.user_id === args.paramInt("user_id"));
      return json(mine.slice(0, args.paramInt("limit") ?? mine.length));
    },
  },
  {
    def: new ToolDef("get_inventory", "Check stock for an item")
      .withSchema({ type: "object", properties: { item: { type: "string" } }, required: ["item"] })
      .withCategory("inventory")
      .withTags(["read"]),
    fn: async (args) => {
      await latency(2, args.signal);
      const row = store.inventory.get(args.paramStr("item"));
      return json(row ?? { item: args.paramStr("item"), stock: 0, warehouse: null });
    },
  },
  {
    def: new ToolDef("create_discount", "Create a discount code for a user")
      .withSchema({
        type: "object",
        properties: {
          user_id: { type: "integer" },
          percent: { type: "integer", minimum: 1, maximum: 50 },
          reason: { type: "string" },
        },
        required: ["user_id", "percent"],
        additionalProperties: false,
      })
      .withCategory("orders")
      .withTags(["write"]),
    fn: async (args) => {
      await latency(2, args.signal);
      const code = `SAVE${args.paramInt("percent")}-U${args.paramInt("user_id")}-${store.discounts.length + 1}`;
      const discount = { code, user_id: args.paramInt("user_id"), percent: args.paramInt("percent"), reason: args.paramStr("reason") ?? null };
      store.discounts.push(discount);
      return json(discount);
    },
  },
];
