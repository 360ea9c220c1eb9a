// The card table: one seat's view of a match of two, three or four seats, live over the
// WebSocket.
//
// Everything drawn here comes from the seat state the server sends (docs/web-api.md): the
// page never holds more than that seat may know, and no rule of the game: legal actions,
// each trick's winner and points, the scores and the explanations are the server's. This
// seat sits at the bottom, the others around the table clockwise (the one opponent of a
// two-seat table across; in the four-handed game the partner across). Legal actions are
// enabled and highlighted, everything else is disabled. Play by click or keyboard: 1-8
// (the number shown on the card), a card token (ah, th, 9s, dh = Dame of hearts), 20h/40s,
// x, c, cb, 66, d (draw), p (pass), Enter for the default (draw, keep, next deal), h for a
// hint, Esc to clear what was typed.

import { api } from "../api.js";
import { backSVG, cardSVG, suitSVG } from "../cards.js";
import {
  botBadge,
  chip,
  dealHeadline,
  dealLog,
  explainOutcome,
  labelled,
  matchLine,
  names,
  seatName,
  totalsLine,
  withChips,
  withError,
} from "../describe.js";
import { $, html, raw, render } from "../dom.js";
import { fairnessHTML, ownAlarmHTML, ownCheck, rememberShown } from "../fairness.js";
import { cardName, getLang, suitName, t } from "../i18n.js";
import { actionKind, defaultAction, interpretKeys, marriageCards } from "../notation.js";
import { presetName } from "../presets.js";
import { saveSeat, seatOf } from "../store.js";
import { connectTable } from "../tablecore.js";
import { tallyStyle, tallySVG } from "../tally.js";

const STEP_PAUSE = 500; // ms between two successive changes (animations on)
const KEY_PAUSE = 900; // ms before "2" is taken as card 2 when "20h" could still follow
const REFUSAL_SHOWN = 5000; // ms a refused card's reason stays beside the hand
const CLAIMS = ["claim_deal", "claim_match"]; // against a seat whose move clock ran out (docs/web.md)
const PLACES = { 2: ["bottom", "top"], 3: ["bottom", "left", "right"], 4: ["bottom", "left", "top", "right"] };

