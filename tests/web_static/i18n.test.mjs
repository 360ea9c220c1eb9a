import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { JS, load, WORDS } from "./helpers.mjs";

const i18n = await load("i18n.js");
const LANGS = ["en", "de", "fr"];

// The catalogues' own checks (every key in every language, the same placeholders, the plural
// forms, translated not copied) are the server's: tests/present/test_words.py.

// Every key the page's code asks for exists: the literal t("...") calls, the
// you/other sentences, and the families built at run time.
function sources() {
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".js")) files.push(full);
    }
  };
  walk(JS);
  return files.map((f) => fs.readFileSync(f, "utf8")).join("\n");
}

test("every key used by the code is in the dictionary", () => {
  const code = sources();
  const used = new Set([...code.matchAll(/\bt\("([\w.]+)"/g)].map((m) => m[1]));
  for (const m of code.matchAll(/\b(?:said|saidWithChips)\("([\w.]+)"/g)) {
    used.add(`${m[1]}.you`);
    used.add(`${m[1]}.other`);
  }
  for (const m of code.matchAll(/\bwithChipsPrompt\("([\w.]+)"/g)) used.add(m[1]);
  for (const m of code.matchAll(/"(keys\.\w+)"/g)) used.add(m[1]);
  const families = {
    level: [1, 2, 3, 4, 5].flatMap((l) => [`level.${l}`, `level.${l}.text`]),
    action: ["card", "marriage", "exchange", "pass", "close", "close_before_draw", "claim", "draw", "next"].map((a) => `action.${a}`),
    conn: ["connecting", "open", "reconnecting", "closed", "fatal"].map((c) => `conn.${c}`),
    kind: ["simple", "schneider", "schwarz"].map((k) => `outcome.kind.${k}`),
    review: ["inaccuracy", "mistake", "blunder"].map((c) => `review.${c}`),
    stats: ["matches", "deals", "per_deal", "schneider", "schwarz", "closes", "claims"].map((s) => `stats.${s}`),
    puzzles: [
      ...["talon_gone", "closed", "phase_one"].map((k) => `puzzles.kind.${k}`),
      ...["you", "opponent"].map((who) => `puzzles.talon_closed_by_${who}`),
    ],
    deck: ["fdeck", "gdeck"].flatMap((d) => [
      `${d}.card`,
      ...["A", "T", "K", "Q", "J", "9", "8", "7"].map((r) => `${d}.rank.${r}`),
      ...["A", "K", "Q", "J"].map((r) => `${d}.index.${r}`),
      ...["c", "d", "h", "s"].map((s) => `${d}.suit.${s}`),
    ]),
  };
  for (const keys of Object.values(families)) for (const k of keys) used.add(k);
  const missing = [...used].filter((k) => !(k in WORDS.en));
  assert.deepEqual(missing, []);
  assert.ok(used.size > 200, `only ${used.size} keys found: the scan is broken`);
});

test("the browser's language is chosen, English otherwise", () => {
  assert.equal(i18n.detectLang(["de-AT", "en"]), "de");
  assert.equal(i18n.detectLang(["fr-CH"]), "fr");
  assert.equal(i18n.detectLang(["it-IT", "fr-FR", "de"]), "fr");
  assert.equal(i18n.detectLang(["EN-gb"]), "en");
  assert.equal(i18n.detectLang(["it", "es"]), "en");
  assert.equal(i18n.detectLang([]), "en");
  assert.equal(i18n.detectLang(undefined), "en");
});

test("a saved choice wins over the browser's language", () => {
  const store = new Map();
  const storage = { getItem: (k) => (store.has(k) ? store.get(k) : null), setItem: (k, v) => store.set(k, v) };
  assert.equal(i18n.initLang(storage, { languages: ["fr-FR"] }), "fr");
  i18n.setLang("de", storage);
  assert.equal(i18n.initLang(storage, { languages: ["fr-FR"] }), "de");
  storage.setItem("sixtysix.lang", "xx");
  assert.equal(i18n.initLang(storage, { language: "fr" }), "fr");
  assert.throws(() => i18n.setLang("it"));
  i18n.setLang("en");
});

test("t() fills placeholders and picks plural forms per language", () => {
  assert.equal(i18n.t("table.tricks", { n: 1 }, "en"), "1 trick");
  assert.equal(i18n.t("table.tricks", { n: 2 }, "en"), "2 tricks");
  assert.equal(i18n.t("table.tricks", { n: 0 }, "en"), "0 tricks");
  assert.equal(i18n.t("table.tricks", { n: 0 }, "fr"), "0 pli"); // French: 0 is singular
  assert.equal(i18n.t("table.tricks", { n: 2 }, "de"), "2 Stiche");
  assert.equal(i18n.t("join.text", { host: "Ann", preset: "66", target: 7 }, "de"), "Ann lädt dich zu einer Partie 66 auf 7 Punkte ein.");
  assert.equal(i18n.t("no.such.key"), "no.such.key");
  const changes = [];
  const off = i18n.onLangChange((l) => changes.push(l));
  i18n.setLang("fr");
  i18n.setLang("en");
  off();
  i18n.setLang("de");
  i18n.setLang("en");
  assert.deepEqual(changes, ["fr", "en"]);
});

test("inLang() picks the server's sentence in the page's language, else English, else the fallback", () => {
  const texts = { en: "the match is over", de: "die Partie ist vorbei", fr: "la partie est terminée" };
  assert.equal(i18n.inLang(texts, "", "de"), "die Partie ist vorbei");
  assert.equal(i18n.inLang(texts, "", "fr"), "la partie est terminée");
  assert.equal(i18n.inLang({ en: "only English" }, "", "de"), "only English");
  assert.equal(i18n.inLang(undefined, "the English message", "de"), "the English message");
  assert.equal(i18n.inLang(null), "");
});

test("a refusal is shown in the page's language, its code kept; an English-only error as it came", async () => {
  const { errorText, ApiError } = await load("api.js");
  const error = {
    code: "not_your_turn",
    message: "the match is over",
    messages: { en: "the match is over", de: "die Partie ist vorbei", fr: "la partie est terminée" },
  };
  i18n.setLang("de");
  assert.equal(errorText(error), "die Partie ist vorbei");
  assert.equal(errorText({ code: "http", message: "HTTP 502" }), "HTTP 502");
  assert.equal(new ApiError(error.code, errorText(error), 409).code, "not_your_turn");
  i18n.setLang("en");
  assert.equal(errorText(error), "the match is over");
});

test("card names", () => {
  assert.equal(i18n.cardName("Th", "french", "en"), "Ten of hearts");
  assert.equal(i18n.cardName("Ac", "french", "de"), "Kreuz-Ass");
  assert.equal(i18n.cardName("Js", "french", "fr"), "Valet de pique");
  assert.equal(i18n.cardName("Qd", "german", "de"), "Schellen-Ober");
  assert.equal(i18n.cardName("Kc", "german", "de"), "Eichel-König");
  assert.equal(i18n.cardName("Qd", "german", "en"), "Ober of bells (Schellen)");
  assert.equal(i18n.rankIndex("T", "german", "fr"), "10");
});

test("the statistics agree in number in French, and no tile says its label twice", () => {
  assert.equal(i18n.t("stats.matches_sub", { n: 1, open: 0 }, "fr"), "1 terminée, 0 en cours");
  assert.equal(i18n.t("stats.matches_sub", { n: 3, open: 1 }, "fr"), "3 terminées, 1 en cours");
  assert.equal(i18n.t("stats.deals_sub", { n: 1, tied: 0 }, "fr"), "1 jouée, nulles\u00a0: 0");
  assert.equal(i18n.t("stats.per_deal_sub", { won: 0, lost: 1 }, "fr"), "gagnés\u00a0: 0 · perdus\u00a0: 1");
  for (const lang of LANGS) {
    const sub = i18n.t("stats.given_taken", {}, lang);
    assert.ok(!i18n.t("stats.schneider", {}, lang).includes(sub), lang);
  }
});

test("French elides de before a name that starts with a vowel", () => {
  assert.equal(i18n.t("clock.out", { name: "Anna" }, "fr"), "Le temps d'Anna est écoulé.");
  assert.equal(i18n.t("clock.out", { name: "Bernard" }, "fr"), "Le temps de Bernard est écoulé.");
});

test("French puts a non-breaking space before ! ? : ; and inside « »", () => {
  // the review's marks (?!) (?) (??) are notation, not punctuation; links are not words
  const wrong = [];
  const check = (key, value) => {
    if (typeof value === "object") return Object.entries(value).forEach(([form, v]) => check(`${key}.${form}`, v));
    const text = value.replace(/\{[^}]*\}/g, "X").replace(/https?:\/\/\S+/g, "").replace(/\(\?[!?]?\)/g, "");
    for (const m of text.matchAll(/(^|.)([!?:;»])/g)) if (!["\u00a0", "\u202f"].includes(m[1])) wrong.push(`${key}: …${m[0]}`);
    for (const m of text.matchAll(/«(.|$)/g)) if (m[1] !== "\u00a0") wrong.push(`${key}: «${m[1]}`);
  };
  // the page's keys: the terminal's, the server's and the rule book's have prefixes of their own
  const page = (key) => !/^(tui|server|puzzle|explain|rulebook|preset|deal)\./.test(key);
  for (const [key, value] of Object.entries(WORDS.fr)) if (page(key)) check(key, value);
  assert.deepEqual(wrong, []);
});
