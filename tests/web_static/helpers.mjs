// Shared helpers for the tests of the page's JavaScript modules (run by node --test).
import { fileURLToPath } from "node:url";
import fs from "node:fs";
import path from "node:path";

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../src/sixtysix");
export const STATIC = path.join(SRC, "web/static");
export const JS = path.join(STATIC, "js");
export const WORDS_DIR = path.join(SRC, "present/words");

/** Import a module of the page: await load("cards.js"). */
export function load(name) {
  return import(path.join(JS, name));
}

/** The catalogues the server sends the page (GET /api/words/{lang}), read from their files. */
export const WORDS = Object.fromEntries(
  ["en", "de", "fr"].map((lang) => [lang, JSON.parse(fs.readFileSync(path.join(WORDS_DIR, `${lang}.json`), "utf8"))]),
);

// the page loads its words before the first render: so does every test
const i18n = await load("i18n.js");
for (const [lang, catalogue] of Object.entries(WORDS)) i18n.useWords(lang, catalogue);

/**
 * Check that ``text`` is well-formed markup: tags balanced and properly nested,
 * attribute values quoted, no stray "<" or unescaped "&". Returns the list of problems.
 */
export function markupProblems(text) {
  const problems = [];
  const stack = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+(?:="[^"<]*")?)*)\s*(\/?)>/y;
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf("<", i);
    const chunk = lt < 0 ? text.slice(i) : text.slice(i, lt);
    if (/&(?!(amp|lt|gt|quot|#\d+|#39);)/.test(chunk)) problems.push(`unescaped & in text near ${JSON.stringify(chunk.slice(0, 40))}`);
    if (lt < 0) break;
    tag.lastIndex = lt;
    const m = tag.exec(text);
    if (!m) {
      problems.push(`malformed tag at ${lt}: ${JSON.stringify(text.slice(lt, lt + 60))}`);
      break;
    }
    const [, closing, name, , selfClosing] = m;
    if (closing) {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open}>`);
    } else if (!selfClosing) {
      stack.push(name);
    }
    i = tag.lastIndex;
  }
  if (stack.length) problems.push(`unclosed: ${stack.join(", ")}`);
  return problems;
}

export const ALL_CARDS = ["c", "d", "h", "s"].flatMap((s) => ["A", "T", "K", "Q", "J", "9"].map((r) => r + s));
