// Shared helpers for the tests of the page's JavaScript modules (run by node --test).
import { fileURLToPath } from "node:url";
import path from "node:path";

export const STATIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../src/sixtysix/web/static");
export const JS = path.join(STATIC, "js");

/** Import a module of the page: await load("cards.js"). */
export function load(name) {
  return import(path.join(JS, name));
}

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
