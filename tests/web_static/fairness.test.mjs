import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./helpers.mjs";

// the page's own check computes the deck with Web Crypto exactly as docs/fairness.md says:
// its worked example, the computer's seed, and reading a record's deal line
const fair = await load("fairness.js");

test("the page's shuffle gives the deck of docs/fairness.md's worked example", async () => {
  const key = await fair.hmacKey("3f1c0e6b9a5d4e2f8b7a6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f");
  const pack = fair.startingPack(24);
  assert.equal(pack.join(" "), "Ac Tc Kc Qc Jc 9c Ad Td Kd Qd Jd 9d Ah Th Kh Qh Jh 9h As Ts Ks Qs Js 9s");
  const deck = await fair.fairDeck(key, ["alice-7f3a", "c0ffee"], 1, pack);
  assert.equal(deck.join(" "), "Qd Ts Js As Tc Qh Kh Ad 9c Jh Kd Jd Qs 9s Jc Ah Td Ac 9d Ks Qc 9h Kc Th");
});

test("the packs of 20 and 32 cards, and the computer's seed as the core derives it", async () => {
  assert.deepEqual(fair.startingPack(20).slice(0, 6), ["Ac", "Tc", "Kc", "Qc", "Jc", "Ad"]);
  assert.equal(fair.startingPack(32).length, 32);
  assert.equal(fair.startingPack(32)[7], "7c");
  const key = await fair.hmacKey("example");
  assert.equal(await fair.computerSeed(key, 2), "computer-bc6e4eef9edccdd87813d1c742b76b10");
});

test("a record's deal lines are read in order, cards in their canonical form", () => {
  const text = '[Format "66R 1"]\n\ndeal dealer=2 deck="ah 10d Kc"\n1:Ah\n\nDEAL deck="Qs Js" dealer=1\n';
  assert.deepEqual(fair.recordDeck(text, 1), ["Ah", "Td", "Kc"]);
  assert.deepEqual(fair.recordDeck(text, 2), ["Qs", "Js"]);
  assert.equal(fair.recordDeck(text, 3), null);
});
