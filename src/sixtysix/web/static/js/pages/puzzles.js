// The Puzzles page (#/puzzles, #/puzzles/daily, #/puzzles/N): a position from real play where
// exactly one move is best in every deal consistent with what the player has seen (after the
// talon is gone every card is known; after a close or with the talon open his hand is hidden).
// The page holds no rule: the server sends the player's view, the legal actions and the
// question in every language (GET /api/puzzles/...), judges the answer and sends the verdict
// (POST /api/puzzles/N/answer), and keeps this browser's rating and streaks under its solver
// token (kept in localStorage, sent only to our own server).

import { api } from "../api.js";
import { backSVG, cardSVG, suitSVG } from "../cards.js";
import { html, raw, render } from "../dom.js";
import { actionText, labelled } from "../describe.js";
import { cardName, getLang, inLang, rankIndex, suitName, t } from "../i18n.js";
import { presetName } from "../presets.js";
import { localStore } from "../store.js";
import { actionKind, marriageCards, SUIT_SYMBOLS, suitOf } from "../notation.js";

const SOLVER = "sixtysix.puzzles";

function savedToken() {
  const s = localStore();
  if (!s) return null;
  try {
    const saved = JSON.parse(s.getItem(SOLVER));
    return saved && typeof saved.token === "string" ? saved.token : null;
  } catch {
    return null;
  }
}

function saveToken(token) {
  const s = localStore();
  if (!s) return;
  try {
    s.setItem(SOLVER, JSON.stringify({ token }));
  } catch {
    /* storage full or disabled: this visit still counts */
  }
}