/** The places of the seats around the table: ``me`` at the bottom, the others clockwise. */
export function positions(me, players) {
  const out = {};
  const places = PLACES[players] || PLACES[2];
  for (let i = 0; i < players; i += 1) out[((me - 1 + i) % players) + 1] = places[i];
  return out;
}

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
  let refusal = null; // {card, version}: the card a click could not play, with the server's reason
  let refusalTimer = null;
  let clockOffset = 0; // the server's clock minus this browser's, in seconds
  let clockShown = ""; // what the move clock showed last (a redraw when its buttons change)
  let wasMyTurn = false;
  let dealtShown = null; // the deal whose cards were last seen arriving in the hand
  let handShown = new Set(); // the cards of the hand drawn last: a new one was just drawn
  let takenShown = ""; // the last trick already shown taken ("deal:tricks")

  const opts = () => {
    const s = ctx.settings();
    return { deck: s.deck, fourColor: s.fourColor, exchangeRank: state?.rules?.exchange_rank, lang: getLang() };
  };
  const animations = () => ctx.settings().animations;

  // -- incoming states ---------------------------------------------------------------

  const finishedTrick = (next, before) =>
    Boolean(next.deal && before.deal && (next.deal.tricks_played || 0) > (before.deal.tricks_played || 0));

  function apply(next) {
    const previous = state;
    state = next;
    if (next.clock) clockOffset = next.clock.now - Date.now() / 1000;
    const myTurn = isMyTurn();
    if (myTurn && !wasMyTurn && previous) turnSound();
    wasMyTurn = myTurn;
    if (!previous && next.deal) {
      // the first picture after a (re)load: nothing slides in
      const seen = [...(next.deal.trick || []), ...((next.deal.last_trick || {}).cards || [])];
      for (const e of seen) shownCards.add(`${next.deal.number}:${e.seat}:${e.card}`);
      takenShown = `${next.deal.number}:${next.deal.tricks_played || 0}`; // a trick on screen already: not taken again
    }
    if (!previous || previous.version !== next.version) {
      claimConfirm = null;
      if (live.hint && live.hint.version !== next.version) live.hint = null;
    }
    draw();
  }

  function onPresence(connected) {
    if (!state) return;
    for (const entry of [...(state.seats || []), state.opponent].filter(Boolean)) {
      const key = String(entry.seat);
      if (entry.kind === "human" && entry.seat !== state.seat && key in connected) entry.connected = Boolean(connected[key]);
    }
    draw();
  }

  // the live match: states in order, the action in flight, the error line, the hint
  const live = connectTable(matchId, token, {
    root,
    state: () => state,
    apply,
    draw,
    animations,
    stepPause: STEP_PAUSE,
    get maxQueue() {
      return 3 * ((state && state.players) || 2);
    },
    finishedTrick,
    onPresence,
    onStatus: () => queueMicrotask(draw), // (also while connectTable is still being set up)
  });

  // -- acting -----------------------------------------------------------------------

  const allowed = () => live.allowed();

  function act(action) {
    if (CLAIMS.includes(action)) {
      if (!live.pending && !live.fatal) live.send(action); // the server checks the clock
      return;
    }
    // while older changes are still being shown, the screen is not the present: wait
    if (!live.canAct(action)) return;
    // a claim the server does not say would hold (under 66 counted) needs a second click
    if (action === "66" && state.you.claim_holds !== true && claimConfirm !== "66") {
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
    const hand = state.deal ? state.deal.hand : [];
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
    if (what === "play") {
      if (button.dataset.legal === "true") act(button.dataset.card);
      else showRefusal(button.dataset.card);
    } else if (what === "act") act(button.dataset.action);
    else if (what === "rematch") rematch(button);
    else if (what === "hint") live.askHint();
    else if (what === "copy") copyInvite(button);
  }

  root.addEventListener("click", onClick);

  /** Why a clicked card may not be played: the server's reason (``deal.refusals``), beside the hand. */
  function showRefusal(card) {
    const reasons = (state && state.deal && state.deal.refusals) || {};
    if (!reasons[card] || live.pending) return;
    refusal = { card, version: state.version };
    clearTimeout(refusalTimer);
    refusalTimer = setTimeout(() => {
      refusal = null;
      draw();
    }, REFUSAL_SHOWN);
    draw();
  }

  function refusalText(r, o) {
    const suit = (s) => (s ? suitName(s, o.deck) : "");
    const cards = (r.cards || []).map((c) => cardName(c, o.deck)).join(", ");
    return t(`refuse.${r.reason}`, { suit: suit(r.suit), led: suit(r.led), cards });
  }

  /** A rematch: the first to ask takes the seat at once; an invited person takes its own by asking too. */
  async function rematch(button) {
    button.disabled = true;
    try {
      const answer = await api.rematch(matchId, token);
      if (answer.token) saveSeat(answer.match_id, { token: answer.token, seat: answer.seat, kind: state.kind });
      window.location.hash = `#/match/${encodeURIComponent(answer.match_id)}`;
    } catch (err) {
      live.showError(err.message || t("table.error"));
      button.disabled = false;
    }
  }

  /** A short tone when it becomes this seat's turn (the settings' switch; WebAudio, no file). */
  function turnSound() {
    if (!ctx.settings().sound) return;
    document.body.dataset.turnSounds = String(Number(document.body.dataset.turnSounds || 0) + 1);
    try {
      const Audio = window.AudioContext || window.webkitAudioContext;
      if (!Audio) return;
      const audio = turnSound.audio || (turnSound.audio = new Audio());
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = 660;
      gain.gain.setValueAtTime(0.08, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.25);
    } catch {
      // no sound where the browser allows none yet (before the first click)
    }
  }

  // -- the move clock (between people) ------------------------------------------------------

  const serverNow = () => Date.now() / 1000 + clockOffset;

  function clockFacts() {
    const c = state && state.clock;
    if (!c) return null;
    const now = serverNow();
    const left = Math.max(0, Math.ceil(c.deadline - now));
    const late = seatInfo(c.seat);
    const claims = c.mine || left > 0 ? [] : ["claim_deal", ...(now >= c.match_after && !late.connected ? ["claim_match"] : [])];
    return { c, left, claims };
  }

  function clockHTML() {
    const f = clockFacts();
    clockShown = f ? f.claims.join() : "";
    if (!f) return "";
    const { c, left, claims } = f;
    const name = seatName(seatInfo(c.seat), state.players);
    const text = left > 0 ? (c.mine ? t("clock.yours", { s: left }) : t("clock.theirs", { name, s: left })) : t("clock.out", { name });
    const buttons = claims.map(
      (k) => html`<button class="act legal claim-clock" data-do="act" data-action="${k}" data-testid="${k === "claim_deal" ? "claim-deal" : "claim-match"}">${t(`clock.${k}`)}</button>`,
    );
    return html`<div class="clock ${c.mine ? "mine" : ""} ${left <= 10 ? "low" : ""}" data-testid="clock" data-seat="${c.seat}"
        data-remaining="${left}" title="${t("clock.explain", { n: c.forfeit_points, grace: c.grace })}">
      <span class="clock-text" data-testid="clock-text">${text}</span>${buttons}</div>`;
  }

  const clockTimer = setInterval(() => {
    const f = clockFacts();
    if (!f) return;
    if (f.claims.join() !== clockShown) return draw(); // the clock ran out: the claims appear
    const box = $("[data-testid=clock]", root);
    if (!box) return;
    box.dataset.remaining = String(f.left);
    box.classList.toggle("low", f.left <= 10);
    const text = $("[data-testid=clock-text]", root);
    const name = seatName(seatInfo(f.c.seat), state.players);
    if (text && f.left > 0) text.textContent = f.c.mine ? t("clock.yours", { s: f.left }) : t("clock.theirs", { name, s: f.left });
  }, 1000);

  async function copyInvite(button) {
    const input = $(`[data-testid=invite-link][data-seat="${button.dataset.seat}"]`, root);
    if (!input) return;
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      input.select();
      document.execCommand && document.execCommand("copy");
    }
    button.textContent = t("lobby.copied");
  }

  // -- who is who -------------------------------------------------------------------

  const seatInfo = (n) => {
    const found = (state.seats || []).find((s) => s.seat === n) || { seat: n, name: "?" };
    // a computer's name in the page's language; an open seat has none yet ("Seat 2", not the server's "Guest")
    return { ...found, name: found.open ? t("lobby.seat_n", { n }) : seatName(found, state.players || 2) };
  };
  const dealSeat = (n) => ((state.deal && state.deal.seats) || []).find((s) => s.seat === n) || {};
  const nameOf = (n) => (n === state.seat ? t("word.you") : seatInfo(n).name);
  const bySide = () => Boolean(state.match && state.match.by === "side");
  const hasTalon = () => Boolean(state.deal && state.deal.talon !== null && state.deal.talon !== undefined);

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
    return state.deal.stage === "over" ? "none" : "other";
  }

  /** The page's own check of a revealed deal (docs/fairness.md), drawn again when it is done. */
  function ownOf(entry) {
    return ownCheck(matchId, state.seat, entry, () => api.recordText(matchId, token), () => queueMicrotask(draw));
  }

  function tableHTML() {
    rememberShown(matchId, state.fairness);
    const o = opts();
    const who = names(state);
    const deal = state.deal;
    const rules = state.rules || {};
    const players = state.players || 2;
    const where = positions(state.seat, players);
    const title = t("table.title", { preset: presetName(rules.preset), target: state.match ? state.match.target : rules.target });
    const wide = state.status === "waiting" || (deal && deal.stage === "over");
    return html`<section class="table players-${players} ${animations() ? "" : "still"}" data-testid="table"
        data-players="${players}" data-version="${state.version}" data-status="${state.status}"
        data-stage="${deal ? deal.stage : "none"}" data-turn="${turnOf()}" data-deal="${deal ? deal.number : 0}">
      <header class="table-head">
        <div class="table-title">${title}${deal ? html` · ${t("table.deal_number", { n: deal.number })}` : ""}</div>
        <a class="table-rules" href="#/match/${encodeURIComponent(matchId)}/rules" data-testid="match-rules-link">${t("table.rules")}</a>
        ${state.watch ? html`<a class="table-watch" href="#/watch/${encodeURIComponent(matchId)}" target="_blank" rel="noopener" data-testid="watch-link" title="${t("table.watchable")}">👁</a>` : ""}
        <span class="conn" data-testid="connection" data-status="${live.connection}"></span>
      </header>
      ${ownAlarmHTML(matchId)}
      <div class="ring">
        ${Object.entries(where).filter(([n]) => Number(n) !== state.seat).map(([n, place]) => seatHTML(Number(n), place, o))}
        <div class="felt-center ${wide ? "wide" : ""}">${state.status === "waiting" ? waitingHTML() : centerHTML(who, where, o)}</div>
      </div>
      <div class="prompt-row">
        <p class="prompt ${isMyTurn() ? "my-turn" : ""}" data-testid="message" role="status" aria-live="polite">${promptText(who, o)}</p>
        <span class="keys" data-testid="keys" hidden></span>
      </div>
      ${clockHTML()}
      ${live.error ? html`<p class="error" data-testid="error" role="alert">${live.error}</p>` : ""}
      ${hintHTML(o)}
      ${refusalHTML(o)}
      ${handHTML(o)}
      ${actionsHTML(o)}
      ${meHTML()}
      <aside class="side">
        ${scoreHTML(who)}
        ${marriagesHTML(o)}
        ${logHTML(who, o)}
        ${fairnessHTML(state.fairness, state.seat, nameOf, ownOf)}
        ${keyHelpHTML()}
      </aside>
    </section>`;
  }

  // -- the other seats ----------------------------------------------------------------

  function badges(n) {
    const deal = state.deal;
    const out = [];
    if (deal && deal.dealer === n) out.push(html`<span class="badge dealer" data-testid="dealer-badge">${t("multi.dealer")}</span>`);
    if (deal && deal.sitting_out === n) out.push(html`<span class="badge out" data-testid="sits-out">${t("multi.sits_out")}</span>`);
    if (bySide() && n !== state.seat) {
      const partner = n === state.you.partner;
      out.push(html`<span class="badge ${partner ? "partner" : "opp"}">${t(partner ? "multi.partner" : "multi.opponent")}</span>`);
    }
    if (deal && deal.stage !== "over" && deal.to_act === n && state.status === "playing") {
      out.push(html`<span class="badge turn" data-testid="to-act">${t("multi.to_act")}</span>`);
    }
    return out;
  }

  /** A player's round badge: the initial of the name (a computer: its level), a colour per seat. */
  function avatarHTML(info, n) {
    // why: the level the server sends, not the first digit of the name ("Computer 2 (level 3)" sits at seat 2)
    const level = info.kind === "computer" && info.level ? String(info.level) : "";
    const initial = level || String(info.name || "?").trim().charAt(0).toUpperCase() || "?";
    return html`<span class="avatar ${info.kind === "computer" ? "computer" : ""}" data-testid="avatar" data-hue="${n % 5}" aria-hidden="true">${initial}</span>`;
  }

  function presenceHTML(info) {
    if (info.kind === "computer") return ""; // the name says it: "Computer 2 (level 3)"
    if (info.open) return html`<span class="presence off">${t("multi.open_seat")}</span>`;
    if (live.connection !== "open") {
      // without our own link to the server nobody's presence is known
      return html`<span class="presence unknown" data-testid="presence" data-connected="unknown">${t("table.presence_unknown")}</span>`;
    }
    return html`<span class="presence ${info.connected ? "on" : "off"}" data-testid="presence"
      data-connected="${info.connected ? "true" : "false"}">${t(info.connected ? "table.online" : "table.offline")}</span>`;
  }

  function seatHTML(n, place, o) {
    const info = seatInfo(n);
    const ds = dealSeat(n);
    const revealed = ((state.deal && state.deal.revealed && state.deal.revealed.hands) || []).find((h) => h.seat === n);
    if (revealed) return seatOpenHTML(n, place, o, info, ds, revealed.cards);
    const known = ds.known || [];
    const hidden = Math.max(0, (ds.hand_size || 0) - known.length);
    const backs = Array.from({ length: hidden }, () => html`<span class="opp-card">${raw(backSVG())}</span>`);
    const shown = known.map(
      (c) => html`<span class="opp-card known" data-testid="known-card" data-card="${c}" title="${t("table.shown")}">${raw(cardSVG(c, o))}</span>`,
    );
    const stats = [];
    if (ds.active && ds.tricks !== null && ds.tricks !== undefined) {
      stats.push(html`<span data-testid="seat-tricks" data-tricks="${ds.tricks}">${t("table.tricks", { n: ds.tricks })}</span>`);
      stats.push(
        ds.points === null || ds.points === undefined
          ? html` · <span data-testid="seat-points" data-points="" title="${t("table.points_hidden_why")}">${t("table.points_hidden")}</span>`
          : html` · <span data-testid="seat-points" data-points="${ds.points}">${t("table.points", { n: ds.points })}${ds.pending ? ` (+${ds.pending})` : ""}</span>`,
      );
    }
    if (bySide()) stats.push(html`<span>${t("multi.side", { n: info.side })}</span>`);
    const acting = state.deal && state.deal.to_act === n && turnOf() !== "none";
    return html`<div class="seat seat-${place} ${acting ? "acting" : ""}" data-testid="seat" data-seat="${n}"
        data-place="${place}" data-hand-size="${ds.hand_size || 0}">
      <div class="who">${avatarHTML(info, n)} <strong data-testid="seat-name">${info.name}</strong>${botBadge(info.bot)} ${presenceHTML(info)} ${badges(n)}</div>
      <div class="stats">${stats}</div>
      <div class="opp-hand" data-testid="seat-hand">${backs}${shown}</div>
    </div>`;
  }

  /** A seat held by a bot's account is marked so, as on the leaderboard. */

  /** A seat at the end of a deal: its remaining cards face up (a finished deal has no secrets). */
  function seatOpenHTML(n, place, o, info, ds, cards) {
    const shown = cards.map(
      (c) => html`<span class="opp-card known revealed" data-testid="revealed-card" data-card="${c}">${raw(cardSVG(c, o))}</span>`,
    );
    return html`<div class="seat seat-${place} open-hand" data-testid="seat" data-seat="${n}" data-place="${place}"
        data-hand-size="${ds.hand_size || 0}" data-revealed="true">
      <div class="who">${avatarHTML(info, n)} <strong data-testid="seat-name">${info.name}</strong>${botBadge(info.bot)} ${presenceHTML(info)} ${badges(n)}</div>
      <div class="stats">${ds.tricks !== null && ds.tricks !== undefined ? html`<span data-testid="seat-tricks" data-tricks="${ds.tricks}">${t("table.tricks", { n: ds.tricks })}</span>` : ""}</div>
      <div class="opp-hand" data-testid="seat-hand">${shown}</div>
    </div>`;
  }

  /** The open seats' invitations: the server showed their codes once, when this page created the table. */
  function shownInvites() {
    const kept = (seatOf(matchId) || {}).invites || [];
    return (state.invites || []).map((inv) => (inv.code ? inv : kept.find((k) => k.seat === inv.seat) || inv));
  }

  function waitingHTML() {
    const invites = shownInvites();
    const rows = invites.map((inv) => {
      if (!inv.path) return html`<div class="invite-row" data-testid="invite-lost">${t("table.invite_lost")}</div>`;
      const link = new URL(inv.path, window.location.origin).href;
      return html`<div class="invite-row"><label>${invites.length > 1 ? t("multi.invite_for", { n: inv.seat }) : t("lobby.invite_link")}
        <input readonly value="${link}" data-testid="invite-link" data-seat="${inv.seat}"></label>
        <button type="button" data-do="copy" data-seat="${inv.seat}" data-testid="copy-invite">${t("lobby.copy")}</button></div>`;
    });
    const open = (state.seats || []).filter((s) => s.open).length;
    const text = invites.length ? t("lobby.invite_send") : t(open > 1 ? "multi.waiting" : "table.waiting");
    return html`<div class="trick waiting" data-testid="waiting"><h2>${t("table.waiting_title")}</h2><p>${text}</p>${rows}</div>`;
  }

  // -- the middle: talon or trump card, the trick, the result --------------------------

  function centerHTML(who, where, o) {
    const deal = state.deal;
    if (!deal) return html`<div class="trick" data-testid="trick"></div>`;
    if (deal.stage === "over" && deal.outcome) return html`<div class="middle">${trumpHTML(o)}${resultHTML(who, o)}</div>`;
    return html`<div class="middle">${trumpHTML(o)}${trickHTML(who, where, o)}</div>`;
  }

  function trumpLabel(o) {
    const trump = state.deal.trump;
    return html`<div class="trump-label" data-testid="trump-suit" data-suit="${trump}">
      <span class="trump-word">${t("table.trump")}</span> <span class="trump-sign">${raw(suitSVG(trump, o))}</span> ${suitName(trump, o.deck)}</div>`;
  }

  function trumpHTML(o) {
    return hasTalon() ? stockHTML(o) : trumpBoxHTML(o);
  }

  function trumpBoxHTML(o) {
    const deal = state.deal;
    return html`<div class="stock trump-box" data-testid="trump" data-card="${deal.trump_card}">
      <div class="trump-card-mini">${chip(deal.trump_card, o)}</div>
      ${deal.trump_card_held ? html`<small class="held" data-testid="trump-held">${t("multi.trump_held")}</small>` : ""}
      ${trumpLabel(o)}
    </div>`;
  }

  function stockHTML(o) {
    const deal = state.deal;
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
      badge = html`<div class="talon-badge closed" data-testid="closed" data-closer="${deal.closer || ""}">${deal.closer === state.seat ? t("table.closed_by_you") : t("table.closed_by", { name: nameOf(deal.closer) })}</div>`;
    } else if (deal.exhausted || deal.talon === 0) {
      badge = html`<div class="talon-badge exhausted" data-testid="exhausted">${t("table.talon_empty")}</div>`;
    } else {
      badge = html`<div class="talon-badge">${t("table.talon", { n: deal.talon })}</div>`;
    }
    const left = deal.stage === "over" && deal.revealed ? deal.revealed.talon || [] : null;
    if (left && left.length) {
      // the end of the deal: the talon that was left, face up (the trump card among it, if still there)
      return html`<div class="stock talon-open" data-testid="talon" data-count="${deal.talon}" data-closed="${deal.closed ? "true" : "false"}">
        <div class="talon-left" data-testid="talon-left">${left.map((c) => html`<span class="left-card ${c === deal.trump_card ? "trump-card" : ""}" data-testid="talon-left-card" data-card="${c}">${raw(cardSVG(c, o))}</span>`)}</div>
        ${badge}
        ${trumpLabel(o)}
      </div>`;
    }
    return html`<div class="stock" data-testid="talon" data-count="${deal.talon}" data-closed="${deal.closed ? "true" : "false"}">
      <div class="stock-cards ${deal.talon ? "" : "gone"}">${faceUp}${pile}</div>
      ${badge}
      ${trumpLabel(o)}
    </div>`;
  }

  function trickCard(entry, place, o) {
    const key = `${state.deal.number}:${entry.seat}:${entry.card}`;
    const fresh = !shownCards.has(key);
    shownCards.add(key);
    const slide = fresh && animations() ? (place === "bottom" ? "enter-up" : "enter-down") : "";
    return html`<div class="trick-card at-${place} ${slide}" data-testid="trick-card" data-card="${entry.card}"
        data-seat="${entry.seat}" aria-label="${labelled(nameOf(entry.seat))}${cardName(entry.card, o.deck)}">${raw(cardSVG(entry.card, o))}</div>`;
  }

  function trickHTML(who, where, o) {
    const deal = state.deal;
    const current = deal.trick || [];
    const last = deal.last_trick;
    if (current.length) {
      return html`<div class="trick" data-testid="trick" data-count="${current.length}">
        <div class="trick-label">${t("table.current_trick")}</div>
        <div class="trick-cards">${current.map((e) => trickCard(e, where[e.seat], o))}</div>
        ${last ? html`<div class="last-mini" data-testid="last-trick" data-winner="${last.winner}" data-points="${last.points}">
          ${labelled(t("table.last"))}${last.cards.map((e) => chip(e.card, o))} → ${nameOf(last.winner)} (${last.points})</div>` : ""}
      </div>`;
    }
    if (last) {
      const label = last.winner === state.seat
        ? t("table.last_trick_you", { n: last.points })
        : t("table.last_trick_other", { name: who.name(last.winner), n: last.points });
      // a trick just taken: its cards gather towards the winner (once; a redraw shows them still)
      const key = `${deal.number}:${deal.tricks_played || 0}`;
      const taking = animations() && takenShown !== key ? `taking take-${where[last.winner]}` : "";
      takenShown = key;
      return html`<div class="trick showing-last" data-testid="trick" data-count="0">
        <div class="trick-label" data-testid="last-trick" data-winner="${last.winner}" data-points="${last.points}">${label}</div>
        <div class="trick-cards last ${taking}">${last.cards.map((e) => trickCard(e, where[e.seat], o))}</div>
      </div>`;
    }
    return html`<div class="trick" data-testid="trick" data-count="0"><div class="trick-label">${t("table.no_trick_yet")}</div></div>`;
  }

  function resultHTML(who, o) {
    const deal = state.deal;
    const out = deal.outcome;
    const by = state.match ? state.match.by : "seat";
    const mine = by === "side" ? state.you.side : state.seat;
    const cls = out.winner ? (out.winner === mine ? "won" : "lost") : "tie";
    const lines = explainOutcome(out, who, getLang(), by);
    if (out.dealer_points) lines.unshift(t("multi.dealer_scores", { name: nameOf(out.dealer), n: out.dealer_points }));
    const match = state.match || {};
    const canNext = (state.legal || []).includes("next");
    const last = deal.last_trick;
    const matchWon = Boolean(match.over && match.winner === mine);
    const confetti = matchWon && animations() ? html`<div class="confetti" aria-hidden="true">${[..."♥♠♦♣♥♠♦♣♥"].map((c) => html`<i>${c}</i>`)}</div>` : "";
    return html`<div class="trick result ${cls} ${matchWon ? "celebrate" : ""}" data-testid="deal-result" data-match-won="${matchWon ? "true" : "false"}" data-winner="${out.winner || ""}"
        data-game-points="${out.credited ?? out.game_points}" data-termination="${out.termination}">
      ${confetti}
      ${matchWon ? html`<p class="match-won-banner" data-testid="match-won">${t("table.match_won")}</p>` : ""}
      <h2 data-testid="deal-headline">${labelled(t("table.deal_number", { n: deal.number }))}${dealHeadline(out, who, by)}</h2>
      <ul class="explanation">${lines.map((line) => html`<li>${line}</li>`)}</ul>
      <p class="totals" data-testid="deal-totals">${totalsLine(out, who, deal.active, by)}</p>
      ${last ? html`<p class="last-line">${labelled(t("table.last"))}${last.cards.map((e) => chip(e.card, o))}</p>` : ""}
      ${match.over ? html`<p class="match-line" data-testid="match-result">${matchLine(match, who)}</p>` : ""}
      <div class="result-buttons">
        ${canNext ? html`<button class="primary legal" data-do="act" data-action="next" data-testid="next-deal" data-legal="true">${t("table.next_deal")} <kbd>↵</kbd></button>` : ""}
        ${state.reviews ? html`<a class="button" href="#/match/${encodeURIComponent(matchId)}/review/${deal.number}" data-testid="review-button">${t("table.review")}</a>` : ""}
        <a class="button" href="${api.recordURL(matchId, token)}" download data-testid="download-record">${t("table.download")}</a>
        ${match.over ? rematchHTML() : ""}
        ${match.over ? html`<a class="button" href="#/" data-testid="new-match">${t("table.new_match")}</a>` : ""}
      </div>
    </div>`;
  }

  function rematchHTML() {
    const r = state.rematch;
    if (r && (!r.invited || seatOf(r.match_id))) {
      // asked already (by this seat, or another that did not invite this one): the new table
      return seatOf(r.match_id)
        ? html`<a class="button primary" href="#/match/${encodeURIComponent(r.match_id)}" data-testid="go-rematch">${t("table.go_rematch")}</a>`
        : "";
    }
    const label = r && r.invited ? t("table.join_rematch") : t("table.rematch");
    return html`<button class="primary" data-do="rematch" data-testid="rematch">${label}</button>`;
  }

  // -- the prompt ---------------------------------------------------------------------

  function promptText(who, o) {
    const deal = state.deal;
    if (live.fatal) return live.error || t("table.token_refused");
    if (state.status === "waiting") return "";
    if (!deal) return t("table.loading");
    if (live.pending) return t("table.sending");
    if (state.status === "over") return t("table.match_over");
    const legal = state.legal || [];
    if (deal.stage === "over") return legal.includes("next") ? t("prompt.deal_over") : "";
    if (deal.sitting_out === state.seat) return t("multi.spectator");
    if (!legal.length) {
      const actor = deal.to_act ? seatInfo(deal.to_act) : null;
      if (!actor) return "";
      if (actor.kind === "computer") return t("prompt.computer_thinking", { name: actor.name });
      if (!actor.connected) return t("prompt.opponent_offline", { name: actor.name });
      return t("prompt.waiting_for", { name: actor.name });
    }
    if (deal.exchange_window) {
      const low = (state.rules.exchange_rank || "9") + deal.trump;
      return withChips(t("prompt.exchange_window"), { low: chip(low, o), high: deal.face_up ? chip(deal.face_up, o) : "" });
    }
    if (deal.stage === "before_draw") return t("prompt.before_draw");
    if (deal.stage === "marriage") return t("prompt.marriage");
    const strict = hasTalon() && deal.strict; // the talon closed or used up: the strict rules hold from now on
    if (deal.stage === "follow" && (deal.trick || []).length) {
      if (!hasTalon()) return t("multi.follow");
      const base = withChips(t("prompt.follow"), { card: chip(deal.trick[0].card, o) });
      return strict ? html`${base} ${t("prompt.follow_strict")}` : base;
    }
    return strict ? t("prompt.lead_strict") : t("prompt.lead");
  }

  // -- hint, hand, actions, own line --------------------------------------------------

  function actionLabel(a, o) {
    const kind = actionKind(a);
    if (kind === "marriage") {
      const [k, q] = marriageCards(a);
      return html`<span class="marriage-points">${a.slice(0, 2)}</span> ${chip(k, o)}${chip(q, o)}`;
    }
    return t(`action.${kind}`);
  }

  function hintHTML(o) {
    if (!state.hints || !live.hint) return "";
    if (live.hint.loading) {
      const place = live.hint.place ? html` <span data-testid="hint-queued">${t("review.queued", { place: live.hint.place })}</span>` : "";
      return html`<div class="hint" data-testid="hint-result" data-loading="true">${t("hint.thinking")}${place}</div>`;
    }
    if (live.hint.error) return html`<div class="hint" data-testid="hint-result">${live.hint.error}</div>`;
    const label = (a) => (actionKind(a) === "card" ? chip(a, o) : html`<b>${actionLabel(a, o)}</b>`);
    const rows = (live.hint.actions || []).slice(0, 4).map(
      (a) => html`<li class="${a.action === live.hint.best ? "best" : ""}">${label(a.action)} <span class="num">${withError(a.value, a.margin)}</span>
        <span class="num">${t("hint.wins", { p: Math.round(100 * a.win_chance) })}</span></li>`,
    );
    return html`<div class="hint" data-testid="hint-result" data-best="${live.hint.best}">
      <div>${t("hint.best")} ${label(live.hint.best)} ${live.hint.exact ? html`<span class="tag">${t("hint.exact")}</span>` : ""}</div>
      <ul>${rows}</ul>
      ${whyHTML(live.hint.explanation)}
    </div>`;
  }

  // the server's explanation of the best action, in the page's language
  function whyHTML(explanation) {
    const text = explanation && (explanation[getLang()] || explanation.en);
    return text ? html`<p class="why" data-testid="hint-why">${text}</p>` : "";
  }

  function handHTML(o) {
    const deal = state.deal;
    if (!deal) return html`<div class="hand" data-testid="hand"></div>`;
    const hand = deal.hand || []; // in the server's order, numbered as shown
    const fresh = animations() && dealtShown !== null && dealtShown !== deal.number; // a new deal: the cards fly in
    const drawn = new Set(animations() && dealtShown === deal.number ? hand.filter((c) => !handShown.has(c)) : []);
    dealtShown = deal.number;
    handShown = new Set(hand);
    const can = new Set(allowed());
    const best = live.hint && !live.hint.loading ? live.hint.best : null;
    const cards = hand.map((card, i) => {
      const legal = can.has(card) && !live.pending && !live.fatal;
      const trump = card[1] === deal.trump;
      const name = cardName(card, o.deck);
      // a card that may not go stays clickable while the deal goes on: the click says why
      const inert = !legal && (deal.stage === "over" || live.fatal);
      const barred = !legal && !inert;
      return html`<button class="card-btn ${drawn.has(card) ? "drawn" : ""} ${legal ? "legal" : ""} ${barred ? "barred" : ""} ${trump ? "trump" : ""} ${best === card ? "hinted" : ""}"
          data-do="play" data-testid="hand-card" data-card="${card}" data-legal="${legal ? "true" : "false"}"
          data-key="${i + 1}" ${inert ? raw("disabled") : ""} aria-label="${name} (${i + 1})" title="${name}">
          ${raw(cardSVG(card, o))}<span class="key">${i + 1}</span></button>`;
    });
    return html`<div class="hand ${fresh ? "fresh" : ""} ${deal.stage === "over" ? "done" : ""} ${isMyTurn() ? "my-turn" : ""}" data-testid="hand" data-count="${hand.length}">${cards}</div>`;
  }

  function refusalHTML(o) {
    const reasons = (state.deal && state.deal.refusals) || {};
    const r = refusal && refusal.version === state.version ? reasons[refusal.card] : null;
    if (!r) return html`<p class="refusal" data-testid="refusal" hidden></p>`;
    return html`<p class="refusal" data-testid="refusal" data-card="${refusal.card}" data-reason="${r.reason}" role="alert">
      ${chip(refusal.card, o)} ${refusalText(r, o)}</p>`;
  }

  function actionsHTML(o) {
    const deal = state.deal;
    if (!deal || deal.stage === "over" || state.status !== "playing" || deal.sitting_out === state.seat) return "";
    const can = new Set(allowed());
    const legalNow = new Set(state.legal || []);
    const best = live.hint && !live.hint.loading ? live.hint.best : null;
    const shown = new Set();
    const buttons = [];
    const button = (action, label, key, extra = "") => {
      shown.add(action);
      const legal = can.has(action) && !live.pending && !live.fatal;
      const cls = ["act", legal ? "legal" : "", best === action ? "hinted" : "", extra].filter(Boolean).join(" ");
      buttons.push(html`<button class="${cls}" data-do="act" data-testid="action" data-action="${action}"
          data-legal="${legal ? "true" : "false"}" ${legal ? "" : raw("disabled")}>${label}${key ? html` <kbd>${key}</kbd>` : ""}</button>`);
    };
    // marriages: only those possible now (or right after the draw)
    for (const a of [...can].filter((x) => actionKind(x) === "marriage").sort()) button(a, actionLabel(a, o), a, "marriage");
    if (hasTalon() && !deal.strict) {
      // while the talon is open its actions stand on the table, lit when legal
      const low = (state.rules.exchange_rank || "9") + deal.trump;
      // the face-up card may be the exchange card itself (then nobody can exchange)
      const swap = deal.face_up && deal.face_up !== low;
      // the exchange only for the one who holds the card to exchange
      if (can.has("X")) button("X", swap ? html`${t("action.exchange")} ${chip(low, o)}⇄${chip(deal.face_up, o)}` : t("action.exchange"), "X");
      if (can.has("pass")) button("pass", t("action.pass"), "P");
      const close = can.has("CB") ? "CB" : "C";
      // legal, but seldom the move: it does not glow like one
      button(close, t(close === "CB" ? "action.close_before_draw" : "action.close"), close, "minor");
      // before the draw the decision is "close now or draw": closing after it comes with the next state
      shown.add("C");
      if (deal.stage === "before_draw" || legalNow.has("draw")) button("draw", t("action.draw"), "↵");
    }
    if (hasTalon()) {
      const label = claimConfirm === "66" ? t("action.claim_confirm", { n: state.you.points }) : t("action.claim");
      // a claim glows only when the server says it holds; under 66 it looks minor and asks again
      const claimClass = claimConfirm === "66" ? "confirm" : state.you.claim_holds === true ? "claim" : "claim minor";
      button("66", label, "66", claimClass);
    }
    // whatever else is legal now (the four-handed game has cards and marriages only)
    for (const a of can) {
      if (!shown.has(a) && a !== "next" && actionKind(a) !== "card") button(a, actionLabel(a, o), "");
    }
    const hintButton = state.hints
      ? html`<button class="act hint-btn" data-do="hint" data-testid="hint-button" ${(state.legal || []).length && !live.pending ? "" : raw("disabled")}>${t("action.hint")} <kbd>H</kbd></button>`
      : "";
    return html`<div class="actions" data-testid="actions">${buttons}${hintButton}</div>`;
  }

  function meHTML() {
    const you = state.you || {};
    return html`<div class="me" data-testid="me" data-seat="${state.seat}">
      ${avatarHTML({ name: you.name || t("word.you"), kind: "human" }, state.seat)} <strong>${you.name || t("word.you")}</strong> ${badges(state.seat)}
      ${bySide() ? html` · ${t("multi.side", { n: you.side })}` : ""}
      · <span data-testid="my-points" data-points="${you.points ?? 0}" data-pending="${you.pending || 0}">${t("table.points", { n: you.points ?? 0 })}${you.pending ? html` <span class="pending" title="${t("table.pending_why")}">${t("table.pending", { n: you.pending })}</span>` : ""}</span>
      · <span data-testid="my-tricks" data-tricks="${you.tricks || 0}">${t("table.tricks", { n: you.tricks || 0 })}</span>
    </div>`;
  }

  // -- the side: match score, marriages, log, keys ------------------------------------

  function scorerName(n) {
    if (!bySide()) return nameOf(n);
    const members = (state.seats || []).filter((s) => s.side === n).map((s) => nameOf(s.seat)).join(" & ");
    return `${labelled(t(n === state.you.side ? "multi.your_side" : "multi.other_side"))}${members}`;
  }

  function scoreHTML(who) {
    const match = state.match;
    if (!match) return "";
    const style = tallyStyle(state.rules.preset, state.rules.tally || "auto");
    const results = match.results || [];
    const own = bySide() ? state.you.side : state.seat;
    const scorers = match.score.map((_, i) => i + 1);
    const order = [own, ...scorers.filter((n) => n !== own)];
    // the game points of each deal, the dealer's share of a three-handed deal included; the strokes
    // always add up to the server's score (a difference, such as carried points, is one more entry)
    const wonBy = (n) => {
      const won = results.flatMap((r) => [
        r.winner === n ? r.game_points : 0,
        !bySide() && r.dealer === n && r.dealer_points ? r.dealer_points : 0,
      ]).filter(Boolean);
      const rest = match.score[n - 1] - won.reduce((a, b) => a + b, 0);
      if (rest > 0) won.push(rest);
      return rest < 0 ? [match.score[n - 1]].filter(Boolean) : won;
    };
    const legend = [t(style === "countdown" ? "score.legend_countdown" : "score.legend_strokes", { target: match.target }),
      ...((state.players || 2) === 3 ? [t("score.legend_dealer")] : [])].join(" ");
    const sides = (state.deal && state.deal.sides) || [];
    const row = (n) => {
      const name = n === own && !bySide() ? t("word.you") : scorerName(n);
      const now = sides[n - 1];
      const deal = now ? html` <small>(${t("table.tricks", { n: now.tricks })}${now.points !== null ? html`, ${t("table.points", { n: now.points })}` : ""})</small>` : "";
      return html`<div class="tally-row ${n === own ? "mine" : ""}" title="${legend}" data-testid="${n === own ? "tally-me" : "tally-opp"}"
          data-${bySide() ? "side" : "seat"}="${n}" data-score="${match.score[n - 1]}">
        <span class="tally-name">${name}${deal}</span>${raw(tallySVG(wonBy(n), match.target, style, t("score.tally_label", { name, n: match.score[n - 1], target: match.target })))}
        <span class="tally-num">${match.score[n - 1]}</span></div>`;
    };
    const deals = results.map((r) => {
      let label = r.winner ? `${bySide() ? t(r.winner === own ? "multi.your_side" : "multi.other_side") : nameOf(r.winner)} +${r.game_points}` : t("score.tie");
      if (r.dealer_points) label += `, ${nameOf(r.dealer)} +${r.dealer_points}`;
      const link = state.reviews
        ? html`<a href="#/match/${encodeURIComponent(matchId)}/review/${r.deal}" data-testid="deal-review-link" data-deal="${r.deal}">${t("score.deal", { n: r.deal })}</a>`
        : t("score.deal", { n: r.deal });
      return html`<li data-testid="deal-result-line" data-deal="${r.deal}">${link} ${label}</li>`;
    });
    return html`<section class="score" data-testid="match-score" data-score="${order.map((n) => match.score[n - 1]).join("-")}">
      <h3>${t("score.title", { target: match.target })}</h3>
      ${order.map(row)}
      <p class="tally-legend" data-testid="tally-legend">${legend}</p>
      ${match.carried ? html`<p class="carried">${t("score.carried", { n: match.carried })}</p>` : ""}
      ${deals.length ? html`<ol class="deal-list">${deals}</ol>` : ""}
    </section>`;
  }

  function marriagesHTML(o) {
    const deal = state.deal;
    if (!deal || !(deal.marriages || []).length) return "";
    const rows = deal.marriages.map(
      (m) => html`<li data-testid="marriage" data-seat="${m.seat}" data-suit="${m.suit}" data-points="${m.points}">
        ${labelled(nameOf(m.seat))}<b>${m.points}</b> ${m.cards.map((c) => chip(c, o))}</li>`,
    );
    return html`<section class="marriages"><h3>${t("table.marriages")}</h3><ul>${rows}</ul></section>`;
  }

  function logHTML(who, o) {
    const deal = state.deal;
    const previous = state.previous_deal;
    let prev = "";
    if (previous && previous.outcome && deal && (deal.history || []).length < 6) {
      const by = state.match ? state.match.by : "seat";
      prev = html`<p class="previous" data-testid="previous-deal">${labelled(t("table.previous_deal", { n: previous.number }))}${dealHeadline(previous.outcome, who, by)}
        ${state.reviews ? html`<a href="#/match/${encodeURIComponent(matchId)}/review/${previous.number}">${t("table.review")}</a>` : ""}</p>`;
    }
    if (!deal) return prev;
    // the actions are numbered one by one (a trick's line has no number of its own)
    let count = 0;
    const lines = dealLog(deal, who, opts()).map((l) => ({ ...l, n: l.trick ? null : (count += 1) }));
    const recent = lines.slice(-8);
    return html`<section class="log" data-testid="log">${prev}<h3>${t("table.log")}</h3>
      <ol>${recent.map((l) => html`<li class="${l.trick ? "trick-line" : ""} ${l.seat === state.seat ? "mine" : "theirs"}" ${l.n ? raw(`value="${l.n}" data-n="${l.n}"`) : ""} data-testid="log-line">${l.html}</li>`)}</ol></section>`;
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
      clearTimeout(refusalTimer);
      clearInterval(clockTimer);
      document.removeEventListener("keydown", onKey);
      root.removeEventListener("click", onClick);
      document.title = `66 · ${t("app.title")}`;
    },
    rerender: draw,
  };
}
