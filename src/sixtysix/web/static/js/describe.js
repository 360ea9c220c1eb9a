// Actions, tricks, prompts and deal results in words, in the chosen language.
// The wording follows the terminal game (sixtysix.present.describe); cards appear as small
// "chips" (rank letter and suit sign) in the player's deck. Every number and every game
// fact (who won a trick, what it counted, how a deal was scored) is the server's.

import { cardName, getLang, inLang, rankIndex, suitName, t } from "./i18n.js";
import { suitPalette, suitSVG } from "./cards.js";
import { html, raw } from "./dom.js";
import { actionKind, marriageCards, SUIT_SYMBOLS, suitOf } from "./notation.js";

/** The mark after a bot account's name, on every page that names a player (" Bot", a badge). */
export const botBadge = (isBot) => (isBot ? html` <span class="badge" data-testid="bot-badge">${t("leaderboard.bot")}</span>` : "");

/** A card as a small inline chip: "A♥" (with the deck's letters and signs). */
export function chip(card, opts = {}) {
  const suit = suitOf(card);
  const label = rankIndex(card[0], opts.deck);
  return html`<span class="chip" data-card="${card}" data-suit="${suit}" data-palette="${suitPalette(opts)}" title="${cardName(card, opts.deck)}">${label}${raw(suitSVG(suit, { ...opts, className: "chip-suit" }))}</span>`;
}

/**
 * Who is who at this table: ``me`` is this seat, ``name(seat)`` another seat's name, ``side``
 * this seat's side where partners score together.
 */
export function names(state) {
  const seats = state.seats || [];
  const name = (seat) => seatName(seats.find((s) => s.seat === seat), state.players || seats.length);
  return { me: state.seat, name, side: state.you ? state.you.side : undefined };
}

/**
 * A seat's name as shown: a computer's in the page's language ("Computer (Stufe 3)"; at a
 * table of three or four with its seat, as the server names it), a person's as given.
 */
export function seatName(entry, players = 2) {
  if (!entry) return t("table.opponent");
  if (entry.kind === "computer" && entry.level) {
    return players > 2 ? t("seat.computer_n", { n: entry.seat, level: entry.level }) : t("seat.computer", { level: entry.level });
  }
  return entry.name || t("table.opponent");
}

// A sentence with a "you" form and an "other" form: key.you / key.other.
function said(key, seat, who, vars = {}) {
  const mine = seat === who.me;
  return t(`${key}.${mine ? "you" : "other"}`, { name: mine ? "" : who.name(seat), ...vars });
}

/** Fill {placeholders} of a translated text with html (card chips), the rest escaped. */
export function withChips(text, chips) {
  const parts = text.split(/(\{\w+\})/);
  return raw(
    parts
      .map((part) => {
        const m = /^\{(\w+)\}$/.exec(part);
        if (m && m[1] in chips) return String(chips[m[1]]);
        return String(html`${part}`);
      })
      .join(""),
  );
}

function saidWithChips(key, seat, who, chips, vars = {}) {
  return withChips(said(key, seat, who, vars), chips);
}

/** One action as a log line, e.g. "Computer plays K♥". ``deal`` gives the trump card. */
export function describeAction(entry, who, deal, opts = {}) {
  const { seat, action } = entry;
  const kind = actionKind(action);
  switch (kind) {
    case "card":
      return saidWithChips("log.play", seat, who, { card: chip(action, opts) });
    case "marriage": {
      const [k, q] = marriageCards(action);
      const suit = action[2];
      return saidWithChips("log.marriage", seat, who, { cards: html`${chip(k, opts)} ${chip(q, opts)}` }, {
        points: action.slice(0, 2),
        suit: suitName(suit, opts.deck),
      });
    }
    case "exchange": {
      if (deal && deal.trump_card && opts.exchangeRank) {
        const low = opts.exchangeRank + deal.trump;
        return saidWithChips("log.exchange", seat, who, { low: chip(low, opts), high: chip(deal.trump_card, opts) });
      }
      return raw(String(html`${said("log.exchange_plain", seat, who)}`));
    }
    case "close":
    case "close_before_draw":
    case "claim":
    case "draw":
    case "pass":
      return raw(String(html`${said(`log.${kind}`, seat, who)}`));
    default:
      return html`${action}`;
  }
}

/**
 * The log of a deal: every public action, and after each trick who won it for how many
 * points. The tricks (their cards, winner and points) are the server's (``deal.tricks``).
 */
export function dealLog(deal, who, opts = {}) {
  const lines = [];
  const tricks = deal.tricks || [];
  let done = 0;
  let cards = 0;
  for (const entry of deal.history || []) {
    if (entry.action === "draw") continue;
    lines.push({ seat: entry.seat, html: describeAction(entry, who, deal, opts) });
    if (actionKind(entry.action) !== "card") continue;
    cards += 1;
    const trick = tricks[done];
    if (trick && cards === trick.cards.length) {
      const n = trick.points;
      lines.push({ seat: trick.winner, trick: true, html: raw(String(html`${said("log.trick", trick.winner, who, { n })}`)) });
      done += 1;
      cards = 0;
    }
  }
  return lines;
}

