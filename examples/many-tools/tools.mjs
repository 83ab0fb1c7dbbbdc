// Fifty tools in five categories: the case for a compact prompt and discovery mode. The model
// sees only names and one-liners in the prompt and asks `discover` / `help` for the rest.
//
// Run:  npm run build && node examples/many-tools/demo.mjs
//  or:  node apps/cli/dist/main.js --tools examples/many-tools/tools.mjs examples/many-tools/demo.sh
import { ToolDef } from "@husk/tools";

export const name = "backoffice";

const domains = {
  billing: ["invoice", "payment", "refund", "credit_note", "tax_rate", "currency", "payout", "dispute", "statement", "plan"],
  crm: ["contact", "company", "deal", "lead", "note", "task", "meeting", "call", "pipeline", "segment"],
  inventory: ["product", "variant", "warehouse", "stock_level", "supplier", "purchase_order", "shipment", "batch", "location", "transfer"],
  support: ["ticket", "reply", "macro", "agent", "queue", "sla", "satisfaction", "tag", "article", "escalation"],
  analytics: ["metric", "dashboard", "report", "funnel", "cohort", "event", "retention", "forecast", "anomaly", "export"],
};

// A deterministic fake record so outputs are reproducible.
function record(domain, entity, id) {
  return { id, domain, entity, label: `${entity.replace(/_/g, " ")} ${id}`, score: (id * 37) % 100 };
}

const tools = [];
for (const [domain, entities] of Object.entries(domains)) {
  for (const [i, entity] of entities.entries()) {
    const write = i % 3 === 2;
    tools.push({
      def: new ToolDef(`${domain}.${write ? "update" : "get"}_${entity}`, `${write ? "Update" : "Fetch"} ${/^[aeiou]/.test(entity) ? "an" : "a"} ${entity.replace(/_/g, " ")} in ${domain}`)
        .withSchema({
          type: "object",
          properties: {
            id: { type: "integer", description: `${entity} id` },
            ...(write ? { fields: { type: "object", description: "fields to change", additionalProperties: { type: "string" } } } : { expand: { type: "array", items: { type: "string" } } }),
          },
          required: ["id"],
          additionalProperties: false,
        })
        .withCategory(domain)
        .withTags(write ? ["write"] : ["read"]),
      fn: (args) => {
        const rec = record(domain, entity, args.paramInt("id"));
        if (write) Object.assign(rec, args.params.fields ?? {}, { updated: true });
        return `${JSON.stringify(rec)}\n`;
      },
    });
  }
}

export default tools;
