/**
 * The uk-UA strings of help(), systemPrompt() and the schemas' descriptions, in full: only the
 * human-facing text is translated; tool names, flags, usage, JSON and the tools' own
 * descriptions stay as given.
 */
import { describe, expect, it } from "vitest";
import { ScriptedTool } from "./scripted-tool.js";
import { ToolDef } from "./tool-def.js";
import { ScriptingToolSet } from "./toolset.js";

const getUser = new ToolDef("get_user", "Fetch user by ID").withSchema({ type: "object", properties: { id: { type: "integer" } }, required: ["id"] }).withCategory("users");
const listOrders = new ToolDef("list_orders", "List orders for user")
  .withSchema({ type: "object", properties: { user_id: { type: "integer" }, limit: { type: "integer" } } })
  .withCategory("orders")
  .withTags(["read"]);

function uk(compact = false) {
  return ScriptedTool.builder("api").locale("uk-UA").compactPrompt(compact).toolFn(getUser, () => "").asyncToolFn(listOrders, async () => "").build();
}

const TAIL =
  "Передавайте аргументи як --key value або --key=value. Доступні логіка оболонки та конвеєри stdin; примітиви файлової системи недоступні. Використовуйте вбудовані команди help/discover, щоб дізнатися подробиці під час виконання.";

const HELP_UK = `# api

Поєднує виклики інструментів у bash-скриптах: get_user, list_orders

## Параметри

| Назва | Тип | Обовʼязковий | Опис |
|---|---|---|---|
| commands | string | так | Bash-скрипт; кожен інструмент є командою з прапорцями --key value. |
| timeout_ms | integer \\| null | ні | Обмеження часу на весь виклик, у мілісекундах. |

## Команди інструментів

| Команда | Опис | Використання |
|---|---|---|
| get_user | Fetch user by ID | \`get_user --id <integer>\` |
| list_orders | List orders for user | \`list_orders --limit <integer> --user_id <integer>\` |

## Результат

| Поле | Тип | Опис |
|---|---|---|
| stdout | string | Стандартний вивід скрипта. |
| stderr | string | Стандартний потік помилок скрипта. |
| exit_code | integer | Код завершення скрипта (124 у разі перевищення часу). |
| error | string \\| null | Задано, якщо виконання завершилося достроково: timeout, resource_limit або cancelled. |

## Приклади

\`\`\`json
{"commands":"help get_user; get_user --id 1"}
\`\`\`

\`\`\`json
{"commands":"get_user --id 1 | jq .; list_orders --user_id 1 | jq -c . || echo 'fallback'","timeout_ms":5000}
\`\`\`

## Примітки

- Кожен виклик виконується в новій оболонці: змінні та функції не зберігаються між викликами.
- Вивід інструментів іде в stdout без змін; обробляйте його через jq, grep, sed або awk.
- \`help <tool>\` показує використання інструмента, а \`help <tool> --json\` — його схему; \`discover\` шукає інструменти за категорією, тегом або словом.
- Файли, перенаправлення у файли, підстановка процесів і зовнішні програми недоступні.
- Інструмент отримує stdin лише тоді, коли його передано конвеєром або перенаправленням саме в нього (\`echo '{...}' | tool\`, \`tool <<< text\`); усередині \`... | while read -r x; do tool --id "$x"; done\` він не поглинає вхід циклу.
`;

describe("uk-UA locale", () => {
  it("systemPrompt(), full schemas", () => {
    expect(uk().systemPrompt()).toBe(
      `api: запускає bash-скрипти, що оркеструють зареєстровані команди інструментів. Команди: get_user [--id <integer>], list_orders [--limit <integer> --user_id <integer>]. ${TAIL}`,
    );
  });
  it("systemPrompt(), compact", () => {
    expect(uk(true).systemPrompt()).toBe(`api: запускає bash-скрипти, що оркеструють зареєстровані команди інструментів. Команди: get_user (Fetch user by ID), list_orders (List orders for user). ${TAIL}`);
  });
  it("help(), the whole Markdown", () => {
    expect(uk().help()).toBe(HELP_UK);
  });
  it("description() and the schema descriptions", () => {
    const t = uk();
    expect(t.description()).toBe("Поєднує виклики інструментів у bash-скриптах: get_user, list_orders");
    expect(t.inputSchema()).toEqual({
      type: "object",
      properties: {
        commands: { type: "string", description: "Bash-скрипт; кожен інструмент є командою з прапорцями --key value." },
        timeout_ms: { type: ["integer", "null"], minimum: 0, description: "Обмеження часу на весь виклик, у мілісекундах." },
      },
      required: ["commands"],
    });
    const out = t.outputSchema() as { properties: Record<string, { description: string }> };
    expect(out.properties.exit_code!.description).toBe("Код завершення скрипта (124 у разі перевищення часу).");
  });
  it("the discover tool of a ScriptingToolSet", () => {
    const [, d] = ScriptingToolSet.builder("api").locale("uk-UA").toolFn(getUser, () => "").withDiscovery().build().tools();
    expect(d!.description()).toBe("Досліджує команди інструментів api");
    expect(d!.systemPrompt()).toBe(
      "api_discover: досліджує команди інструментів через discover і help перед написанням скриптів. Вкажіть query (пошук за словом), all (список категорій) або commands (один рядок команди discover чи help).",
    );
  });
  it("the en-US help() differs only in the translated strings", () => {
    const en = ScriptedTool.builder("api").toolFn(getUser, () => "").asyncToolFn(listOrders, async () => "").build().help();
    const strip = (s: string) => s.split("\n").filter((l) => l.includes("`") && !l.startsWith("- ")).join("\n");
    expect(strip(en)).toBe(strip(HELP_UK));
    expect(en).toContain("## Parameters\n\n| Name | Type | Required | Description |");
  });
});