// -- the end of a deal -------------------------------------------------------------

/**
 * "You win 2 game points" / "Computer wins 3 game points (2 + 1 carried from a tie)" / "A
 * tie"; where partners score together (``by`` "side"): "Your side: +2 game points".
 */
export function dealHeadline(outcome, who, by = "seat") {
  if (!outcome) return "";
  if (outcome.winner === null || outcome.winner === undefined) return t("outcome.tie_headline");
  const n = outcome.credited ?? outcome.game_points;
  if (by === "side") {
    return t("multi.wins", { name: t(outcome.winner === who.side ? "multi.your_side" : "multi.other_side"), n });
  }
  let text = said("outcome.headline", outcome.winner, who, { n });
  if (outcome.carried) text += " " + t("outcome.carried_part", { base: outcome.game_points, carried: outcome.carried });
  return text;
}

function whoName(seat, who) {
  return seat === who.me ? t("word.you") : who.name(seat);
}

/** The reasons that say why a penalty costs what it costs (``outcome.why.CODE``). */
const PENALTY_WHY = ["flat", "no_trick", "no_trick_at_close", "always_three", "hoyle"];
/** The reasons that name a win kind (the step of the game-point scale). */
const WIN_KINDS = ["simple", "schneider", "schwarz"];

/**
 * Sentences explaining how a finished deal was scored: words for the engine's reason codes
 * (``outcome.reasons``, the server's ``Scoring``); nothing here decides how a deal scores.
 * English uses the server's sentences; German and French translate the codes, with the
 * numbers of the outcome and its ``scoring`` facts (the last trick's bonus, the Schneider
 * line). Where partners score together the server words the engine's reason in every
 * language (``explanations``).
 */
export function explainOutcome(outcome, who, lang, by = "seat") {
  if (!outcome) return [];
  const server = Array.isArray(outcome.explanation) ? [...outcome.explanation] : [];
  if (by === "side") return [...inLang(outcome.explanations, server, lang)];
  if (lang === "en" && server.length) return server;
  const facts = outcome.scoring || {};
  const reasons = outcome.reasons || [];
  const has = (code) => reasons.includes(code);
  const lines = [];
  const { winner, loser, closer, claimant } = outcome;
  const pts = outcome.points || [];
  const n = outcome.base_points ?? outcome.game_points;
  const why = () => {
    for (const code of PENALTY_WHY) if (has(code)) lines.push(t(`outcome.why.${code}`, { line: facts.schneider }));
    if (has("doubled")) lines.push(t("outcome.why.doubled"));
    return lines;
  };
  switch (reasons[0]) {
    case "tie":
      lines.push(t("outcome.tie", { p: Math.max(...pts) }));
      lines.push(facts.carried_next ? t("outcome.tie_carry", { n: facts.carried_next }) : t("outcome.tie_void"));
      return lines;
    case "forfeit": // the web's move clock ran out and another person claimed the deal
      if (!loser) return server;
      lines.push(said("outcome.forfeit", loser, who, { n: outcome.game_points }));
      return lines;
    case "false_claim":
    case "false_claim_failed_close": {
      const who_ = claimant || loser;
      lines.push(said("outcome.false_claim", who_, who, { p: pts[who_ - 1] }));
      const cost = reasons[0] === "false_claim" ? "outcome.false_claim_points" : "outcome.failed_close_points";
      lines.push(t(cost, { n }));
      return why();
    }
    case "failed_close":
      lines.push(said("outcome.closer_failed", closer, who));
      lines.push(t("outcome.failed_close_points", { n }));
      return why();
    case "never_claimed":
      lines.push(said("outcome.closer_never_claimed", closer, who));
      lines.push(t("outcome.failed_close_points", { n }));
      return why();
    case "beaten_closer":
      lines.push(t("outcome.beaten_closer", { closer: whoName(closer, who), winner: whoName(winner, who), n }));
      return why();
    case "last_trick":
      lines.push(said("outcome.last_trick_decides", winner, who, { n }));
      return why();
    case "claim":
    case "closer_claim":
      lines.push(said("outcome.claimed", claimant || winner, who, { p: pts[(claimant || winner) - 1] }));
      break;
    case "closer_played_out":
      lines.push(said("outcome.closer_made_it", closer, who));
      break;
    case "last_trick_target":
      lines.push(said("outcome.last_trick_target", winner, who));
      break;
    case "played_out":
      lines.push(t("outcome.played_out", { bonus: facts.last_trick ? facts.last_trick.bonus : 0 }));
      break;
    default:
      return server;
  }
  if (has("at_close")) lines.push(t("outcome.closed_basis"));
  const kind = reasons.find((code) => WIN_KINDS.includes(code));
  if (kind && loser) lines.push(t(`outcome.kind.${kind}`, { loser: whoName(loser, who), n: facts.scale ?? n, line: facts.schneider }));
  return why();
}

