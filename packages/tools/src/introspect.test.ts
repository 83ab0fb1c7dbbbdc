import { describe, expect, it } from "vitest";
import { runDiscover, runHelp } from "./introspect.js";
import { ToolDef } from "./tool-def.js";
import { usageFromSchema } from "./usage.js";

const defs = [
  new ToolDef("get_user", "Fetch user by ID").withSchema({ type: "object", properties: { id: { type: "integer" } }, required: ["id"] }).withCategory("users"),
  new ToolDef("list_orders", "List orders for user")
    .withSchema({ type: "object", properties: { user_id: { type: "integer" }, limit: { type: "integer" } } })
    .withCategory("orders")
    .withTags(["read"]),
  new ToolDef("delete_user", "Remove a user").withCategory("users").withTags(["admin", "write"]),
  new ToolDef("audit_users", "Audit all USERS").withCategory("users"),
  new ToolDef("ping", "No category"),
];

describe("help", () => {
  const list =
    "get_user             Fetch user by ID\nlist_orders          List orders for user\ndelete_user          Remove a user\naudit_users          Audit all USERS\nping                 No category\n";
  const rows: [string[], string, string, number][] = [
    [[], list, "", 0],
    [["--list"], list, "", 0],
    [["get_user"], "get_user - Fetch user by ID\nUsage: get_user --id <integer>\n", "", 0],
    [["list_orders"], "list_orders - List orders for user\nUsage: list_orders --limit <integer> --user_id <integer>\n", "", 0],
    [["ping"], "ping - No category\n", "", 0],
    [["--json", "get_user"], '{\n  "description": "Fetch user by ID",\n  "input_schema": {\n    "properties": {\n      "id": {\n        "type": "integer"\n      }\n    },\n    "required": [\n      "id"\n    ],\n    "type": "object"\n  },\n  "name": "get_user"\n}\n', "", 0],
    [["--json"], "", "usage: help [--list] [<tool>] [--json]", 1],
    [["--list", "--json"], "", "usage: help [--list] [<tool>] [--json]", 1],
    [["nope"], "", "help: unknown tool: nope", 1],
  ];
  it.each(rows)("help %j", (args, out, err, code) => {
    expect(runHelp(defs, args)).toEqual([out, err, code]);
  });
});

describe("discover", () => {
  const rows: [string[], string, string, number][] = [
    [[], "", "usage: discover --categories | --category <name> | --tag <tag> | --search <keyword> [--json]", 1],
    [["--categories"], "orders (1 tool)\nusers (3 tools)\n", "", 0],
    [["--categories", "--json"], '[\n  {\n    "category": "orders",\n    "count": 1\n  },\n  {\n    "category": "users",\n    "count": 3\n  }\n]\n', "", 0],
    [["--category", "users"], "get_user             Fetch user by ID\ndelete_user          Remove a user\naudit_users          Audit all USERS\n", "", 0],
    [["--tag", "admin"], "delete_user          Remove a user\n", "", 0],
    [["--search", "user"], "get_user             Fetch user by ID\nlist_orders          List orders for user\ndelete_user          Remove a user\naudit_users          Audit all USERS\n", "", 0],
    [["--search", "PING"], "ping                 No category\n", "", 0],
    [["--search", "zzz"], "", "", 0],
    [["--search", "user", "--category", "orders"], "list_orders          List orders for user\n", "", 0],
    [["--tag", "read", "--search", "x"], "list_orders          List orders for user\n", "", 0],
    [["--tag", "write", "--json"], '[\n  {\n    "category": "users",\n    "description": "Remove a user",\n    "name": "delete_user",\n    "tags": [\n      "admin",\n      "write"\n    ]\n  }\n]\n', "", 0],
    [["--search", "ping", "--json"], '[\n  {\n    "description": "No category",\n    "name": "ping"\n  }\n]\n', "", 0],
    [["--search", "zzz", "--json"], "[]\n", "", 0],
  ];
  it.each(rows)("discover %j", (args, out, err, code) => {
    expect(runDiscover(defs, args)).toEqual([out, err, code]);
  });
});

describe("usage strings", () => {
  const rows: [Record<string, unknown>, string | undefined][] = [
    [{}, undefined],
    [{ type: "object", properties: {} }, undefined],
    [{ properties: { b: { type: "string" }, a: { type: "number" }, c: { type: "boolean" } } }, "--a <number> --b <string> --c <boolean>"],
    [{ properties: { tags: { type: "array", items: { type: "string" } } } }, "--tags <json|a,b,c>"],
    [{ properties: { srv: { type: "object" } } }, "--srv <json|key=value...>"],
    [{ properties: { srvs: { type: "array", items: { type: "object" } } } }, "--srvs <json|key=value...>"],
    [{ properties: { r: { $ref: "#/d/x" } }, d: { x: { type: "integer" } } }, "--r <integer>"],
  ];
  it.each(rows)("%j", (schema, want) => {
    expect(usageFromSchema(schema as never)).toBe(want);
  });
});
