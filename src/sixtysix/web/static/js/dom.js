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

/** Replace the content of ``element`` as render does, keeping what the player typed in it: every named field he
 * changed (passwords aside) keeps its value, and the field he was typing in keeps the focus and the caret. For a
 * page drawn again while he types (an answer of the server arrives). */
export function renderKeeping(element, content) {
  const changed = $$("input[name], select[name], textarea[name]", element).filter(
    (field) => field.type !== "password" && edited(field),
  );
  const kept = new Map(changed.map((field) => [fieldKey(field), valueOf(field)]));
  keepingFocus(element, () => {
    render(element, content);
    for (const field of $$("input[name], select[name], textarea[name]", element)) {
      const key = fieldKey(field);
      if (kept.has(key)) setValue(field, kept.get(key));
    }
  });
}

/** Run ``redraw`` (which replaces what ``element`` holds), then give the focus and the caret back to the field of
 * the same form and name: keys typed while an answer of the server redraws the page go on into that field. */
export function keepingFocus(element, redraw) {
  const active = document.activeElement;
  const focused = active && active.name && element.contains(active) ? fieldKey(active) : null;
  const caret = focused && typeof active.selectionStart === "number" ? [active.selectionStart, active.selectionEnd] : null;
  redraw();
  const field = focused && $$("input[name], select[name], textarea[name]", element).find((f) => fieldKey(f) === focused);
  if (!field) return;
  field.focus();
  if (caret) field.setSelectionRange(...caret);
}

const fieldKey = (field) =>
  `${field.form ? field.form.dataset.testid || "" : ""}/${field.name}${field.type === "radio" ? `=${field.value}` : ""}`;

function edited(field) {
  if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
  if (field.tagName === "SELECT") return [...field.options].some((option) => option.selected !== option.defaultSelected);
  return field.value !== field.defaultValue;
}

const valueOf = (field) => (field.type === "checkbox" || field.type === "radio" ? field.checked : field.value);

function setValue(field, value) {
  if (field.type === "checkbox" || field.type === "radio") field.checked = value;
  else field.value = value;
}

export const $ = (selector, root = document) => root.querySelector(selector);
export const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];