/**
 * The deal's card points and tricks: "Card points: you 70, Computer 20 · tricks: you 4,
 * Computer 2"; by side where partners score together; by seat for a seat that watched.
 */
export function totalsLine(outcome, who, active = [], by = "seat") {
  const pts = outcome.points || [];
  const tricks = outcome.tricks || [];
  if (by === "side") return t("multi.deal_points", { a: pts[0], b: pts[1] });
  const players = active.length ? active : [1, 2];
  if (!players.includes(who.me)) {
    const [a, b] = players;
    return t("outcome.totals_watched", { a: who.name(a), b: who.name(b), pa: pts[a - 1], pb: pts[b - 1], ta: tricks[a - 1], tb: tricks[b - 1] });
  }
  const other = players.find((s) => s !== who.me);
  return t("outcome.totals", {
    mine: pts[who.me - 1],
    theirs: pts[other - 1],
    mytricks: tricks[who.me - 1],
    theirtricks: tricks[other - 1],
    name: who.name(other),
  });
}

/**
 * "You win the match 7-4! Computer gets a Bummerl." (a match of two seats); a match a seat
 * forfeited (it left) says so at every table size: "… Bob forfeits the match. You win the
 * match by forfeit (3–0)."
 */
export function matchLine(match, who) {
  if (match && match.over && match.forfeited_by) return forfeitLine(match, who);
  if (!match || !match.over || !match.winner || match.by === "side" || match.score.length !== 2) return "";
  const scoreW = match.score[match.winner - 1];
  const scoreL = match.score[2 - match.winner];
  const other = match.winner === 1 ? 2 : 1;
  let text = t(`match.won.${match.winner === who.me ? "you" : "other"}`, {
    name: who.name(match.winner === who.me ? other : match.winner),
    a: scoreW,
    b: scoreL,
  });
  if (scoreL === 0) text += " " + t("match.schneider_bummerl");
  return text;
}

/** The end of a match that a seat forfeited: who left, and who wins it so (no deal was played for it). */
function forfeitLine(match, who) {
  const gone = match.forfeited_by;
  const left = gone === who.me ? t("match.forfeit.gone.you") : t("match.forfeit.gone.other", { name: who.name(gone) });
  const score = match.score || [];
  const order = score.length === 2 && match.winner ? [score[match.winner - 1], score[2 - match.winner]] : score;
  const text = { score: order.join(getLang() === "de" ? ":" : "–") };
  let won;
  if (match.by === "side") {
    won = t("match.forfeit.won.side", { ...text, side: t(match.winner === who.side ? "multi.your_side" : "multi.other_side") });
  } else if (match.winner === who.me) {
    won = t("match.forfeit.won.you", text);
  } else {
    won = t("match.forfeit.won.other", { ...text, name: who.name(match.winner) });
  }
  return `${left} ${won}`;
}

/** A value in game points with its sign: "+0.62", "−1.20", "±0.00". */
export function signed(value, lang = getLang()) {
  if (typeof value !== "number" || Number.isNaN(value)) return "";
  const rounded = Math.round(Math.abs(value) * 100) / 100;
  const text = decimal(rounded, lang);
  if (rounded === 0) return `±${text}`;
  return (value > 0 ? "+" : "−") + text;
}

/** A value with the margin the server gives it (its 95 % interval): "+0.62 ± 0.05"; the value alone below 0.005 (exact). */
export function withError(value, margin, lang = getLang()) {
  const text = signed(value, lang);
  if (!text || typeof margin !== "number" || !(margin >= 0.005)) return text;
  return `${text} ± ${decimal(margin, lang)}`;
}

/** A number with two decimals in the language's style: 0.40 / 0,40. */
export function decimal(value, lang = getLang(), digits = 2) {
  try {
    return value.toLocaleString(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  } catch {
    return value.toFixed(digits);
  }
}

/** "Du: " / "Vous : ": a label and its colon, French with the space before it. */
export function labelled(label, lang = getLang()) {
  return lang === "fr" ? `${label}\u00a0: ` : `${label}: `; // French: a non-breaking space before the colon
}

/** An action as plain text in the page's language (for a title or a list): "B♣", "20 ♣", "Zudrehen". */
export function actionText(token, lang = getLang()) {
  const kind = actionKind(token);
  if (kind === "card") return rankIndex(token[0], "french", lang) + SUIT_SYMBOLS[token[1]];
  if (kind === "marriage") return `${token.slice(0, 2)} ${SUIT_SYMBOLS[token[2]]}`;
  return kind ? t(`action.${kind}`, {}, lang) : String(token);
}