/** where: {which: "daily" | "next" | number}. */
export function mountPuzzles(root, where, ctx) {
  let alive = true;
  let token = savedToken();
  let shown = null; // {daily, puzzle, skill}
  let result = null; // the server's verdict after an answer
  let error = null;
  let busy = false;

  function solver() {
    if (token) return Promise.resolve(token);
    return api.puzzleSolver().then((made) => {
      token = made.token;
      saveToken(token);
      return token;
    });
  }

  function load() {
    shown = null;
    result = null;
    error = null;
    draw();
    solver()
      .then((tok) => api.puzzle(where.which, tok))
      .then((data) => {
        shown = data;
        if (alive) draw();
      })
      .catch((err) => {
        if (err.code === "wrong_token") {
          token = null; // a token the server forgot (a new database): start afresh
          saveToken(null);
        }
        error = t("puzzles.failed", { message: err.message });
        if (alive) draw();
      });
  }

  function answer(action) {
    if (busy || result || !shown) return;
    busy = true;
    api
      .puzzleAnswer(shown.puzzle.id, token, action, Boolean(shown.daily))
      .then((data) => {
        result = data;
        shown.skill = data.skill;
      })
      .catch((err) => {
        error = t("puzzles.failed", { message: err.message });
      })
      .finally(() => {
        busy = false;
        if (alive) draw();
      });
  }

  function chipText(card) {
    const suit = suitOf(card);
    const o = { ...ctx.settings(), lang: getLang() }; // the card faces' corner letters in the page's language
    return html`<span class="pz-chip pz-suit-${suit}" title="${cardName(card, o.deck)}">${rankIndex(card[0], o.deck)}${SUIT_SYMBOLS[suit]}</span>`;
  }

  function tokenText(token_) {
    return actionKind(token_) === "card" ? chipText(token_) : html`<span class="pz-token">${actionText(token_)}</span>`;
  }

  function cardsRow(cards, testid, o, hidden = 0) {
    const backs = Array.from({ length: hidden }, () => html`<span class="pz-card pz-back" data-testid="puzzle-hidden">${raw(backSVG())}</span>`);
    return html`<div class="pz-cards" data-testid="${testid}">${cards.map(
      (card) => html`<span class="pz-card" data-card="${card}">${raw(cardSVG(card, o))}</span>`,
    )}${backs}</div>`;
  }

  function skillHTML(skill) {
    if (!skill) return "";
    return html`<p class="pz-skill" data-testid="puzzle-skill" data-rating="${skill.rating}">
      <strong>${t("puzzles.rating", { rating: skill.rating })}</strong> ·
      ${t("puzzles.solved", { solved: skill.solved, attempts: skill.attempts })} ·
      ${t("puzzles.streak", { n: skill.streak, best: skill.best_streak })} ·
      ${t("puzzles.daily_streak", { n: skill.daily_streak })}</p>`;
  }

  // a marriage as "20 K♥ Q♥", a claim as the table's "66!" (phase two: no other kinds)
  function otherLabel(token_) {
    const kind = actionKind(token_);
    if (kind === "marriage") return html`${token_.slice(0, 2)} ${marriageCards(token_).map(chipText)}`;
    return t(`action.${kind}`);
  }

  function handHTML(p, o) {
    const legal = new Set(p.legal.map((a) => a.token));
    const open = !result && !busy;
    const cards = p.hand.map(
      (card) => html`<button type="button" class="card-btn pz-hand-card ${legal.has(card) && open ? "legal" : ""}"
        data-answer="${card}" data-testid="puzzle-card" data-card="${card}"
        ${legal.has(card) && open ? "" : raw("disabled")} title="${cardName(card, o.deck)}">${raw(cardSVG(card, o))}</button>`,
    );
    const others = p.legal
      .filter((a) => actionKind(a.token) !== "card")
      .map(
        // every answer looks the same: none glows like a recommendation (a claim's glow would give it away)
        (a) => html`<button type="button" class="act minor ${open ? "legal" : ""}" data-answer="${a.token}"
          data-testid="puzzle-action" data-action="${a.token}" ${open ? "" : raw("disabled")}
          title="${inLang(a.labels, a.label)}">${otherLabel(a.token)}</button>`,
      );
    return html`<div class="pz-hand" data-testid="puzzle-hand">${cards}</div><div class="buttons">${others}</div>`;
  }

  function resultHTML() {
    if (!result) return "";
    const change = result.change
      ? t("puzzles.change", { change: (result.change > 0 ? "+" : "−") + Math.abs(Math.round(result.change)) })
      : result.skill
        ? t("puzzles.practice")
        : "";
    const values = result.values.map(
      (v) => html`<li class="${v.token === result.solution ? "pz-best" : ""}" data-testid="puzzle-value" data-action="${v.token}" data-value="${v.value}">
        ${tokenText(v.token)} <span class="num">${v.value > 0 ? "+" : v.value < 0 ? "−" : "±"}${Number.isInteger(v.value) ? Math.abs(v.value) : Math.abs(v.value).toFixed(2)}</span></li>`,
    );
    const line = result.line_tokens.map(
      (step) => html`<li>${labelled(step.seat === shown.puzzle.seat ? t("word.you") : t("puzzles.them"))}${tokenText(step.token)}</li>`,
    );
    const hidden = result.worlds > 1;
    return html`<div class="pz-result ${result.correct ? "right" : "wrong"}" data-testid="puzzle-result" data-correct="${result.correct}" role="status">
      <p data-testid="puzzle-verdict"><strong>${inLang(result.verdict)}</strong> ${change}</p>
      <h3>${hidden ? t("puzzles.values_average", { n: result.worlds }) : t("puzzles.values")}</h3><ul class="pz-values">${values}</ul>
      <h3>${hidden ? t("puzzles.line_dealt") : t("puzzles.line")}</h3><ol class="pz-line" data-testid="puzzle-line">${line}</ol>
      ${result.explanation ? html`<h3>${t("puzzles.why")}</h3><p class="why" data-testid="puzzle-why">${inLang(result.explanation)}</p>` : ""}
      <p class="buttons"><button type="button" class="primary" data-go="next" data-testid="puzzle-next">${t("puzzles.next")}</button></p>
    </div>`;
  }

  // The trump card: face up, or, once the talon is closed, face down on it (R-CLOSE-1) as at the
  // table, with the trump suit beside it.
  function trumpHTML(p, o) {
    if (!(p.talon.closed && p.face_up)) return cardsRow([p.face_up || p.trump.card], "puzzle-trump", o);
    return html`<div class="pz-cards" data-testid="puzzle-trump"><span class="pz-card pz-back turned" data-card="" data-turned="true"
      title="${t("table.turned_down")}">${raw(backSVG())}</span></div>
      <span class="pz-trump-suit" data-testid="puzzle-trump-suit" data-suit="${p.trump.suit}">${raw(suitSVG(p.trump.suit, o))} ${suitName(p.trump.suit, o.deck)}</span>`;
  }

  function talonHTML(p) {
    if (!p.talon.size) return "";
    const state = p.talon.closed ? t(`puzzles.talon_closed_by_${p.talon.closer}`) : t("puzzles.talon_open");
    return html`<span class="pz-label">${t("puzzles.talon")}</span><span data-testid="puzzle-talon" data-size="${p.talon.size}" data-closed="${p.talon.closed}">${t("puzzles.talon_cards", { n: p.talon.size })} (${state})</span>`;
  }

  function puzzleHTML() {
    const p = shown.puzzle;
    const o = { ...ctx.settings(), lang: getLang() }; // the card faces' corner letters in the page's language
    const title = shown.daily ? t("puzzles.daily_of", { date: shown.daily }) : t("puzzles.number", { n: p.id });
    return html`<div class="pz-board" data-testid="puzzle" data-id="${p.id}" data-grade="${p.grade}" data-kind="${p.kind}" data-daily="${Boolean(shown.daily)}">
      <h2>${title} · ${presetName(p.rules.preset)} · ${t(`puzzles.grade.${p.grade}`)} (${p.rating}) · ${t(`puzzles.kind.${p.kind}`)}</h2>
      <p class="pz-kind" data-testid="puzzle-kind">${inLang(p.kind_text)}</p>
      <div class="pz-row"><span class="pz-label">${t("puzzles.opponent")}</span>${cardsRow(p.opponent, "puzzle-opponent", o, p.hidden)}</div>
      <div class="pz-row"><span class="pz-label">${t("puzzles.trump")}</span>${trumpHTML(p, o)}
        ${talonHTML(p)}
        ${p.led ? html`<span class="pz-label">${t("puzzles.led")}</span>${cardsRow([p.led], "puzzle-led", o)}` : ""}</div>
      <p>${t("puzzles.points", { you: p.points.you, opponent: p.points.opponent })}</p>
      <p class="pz-question" data-testid="puzzle-question">${inLang(p.question)}</p>
      ${handHTML(p, o)}
    </div>`;
  }

  function draw() {
    let body;
    if (error) body = html`<p class="error" role="alert" data-testid="error">${error}</p>`;
    else if (!shown) body = html`<p>${t("puzzles.loading")}</p>`;
    else body = html`${puzzleHTML()}${resultHTML()}`;
    render(
      root,
      html`<section class="panel puzzles-page" data-testid="puzzles-page">
        <h1>${t("puzzles.title")}</h1>
        <p>${t("puzzles.intro")}</p>
        ${skillHTML(shown && shown.skill)}
        <p class="buttons">
          <button type="button" data-go="daily" data-testid="puzzle-daily">${t("puzzles.daily")}</button>
          <button type="button" data-go="next" data-testid="puzzle-skip">${t("puzzles.next")}</button>
        </p>
        ${body}
      </section>`,
    );
    root.querySelector("[data-testid=puzzles-page]").addEventListener("click", clicked);
  }

  function clicked(event) {
    const target = event.target.closest("[data-answer], [data-go]");
    if (!target || !alive) return;
    if (target.dataset.answer) answer(target.dataset.answer);
    else if (target.dataset.go === "daily") ctx.navigate("#/puzzles/daily");
    else if (target.dataset.go === "next") {
      if (where.which === "next") load();
      else ctx.navigate("#/puzzles");
    }
  }

  load();
  return {
    unmount() {
      alive = false;
    },
    rerender() {
      if (alive) draw();
    },
  };
}
