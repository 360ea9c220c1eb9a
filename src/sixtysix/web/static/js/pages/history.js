// The history page: this browser's matches (found by the seat tokens it keeps), the
// finished ones with their 66R records and deal reviews, and the player's statistics.

import { api } from "../api.js";
import { seatName, signed } from "../describe.js";
import { $$, html, render } from "../dom.js";
import { getLang, t } from "../i18n.js";
import { presetName } from "../presets.js";
import { allTokens, seatOf } from "../store.js";

function when(seconds) {
  if (!seconds) return "";
  try {
    return new Date(seconds * 1000).toLocaleString(getLang(), { dateStyle: "medium", timeStyle: "short" });
  } catch {
    return new Date(seconds * 1000).toISOString();
  }
}

/** The rows of a match list (lobby and history). */
export function matchRows(matches, { compact = false } = {}) {
  if (!matches.length) return html`<p class="empty" data-testid="no-matches">${t("history.none")}</p>`;
  const open = matches.filter((m) => m.status !== "over");
  const done = matches.filter((m) => m.status === "over");
  const row = (m) => {
    // the score by seat, or by side where partners score together: this seat's own entry first
    const own = m.scorer || m.seat;
    const mine = m.score ? m.score[own - 1] : 0;
    const theirs = m.score ? m.score.filter((_, i) => i !== own - 1).join("–") : 0;
    // a computer is named in the page's language; a person as given
    const opponent = m.opponents ? m.opponents.map((o) => seatName(o, m.players)).join(", ") : m.opponent || "";
    let badge;
    if (m.status === "over") {
      // a match a seat left ends by forfeit: said so, not as if it had been played to the end
      const word = m.forfeit ? (m.won ? "history.won_forfeit" : "history.lost_forfeit") : m.won ? "history.won" : "history.lost";
      badge = html`<span class="badge ${m.won ? "won" : "lost"}" data-testid="match-badge" data-forfeit="${m.forfeit ? "true" : "false"}">${t(word)}</span>`;
    }
    else if (m.status === "waiting") badge = html`<span class="badge waiting">${t("history.waiting")}</span>`;
    else if (m.your_turn) badge = html`<span class="badge turn">${t("history.your_turn")}</span>`;
    else badge = html`<span class="badge">${t("history.playing")}</span>`;
    const token = (seatOf(m.match_id) || {}).token;
    return html`<li class="match-row" data-testid="match-row" data-match-id="${m.match_id}" data-status="${m.status}">
      <a class="match-link" href="#/match/${encodeURIComponent(m.match_id)}">
        <span class="vs">${t("history.vs", { name: opponent })}</span>
        <span class="score-num">${mine}–${theirs}</span> ${badge}
        <span class="meta">${presetName(m.rules)} · ${t("history.to", { n: m.target })} · ${t("history.deals", { n: m.deals || 0 })} · ${when(m.updated)}</span>
      </a>
      ${!compact && m.deals ? html`<span class="row-tools">
        ${Array.from({ length: m.reviews ? m.deals : 0 }, (_, i) => i + 1)
          .filter((n) => m.status === "over" || n < m.deals)
          .map((n) => html`<a href="#/match/${encodeURIComponent(m.match_id)}/review/${n}" data-testid="history-review" title="${t("review.title", { n })}">${t("score.deal", { n })}</a>`)}
        ${token ? html`<a href="${api.recordURL(m.match_id, token)}" download data-testid="history-record">${t("table.download")}</a>
          <button type="button" class="link" data-show-record="${m.match_id}" data-testid="show-record">${t("history.show_record")}</button>` : ""}
      </span><pre class="record" data-record="${m.match_id}" hidden></pre>` : ""}
    </li>`;
  };
  return html`${open.length ? html`<h3>${t("history.unfinished")}</h3><ul class="matches" data-testid="match-list" data-kind="open">${open.map(row)}</ul>` : ""}
    ${done.length ? html`<h3>${t("history.finished")}</h3><ul class="matches" data-testid="match-list" data-kind="done">${done.map(row)}</ul>` : ""}`;
}

