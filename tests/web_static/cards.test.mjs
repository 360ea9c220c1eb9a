import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { ALL_CARDS, JS, load, markupProblems } from "./helpers.mjs";

const { cardSVG, backSVG, suitSVG, suitColor } = await load("cards.js");

test("every card renders as well-formed SVG in both decks and all languages", () => {
  for (const deck of ["french", "german"]) {
    for (const lang of ["en", "de", "fr"]) {
      for (const card of ALL_CARDS) {
        const svg = cardSVG(card, { deck, lang });
        assert.ok(svg.startsWith("<svg"), card);
        assert.deepEqual(markupProblems(svg), [], `${deck} ${lang} ${card}`);
        assert.match(svg, /viewBox="0 0 100 140"/);
        assert.match(svg, new RegExp(`data-svg-card="${card}"`));
        assert.match(svg, /role="img" aria-label="[^"]+"/);
      }
    }
  }
});

test("cards have names in the player's language", () => {
  assert.match(cardSVG("Qh", { lang: "en" }), /aria-label="Queen of hearts"/);
  assert.match(cardSVG("Qh", { lang: "de" }), /aria-label="Herz-Dame"/);
  assert.match(cardSVG("Qh", { lang: "fr" }), /aria-label="Dame de cœur"/);
  assert.match(cardSVG("Qh", { lang: "de", deck: "german" }), /aria-label="Herz-Ober"/);
  assert.match(cardSVG("Jc", { lang: "de", deck: "german" }), /aria-label="Eichel-Unter"/);
  assert.match(cardSVG("Ad", { lang: "de", deck: "german" }), /aria-label="Schellen-Ass"/);
  assert.match(cardSVG("9s", { lang: "de", deck: "german" }), /aria-label="Laub-Neun"/);
});

test("the corner index uses the language's court letters (and O/U on German cards)", () => {
  const index = (card, opts) => /<text[^>]*>([^<]+)<\/text>/.exec(cardSVG(card, opts))[1];
  assert.equal(index("Kh", { lang: "en" }), "K");
  assert.equal(index("Kh", { lang: "fr" }), "R");
  assert.equal(index("Jh", { lang: "fr" }), "V");
  assert.equal(index("Qh", { lang: "de" }), "D");
  assert.equal(index("Jh", { lang: "de" }), "B");
  assert.equal(index("Qh", { lang: "en", deck: "german" }), "O");
  assert.equal(index("Jh", { lang: "fr", deck: "german" }), "U");
  assert.equal(index("Th", { lang: "en" }), "10");
  assert.equal(index("9h", { lang: "en" }), "9");
});

test("French cards are red and black, four colours on request; German cards have their own colours", () => {
  assert.equal(suitColor("h"), suitColor("d"));
  assert.equal(suitColor("c"), suitColor("s"));
  assert.notEqual(suitColor("h"), suitColor("s"));
  assert.equal(new Set(["c", "d", "h", "s"].map((s) => suitColor(s, { fourColor: true }))).size, 4);
  assert.equal(new Set(["c", "d", "h", "s"].map((s) => suitColor(s, { deck: "german" }))).size, 4);
});

test("a card is the same drawing for the same options (no random ids)", () => {
  assert.equal(cardSVG("Ks", { lang: "en" }), cardSVG("Ks", { lang: "en" }));
  assert.notEqual(cardSVG("Ks", { lang: "en" }), cardSVG("Ks", { lang: "en", deck: "german" }));
});

test("nines and tens show their pips; courts their illustrated figures", () => {
  // signs of 18 units: the pips, and one under each of the two corner indexes
  const pips = (card) => (cardSVG(card).match(/scale\(0\.18\)/g) || []).length - 2;
  assert.equal(pips("9c"), 9);
  assert.equal(pips("Tc"), 10);
  // French courts: SVG-cards' figures (static/cards/french-courts.svg, its licence beside it)
  assert.match(cardSVG("Kc"), /<use href="\/cards\/french-courts\.svg#Kc"/);
  assert.match(cardSVG("Jd"), /<use href="\/cards\/french-courts\.svg#Jd"/);
  // German courts drawn for the project: a double-headed figure, no external file
  const ober = cardSVG("Qs", { deck: "german" });
  assert.doesNotMatch(ober, /<use /);
  assert.match(ober, /rotate\(180 50 70\)/);
  assert.notEqual(ober, cardSVG("Js", { deck: "german" })); // the Ober and the Unter differ
});

test("every French court card has its symbol in the sprite, with the licence beside it", () => {
  const dir = path.join(JS, "..", "cards");
  const sprite = fs.readFileSync(path.join(dir, "french-courts.svg"), "utf8");
  for (const s of "cdhs") for (const r of "KQJ") assert.match(sprite, new RegExp(`<symbol id="${r}${s}"`));
  assert.match(fs.readFileSync(path.join(dir, "LICENSE-svg-cards.txt"), "utf8"), /LESSER GENERAL PUBLIC LICENSE/);
});

test("not a card, not a suit: an error", () => {
  for (const bad of ["", "Xh", "A", "Ahh", "ah", "1h", null, 5]) {
    assert.throws(() => cardSVG(bad), /not a card/);
  }
  assert.throws(() => suitSVG("x"), /not a suit/);
});

test("the back and the suit signs are well-formed and hide nothing", () => {
  const back = backSVG();
  assert.deepEqual(markupProblems(back), []);
  assert.match(back, /aria-hidden="true"/);
  assert.doesNotMatch(back, /data-svg-card/);
  for (const deck of ["french", "german"]) {
    for (const s of "cdhs") assert.deepEqual(markupProblems(suitSVG(s, { deck })), []);
  }
});
