// Actions, tricks, prompts and deal results in words, in the chosen language.
// The wording follows the terminal game (sixtysix.present.describe); cards appear as small
// "chips" (rank letter and suit sign) in the player's deck.

import { cardName, getLang, rankIndex, suitName, t } from "./i18n.js";
import { suitColor, suitSVG } from "./cards.js";
import { html, raw } from "./dom.js";
import { actionKind, marriageCards, suitOf, trickWinner } from "./notation.js";

/** A card as a small inline chip: "A♥" (with the deck's letters and signs). */
export function chip(card, opts = {}) {
  const suit = suitOf(card);
  const label = rankIndex(card[0], opts.deck);
  return html`<span class="chip" data-card="${card}" style="color:${suitColor(suit, opts)}" title="${cardName(card, opts.deck)}">${label}${raw(suitSVG(suit, { ...opts, className: "chip-suit" }))}</span>`;
}

/** Who is who: ``me`` is this seat, ``opp`` the other seat's name. */
export function names(state) {
  return { me: state.seat, opp: (state.opponent && state.opponent.name) || t("table.opponent") };
}

// A sentence with a "you" form and an "other" form: key.you / key.other.
function said(key, seat, who, vars = {}) {
  const mine = seat === who.me;
  return t(`${key}.${mine ? "you" : "other"}`, { name: who.opp, ...vars });
}

// fill placeholders with html (chips) after translating plain text
function withChips(text, chips) {
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
  const mine = seat === who.me;
  return withChips(t(`${key}.${mine ? "you" : "other"}`, { name: who.opp, ...vars }), chips);
}

/** One action as a log line, e.g. "Computer plays K♥". ``deal`` gives trump and exchange facts. */
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
      return raw(String(html`${said("log.close", seat, who)}`));
    case "close_before_draw":
      return raw(String(html`${said("log.close_before_draw", seat, who)}`));
    case "claim":
      return raw(String(html`${said("log.claim", seat, who)}`));
    case "draw":
      return raw(String(html`${said("log.draw", seat, who)}`));
    case "pass":
      return raw(String(html`${said("log.pass", seat, who)}`));
    default:
      return html`${action}`;
  }
}

/** The completed tricks of a history: [{leader, lead, follower, follow, winner, points}]. */
export function tricksOf(history, trump, points = { A: 11, T: 10, K: 4, Q: 3, J: 2, 9: 0 }) {
  const tricks = [];
  let led = null;
  for (const { seat, action } of history || []) {
    if (actionKind(action) !== "card") continue;
    if (!led) {
      led = { seat, card: action };
      continue;
    }
    const winner = trickWinner(led.seat, led.card, action, trump);
    tricks.push({
      leader: led.seat,
      lead: led.card,
      follower: seat,
      follow: action,
      winner,
      points: points[led.card[0]] + points[action[0]],
    });
    led = null;
  }
  return tricks;
}

/** The log of a deal: every public action, and after each trick who won it. */
export function dealLog(deal, who, opts = {}) {
  const lines = [];
  let led = null;
  for (const entry of deal.history || []) {
    if (entry.action === "draw") continue;
    lines.push({ seat: entry.seat, html: describeAction(entry, who, deal, opts) });
    if (actionKind(entry.action) === "card") {
      if (!led) led = entry;
      else {
        const winner = trickWinner(led.seat, led.action, entry.action, deal.trump);
        const points = (opts.points || { A: 11, T: 10, K: 4, Q: 3, J: 2, 9: 0 });
        const n = points[led.action[0]] + points[entry.action[0]];
        lines.push({ seat: winner, trick: true, html: raw(String(html`${said("log.trick", winner, who, { n })}`)) });
        led = null;
      }
    }
  }
  return lines;
}

// -- the end of a deal -------------------------------------------------------------

