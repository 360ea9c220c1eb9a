// Cards drawn as SVG by the project: no image files, no external service.
//
//   cardSVG("Ah", {deck: "french" | "german", lang: "en", fourColor: false}) -> "<svg ...>"
//   backSVG() -> the back of a card;  suitSVG("h", {deck}) -> a suit sign alone.
//
// French suits (♣ ♦ ♥ ♠) by default; German suits (Eichel, Schellen, Herz, Laub, with
// Ober and Unter) as a setting. The mapping is the usual one: clubs = Eichel (acorns),
// diamonds = Schellen (bells), hearts = Herz, spades = Laub (leaves); queen = Ober,
// jack = Unter. Cards are 100 x 140 user units; CSS sets the size. The corner index is
// large (a quarter of the card's width) so that a card stays readable on a phone.
// Pure string functions: they run in node for the tests.

import { cardName, rankIndex } from "./i18n.js";
import { isCardToken, rankOf, suitOf } from "./notation.js";

const FONT = "DejaVu Sans, Verdana, Arial, sans-serif";

const COLORS = {
  french: { c: "#1a1a1a", d: "#c8102e", h: "#c8102e", s: "#1a1a1a" },
  fourColor: { c: "#177a36", d: "#1d5fbf", h: "#c8102e", s: "#1a1a1a" },
  german: { c: "#6b4423", d: "#b7791f", h: "#c8102e", s: "#23803a" },
};

const circle = (cx, cy, r) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;

const HEART = "M50 93C38 81 4 59 4 31C4 15 16 5 29 5C39 5 46 11 50 20C54 11 61 5 71 5C84 5 96 15 96 31C96 59 62 81 50 93Z";

// Suit signs in a 100 x 100 box: SVG fragments, drawn in ``color`` where they have one colour.
const FRENCH_SIGNS = {
  h: (color) => `<path d="${HEART}" fill="${color}"/>`,
  d: (color) => `<path d="M50 2L87 50L50 98L13 50Z" fill="${color}"/>`,
  s: (color) =>
    `<path d="M50 3C61 22 96 39 96 63C96 77 86 86 75 86C66 86 59 82 55 76C56 86 60 93 69 98L31 98C40 93 44 86 45 76C41 82 34 86 25 86C14 86 4 77 4 63C4 39 39 22 50 3Z" fill="${color}"/>`,
  c: (color) =>
    `<path d="${circle(50, 27, 21)}${circle(27, 59, 21)}${circle(73, 59, 21)}${circle(50, 52, 12)}M45 58C45 79 40 90 31 98L69 98C60 90 55 79 55 58Z" fill="${color}"/>`,
};

const GERMAN_SIGNS = {
  // Herz: a heart with a light gleam
  h: () =>
    `<path d="${HEART}" fill="#d0192b" stroke="#7a0d18" stroke-width="3"/>` +
    `<path d="M22 22C27 15 35 15 38 20" fill="none" stroke="#ffb3b8" stroke-width="5" stroke-linecap="round"/>`,
  // Schellen: a round sleigh bell with a band, a slot and a ring on top
  d: () =>
    `<path d="${circle(50, 9, 6)}" fill="none" stroke="#6b3f00" stroke-width="4"/>` +
    `<path d="${circle(50, 55, 39)}" fill="#f2b632" stroke="#6b3f00" stroke-width="4"/>` +
    `<path d="M14 44H86V54H14Z" fill="#b3261e"/>` +
    `<path d="${circle(50, 73, 7)}" fill="#3d2400"/>` +
    `<path d="M50 79V93" stroke="#3d2400" stroke-width="5"/>` +
    `<path d="M30 30C35 24 42 21 48 21" fill="none" stroke="#fff3c4" stroke-width="5" stroke-linecap="round"/>`,
  // Eichel: an acorn, cap and stalk
  c: () =>
    `<path d="M47 4H53V24H47Z" fill="#4a2e10"/>` +
    `<ellipse cx="50" cy="67" rx="27" ry="30" fill="#d9a52b" stroke="#5c3d0e" stroke-width="3"/>` +
    `<path d="M17 50C17 22 83 22 83 50Z" fill="#6b4423" stroke="#3d2408" stroke-width="3"/>` +
    `<path d="M24 40L40 50M36 31L56 48M52 28L72 46M66 30L78 40M24 48L36 34M40 50L56 30M58 50L72 32" stroke="#3d2408" stroke-width="2"/>`,
  // Laub: a green leaf with its veins
  s: () =>
    `<path d="M50 2C64 9 86 19 90 40C94 63 76 82 52 86L52 98L48 98L48 86C24 82 6 63 10 40C14 19 36 9 50 2Z" fill="#2f9e44" stroke="#14532d" stroke-width="3"/>` +
    `<path d="M50 84V14M50 64L30 48M50 64L70 48M50 44L35 31M50 44L65 31" fill="none" stroke="#14532d" stroke-width="3"/>`,
};

