// The card table of the three- and four-handed games: one seat's view, live over the WebSocket.
//
// Everything drawn here comes from the seat state the server sends (docs/web-api.md, "Three
// and four seats"): the page never holds more than that seat may know. This seat sits at the
// bottom; the others around the table clockwise: on the left the player on its left, then
// across (the partner in the four-handed game), then on the right. Each seat shows its name,
// person or computer, dealer and "sits out" (three-handed), whose turn it is, its cards as
// backs (and cards shown, like the dealer's trump card in the four-handed game), its tricks.
// The current trick lies in front of the seats that played it. Play by click, or with the
// keys 1-8 (the n-th card of the hand); Enter starts the next deal.

import { api } from "../api.js";
import { backSVG, cardSVG } from "../cards.js";
import { chip } from "../describe.js";
import { html, raw, render, $ } from "../dom.js";
import { cardName, getLang, suitName, t } from "../i18n.js";
import { actionKind, handOrder, marriageCards } from "../notation.js";
import { seatOf } from "../store.js";
import { connectTable } from "../tablecore.js";

const STEP_PAUSE = 450; // ms between two successive changes (animations on)

/** The table positions of the seats, this seat first: bottom, left, top, right. */
export function positions(me, players) {
  const out = {};
  const places = players === 4 ? ["bottom", "left", "top", "right"] : ["bottom", "left", "right"];
  for (let i = 0; i < players; i += 1) out[((me - 1 + i) % players) + 1] = places[i];
  return out;
}

