// The rules presets in words: the server's names and descriptions in every language
// (GET /api/meta, from sixtysix.present.presets), fetched once per page load. Until they
// arrive a preset is shown by its id; the page is drawn again when they come.

import { api } from "./api.js";
import { getLang } from "./i18n.js";

let presets = {};
let loading = null;

/** Keep the presets of a meta answer (the lobby fetches it anyway). */
export function usePresets(meta) {
  if (meta && meta.presets) presets = meta.presets;
}

/** Fetch the presets once; resolves when they are known (or could not be fetched). */
export function loadPresets() {
  if (!loading) {
    loading = api.meta().then(usePresets).catch(() => {});
  }
  return loading;
}

function pick(texts, lang) {
  return texts ? texts[lang] || texts.en : undefined;
}

/** "Sechsundsechzig (66)", "Schnapsen (20 Karten)": the preset's short name. */
export function presetName(id, lang = getLang()) {
  return pick((presets[id] || {}).names, lang) || id || "";
}

/** What the preset plays, in a sentence or two. */
export function presetText(id, lang = getLang()) {
  return pick((presets[id] || {}).descriptions, lang) || "";
}
