// The card table: one seat's view of a match, live over the WebSocket.
//
// Everything drawn here comes from the seat state the server sends (docs/web-api.md):
// the page never holds more than that seat may know. Legal actions are enabled and
// highlighted, everything else is disabled. Cards are played by click or keyboard:
// 1-6 (the number shown on the card), a card token (ah, th, 9s, dh = Dame of hearts),
// 20h/40s, x, c, cb, 66, d (draw), p (pass), Enter for the default (draw, keep, next deal),
// h for a hint, Esc to clear what was typed.

import { api } from "../api.js";
import { backSVG, cardSVG, suitSVG } from "../cards.js";
import {
  chip,
  dealHeadline,
  dealLog,
  explainOutcome,
  matchLine,
  names,
  signed,
  totalsLine,
} from "../describe.js";
import { $, html, raw, render } from "../dom.js";
import { cardName, getLang, suitName, t } from "../i18n.js";
import { actionKind, defaultAction, handOrder, interpretKeys, marriageCards } from "../notation.js";
import { saveSeat, seatOf } from "../store.js";
import { connectTable } from "../tablecore.js";
import { tallyStyle, tallySVG } from "../tally.js";

const STEP_PAUSE = 550; // ms between two successive changes (animations on)
const KEY_PAUSE = 900; // ms before "2" is taken as card 2 when "20h" could still follow

