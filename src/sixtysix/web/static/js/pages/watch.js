// Watching a match: a spectator's table. The server sends only what a spectator may see
// (docs/web-api.md, "Watching a match"): names, scores, the trump card, the talon's size, the
// cards played and shown, the marriages, and every card once a deal is over. Nothing here
// decides a game fact: winners, points and the order of the log are the server's.

import { WatchSocket } from "../api.js";
import { backSVG, cardSVG } from "../cards.js";
import { botBadge, dealLog, labelled, names } from "../describe.js";
import { html, raw, render } from "../dom.js";
import { cardName, getLang, t } from "../i18n.js";
import { presetName } from "../presets.js";

export function mountWatch(root, matchId, ctx) {
  let state = null;
  let status = "connecting";
  let missing = false;

  const opts = () => {
    const s = ctx.settings();
    return { deck: s.deck, fourColor: s.fourColor, exchangeRank: state?.rules?.exchange_rank, lang: getLang() };
  };

  const socket = new WatchSocket(matchId, {
    onState(next) {
      state = next;
      draw();
    },
    onStatus(value) {
      status = value;
      if (value === "fatal") missing = true;
      draw();
    },
    onError() {},
  });

  const card = (c, o, testid) => html`<span class="watch-card" data-testid="${testid}" data-card="${c}" title="${cardName(c, o.deck)}">${raw(cardSVG(c, o))}</span>`;

  function seatHTML(entry, dealSeat, deal, who, o) {
    // a finished deal shows the cards that were left instead of their backs
    const revealed = deal && deal.revealed ? (deal.revealed.hands.find((h) => h.seat === entry.seat) || { cards: [] }).cards : null;
    const known = dealSeat && !revealed ? dealSeat.known : [];
    const backs = dealSeat && !revealed ? Math.max(0, dealSeat.hand_size - known.length) : 0;
    const counts = dealSeat && dealSeat.active
      ? html`<span class="counts">${t("table.tricks", { n: dealSeat.tricks ?? 0 })}${dealSeat.points !== null && dealSeat.points !== undefined ? html` · ${t("table.points", { n: dealSeat.points })}` : ""}</span>`
      : html`<span class="note">${t("multi.sits_out")}</span>`;
    return html`<div class="watch-seat ${deal && deal.to_act === entry.seat ? "to-act" : ""}" data-testid="watch-seat" data-seat="${entry.seat}">
      <b>${who.name(entry.seat)}</b>${botBadge(entry.bot)} ${counts}
      <div class="watch-hand">${known.map((c) => card(c, o, "known-card"))}${Array.from({ length: backs }, () => html`<span class="watch-card back">${raw(backSVG())}</span>`)}${(revealed || []).map((c) => card(c, o, "revealed-card"))}</div>
    </div>`;
  }

  function dealHTML(deal, who, o) {
    const trump = deal.face_up
      ? card(deal.face_up, o, "trump-card")
      : html`<span class="watch-card" data-testid="trump-card" data-card="${deal.trump_card}">${raw(cardSVG(deal.trump_card, o))}</span>`;
    const talon = deal.talon === null ? "" : deal.talon ? t("table.talon", { n: deal.talon }) : t("table.talon_empty");
    const trick = deal.trick.length ? deal.trick : deal.last_trick && deal.stage !== "over" ? deal.last_trick.cards : [];
    const marriages = deal.marriages.map((m) => html`<li data-testid="watch-marriage">${labelled(who.name(m.seat))}${m.cards.map((c) => card(c, o, "marriage-card"))} (${m.points})</li>`);
    const log = dealLog(deal, who, o).map((line) => html`<li class="${line.trick ? "trick-line" : ""}">${line.html}</li>`);
    const outcome = deal.outcome
      ? html`<p class="watch-outcome" data-testid="watch-outcome">${deal.outcome.winner ? t("outcome.headline.other", { name: state.match.by === "side" ? t("multi.side", { n: deal.outcome.winner }) : who.name(deal.outcome.winner), n: deal.outcome.credited }) : t("outcome.tie_headline")}</p>`
      : "";
    const left = deal.revealed && deal.revealed.talon.length ? html`<p>${t("watch.talon_left")} ${deal.revealed.talon.map((c) => card(c, o, "talon-left-card"))}</p>` : "";
    return html`<div class="watch-deal" data-testid="watch-deal">
      <p>${t("watch.deal", { n: deal.number })} · ${t("table.trump")} ${trump} · <span data-testid="watch-talon">${talon}</span></p>
      <div class="watch-trick" data-testid="watch-trick">${trick.map((e) => html`<span class="played">${who.name(e.seat)} ${card(e.card, o, "played-card")}</span>`)}</div>
      ${marriages.length ? html`<ul class="watch-marriages">${marriages}</ul>` : ""}
      ${outcome}${left}
      <ol class="watch-log" data-testid="watch-log">${log}</ol>
    </div>`;
  }

  function draw() {
    if (missing) {
      render(root, html`<section class="panel" data-testid="watch-missing"><p>${t("watch.missing")}</p><a href="#/">${t("nav.lobby")}</a></section>`);
      return;
    }
    if (!state) {
      render(root, html`<section class="panel"><p>${t("lobby.loading")}</p></section>`);
      return;
    }
    const o = opts();
    const who = names(state);
    const deal = state.deal;
    const seats = state.seats.map((entry) => seatHTML(entry, deal ? deal.seats.find((s) => s.seat === entry.seat) : null, deal, who, o));
    const score = state.match.by === "side"
      ? state.match.score.map((n, i) => `${t("multi.side", { n: i + 1 })} ${n}`).join(" · ")
      : state.seats.map((s) => `${who.name(s.seat)} ${state.match.score[s.seat - 1]}`).join(" · ");
    render(
      root,
      html`<section class="watch" data-testid="watch" data-status="${status}" data-version="${state.version}">
        <h1>${t("watch.title")}</h1>
        <p class="note">${presetName(state.rules.preset)} · ${t("watch.target", { n: state.match.target })}
          ${state.delay ? html` · <span data-testid="watch-delay">${t("watch.delay", { n: state.delay })}</span>` : ""}</p>
        <p data-testid="watch-score">${score}</p>
        ${state.status === "over" ? html`<p data-testid="watch-over">${t("watch.over")}</p>` : ""}
        ${state.status === "waiting" ? html`<p>${t("multi.waiting")}</p>` : ""}
        <div class="watch-seats">${seats}</div>
        ${deal ? dealHTML(deal, who, o) : ""}
      </section>`,
    );
  }

  draw();
  return {
    unmount() {
      socket.close();
    },
    rerender: draw,
  };
}