/** The ink of a suit: red/black (or four colours) for French cards, the sign's colour for German ones. */
/** The colour set of a deck: "german", "fourColor" or "french" (app.css colours the chips by it). */
export function suitPalette(options = {}) {
  if (options.deck === "german") return "german";
  return options.fourColor ? "fourColor" : "french";
}

export function suitColor(suit, options = {}) {
  return colorOf(suit, { deck: "french", fourColor: false, ...options });
}

function colorOf(suit, opts) {
  if (opts.deck === "german") return COLORS.german[suit];
  return (opts.fourColor ? COLORS.fourColor : COLORS.french)[suit];
}

// A suit sign of ``size`` units with its top-left corner at (x, y), upside down if ``flip``.
function sign(suit, x, y, size, opts, flip = false) {
  const signs = opts.deck === "german" ? GERMAN_SIGNS : FRENCH_SIGNS;
  const k = size / 100;
  const rotate = flip ? " rotate(180 50 50)" : "";
  return `<g transform="translate(${x} ${y}) scale(${k})${rotate}">${signs[suit](colorOf(suit, opts))}</g>`;
}

const escape = (s) =>
  String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

// Pip centres for the seven to the ten (x, y, upside down).
const PIPS = {
  7: [[34, 30], [66, 30], [50, 50], [34, 70], [66, 70], [34, 110, 1], [66, 110, 1]],
  8: [[34, 30], [66, 30], [50, 50], [34, 70], [66, 70], [50, 90, 1], [34, 110, 1], [66, 110, 1]],
  9: [[34, 30], [66, 30], [34, 56], [66, 56], [50, 70], [34, 84, 1], [66, 84, 1], [34, 110, 1], [66, 110, 1]],
  T: [[34, 30], [66, 30], [50, 44], [34, 56], [66, 56], [34, 84, 1], [66, 84, 1], [50, 96, 1], [34, 110, 1], [66, 110, 1]],
};

function corner(rank, suit, opts) {
  const label = rankIndex(rank, opts.deck, opts.lang);
  const color = colorOf(suit, opts);
  const wide = label.length > 1;
  const text =
    `<text x="13" y="28" text-anchor="middle" font-family="${FONT}" font-weight="700" ` +
    `font-size="${wide ? 21 : 27}"${wide ? ' letter-spacing="-2"' : ""} fill="${color}">${escape(label)}</text>`;
  return text + sign(suit, 4, 32, 18, opts);
}

function center(rank, suit, opts) {
  if (rank === "A") return sign(suit, 26, 46, 48, opts);
  if (rank in PIPS) {
    return PIPS[rank].map(([x, y, flip]) => sign(suit, x - 9, y - 9, 18, opts, Boolean(flip))).join("");
  }
  return opts.deck === "german" ? germanCourt(rank, suit, opts) : frenchCourt(rank, suit);
}

// The French court cards are the illustrated figures of SVG-cards (LGPL-2.1, David Bellot and
// Huub de Beer), kept in static/cards/french-courts.svg (docs/images/extract_cards.py); the
// card's own large corner index is drawn over theirs.
export const FRENCH_COURTS = "/cards/french-courts.svg";

function frenchCourt(rank, suit) {
  return `<use href="${FRENCH_COURTS}#${rank}${suit}" x="0" y="0" width="100" height="140" preserveAspectRatio="none"/>`;
}

// The German court cards, drawn for the project: a double-headed figure (König with a crown,
// Ober with a plumed hat, Unter with a cap) in the suit's colour; the Ober holds his sign high,
// the Unter low, as on the cards of Bavaria and Salzburg.
const GERMAN_ROBES = { c: ["#8a5a2b", "#5c3d0e"], d: ["#d9a521", "#7a5200"], h: ["#c8102e", "#7a0d18"], s: ["#2f8f46", "#14532d"] };

function germanHalf(rank, suit, opts) {
  const [robe, dark] = GERMAN_ROBES[suit];
  const skin = "#f3d2b3";
  const gold = "#e0b422";
  let out =
    // shoulders and robe, with a collar and a sash
    `<path d="M24 70C24 56 34 50 50 50C66 50 76 56 76 70Z" fill="${robe}" stroke="${dark}" stroke-width="1.5"/>` +
    `<path d="M40 51L50 62L60 51" fill="#fffdf7" stroke="${dark}" stroke-width="1.2"/>` +
    `<path d="M33 54L67 69" stroke="${gold}" stroke-width="3"/>` +
    // the head, hair and a face
    `<path d="${circle(50, 38, 10)}" fill="${skin}" stroke="#8a5a3c" stroke-width="1"/>` +
    `<path d="M46 37h1.5M53 37h1.5" stroke="#3b2a1f" stroke-width="1.6" stroke-linecap="round"/>` +
    `<path d="M47 43Q50 45 53 43" fill="none" stroke="#8a3b2b" stroke-width="1.2"/>`;
  if (rank === "K") {
    // a beard and a crown
    out +=
      `<path d="M41 40C42 50 58 50 59 40C56 46 44 46 41 40Z" fill="#d9d2c5" stroke="#8d857a" stroke-width="0.8"/>` +
      `<path d="M39 30L38 17L44 24L50 14L56 24L62 17L61 30Z" fill="${gold}" stroke="#8a6a00" stroke-width="1.2"/>` +
      `<path d="${circle(50, 22, 2)}" fill="#c8102e"/>`;
  } else if (rank === "Q") {
    // the Ober: a wide hat with a feather
    out +=
      `<path d="M36 31C38 23 62 23 64 31Z" fill="${dark}"/>` +
      `<path d="M33 31H67" stroke="${dark}" stroke-width="3" stroke-linecap="round"/>` +
      `<path d="M58 26C64 16 72 14 76 12C72 18 68 24 60 28Z" fill="#fffdf7" stroke="${dark}" stroke-width="0.8"/>`;
  } else {
    // the Unter: a round cap
    out += `<path d="M39 33C39 23 61 23 61 33Z" fill="${robe}" stroke="${dark}" stroke-width="1.2"/>` +
      `<path d="${circle(50, 24, 2.5)}" fill="${gold}"/>`;
  }
  // the suit's sign: high beside the head (König, Ober), low at the waist (Unter)
  if (rank === "J") out += sign(suit, 56, 52, 16, opts);
  else out += sign(suit, 24, 20, 15, opts);
  return out;
}

