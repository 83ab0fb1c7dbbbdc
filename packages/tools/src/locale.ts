/**
 * Human-facing strings of `systemPrompt()` and `help()`, per locale (`en-US` default, `uk-UA`).
 * Tool names, flags, JSON and schema text are never translated.
 */

/** Supported locales. */
export type Locale = "en-US" | "uk-UA";

/** The strings one locale provides. */
export interface LocaleStrings {
  readonly promptIntro: string;
  readonly promptCommands: string;
  readonly promptArgs: string;
  readonly promptShell: string;
  readonly promptHelp: string;
  readonly description: string;
  readonly paramsTitle: string;
  readonly paramsHeader: readonly [string, string, string, string];
  readonly paramCommands: string;
  readonly paramTimeout: string;
  readonly yes: string;
  readonly no: string;
  readonly commandsTitle: string;
  readonly commandsHeader: readonly [string, string, string];
  readonly resultTitle: string;
  readonly resultHeader: readonly [string, string, string];
  readonly resultStdout: string;
  readonly resultStderr: string;
  readonly resultExit: string;
  readonly resultError: string;
  readonly examplesTitle: string;
  readonly notesTitle: string;
  readonly notes: readonly string[];
  readonly discoverDescription: string;
  readonly discoverPrompt: string;
}

const EN: LocaleStrings = {
  promptIntro: "run bash scripts that orchestrate registered tool commands.",
  promptCommands: "Commands:",
  promptArgs: "Pass args as --key value or --key=value.",
  promptShell: "Shell logic and stdin pipelines are available; filesystem primitives are unavailable.",
  promptHelp: "Use help/discover builtins for runtime details.",
  description: "Compose tool callbacks through bash scripts:",
  paramsTitle: "Parameters",
  paramsHeader: ["Name", "Type", "Required", "Description"],
  paramCommands: "Bash script to run; each tool is a command taking --key value flags.",
  paramTimeout: "Time limit for the whole call, in milliseconds.",
  yes: "yes",
  no: "no",
  commandsTitle: "Tool commands",
  commandsHeader: ["Command", "Description", "Usage"],
  resultTitle: "Result",
  resultHeader: ["Field", "Type", "Description"],
  resultStdout: "Standard output of the script.",
  resultStderr: "Standard error of the script.",
  resultExit: "Exit status of the script (124 on timeout).",
  resultError: "Set when the run ended early: timeout, resource_limit or cancelled.",
  examplesTitle: "Examples",
  notesTitle: "Notes",
  notes: [
    "Each call runs in a fresh shell: variables and functions do not persist between calls.",
    "Tool output goes to stdout verbatim; pipe it through jq, grep, sed or awk to shape it.",
    "`help <tool>` shows a tool's usage and `help <tool> --json` its input schema; `discover` finds tools by category, tag or keyword.",
    "Files, file redirections, process substitution and external programs are unavailable.",
    "A tool gets stdin only when it is piped or redirected into it (`echo '{...}' | tool`, `tool <<< text`); inside `... | while read -r x; do tool --id \"$x\"; done` it does not consume the loop's input.",
  ],
  discoverDescription: "Explore the tool commands of",
  discoverPrompt:
    "explore the tool commands with discover and help before writing scripts. Give query (keyword search), all (list categories) or commands (a single discover or help command line).",
};

const UK: LocaleStrings = {
  promptIntro: "запускає bash-скрипти, що оркеструють зареєстровані команди інструментів.",
  promptCommands: "Команди:",
  promptArgs: "Передавайте аргументи як --key value або --key=value.",
  promptShell: "Доступні логіка оболонки та конвеєри stdin; примітиви файлової системи недоступні.",
  promptHelp: "Використовуйте вбудовані команди help/discover, щоб дізнатися подробиці під час виконання.",
  description: "Поєднує виклики інструментів у bash-скриптах:",
  paramsTitle: "Параметри",
  paramsHeader: ["Назва", "Тип", "Обовʼязковий", "Опис"],
  paramCommands: "Bash-скрипт; кожен інструмент є командою з прапорцями --key value.",
  paramTimeout: "Обмеження часу на весь виклик, у мілісекундах.",
  yes: "так",
  no: "ні",
  commandsTitle: "Команди інструментів",
  commandsHeader: ["Команда", "Опис", "Використання"],
  resultTitle: "Результат",
  resultHeader: ["Поле", "Тип", "Опис"],
  resultStdout: "Стандартний вивід скрипта.",
  resultStderr: "Стандартний потік помилок скрипта.",
  resultExit: "Код завершення скрипта (124 у разі перевищення часу).",
  resultError: "Задано, якщо виконання завершилося достроково: timeout, resource_limit або cancelled.",
  examplesTitle: "Приклади",
  notesTitle: "Примітки",
  notes: [
    "Кожен виклик виконується в новій оболонці: змінні та функції не зберігаються між викликами.",
    "Вивід інструментів іде в stdout без змін; обробляйте його через jq, grep, sed або awk.",
    "`help <tool>` показує використання інструмента, а `help <tool> --json` — його схему; `discover` шукає інструменти за категорією, тегом або словом.",
    "Файли, перенаправлення у файли, підстановка процесів і зовнішні програми недоступні.",
    "Інструмент отримує stdin лише тоді, коли його передано конвеєром або перенаправленням саме в нього (`echo '{...}' | tool`, `tool <<< text`); усередині `... | while read -r x; do tool --id \"$x\"; done` він не поглинає вхід циклу.",
  ],
  discoverDescription: "Досліджує команди інструментів",
  discoverPrompt:
    "досліджує команди інструментів через discover і help перед написанням скриптів. Вкажіть query (пошук за словом), all (список категорій) або commands (один рядок команди discover чи help).",
};

const TABLE: Record<Locale, LocaleStrings> = { "en-US": EN, "uk-UA": UK };

/** The strings of `locale`; unknown locales fall back to en-US. */
export function localeStrings(locale: string): LocaleStrings {
  return Object.hasOwn(TABLE, locale) ? TABLE[locale as Locale] : EN;
}