function pct(x) {
  return typeof x === "number" ? `${Math.round(100 * x)} %` : "–";
}


function matchesSub(m) {
  const sub = t("stats.matches_sub", { n: m.played || 0, open: m.unfinished || 0 });
  const forfeits = (m.won_by_forfeit || 0) + (m.lost_by_forfeit || 0);
  return forfeits ? `${sub} · ${t("stats.by_forfeit", { won: m.won_by_forfeit || 0, lost: m.lost_by_forfeit || 0 })}` : sub;
}

function statsHTML(stats) {
  if (!stats) return "";
  const m = stats.matches || {};
  const d = stats.deals || {};
  const g = stats.game_points || {};
  const sn = stats.schneider || {};
  const sw = stats.schwarz || {};
  const c = stats.closes || {};
  const cl = stats.claims || {};
  const tile = (key, value, sub = "") => html`<div class="stat" data-testid="stat-${key}"><span class="stat-value">${value}</span>
    <span class="stat-label">${t(`stats.${key}`)}</span>${sub ? html`<span class="stat-sub">${sub}</span>` : ""}</div>`;
  const perDeal = typeof g.per_deal === "number" ? signed(g.per_deal) : "–";
  return html`<section class="panel stats" data-testid="stats"><h2>${t("stats.title")}</h2><div class="stat-grid">
    ${tile("matches", `${m.won || 0}–${m.lost || 0}`, matchesSub(m))}
    ${tile("deals", `${d.won || 0}–${d.lost || 0}`, t("stats.deals_sub", { n: d.played || 0, tied: d.tied || 0 }))}
    ${tile("per_deal", perDeal, t("stats.per_deal_sub", { won: g.won || 0, lost: g.lost || 0 }))}
    ${tile("schneider", `${sn.given || 0} / ${sn.taken || 0}`, t("stats.given_taken"))}
    ${tile("schwarz", `${sw.given || 0} / ${sw.taken || 0}`, t("stats.given_taken"))}
    ${tile("closes", `${c.succeeded || 0}/${c.made || 0}`, pct(c.rate))}
    ${tile("claims", `${cl.made || 0}`, t("stats.false_claims", { n: cl.false || 0 }))}
  </div></section>`;
}

export function mountHistory(root) {
  let data = null;
  let error = null;
  let alive = true;
  const tokens = allTokens();
  const load = tokens.length ? api.history(tokens) : Promise.resolve({ matches: [], stats: null });
  load
    .then((answer) => {
      data = answer;
      if (alive) draw();
    })
    .catch((err) => {
      error = err.message;
      if (alive) draw();
    });

  function draw() {
    render(
      root,
      html`<section class="history" data-testid="history">
        <h1>${t("history.title")}</h1>
        ${error ? html`<p class="error" role="alert">${error}</p>` : ""}
        ${data ? statsHTML(data.stats) : html`<p>${t("lobby.loading")}</p>`}
        ${data ? html`<section class="panel">${matchRows(data.matches || [])}</section>` : ""}
        <p class="note">${t("history.note")}</p>
      </section>`,
    );
    for (const button of $$("[data-show-record]", root)) {
      button.addEventListener("click", () => showRecord(button.dataset.showRecord, button));
    }
  }

  async function showRecord(matchId, button) {
    const pre = root.querySelector(`pre[data-record="${CSS.escape(matchId)}"]`);
    if (!pre) return;
    if (!pre.hidden) {
      pre.hidden = true;
      return;
    }
    const token = (seatOf(matchId) || {}).token;
    try {
      pre.textContent = await api.recordText(matchId, token);
    } catch {
      pre.textContent = t("history.no_record");
    }
    pre.hidden = false;
    button.blur();
  }

  draw();
  return {
    unmount() {
      alive = false;
    },
    rerender: draw,
  };
}