function germanCourt(rank, suit, opts) {
  const [, dark] = GERMAN_ROBES[suit];
  const half = germanHalf(rank, suit, opts);
  return (
    `<rect x="22" y="14" width="56" height="112" rx="4" fill="#fbf3df" stroke="${dark}" stroke-width="1.2"/>` +
    `<svg x="22" y="14" width="56" height="112" viewBox="22 14 56 112">` +
    `<g transform="translate(0 0)">${half}</g><g transform="rotate(180 50 70)">${half}</g></svg>` +
    `<path d="M22 70H78" stroke="${dark}" stroke-width="1" stroke-dasharray="2 2"/>`
  );
}

/** The SVG of one card (token "Ah"); options: deck, lang, fourColor, className. */
export function cardSVG(card, options = {}) {
  if (!isCardToken(card)) throw new Error(`not a card: ${JSON.stringify(card)}`);
  const opts = { deck: "french", lang: "en", fourColor: false, ...options };
  const rank = rankOf(card);
  const suit = suitOf(card);
  const name = escape(cardName(card, opts.deck, opts.lang));
  const cls = escape(opts.className || "card-svg");
  const half = corner(rank, suit, opts);
  const court = "KQJ".includes(rank);
  // over a court's art, the index sits on a patch of the card's paper
  const patch = court ? `<rect x="2" y="2" width="23" height="50" rx="5" fill="#fffdf7"/>` : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="${cls}" viewBox="0 0 100 140" role="img" aria-label="${name}" data-svg-card="${card}">` +
    `<title>${name}</title>` +
    `<rect x="1" y="1" width="98" height="138" rx="7" fill="#fffdf7" stroke="#8d8d8d" stroke-width="1.5"/>` +
    center(rank, suit, opts) +
    patch +
    half +
    `<g transform="rotate(180 50 70)">${patch}${half}</g>` +
    `</svg>`
  );
}

/** The back of a card: a blue lattice of small diamonds. */
export function backSVG(options = {}) {
  const cls = escape(options.className || "card-svg card-back");
  const label = escape(options.label || "");
  let lattice = "";
  for (let row = 0; row < 13; row += 1) {
    for (let col = 0; col < 9; col += 1) {
      const x = 14 + col * 9 + (row % 2 ? 4.5 : 0);
      const y = 14 + row * 9.3;
      if (x > 86) continue;
      lattice += `M${x} ${y - 4}L${x + 4} ${y}L${x} ${y + 4}L${x - 4} ${y}Z`;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="${cls}" viewBox="0 0 100 140"${label ? ` role="img" aria-label="${label}"` : ' aria-hidden="true"'}>` +
    `<rect x="1" y="1" width="98" height="138" rx="7" fill="#fffdf7" stroke="#8d8d8d" stroke-width="1.5"/>` +
    `<rect x="7" y="7" width="86" height="126" rx="4" fill="#1f4e8c"/>` +
    `<path d="${lattice}" fill="#3a6db3"/>` +
    `<rect x="7" y="7" width="86" height="126" rx="4" fill="none" stroke="#0f2f5c" stroke-width="2"/>` +
    `</svg>`
  );
}

/** A suit sign alone (for the trump indicator and marriages); options: deck, fourColor, size. */
export function suitSVG(suit, options = {}) {
  const opts = { deck: "french", fourColor: false, ...options };
  if (!"cdhs".includes(suit) || suit.length !== 1) throw new Error(`not a suit: ${JSON.stringify(suit)}`);
  const cls = escape(opts.className || "suit-svg");
  return `<svg xmlns="http://www.w3.org/2000/svg" class="${cls}" viewBox="0 0 100 100" aria-hidden="true">${sign(suit, 0, 0, 100, opts)}</svg>`;
}