export function mountTable(root, matchId, ctx) {
  const seat = seatOf(matchId);
  if (!seat || !seat.token) {
    render(
      root,
      html`<section class="panel notice" data-testid="no-seat">
        <h2>${t("table.no_seat_title")}</h2>
        <p>${t("table.no_seat")}</p>
        <p><a class="button" href="#/" data-testid="back-to-lobby">${t("nav.lobby")}</a></p>
      </section>`,
    );
    return { unmount() {}, rerender() {} };
  }
  const token = seat.token;
  let state = null; // the state on screen
  let claimConfirm = null;
  let keys = "";
  let keyTimer = null;
  const shownCards = new Set(); // trick cards already on screen: only new ones slide in

  const opts = () => {
    const s = ctx.settings();
    return { deck: s.deck, fourColor: s.fourColor, exchangeRank: state?.rules?.exchange_rank, lang: getLang() };
  };
  const animations = () => ctx.settings().animations;

  // -- incoming states ---------------------------------------------------------------

  function accept(next) {
    if (next.players > 2) {
      // a three- or four-handed match this browser did not know the size of: its own table
      saveSeat(matchId, { players: next.players });
      ctx.navigate(window.location.hash);
      return false;
    }
    return true;
  }

  const finishedTrick = (next, before) =>
    next.deal && before.deal && next.deal.trick.length === 0 && next.deal.last_trick &&
    JSON.stringify(next.deal.last_trick) !== JSON.stringify(before.deal.last_trick);

  function apply(next) {
    const previous = state;
    state = next;
    if (!previous && next.deal) {
      // the first picture after a (re)load: nothing slides in
      const seen = [...(next.deal.trick || []), ...((next.deal.last_trick || {}).cards || [])];
      for (const e of seen) shownCards.add(`${next.deal.number}:${e.seat}:${e.card}`);
    }
    if (!previous || previous.version !== next.version) {
      claimConfirm = null;
      if (live.hint && live.hint.version !== next.version) live.hint = null;
    }
    draw();
  }

  function onPresence(connected) {
    if (state && state.opponent) {
      const other = String(3 - state.seat);
      if (other in connected) state.opponent.connected = Boolean(connected[other]);
      draw();
    }
  }

  // the live match: states in order, the action in flight, the error line, the hint
  const live = connectTable(matchId, token, {
    root,
    state: () => state,
    apply,
    draw,
    animations,
    stepPause: STEP_PAUSE,
    maxQueue: 6,
    finishedTrick,
    onPresence,
    accept,
  });

  // -- acting -----------------------------------------------------------------------

  const allowed = () => live.allowed();

  function act(action) {
    // while older changes are still being shown, the screen is not the present: wait
    if (!live.canAct(action)) return;
    if (action === "66" && !(state.you.points >= 66) && claimConfirm !== "66") {
      claimConfirm = "66";
      draw();
      setTimeout(() => {
        if (claimConfirm === "66") {
          claimConfirm = null;
          draw();
        }
      }, 5000);
      return;
    }
    claimConfirm = null;
    live.hint = null;
    keys = "";
    live.send(action);
  }

  // -- keyboard ---------------------------------------------------------------------

  function onKey(event) {
    if (!state || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && (target.closest("input, select, textarea, dialog[open]") || target.isContentEditable)) return;
    const key = event.key;
    // Enter on a focused button or link clicks it: that is what the player meant
    if (key === "Enter" && target && target.closest && target.closest("button, a, summary") && !keys) return;
    const hand = handOrder(state.deal ? state.deal.hand : [], state.deal ? state.deal.trump : "");
    const legal = allowed().filter((a) => a !== "next");
    if (key === "Escape") {
      keys = "";
      claimConfirm = null;
      drawKeys();
      return;
    }
    if (key === "Backspace") {
      keys = keys.slice(0, -1);
      drawKeys();
      event.preventDefault();
      return;
    }
    if (key === "Enter") {
      event.preventDefault();
      clearTimeout(keyTimer);
      if (keys) {
        const meaning = interpretKeys(keys, hand, legal);
        keys = "";
        drawKeys();
        if (meaning.action) act(meaning.action);
        else live.showError(t("keys.unknown"));
        return;
      }
      if (claimConfirm) return act(claimConfirm);
      const fallback = (state.legal || []).includes("next") ? "next" : defaultAction(state.legal || []);
      if (fallback) act(fallback);
      return;
    }
    if (key.length !== 1 || key === " ") return;
    if (!keys && (key === "h" || key === "H") && state.hints) {
      live.askHint();
      return;
    }
    if (!keys && key === "?") {
      const help = $("#key-help", root);
      if (help) help.open = !help.open;
      return;
    }
    if (!keys && (key === "n" || key === "N") && (state.legal || []).includes("next")) {
      act("next");
      return;
    }
    clearTimeout(keyTimer);
    keys += key;
    const meaning = interpretKeys(keys, hand, legal);
    if (meaning.status === "action") {
      keys = "";
      drawKeys();
      act(meaning.action);
    } else if (meaning.status === "maybe") {
      drawKeys();
      keyTimer = setTimeout(() => {
        keys = "";
        drawKeys();
        act(meaning.action);
      }, KEY_PAUSE);
    } else if (meaning.status === "prefix") {
      drawKeys();
      keyTimer = setTimeout(() => {
        keys = "";
        drawKeys();
      }, 4 * KEY_PAUSE);
    } else {
      const typed = keys;
      keys = "";
      drawKeys();
      live.showError(t("keys.invalid", { keys: typed }));
    }
    event.preventDefault();
  }

  document.addEventListener("keydown", onKey);

  // -- clicks -----------------------------------------------------------------------

  function onClick(event) {
    const button = event.target.closest("[data-do]");
    if (!button || !root.contains(button) || button.disabled) return;
    const what = button.dataset.do;
    if (what === "play") act(button.dataset.card);
    else if (what === "act") act(button.dataset.action);
    else if (what === "hint") live.askHint();
    else if (what === "copy") copyInvite();
  }

  root.addEventListener("click", onClick);

  async function copyInvite() {
    const input = $("[data-testid=invite-link]", root);
    if (!input) return;
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      input.select();
      document.execCommand && document.execCommand("copy");
    }
    const copied = $("[data-testid=copy-invite]", root);
    if (copied) copied.textContent = t("lobby.copied");
  }

  // -- drawing ----------------------------------------------------------------------

  function drawKeys() {
    const box = $("[data-testid=keys]", root);
    if (box) {
      box.textContent = keys ? t("keys.typed", { keys }) : "";
      box.hidden = !keys;
    }
  }

  function draw() {
    if (!state) {
      render(root, html`<section class="table loading" data-testid="table" data-status="loading">
        <p class="prompt" data-testid="message">${live.error || t("table.loading")}</p></section>`);
      return;
    }
    // keep the keyboard focus on the same button across the redraw
    const focused = document.activeElement && root.contains(document.activeElement) ? document.activeElement : null;
    const focusKey = focused && (focused.dataset.card ? `[data-card="${focused.dataset.card}"]` : focused.dataset.action ? `[data-action="${focused.dataset.action}"]` : null);
    document.body.dataset.version = String(state.version);
    render(root, tableHTML());
    live.drawConnection();
    drawKeys();
    if (focusKey) {
      const again = root.querySelector(`button${focusKey}:not([disabled])`);
      if (again) again.focus({ preventScroll: true });
    }
    document.title = `${isMyTurn() ? "● " : ""}66 · ${t("app.title")}`;
  }

  function isMyTurn() {
    return Boolean(state && (state.legal || []).length);
  }

  function turnOf() {
    if (!state || state.status !== "playing" || !state.deal) return "none";
    if (isMyTurn()) return "me";
    if (state.deal.stage === "over") return "none";
    return "opponent";
  }

  function tableHTML() {
    const o = opts();
    const who = names(state);
    const deal = state.deal;
    const rules = state.rules || {};
    const title = t("table.title", {
      preset: t(`preset.${rules.preset}`) || rules.preset,
      target: state.match ? state.match.target : rules.target,
    });
    return html`<section class="table ${animations() ? "" : "still"}" data-testid="table"
        data-version="${state.version}" data-status="${state.status}" data-stage="${deal ? deal.stage : "none"}"
        data-turn="${turnOf()}" data-deal="${deal ? deal.number : 0}">
      <header class="table-head">
        <div class="table-title">${title}${deal ? html` · ${t("table.deal_number", { n: deal.number })}` : ""}</div>
        <span class="conn" data-testid="connection" data-status="${live.connection}"></span>
      </header>
      ${opponentHTML(who, o)}
      <div class="middle ${state.status === "waiting" || (deal && deal.stage === "over") ? "wide" : ""}">
        ${stockHTML(who, o)}
        ${state.status === "waiting" ? waitingHTML() : trickHTML(who, o)}
      </div>
      <div class="prompt-row">
        <p class="prompt ${isMyTurn() ? "my-turn" : ""}" data-testid="message" role="status" aria-live="polite">${promptText(who, o)}</p>
        <span class="keys" data-testid="keys" hidden></span>
      </div>
      ${live.error ? html`<p class="error" data-testid="error" role="alert">${live.error}</p>` : ""}
      ${hintHTML(o)}
      ${handHTML(o)}
      ${actionsHTML(o)}
      ${meHTML()}
      <aside class="side">
        ${scoreHTML(who)}
        ${marriagesHTML(who, o)}
        ${logHTML(who, o)}
        ${keyHelpHTML()}
      </aside>
    </section>`;
  }

  function opponentHTML(who, o) {
    const opp = state.opponent || {};
    const known = opp.known || [];
    const hidden = Math.max(0, (opp.hand_size || 0) - known.length);
    const backs = Array.from({ length: hidden }, () => html`<span class="opp-card">${raw(backSVG())}</span>`);
    const shown = known.map(
      (c) => html`<span class="opp-card known" data-testid="opp-known" data-card="${c}" title="${t("table.shown")}">${raw(cardSVG(c, o))}</span>`,
    );
    const online = opp.kind === "human" ? html`<span class="presence ${opp.connected ? "on" : "off"}" data-testid="presence"
        data-connected="${opp.connected ? "true" : "false"}">${opp.connected ? t("table.online") : t("table.offline")}</span>` : "";
    const points = opp.points === null || opp.points === undefined
      ? html`<span data-testid="opp-points" data-points="" title="${t("table.points_hidden_why")}">${t("table.points_hidden")}</span>`
      : html`<span data-testid="opp-points" data-points="${opp.points}">${t("table.points", { n: opp.points })}${opp.pending ? ` (+${opp.pending})` : ""}</span>`;
    return html`<div class="opponent" data-testid="opponent" data-hand-size="${opp.hand_size || 0}">
      <div class="who"><strong data-testid="opp-name">${who.opp}</strong> ${online}</div>
      <div class="opp-hand">${backs}${shown}</div>
      <div class="stats"><span data-testid="opp-tricks" data-tricks="${opp.tricks || 0}">${t("table.tricks", { n: opp.tricks || 0 })}</span> · ${points}</div>
    </div>`;
  }

  function stockHTML(who, o) {
    const deal = state.deal;
    if (!deal) return html`<div class="stock empty" data-testid="talon" data-count="0"></div>`;
    const trump = deal.trump;
    const trumpLabel = html`<div class="trump-label" data-testid="trump-suit" data-suit="${trump}">
      <span class="trump-word">${t("table.trump")}</span> <span class="trump-sign">${raw(suitSVG(trump, o))}</span> ${suitName(trump, o.deck)}</div>`;
    let faceUp = "";
    if (deal.face_up && !deal.closed) {
      faceUp = html`<div class="face-up" data-testid="trump-card" data-card="${deal.face_up}" title="${cardName(deal.face_up, o.deck)}">${raw(cardSVG(deal.face_up, o))}</div>`;
    } else if (deal.face_up && deal.closed) {
      faceUp = html`<div class="face-up turned" data-testid="trump-card" data-card="" title="${t("table.turned_down")}">${raw(backSVG())}</div>`;
    }
    const pile = deal.talon > (deal.face_up ? 1 : 0)
      ? html`<div class="pile">${raw(backSVG())}${deal.talon > 3 ? raw(backSVG({ className: "card-svg card-back second" })) : ""}</div>`
      : "";
    let badge;
    if (deal.closed) {
      badge = html`<div class="talon-badge closed" data-testid="closed" data-closer="${deal.closer || ""}">${t(deal.closer === state.seat ? "table.closed_by_you" : "table.closed_by", { name: who.opp })}</div>`;
    } else if (deal.exhausted || deal.talon === 0) {
      badge = html`<div class="talon-badge exhausted" data-testid="exhausted">${t("table.talon_empty")}</div>`;
    } else {
      badge = html`<div class="talon-badge">${t("table.talon", { n: deal.talon })}</div>`;
    }
    return html`<div class="stock" data-testid="talon" data-count="${deal.talon}" data-closed="${deal.closed ? "true" : "false"}">
      <div class="stock-cards ${deal.talon ? "" : "gone"}">${faceUp}${pile}</div>
      ${badge}
      ${trumpLabel}
    </div>`;
  }

  function waitingHTML() {
    const invite = state.invite;
    const link = invite ? new URL(invite.path, window.location.origin).href : "";
    return html`<div class="trick waiting" data-testid="waiting">
      <h2>${t("table.waiting_title")}</h2>
      ${invite ? html`<p>${t("lobby.invite_send")}</p>
        <div class="invite-row"><input readonly value="${link}" data-testid="invite-link" aria-label="${t("lobby.invite_link")}">
        <button data-do="copy" data-testid="copy-invite">${t("lobby.copy")}</button></div>` : html`<p>${t("table.waiting")}</p>`}
    </div>`;
  }

  function trickCard(entry, o, label) {
    const mine = entry.seat === state.seat;
    const key = `${state.deal.number}:${entry.seat}:${entry.card}`;
    const fresh = !shownCards.has(key);
    shownCards.add(key);
    return html`<div class="trick-card ${mine ? "mine" : "theirs"} ${fresh && animations() ? (mine ? "enter-up" : "enter-down") : ""}"
        data-testid="trick-card" data-card="${entry.card}" data-seat="${entry.seat}" aria-label="${label}">${raw(cardSVG(entry.card, o))}</div>`;
  }

  function trickHTML(who, o) {
    const deal = state.deal;
    if (!deal) return html`<div class="trick" data-testid="trick"></div>`;
    if (deal.stage === "over" && deal.outcome) return resultHTML(who, o);
    const current = deal.trick || [];
    if (current.length) {
      return html`<div class="trick" data-testid="trick" data-count="${current.length}">
        <div class="trick-label">${t("table.current_trick")}</div>
        <div class="trick-cards">${current.map((e) => trickCard(e, o, cardName(e.card, o.deck)))}</div>
        ${lastTrickMini(who, o)}
      </div>`;
    }
    const last = deal.last_trick;
    if (last) {
      const label = t(last.winner === state.seat ? "table.last_trick_you" : "table.last_trick_other", { name: who.opp, n: last.points });
      return html`<div class="trick showing-last" data-testid="trick" data-count="0">
        <div class="trick-label" data-testid="last-trick" data-winner="${last.winner}" data-points="${last.points}">${label}</div>
        <div class="trick-cards last">${last.cards.map((e) => trickCard(e, o, cardName(e.card, o.deck)))}</div>
      </div>`;
    }
    return html`<div class="trick" data-testid="trick" data-count="0"><div class="trick-label">${t("table.no_trick_yet")}</div></div>`;
  }

  function lastTrickMini(who, o) {
    const last = state.deal.last_trick;
    if (!last) return "";
    return html`<div class="last-mini" data-testid="last-trick" data-winner="${last.winner}" data-points="${last.points}">
      ${t("table.last")}: ${last.cards.map((e) => chip(e.card, o))} → ${last.winner === state.seat ? t("word.you") : who.opp} (${last.points})</div>`;
  }

  function resultHTML(who, o) {
    const deal = state.deal;
    const out = deal.outcome;
    const won = out.winner === state.seat;
    const cls = out.winner ? (won ? "won" : "lost") : "tie";
    const lines = explainOutcome(out, who, getLang(), state.rules);
    const match = state.match || {};
    const canNext = (state.legal || []).includes("next");
    const last = deal.last_trick;
    return html`<div class="trick result ${cls}" data-testid="deal-result" data-winner="${out.winner || ""}"
        data-game-points="${out.credited ?? out.game_points}" data-termination="${out.termination}">
      <h2 data-testid="deal-headline">${t("table.deal_number", { n: deal.number })}: ${dealHeadline(out, who)}</h2>
      <ul class="explanation">${lines.map((line) => html`<li>${line}</li>`)}</ul>
      <p class="totals" data-testid="deal-totals">${totalsLine(out, who)}</p>
      ${last ? html`<p class="last-line">${t("table.last")}: ${last.cards.map((e) => chip(e.card, o))}</p>` : ""}
      ${match.over ? html`<p class="match-line" data-testid="match-result">${matchLine(match, who)}</p>` : ""}
      <div class="result-buttons">
        ${canNext ? html`<button class="primary legal" data-do="act" data-action="next" data-testid="next-deal" data-legal="true">${t("table.next_deal")} <kbd>↵</kbd></button>` : ""}
        ${!canNext && !match.over ? html`<span class="waiting-next">${t("table.waiting_next", { name: who.opp })}</span>` : ""}
        <a class="button" href="#/match/${encodeURIComponent(matchId)}/review/${deal.number}" data-testid="review-button">${t("table.review")}</a>
        <a class="button" href="${api.recordURL(matchId, token)}" download data-testid="download-record">${t("table.download")}</a>
        ${match.over ? html`<a class="button primary" href="#/" data-testid="new-match">${t("table.new_match")}</a>` : ""}
      </div>
    </div>`;
  }

  function promptText(who, o) {
    const deal = state.deal;
    if (live.fatal) return live.error || t("table.token_refused");
    if (state.status === "waiting") return state.invite ? "" : t("table.waiting");
    if (!deal) return t("table.loading");
    if (live.pending) return t("table.sending");
    if (state.status === "over") return t("table.match_over");
    const legal = state.legal || [];
    if (deal.stage === "over") return legal.includes("next") ? t("prompt.deal_over") : t("table.waiting_next", { name: who.opp });
    if (!legal.length) {
      const opp = state.opponent || {};
      if (opp.kind === "computer") return t("prompt.computer_thinking", { name: who.opp });
      if (opp.kind === "human" && !opp.connected) return t("prompt.opponent_offline", { name: who.opp });
      return t("prompt.waiting_for", { name: who.opp });
    }
    if (deal.exchange_window) {
      const low = (state.rules.exchange_rank || "9") + deal.trump;
      return withChipsPrompt("prompt.exchange_window", { low: chip(low, o), high: deal.face_up ? chip(deal.face_up, o) : "" });
    }
    if (deal.stage === "before_draw") return t("prompt.before_draw");
    if (deal.stage === "marriage") return t("prompt.marriage");
    if (deal.stage === "follow" && deal.trick.length) {
      const strict = deal.closed || deal.exhausted;
      const base = withChipsPrompt("prompt.follow", { card: chip(deal.trick[0].card, o) });
      return strict ? html`${base} ${t("prompt.follow_strict")}` : base;
    }
    return deal.closed || deal.exhausted ? t("prompt.lead_strict") : t("prompt.lead");
  }

  function withChipsPrompt(key, chips) {
    const text = t(key);
    return raw(
      text
        .split(/(\{\w+\})/)
        .map((part) => {
          const m = /^\{(\w+)\}$/.exec(part);
          return m && m[1] in chips ? String(chips[m[1]]) : String(html`${part}`);
        })
        .join(""),
    );
  }

  function hintHTML(o) {
    if (!state.hints || !live.hint) return "";
    if (live.hint.loading) return html`<div class="hint" data-testid="hint-result" data-loading="true">${t("hint.thinking")}</div>`;
    if (live.hint.error) return html`<div class="hint" data-testid="hint-result">${live.hint.error}</div>`;
    const label = (a) => (actionKind(a) === "card" ? chip(a, o) : html`<b>${actionLabel(a)}</b>`);
    const rows = (live.hint.actions || []).slice(0, 4).map(
      (a) => html`<li class="${a.action === live.hint.best ? "best" : ""}">${label(a.action)} <span class="num">${signed(a.value)}</span>
        <span class="num">${t("hint.wins", { p: Math.round(100 * a.win_chance) })}</span></li>`,
    );
    return html`<div class="hint" data-testid="hint-result" data-best="${live.hint.best}">
      <div>${t("hint.best")} ${label(live.hint.best)} ${live.hint.exact ? html`<span class="tag">${t("hint.exact")}</span>` : ""}</div>
      <ul>${rows}</ul>
    </div>`;
  }

  function handHTML(o) {
    const deal = state.deal;
    if (!deal) return html`<div class="hand" data-testid="hand"></div>`;
    const hand = handOrder(deal.hand, deal.trump);
    const can = new Set(allowed());
    const best = live.hint && !live.hint.loading ? live.hint.best : null;
    const cards = hand.map((card, i) => {
      const legal = can.has(card) && !live.pending && !live.fatal;
      const trump = card[1] === deal.trump;
      const name = cardName(card, o.deck);
      return html`<button class="card-btn ${legal ? "legal" : ""} ${trump ? "trump" : ""} ${best === card ? "hinted" : ""}"
          data-do="play" data-testid="hand-card" data-card="${card}" data-legal="${legal ? "true" : "false"}"
          data-key="${i + 1}" ${legal ? "" : raw("disabled")} aria-label="${name} (${i + 1})" title="${name}">
          ${raw(cardSVG(card, o))}<span class="key">${i + 1}</span></button>`;
    });
    return html`<div class="hand ${deal.stage === "over" ? "done" : ""} ${isMyTurn() ? "my-turn" : ""}" data-testid="hand" data-count="${hand.length}"
        style="--n:${Math.max(hand.length, 5)}">${cards}</div>`;
  }

  function actionLabel(a) {
    const kind = actionKind(a);
    if (kind === "marriage") return `${a.slice(0, 2)} ${suitName(a[2], opts().deck)}`;
    return t(`action.${kind}`);
  }

  function actionsHTML(o) {
    const deal = state.deal;
    if (!deal || deal.stage === "over" || state.status !== "playing") return "";
    const can = new Set(allowed());
    const legalNow = new Set(state.legal || []);
    const best = live.hint && !live.hint.loading ? live.hint.best : null;
    const phase1 = !deal.closed && !deal.exhausted;
    const buttons = [];
    const button = (action, label, key, extra = "", show = true) => {
      if (!show) return;
      const legal = can.has(action) && !live.pending && !live.fatal;
      const cls = ["act", legal ? "legal" : "", best === action ? "hinted" : "", extra].filter(Boolean).join(" ");
      buttons.push(html`<button class="${cls}" data-do="act" data-testid="action" data-action="${action}"
          data-legal="${legal ? "true" : "false"}" ${legal ? "" : raw("disabled")}>${label}${key ? html` <kbd>${key}</kbd>` : ""}</button>`);
    };
    // marriages: only those possible now (or right after the draw)
    for (const a of [...can].filter((x) => actionKind(x) === "marriage").sort()) {
      const [k, q] = marriageCards(a);
      button(a, html`<span class="marriage-points">${a.slice(0, 2)}</span> ${chip(k, o)}${chip(q, o)}`, a, "marriage");
    }
    if (phase1) {
      const low = (state.rules.exchange_rank || "9") + deal.trump;
      // the face-up card may be the exchange card itself (then nobody can exchange)
      const exchangeLabel = deal.face_up && deal.face_up !== low
        ? html`${t("action.exchange")} ${chip(low, o)}⇄${chip(deal.face_up, o)}`
        : t("action.exchange");
      button("X", exchangeLabel, "X", "", can.has("X") || (deal.face_up && deal.face_up !== low));
      if (can.has("pass")) button("pass", t("action.pass"), "P");
      const close = can.has("CB") ? "CB" : "C";
      button(close, t(close === "CB" ? "action.close_before_draw" : "action.close"), close);
      if (deal.stage === "before_draw" || legalNow.has("draw")) button("draw", t("action.draw"), "↵");
    }
    const claimLabel = claimConfirm === "66"
      ? t("action.claim_confirm", { n: state.you.points })
      : t("action.claim");
    button("66", claimLabel, "66", claimConfirm === "66" ? "confirm" : "claim");
    const hintButton = state.hints
      ? html`<button class="act hint-btn" data-do="hint" data-testid="hint-button" ${(state.legal || []).length && !live.pending ? "" : raw("disabled")}>${t("action.hint")} <kbd>H</kbd></button>`
      : "";
    return html`<div class="actions" data-testid="actions">${buttons}${hintButton}</div>`;
  }

  function meHTML() {
    const you = state.you || {};
    return html`<div class="me" data-testid="me">
      <strong>${you.name || t("word.you")}</strong>
      <span data-testid="my-points" data-points="${you.points ?? 0}" data-pending="${you.pending || 0}">${t("table.points", { n: you.points ?? 0 })}${you.pending ? html` <span class="pending" title="${t("table.pending_why")}">${t("table.pending", { n: you.pending })}</span>` : ""}</span>
      · <span data-testid="my-tricks" data-tricks="${you.tricks || 0}">${t("table.tricks", { n: you.tricks || 0 })}</span>
    </div>`;
  }

  function scoreHTML(who) {
    const match = state.match;
    if (!match) return "";
    const style = tallyStyle(state.rules.preset, state.rules.tally || "auto");
    const results = match.results || [];
    const wonBy = (s) => results.filter((r) => r.winner === s).map((r) => r.game_points);
    const me = state.seat;
    const other = 3 - me;
    const row = (s, name, testid) => html`<div class="tally-row" data-testid="${testid}" data-score="${match.score[s - 1]}">
      <span class="tally-name">${name}</span>${raw(tallySVG(wonBy(s), match.target, style, t("score.tally_label", { name, n: match.score[s - 1], target: match.target })))}
      <span class="tally-num">${match.score[s - 1]}</span></div>`;
    const deals = results.map((r) => {
      const label = r.winner ? `${r.winner === me ? t("word.you") : who.opp} +${r.game_points}` : t("score.tie");
      return html`<li><a href="#/match/${encodeURIComponent(matchId)}/review/${r.deal}" data-testid="deal-review-link" data-deal="${r.deal}">${t("score.deal", { n: r.deal })}</a> ${label}</li>`;
    });
    return html`<section class="score" data-testid="match-score" data-score="${match.score[me - 1]}-${match.score[other - 1]}">
      <h3>${t("score.title", { target: match.target })}</h3>
      ${row(me, t("word.you"), "tally-me")}
      ${row(other, who.opp, "tally-opp")}
      ${match.carried ? html`<p class="carried">${t("score.carried", { n: match.carried })}</p>` : ""}
      ${deals.length ? html`<ol class="deal-list">${deals}</ol>` : ""}
    </section>`;
  }

  function marriagesHTML(who, o) {
    const deal = state.deal;
    if (!deal || !(deal.marriages || []).length) return "";
    const rows = deal.marriages.map(
      (m) => html`<li data-testid="marriage" data-seat="${m.seat}" data-suit="${m.suit}" data-points="${m.points}">
        ${m.seat === state.seat ? t("word.you") : who.opp}: <b>${m.points}</b> ${m.cards.map((c) => chip(c, o))}</li>`,
    );
    return html`<section class="marriages"><h3>${t("table.marriages")}</h3><ul>${rows}</ul></section>`;
  }

  function logHTML(who, o) {
    const deal = state.deal;
    const previous = state.previous_deal;
    let prev = "";
    if (previous && previous.outcome && deal && (deal.history || []).length < 6) {
      prev = html`<p class="previous" data-testid="previous-deal">${t("table.previous_deal", { n: previous.number })}: ${dealHeadline(previous.outcome, who)}
        <a href="#/match/${encodeURIComponent(matchId)}/review/${previous.number}">${t("table.review")}</a></p>`;
    }
    if (!deal) return prev;
    const lines = dealLog(deal, who, o);
    const recent = lines.slice(-8);
    return html`<section class="log" data-testid="log">${prev}<h3>${t("table.log")}</h3>
      <ol start="${lines.length - recent.length + 1}">${recent.map((l) => html`<li class="${l.trick ? "trick-line" : ""} ${l.seat === state.seat ? "mine" : "theirs"}">${l.html}</li>`)}</ol></section>`;
  }

  function keyHelpHTML() {
    return html`<details class="key-help" id="key-help"><summary>${t("keys.title")}</summary>
      <ul>${["keys.numbers", "keys.tokens", "keys.specials", "keys.enter", "keys.hint"].map((k) => html`<li>${t(k)}</li>`)}</ul></details>`;
  }

  draw();

  return {
    unmount() {
      live.close();
      clearTimeout(keyTimer);
      document.removeEventListener("keydown", onKey);
      root.removeEventListener("click", onClick);
      document.title = `66 · ${t("app.title")}`;
    },
    rerender: draw,
  };
}
