// English, German and French: the game's home languages.
//
//   t("lobby.title")                      -> "Play 66"
//   t("table.points", {n: 42})            -> "42 points"   ({one, other} plural forms by n)
//   cardName("Qh", "german", "de")        -> "Herz-Ober"
//
// The language is taken from the browser's preferred languages unless the player chose
// one with the switch (kept in localStorage). The words are the server's: one catalogue per
// language (sixtysix.present.words), fetched from GET /api/words/{lang} before the first
// render (loadWords; setLang loads one not yet here); the page keeps no copy of them.
// tests/present/test_words.py checks that every key exists in every language.

export const LANGS = ["en", "de", "fr"];
export const LANG_NAMES = { en: "English", de: "Deutsch", fr: "Français" };
const STORAGE_KEY = "sixtysix.lang";

let current = "en";
const listeners = new Set();
const WORDS = {};
const LOADING = {};

/** The first of the browser's languages (["de-AT", "en"]) that we speak, else English. */
export function detectLang(preferred) {
  for (const tag of preferred || []) {
    const base = String(tag).toLowerCase().split(/[-_]/)[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

/** Pick the language at start-up: the saved choice, else the browser's. */
export function initLang(storage, navigatorLike) {
  let saved = null;
  try {
    saved = storage ? storage.getItem(STORAGE_KEY) : null;
  } catch {
    saved = null;
  }
  const nav = navigatorLike || {};
  const lang = LANGS.includes(saved) ? saved : detectLang(nav.languages || (nav.language ? [nav.language] : []));
  setLang(lang);
  return lang;
}

export function getLang() {
  return current;
}

/** Take ``catalogue`` (the server's answer to GET /api/words/{lang}) as the words of ``lang``. */
export function useWords(lang, catalogue) {
  WORDS[lang] = catalogue;
}

/** Fetch the words of ``lang`` from the server, once (``fetcher`` is ``fetch`` in the page). */
export function loadWords(lang, fetcher = globalThis.fetch) {
  if (WORDS[lang]) return Promise.resolve(WORDS[lang]);
  if (!LOADING[lang]) {
    LOADING[lang] = fetcher(`/api/words/${lang}`)
      .then((response) => {
        if (!response.ok) throw new Error(`the words of ${lang} could not be loaded (${response.status})`);
        return response.json();
      })
      .then((catalogue) => {
        useWords(lang, catalogue);
        return catalogue;
      })
      .finally(() => delete LOADING[lang]);
  }
  return LOADING[lang];
}

/**
 * Switch the language; ``storage`` (localStorage) keeps the choice. Listeners re-render at once
 * when its words are here, else once ``fetcher`` has loaded them (the returned promise).
 */
export function setLang(lang, storage, fetcher) {
  if (!LANGS.includes(lang)) throw new Error(`unknown language ${lang}`);
  const apply = () => {
    current = lang;
    if (storage) {
      try {
        storage.setItem(STORAGE_KEY, lang);
      } catch {
        /* private mode: the choice lasts for this page only */
      }
    }
    if (typeof document !== "undefined") document.documentElement.lang = lang;
    for (const listener of listeners) listener(lang);
    return lang;
  };
  if (!WORDS[lang]) return loadWords(lang, fetcher).then(apply);
  return Promise.resolve(apply());
}

export function onLangChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The one plural rule, as the server's (sixtysix.present.words.plural_form): French singular below two. */
function pluralCategory(lang, n) {
  return (lang === "fr" ? Math.abs(n) < 2 : Math.abs(n) === 1) ? "one" : "other";
}

/** The text of ``key`` in ``lang`` (default: the current language) with {placeholders} filled. */
export function t(key, vars = {}, lang = current) {
  let entry = WORDS[lang] && WORDS[lang][key];
  if (entry === undefined) entry = WORDS.en && WORDS.en[key];
  if (entry === undefined) return key;
  if (typeof entry === "object") {
    const n = Number(vars.n ?? 0);
    entry = entry[pluralCategory(lang, n)] ?? entry.other;
  }
  if (lang === "fr") entry = elide(entry, vars);
  return entry.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

/** French elides "de" and "que" before a vowel: "le temps de {name}" with Anna is "le temps d'Anna". */
function elide(entry, vars) {
  return entry.replace(/\b([Dd]|[Qq]u)e \{(\w+)\}/g, (whole, d, name) =>
    name in vars && /^[AEIOUYÀÂÉÈÊÎÔÛaeiouyàâéèêîôû]/.test(String(vars[name])) ? `${d}'{${name}}` : whole,
  );
}

/**
 * A sentence the server wrote in every language (``{en, de, fr}``): the one of ``lang``, else
 * its English, else ``fallback`` (an older answer's English-only field).
 */
export function inLang(texts, fallback = "", lang = current) {
  return (texts && (texts[lang] || texts.en)) || fallback;
}

/** Whether the words of the current language (English where it lacks one) have ``key``. */
export function has(key) {
  return Boolean((WORDS[current] && key in WORDS[current]) || (WORDS.en && key in WORDS.en));
}

// -- card names ------------------------------------------------------------------------

/** The corner letter of a rank: K/Q/J in English, K/D/B in German, R/D/V in French; O/U on German cards. */
export function rankIndex(rank, deck = "french", lang = current) {
  if (rank === "T") return "10";
  if (rank === "9" || rank === "8" || rank === "7") return rank;
  return t(`${deck === "german" ? "gdeck" : "fdeck"}.index.${rank}`, {}, lang);
}

export function rankName(rank, deck = "french", lang = current) {
  return t(`${deck === "german" ? "gdeck" : "fdeck"}.rank.${rank}`, {}, lang);
}

export function suitName(suit, deck = "french", lang = current) {
  return t(`${deck === "german" ? "gdeck" : "fdeck"}.suit.${suit}`, {}, lang);
}

/** "Queen of hearts", "Herz-Dame", "Dame de cœur"; "Herz-Ober" with German cards. */
export function cardName(card, deck = "french", lang = current) {
  const key = deck === "german" ? "gdeck.card" : "fdeck.card";
  return t(key, { rank: rankName(card[0], deck, lang), suit: suitName(card[1], deck, lang) }, lang);
}
