// A tiny templating helper: html`<b>${text}</b>` escapes what it interpolates unless
// it is raw(...) (or another html`` result); arrays are joined. No framework, no build.

export class Raw {
  constructor(text) {
    this.text = text;
  }

  toString() {
    return this.text;
  }
}

export const raw = (text) => new Raw(String(text));

export function escapeHTML(value) {
  return String(value)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function piece(value) {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return value.map(piece).join("");
  return escapeHTML(value);
}

export function html(strings, ...values) {
  let out = strings[0];
  values.forEach((value, i) => {
    out += piece(value) + strings[i + 1];
  });
  return new Raw(out);
}

/** Replace the content of ``element`` with ``content`` (an html`` result). */
export function render(element, content) {
  element.innerHTML = piece(content);
}

export const $ = (selector, root = document) => root.querySelector(selector);
export const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];