/** "You win 2 game points" / "Computer wins 3 game points (2 + 1 carried from a tie)" / "A tie". */
export function dealHeadline(outcome, who) {
  if (!outcome) return "";
  if (outcome.winner === null || outcome.winner === undefined) return t("outcome.tie_headline");
  const n = outcome.credited ?? outcome.game_points;
  let text = said("outcome.headline", outcome.winner, who, { n });
  if (outcome.carried) text += " " + t("outcome.carried_part", { base: outcome.game_points, carried: outcome.carried });
  return text;
}

function whoName(seat, who) {
  return seat === who.me ? t("word.you") : who.opp;
}

/**
 * Sentences explaining how a finished deal was scored. English uses the server's
 * exact explanation (it knows the points at the moment of closing); German and French
 * are built from the structured outcome.
 */
export function explainOutcome(outcome, who, lang, rules = {}) {
  if (!outcome) return [];
  if (lang === "en" && Array.isArray(outcome.explanation) && outcome.explanation.length) {
    return [...outcome.explanation];
  }
  const lines = [];
  const winner = outcome.winner;
  const loser = winner ? 3 - winner : null;
  const pts = outcome.points || [0, 0];
  const n = outcome.game_points;
  const closer = outcome.closer;
  const claimant = outcome.claimant;
  switch (outcome.termination) {
    case "tie":
      lines.push(t("outcome.tie", { p: pts[0] }));
      lines.push(rules.tie_rule === "void" ? t("outcome.tie_void") : t("outcome.tie_carry"));
      return lines;
    case "claim":
      if (closer && claimant !== closer) {
        lines.push(t("outcome.beaten_closer", { closer: whoName(closer, who), winner: whoName(winner, who), n }));
        return lines;
      }
      lines.push(said("outcome.claimed", claimant, who, { p: pts[claimant - 1] }));
      if (closer) lines.push(t("outcome.closed_basis"));
      break;
    case "false_claim":
      lines.push(said("outcome.false_claim", claimant || loser, who, { p: pts[(claimant || loser) - 1] }));
      if (closer && closer === claimant) lines.push(t("outcome.failed_close_points", { n }));
      else lines.push(t("outcome.false_claim_points", { n }));
      return lines;
    case "closer_failed":
      lines.push(said("outcome.closer_failed", closer, who));
      lines.push(t("outcome.failed_close_points", { n }));
      return lines;
    case "played_out":
      if (closer) {
        lines.push(said("outcome.closer_made_it", closer, who));
        lines.push(t("outcome.closed_basis"));
      } else {
        lines.push(t("outcome.played_out"));
      }
      break;
    default:
      break;
  }
  if (outcome.win_kind && loser) {
    lines.push(t(`outcome.kind.${outcome.win_kind}`, { loser: whoName(loser, who), n }));
  }
  return lines;
}

/** "Card points: you 70, Computer 20 · tricks: you 4, Computer 2" */
export function totalsLine(outcome, who) {
  const me = who.me - 1;
  const other = 2 - who.me;
  return t("outcome.totals", {
    mine: outcome.points[me],
    theirs: outcome.points[other],
    mytricks: outcome.tricks[me],
    theirtricks: outcome.tricks[other],
    name: who.opp,
  });
}

/** "You win the match 7-4! Computer gets a Bummerl." */
export function matchLine(match, who) {
  if (!match || !match.over || !match.winner) return "";
  const scoreW = match.score[match.winner - 1];
  const scoreL = match.score[2 - match.winner];
  let text = said("match.won", match.winner, who, { a: scoreW, b: scoreL });
  if (scoreL === 0) text += " " + t("match.schneider_bummerl");
  return text;
}

/** A value in game points with its sign: "+0.62", "−1.20", "±0.00". */
export function signed(value, lang = getLang()) {
  if (typeof value !== "number" || Number.isNaN(value)) return "";
  const rounded = Math.round(Math.abs(value) * 100) / 100;
  const text = decimal(rounded, lang);
  if (rounded === 0) return `±${text}`;
  return (value > 0 ? "+" : "−") + text;
}

/** A number with two decimals in the language's style: 0.40 / 0,40. */
export function decimal(value, lang = getLang(), digits = 2) {
  try {
    return value.toLocaleString(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  } catch {
    return value.toFixed(digits);
  }
}
