// The rules page: the rules of a preset (from the lobby) or of a match (from the table),
// as the server renders them (GET /api/rules, GET /api/matches/ID/rules). The page holds no
// rule: it shows the server's HTML as it is, in which the options of the game that differ
// from the default game are marked (rows of class "marked").

import { api } from "../api.js";
import { html, raw, render } from "../dom.js";
import { getLang, t } from "../i18n.js";
import { presetName } from "../presets.js";
import { seatOf } from "../store.js";

/** where: {preset} for a preset's rules, {id} for a match's. */
export function mountRules(root, where, ctx) {
  let page = null;
  let error = null;
  let alive = true;
  let presets = [];
  const seat = where.id ? seatOf(where.id) : null;

  function load() {
    const lang = getLang();
    const asked = where.id
      ? seat && seat.token
        ? api.matchRules(where.id, seat.token, lang)
        : Promise.reject(new Error(t("table.no_seat")))
      : api.rules(where.preset || "seed66", lang);
    asked
      .then((p) => {
        page = p;
        error = null;
        if (alive) draw();
      })
      .catch((err) => {
        error = t("rules.failed", { message: err.message });
        if (alive) draw();
      });
  }

  if (!where.id) {
    api.meta().then((m) => {
      presets = Object.keys((m && m.presets) || {});
      if (alive) draw();
    }).catch(() => {});
  }

  function chooserHTML() {
    if (where.id || !presets.length) return "";
    const current = page ? page.preset : where.preset;
    return html`<label class="block">${t("rules.choose")}
      <select data-testid="rules-preset">
        ${presets.map((p) => html`<option value="${p}" ${p === current ? html`selected` : ""}>${presetName(p)}</option>`)}
      </select></label>`;
  }

  function draw() {
    const back = where.id
      ? html`<a class="button" href="#/match/${encodeURIComponent(where.id)}" data-testid="rules-back">${t("rules.back_match")}</a>`
      : html`<a class="button" href="#/" data-testid="rules-back">${t("nav.lobby")}</a>`;
    let body;
    if (error) body = html`<p class="error" role="alert" data-testid="error">${error}</p>`;
    else if (!page) body = html`<p>${t("rules.loading")}</p>`;
    else body = html`<article class="rulebook" data-testid="rules-text" data-preset="${page.preset}" lang="${page.lang}">${raw(page.html)}</article>`;
    render(
      root,
      html`<section class="panel rules-page" data-testid="rules-page">
        <p class="buttons">${back}</p>
        ${chooserHTML()}
        ${body}
      </section>`,
    );
    const chooser = root.querySelector("[data-testid=rules-preset]");
    if (chooser) chooser.addEventListener("change", (event) => ctx.navigate(`#/rules/${encodeURIComponent(event.target.value)}`));
  }

  draw();
  load();
  return {
    unmount() {
      alive = false;
    },
    rerender() {
      draw();
      if (page && page.lang !== getLang()) load();
    },
  };
}
