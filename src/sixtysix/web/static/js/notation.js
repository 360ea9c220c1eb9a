// Cards and actions as text: the 66R tokens of the engine (src/sixtysix/core/actions.py),
// and what the keyboard types. No rule of the game lives here: who wins a trick, what a
// card counts and the order of a hand come from the server (docs/web-api.md).
//
// A card token is a rank (A T K Q J 9) and a suit (c d h s): "Ah", "Td", "9s".
// Action tokens: a card, "20h"/"40s" (marriages), "X", "C", "CB", "66", "draw", "pass".
// Pure functions only: no DOM, so node's test runner can check them.

export const SUITS = ["c", "d", "h", "s"]; // clubs, diamonds, hearts, spades (engine order)
export const RANKS = ["A", "T", "K", "Q", "J", "9", "8", "7"]; // the rank letters of the tokens
export const SUIT_SYMBOLS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const SYMBOL_SUITS = { "♣": "c", "♦": "d", "♥": "h", "♠": "s", "♧": "c", "♢": "d", "♡": "h", "♤": "s" };

// Rank letters people type besides A T K Q J 9: "10", and the court letters of
// German (Dame, Bube), French (Roi, Dame, Valet) and German-suited cards (Ober, Unter).
const RANK_ALIASES = { 10: "T", 1: "T", D: "Q", B: "J", R: "K", V: "J", O: "Q", U: "J" };

/** The canonical card token ("Ah") for lenient input ("ah", "10h", "A♥", "Dh"), or null. */
export function parseCard(text) {
  if (typeof text !== "string") return null;
  const s = text.trim();
  const m = /^(10|[ATKQJ9DBRVOU])\s*([cdhs♣♦♥♠♧♢♡♤])$/i.exec(s);
  if (!m) return null;
  const r = m[1].toUpperCase();
  const rank = RANKS.includes(r) ? r : RANK_ALIASES[r];
  const suitChar = m[2];
  const suit = SYMBOL_SUITS[suitChar] || suitChar.toLowerCase();
  return rank + suit;
}

export function isCardToken(token) {
  return typeof token === "string" && token.length === 2 && RANKS.includes(token[0]) && SUITS.includes(token[1]);
}

export const rankOf = (card) => card[0];
export const suitOf = (card) => card[1];

// -- actions ---------------------------------------------------------------------------

const WORD_TOKENS = { x: "X", c: "C", cb: "CB", 66: "66", draw: "draw", pass: "pass" };

/** The canonical action token for a lenient spelling ("x", "cb", "20H", "ah", "10h"), or null. */
export function parseAction(text) {
  if (typeof text !== "string") return null;
  const s = text.trim().toLowerCase();
  if (s in WORD_TOKENS) return WORD_TOKENS[s];
  const m = /^(20|40)\s*([cdhs♣♦♥♠♧♢♡♤])$/.exec(s);
  if (m) return m[1] + (SYMBOL_SUITS[m[2]] || m[2]);
  return parseCard(text);
}

export function actionKind(token) {
  if (isCardToken(token)) return "card";
  if (/^(20|40)[cdhs]$/.test(token)) return "marriage";
  return { X: "exchange", C: "close", CB: "close_before_draw", 66: "claim", draw: "draw", pass: "pass" }[token] || null;
}

/** The marriage's two cards, king first: "20h" -> ["Kh", "Qh"]. */
export function marriageCards(token) {
  const suit = token[token.length - 1];
  return ["K" + suit, "Q" + suit];
}

// -- keyboard --------------------------------------------------------------------------

// The spellings of a legal action that can be typed, in lower case.
function spellings(token, hand) {
  const kind = actionKind(token);
  const out = [];
  if (kind === "card") {
    const index = hand.indexOf(token);
    if (index >= 0) out.push(String(index + 1));
    const [r, s] = [token[0].toLowerCase(), token[1]];
    // not "10h": a "1" would then always wait for more keys; Th types the ten
    out.push(r + s, r + SUIT_SYMBOLS[s]);
    for (const [alias, rank] of Object.entries(RANK_ALIASES)) {
      if (rank === token[0] && alias.length === 1 && alias !== "1") out.push(alias.toLowerCase() + s);
    }
  } else if (kind === "marriage") {
    out.push(token, token.slice(0, 2) + SUIT_SYMBOLS[token[2]]);
  } else if (kind === "draw") {
    out.push("draw", "d");
  } else if (kind === "pass") {
    out.push("pass", "p");
  } else if (kind === "close_before_draw") {
    out.push("cb", "c");
  } else {
    out.push(token.toLowerCase());
  }
  return out;
}

/**
 * What the keys typed so far mean, given the hand in screen order and the legal actions.
 *
 * Returns one of
 *   {status: "action", action}  - exactly one legal action is meant, take it now;
 *   {status: "maybe", action}   - ``action`` is meant unless more is typed
 *                                 (e.g. "2" is card 2, but "20h" may follow): take it on
 *                                 Enter or after a short pause;
 *   {status: "prefix"}          - keep typing ("4" on the way to "40s");
 *   {status: "invalid"}         - means nothing legal now;
 *   {status: "empty"}.
 * Enter on an empty buffer is the default action: "draw" or "pass" when legal.
 */
export function interpretKeys(buffer, hand, legal) {
  const typed = buffer.trim().toLowerCase().replace(/\s+/g, "");
  if (!typed) return { status: "empty" };
  let exact = null;
  const longer = new Set(); // the actions that more keys could still spell
  for (const token of legal) {
    for (const spelling of spellings(token, hand)) {
      if (spelling === typed) exact = exact || token;
      else if (spelling.startsWith(typed)) longer.add(token);
    }
  }
  if (exact) longer.delete(exact);
  if (exact && !longer.size) return { status: "action", action: exact };
  if (exact) return { status: "maybe", action: exact };
  if (longer.size) return { status: "prefix" };
  return { status: "invalid" };
}

/** The action that Enter alone takes: draw, or pass (decline the exchange), if legal. */
export function defaultAction(legal) {
  if (legal.includes("draw")) return "draw";
  if (legal.includes("pass")) return "pass";
  return null;
}

/** The key hint shown on a legal action: "1".."6" for cards, else the short token. */
export function keyHint(token, hand) {
  const kind = actionKind(token);
  if (kind === "card") {
    const i = hand.indexOf(token);
    return i >= 0 ? String(i + 1) : token;
  }
  return { draw: "D", pass: "P", close_before_draw: "CB" }[kind] || token;
}