export function mountMultiTable(root, matchId, ctx) {
  const seat = seatOf(matchId);
  const token = seat.token;
  let state = null;

  const opts = () => {
    const s = ctx.settings();
    return { deck: s.deck, fourColor: s.fourColor, lang: getLang() };
  };
  const animations = () => ctx.settings().animations;

  // -- incoming states -----------------------------------------------------------------

  function apply(next) {
    if (live.hint && live.hint.version !== next.version) live.hint = null;
    state = next;
    draw();
  }

  function onPresence(connected) {
    if (!state) return;
    for (const entry of state.seats || []) {
      if (entry.kind === "human" && String(entry.seat) in connected) entry.connected = Boolean(connected[String(entry.seat)]);
    }
    draw();
  }

  const finishedTrick = (next, before) =>
    next.deal && before.deal && (next.deal.trick || []).length === 0 && (before.deal.trick || []).length > 0;
  // the live match: states in order, the action in flight, the error line, the hint
  const live = connectTable(matchId, token, {
    root,
    state: () => state,
    apply,
    draw,
    animations,
    stepPause: STEP_PAUSE,
    maxQueue: 12,
    finishedTrick,
    onPresence,
  });

  // -- acting -------------------------------------------------------------------------

  const allowed = () => live.allowed();

  function act(action) {
    if (live.canAct(action)) live.send(action);
  }

  function onClick(event) {
    const button = event.target.closest("[data-do]");
    if (!button || !root.contains(button) || button.disabled) return;
    if (button.dataset.do === "play") act(button.dataset.card);
    else if (button.dataset.do === "act") act(button.dataset.action);
    else if (button.dataset.do === "copy") copy(button.dataset.seat);
    else if (button.dataset.do === "hint") live.askHint();
  }

  function onKey(event) {
    if (!state || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && target.closest && target.closest("input, select, textarea, button, a, dialog[open]")) return;
    if (event.key === "Enter" && (state.legal || []).includes("next")) {
      event.preventDefault();
      act("next");
    } else if (/^[1-8]$/.test(event.key) && state.deal) {
      // the n-th card of the hand, as shown
      const card = handOrder(state.deal.hand || [], state.deal.trump)[Number(event.key) - 1];
      if (card) act(card);
    }
  }

  async function copy(seatNumber) {
    const input = $(`[data-testid=invite-link][data-seat="${seatNumber}"]`, root);
    if (!input) return;
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      input.select();
    }
  }

  root.addEventListener("click", onClick);
  document.addEventListener("keydown", onKey);

  // -- drawing ------------------------------------------------------------------------

  const seatInfo = (n) => (state.seats || []).find((s) => s.seat === n) || { seat: n, name: "?" };
  const nameOf = (n) => (n === state.seat ? t("word.you") : seatInfo(n).name);
  const dealSeat = (n) => ((state.deal && state.deal.seats) || []).find((s) => s.seat === n) || {};

  function turnOf() {
    if (!state || state.status !== "playing" || !state.deal) return "none";
    if ((state.legal || []).length) return "me";
    return state.deal.stage === "over" ? "none" : "other";
  }

  function draw() {
    if (!state) {
      render(root, html`<section class="table multi loading" data-testid="table" data-status="loading">
        <p class="prompt" data-testid="message">${live.error || t("table.loading")}</p></section>`);
      return;
    }
    document.body.dataset.version = String(state.version);
    render(root, tableHTML());
    live.drawConnection();
    document.title = `${(state.legal || []).length ? "● " : ""}66 · ${t("app.title")}`;
  }

  function tableHTML() {
    const o = opts();
    const deal = state.deal;
    const rules = state.rules || {};
    const where = positions(state.seat, state.players);
    const title = t("table.title", { preset: t(`preset.${rules.preset}`), target: state.match ? state.match.target : rules.target });
    return html`<section class="table multi players-${state.players} ${animations() ? "" : "still"}" data-testid="table"
        data-players="${state.players}" data-version="${state.version}" data-status="${state.status}"
        data-stage="${deal ? deal.stage : "none"}" data-turn="${turnOf()}" data-deal="${deal ? deal.number : 0}">
      <header class="table-head">
        <div class="table-title">${title}${deal ? html` · ${t("table.deal_number", { n: deal.number })}` : ""}</div>
        <span class="conn" data-testid="connection" data-status="${live.connection}"></span>
      </header>
      <div class="ring">
        ${Object.entries(where).filter(([n]) => Number(n) !== state.seat).map(([n, place]) => seatHTML(Number(n), place, o))}
        <div class="felt-center">${state.status === "waiting" ? waitingHTML() : centerHTML(where, o)}</div>
      </div>
      <div class="prompt-row"><p class="prompt ${(state.legal || []).length ? "my-turn" : ""}" data-testid="message" role="status" aria-live="polite">${promptText(o)}</p></div>
      ${live.error ? html`<p class="error" data-testid="error" role="alert">${live.error}</p>` : ""}
      ${handHTML(o)}
      ${actionsHTML(o)}
      ${meHTML()}
      <aside class="side">${scoreHTML()}${logHTML(o)}</aside>
    </section>`;
  }

  function badges(n) {
    const deal = state.deal;
    const out = [];
    if (deal && deal.dealer === n) out.push(html`<span class="badge dealer" data-testid="dealer-badge">${t("multi.dealer")}</span>`);
    if (deal && deal.sitting_out === n) out.push(html`<span class="badge out" data-testid="sits-out">${t("multi.sits_out")}</span>`);
    if (state.players === 4 && n !== state.seat) {
      const partner = n === state.you.partner;
      out.push(html`<span class="badge ${partner ? "partner" : "opp"}">${t(partner ? "multi.partner" : "multi.opponent")}</span>`);
    }
    if (deal && deal.stage !== "over" && deal.to_act === n && state.status === "playing") {
      out.push(html`<span class="badge turn" data-testid="to-act">${t("multi.to_act")}</span>`);
    }
    return out;
  }

  function seatHTML(n, place, o) {
    const info = seatInfo(n);
    const ds = dealSeat(n);
    const known = ds.known || [];
    const hidden = Math.max(0, (ds.hand_size || 0) - known.length);
    const backs = Array.from({ length: hidden }, () => html`<span class="opp-card">${raw(backSVG(o))}</span>`);
    const shown = known.map((c) => html`<span class="opp-card known" data-testid="known-card" data-card="${c}" title="${t("table.shown")}">${raw(cardSVG(c, o))}</span>`);
    const kind = info.kind === "computer"
      ? "" // the name says it: "Computer 2 (level 3)"
      : info.open
        ? html`<span class="presence off">${t("multi.open_seat")}</span>`
        : html`<span class="presence ${info.connected ? "on" : "off"}">${t(info.connected ? "table.online" : "table.offline")}</span>`;
    const stats = [];
    if (state.players === 3 && ds.active) {
      stats.push(html`<span data-testid="seat-tricks">${t("table.tricks", { n: ds.tricks || 0 })}</span>`);
      if (ds.points !== null && ds.points !== undefined) stats.push(html` · <span>${t("table.points", { n: ds.points })}</span>`);
    }
    if (state.players === 4) stats.push(html`<span>${t("multi.side", { n: info.side })}</span>`);
    return html`<div class="seat seat-${place} ${state.deal && state.deal.to_act === n && turnOf() !== "none" ? "acting" : ""}"
        data-testid="seat" data-seat="${n}" data-place="${place}" data-hand-size="${ds.hand_size || 0}">
      <div class="who"><strong data-testid="seat-name">${info.name}</strong> ${kind} ${badges(n)}</div>
      <div class="stats">${stats}</div>
      <div class="opp-hand" data-testid="seat-hand">${backs}${shown}</div>
    </div>`;
  }

  function waitingHTML() {
    const invites = state.invites || [];
    const rows = invites.map((inv) => {
      const link = new URL(inv.path, window.location.href).toString();
      return html`<div class="invite-row"><label>${t("multi.invite_for", { n: inv.seat })}
        <input readonly value="${link}" data-testid="invite-link" data-seat="${inv.seat}"></label>
        <button type="button" data-do="copy" data-seat="${inv.seat}" data-testid="copy-invite">${t("lobby.copy")}</button></div>`;
    });
    return html`<div class="trick waiting" data-testid="waiting"><h2>${t("table.waiting_title")}</h2><p>${t("multi.waiting")}</p>${rows}</div>`;
  }

  function centerHTML(where, o) {
    const deal = state.deal;
    if (!deal) return "";
    if (deal.stage === "over" && deal.outcome) return resultHTML(o);
    const trump = html`<div class="trump-box" data-testid="trump" data-trump="${deal.trump}" data-card="${deal.trump_card}">
      ${state.players === 3 ? talonHTML(o) : html`<span class="trump-label">${t("table.trump")}: ${chip(deal.trump_card, o)}</span>
        ${deal.trump_card_held ? html`<small class="held" data-testid="trump-held">${t("multi.trump_held")}</small>` : ""}`}
    </div>`;
    const current = deal.trick || [];
    let cards = current;
    let label = "";
    let last = false;
    if (!current.length && deal.last_trick) {
      cards = deal.last_trick.cards;
      last = true;
      label = t("multi.won_trick", { name: nameOf(deal.last_trick.winner), n: deal.last_trick.points });
    }
    const placed = cards.map(
      (e) => html`<div class="trick-card at-${where[e.seat]}" data-testid="trick-card" data-card="${e.card}" data-seat="${e.seat}"
        aria-label="${nameOf(e.seat)}: ${cardName(e.card, o.deck)}">${raw(cardSVG(e.card, o))}</div>`,
    );
    return html`${trump}<div class="trick" data-testid="trick" data-count="${current.length}">
      <div class="trick-label" ${last ? html`data-testid="last-trick" data-winner="${deal.last_trick.winner}"` : ""}>${label || (current.length ? t("table.current_trick") : t("table.no_trick_yet"))}</div>
      <div class="trick-cards multi ${last ? "last" : ""}">${placed}</div>
    </div>`;
  }

  function talonHTML(o) {
    const deal = state.deal;
    const status = deal.closed
      ? t(deal.closer === state.seat ? "table.closed_by_you" : "table.closed_by", { name: nameOf(deal.closer) })
      : deal.talon
        ? t("table.talon", { n: deal.talon })
        : t("table.talon_empty");
    return html`<span class="trump-label">${t("table.trump")}: ${chip(deal.trump_card, o)}</span>
      ${deal.face_up ? html`<span class="face-up-mini" data-testid="face-up" data-card="${deal.face_up}">${chip(deal.face_up, o)}</span>` : ""}
      <span class="talon-badge ${deal.closed ? "closed" : ""}" data-testid="talon" data-talon="${deal.talon}">${status}</span>`;
  }

  function resultHTML(o) {
    const deal = state.deal;
    const out = deal.outcome;
    const match = state.match || {};
    const mine = state.players === 4 ? state.you.side : state.seat;
    const cls = out.winner ? (out.winner === mine ? "won" : "lost") : "tie";
    const lines = [];
    if (!out.winner) lines.push(t("multi.tie"));
    else if (state.players === 4) {
      const name = t(out.winner === mine ? "multi.your_side" : "multi.other_side");
      lines.push(t("multi.wins", { name, n: out.credited }));
    } else {
      lines.push(t("multi.wins", { name: nameOf(out.winner), n: out.credited }));
      if (out.dealer_points) lines.push(t("multi.dealer_scores", { name: nameOf(out.dealer), n: out.dealer_points }));
    }
    const canNext = (state.legal || []).includes("next");
    const points = out.points || [];
    return html`<div class="trick result ${cls}" data-testid="deal-result" data-winner="${out.winner || ""}"
        data-game-points="${out.credited}" data-termination="${out.termination}">
      <h2 data-testid="deal-headline">${t("table.deal_number", { n: deal.number })}: ${lines[0]}</h2>
      <ul class="explanation">${lines.slice(1).map((l) => html`<li>${l}</li>`)}${(out.explanation || []).map((l) => html`<li>${l}</li>`)}</ul>
      <p class="totals" data-testid="deal-totals">${state.players === 4 ? t("multi.deal_points", { a: points[0], b: points[1] }) : out.headline}</p>
      <div class="result-buttons">
        ${canNext ? html`<button class="primary legal" data-do="act" data-action="next" data-testid="next-deal" data-legal="true">${t("table.next_deal")} <kbd>↵</kbd></button>` : ""}
        <a class="button" href="${api.recordURL(matchId, token)}" download data-testid="download-record">${t("table.download")}</a>
        ${match.over ? html`<a class="button primary" href="#/" data-testid="new-match">${t("table.new_match")}</a>` : ""}
      </div>
    </div>`;
  }

  function promptText(o) {
    const deal = state.deal;
    if (live.fatal) return live.error || t("table.token_refused");
    if (state.status === "waiting") return t("multi.waiting");
    if (!deal) return t("table.loading");
    if (live.pending) return t("table.sending");
    if (state.status === "over") return t("table.match_over");
    const legal = state.legal || [];
    if (deal.stage === "over") return legal.includes("next") ? t("prompt.deal_over") : "";
    if (state.players === 3 && deal.sitting_out === state.seat) return t("multi.spectator");
    if (!legal.length) {
      const actor = deal.to_act ? seatInfo(deal.to_act) : null;
      if (!actor) return "";
      if (actor.kind === "computer") return t("prompt.computer_thinking", { name: actor.name });
      return t("prompt.waiting_for", { name: actor.name });
    }
    if (deal.exchange_window) {
      const low = (state.rules.exchange_rank || "9") + deal.trump;
      return t("prompt.exchange_window", { low: cardName(low, o.deck), high: deal.face_up ? cardName(deal.face_up, o.deck) : "" });
    }
    if (deal.stage === "before_draw") return t("prompt.before_draw");
    if (deal.stage === "marriage") return t("prompt.marriage");
    if (deal.stage === "follow" && (deal.trick || []).length) {
      if (state.players === 4) return t("multi.follow");
      return t("prompt.follow", { card: cardName(deal.trick[0].card, o.deck) });
    }
    return t("prompt.lead");
  }

  function handHTML(o) {
    const deal = state.deal;
    if (!deal) return html`<div class="hand" data-testid="hand"></div>`;
    const hand = handOrder(deal.hand || [], deal.trump);
    const can = new Set(allowed());
    const cards = hand.map((card, i) => {
      const legal = can.has(card) && !live.pending && !live.fatal;
      const name = cardName(card, o.deck);
      return html`<button class="card-btn ${legal ? "legal" : ""} ${card[1] === deal.trump ? "trump" : ""}" data-do="play"
          data-testid="hand-card" data-card="${card}" data-legal="${legal ? "true" : "false"}" ${legal ? "" : raw("disabled")}
          aria-label="${name} (${i + 1})" title="${name}">${raw(cardSVG(card, o))}</button>`;
    });
    return html`<div class="hand ${deal.stage === "over" ? "done" : ""} ${(state.legal || []).length ? "my-turn" : ""}" data-testid="hand"
        data-count="${hand.length}" style="--n:${Math.max(hand.length, 6)}">${cards}</div>`;
  }

  function actionsHTML(o) {
    const deal = state.deal;
    if (!deal || deal.stage === "over" || state.status !== "playing") return "";
    const others = allowed().filter((a) => actionKind(a) !== "card" && a !== "next");
    const hintButton = state.hints && (state.legal || []).length
      ? html`<button class="act hint-btn" data-do="hint" data-testid="hint-button" ${live.pending ? raw("disabled") : ""}>${t("action.hint")}</button>`
      : "";
    let hintLine = "";
    if (live.hint && live.hint.loading) hintLine = html`<span class="hint" data-testid="hint-result" data-loading="true">${t("hint.thinking")}</span>`;
    else if (live.hint && live.hint.error) hintLine = html`<span class="hint" data-testid="hint-result">${live.hint.error}</span>`;
    else if (live.hint) {
      const best = actionKind(live.hint.best) === "card" ? chip(live.hint.best, o) : t(`action.${actionKind(live.hint.best)}`);
      hintLine = html`<span class="hint" data-testid="hint-result" data-best="${live.hint.best}">${t("hint.best")} ${best}</span>`;
    }
    if (!others.length) return html`<div class="actions" data-testid="actions">${hintButton}${hintLine}</div>`;
    const label = (a) => {
      const kind = actionKind(a);
      if (kind === "marriage") {
        const [k, q] = marriageCards(a);
        return html`<span class="marriage-points">${a.slice(0, 2)}</span> ${chip(k, o)}${chip(q, o)}`;
      }
      return t(`action.${kind}`);
    };
    return html`<div class="actions" data-testid="actions">${others.map(
      (a) => html`<button class="act legal" data-do="act" data-testid="action" data-action="${a}" data-legal="true"
        ${live.pending ? raw("disabled") : ""} title="${actionKind(a) === "marriage" ? suitName(a[2], o.deck) : ""}">${label(a)}</button>`,
    )}${hintButton}${hintLine}</div>`;
  }

  function meHTML() {
    const you = state.you || {};
    const badge = badges(state.seat);
    return html`<div class="me" data-testid="me" data-seat="${state.seat}"><strong>${you.name || t("word.you")}</strong> ${badge}
      ${state.players === 4 ? html` · ${t("multi.side", { n: you.side })}` : ""}
      · <span data-testid="my-points" data-points="${you.points ?? 0}">${t("table.points", { n: you.points ?? 0 })}</span>
      · <span data-testid="my-tricks" data-tricks="${you.tricks || 0}">${t("table.tricks", { n: you.tricks || 0 })}</span></div>`;
  }

  function scoreHTML() {
    const match = state.match;
    if (!match) return "";
    let rows;
    if (state.players === 4) {
      const sides = (state.deal && state.deal.sides) || [];
      rows = [1, 2].map((side) => {
        const members = [side, side + 2].map(nameOf).join(" & ");
        const now = sides[side - 1];
        const deal = now ? html` <small>(${t("table.tricks", { n: now.tricks })}${now.points !== null ? html`, ${t("table.points", { n: now.points })}` : ""})</small>` : "";
        return html`<div class="tally-row side-row ${side === state.you.side ? "mine" : ""}" data-testid="side-score" data-side="${side}" data-score="${match.score[side - 1]}">
          <span class="tally-name">${t(side === state.you.side ? "multi.your_side" : "multi.other_side")}: ${members}${deal}</span>
          <span class="tally-num">${match.score[side - 1]}</span></div>`;
      });
    } else {
      rows = [1, 2, 3].map((n) => html`<div class="tally-row" data-testid="seat-score" data-seat="${n}" data-score="${match.score[n - 1]}">
        <span class="tally-name">${nameOf(n)}${state.deal && state.deal.dealer === n ? html` <small>(${t("multi.dealer")})</small>` : ""}</span>
        <span class="tally-num">${match.score[n - 1]}</span></div>`);
    }
    const results = (match.results || []).map((r) => {
      let text;
      if (!r.winner) text = t("score.tie");
      else if (state.players === 4) text = `${t(r.winner === state.you.side ? "multi.your_side" : "multi.other_side")} +${r.game_points}`;
      else text = `${nameOf(r.winner)} +${r.game_points}${r.dealer_points ? `, ${nameOf(r.dealer)} +${r.dealer_points}` : ""}`;
      return html`<li data-testid="deal-result-line" data-deal="${r.deal}">${t("score.deal", { n: r.deal })}: ${text}</li>`;
    });
    return html`<section class="score" data-testid="match-score" data-score="${match.score.join("-")}">
      <h3>${t("score.title", { target: match.target })}</h3>${rows}
      ${match.carried ? html`<p class="carried">${t("score.carried", { n: match.carried })}</p>` : ""}
      ${results.length ? html`<ol class="deal-list">${results}</ol>` : ""}</section>`;
  }

  function logHTML(o) {
    const deal = state.deal;
    if (!deal) return "";
    const lines = (deal.history || []).filter((h) => h.action !== "draw").slice(-8).map((h) => {
      const kind = actionKind(h.action);
      const what = kind === "card" ? chip(h.action, o) : kind === "marriage" ? html`${h.action.slice(0, 2)} ${chip(marriageCards(h.action)[0], o)}${chip(marriageCards(h.action)[1], o)}` : t(`action.${kind}`);
      return html`<li class="${h.seat === state.seat ? "mine" : "theirs"}">${nameOf(h.seat)}: ${what}</li>`;
    });
    return html`<section class="log" data-testid="log"><h3>${t("table.log")}</h3><ol>${lines}</ol></section>`;
  }

  draw();

  return {
    unmount() {
      live.close();
      document.removeEventListener("keydown", onKey);
      root.removeEventListener("click", onClick);
      document.title = `66 · ${t("app.title")}`;
    },
    rerender: draw,
  };
}
