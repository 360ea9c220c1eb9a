import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./helpers.mjs";

const n = await load("notation.js");

test("cards are read leniently and written canonically", () => {
  const cases = {
    Ah: "Ah", ah: "Ah", AH: "Ah", "10h": "Th", "10H": "Th", th: "Th", "A♥": "Ah", "k♠": "Ks", "9c": "9c",
    " qd ": "Qd", Dh: "Qh", dh: "Qh", Bs: "Js", Rc: "Kc", Vd: "Jd", Oh: "Qh", Uh: "Jh",
  };
  for (const [text, card] of Object.entries(cases)) assert.equal(n.parseCard(text), card, text);
  for (const bad of ["", "h", "A", "11h", "Ax", "Ahs", "8h", null]) assert.equal(n.parseCard(bad), null, String(bad));
});

test("action tokens", () => {
  assert.equal(n.parseAction("x"), "X");
  assert.equal(n.parseAction("cb"), "CB");
  assert.equal(n.parseAction("C"), "C");
  assert.equal(n.parseAction("66"), "66");
  assert.equal(n.parseAction("20H"), "20h");
  assert.equal(n.parseAction("40♠"), "40s");
  assert.equal(n.parseAction("Draw"), "draw");
  assert.equal(n.parseAction("10d"), "Td");
  assert.equal(n.parseAction("21h"), null);
  assert.equal(n.actionKind("20h"), "marriage");
  assert.equal(n.actionKind("CB"), "close_before_draw");
  assert.equal(n.actionKind("Ah"), "card");
  assert.equal(n.actionKind("next"), null);
  assert.deepEqual(n.marriageCards("40s"), ["Ks", "Qs"]);
});

const hand = ["9s", "Qc", "Jd", "Ah", "Th", "Kh"];

test("keys: a card number is played at once", () => {
  const legal = [...hand];
  assert.deepEqual(n.interpretKeys("2", hand, legal), { status: "action", action: "Qc" });
  assert.deepEqual(n.interpretKeys("6", hand, legal), { status: "action", action: "Kh" });
  assert.deepEqual(n.interpretKeys("7", hand, legal), { status: "invalid" });
  assert.deepEqual(n.interpretKeys("", hand, legal), { status: "empty" });
});

test("keys: a card token, in any case, with the court letters of other languages", () => {
  const legal = [...hand];
  assert.deepEqual(n.interpretKeys("a", hand, legal), { status: "prefix" });
  assert.deepEqual(n.interpretKeys("ah", hand, legal), { status: "action", action: "Ah" });
  assert.deepEqual(n.interpretKeys("TH", hand, legal), { status: "action", action: "Th" });
  assert.deepEqual(n.interpretKeys("dc", hand, legal), { status: "action", action: "Qc" }); // Dame
  assert.deepEqual(n.interpretKeys("bd", hand, legal), { status: "action", action: "Jd" }); // Bube
  assert.deepEqual(n.interpretKeys("rh", hand, legal), { status: "action", action: "Kh" }); // Roi
  assert.deepEqual(n.interpretKeys("qh", hand, legal), { status: "invalid" }); // not in the hand
});

test("keys: only legal actions count", () => {
  assert.deepEqual(n.interpretKeys("1", hand, ["Qc"]), { status: "invalid" });
  assert.deepEqual(n.interpretKeys("2", hand, ["Qc"]), { status: "action", action: "Qc" });
});

test("keys: 2 waits when a 20 can follow, 4 waits for 40s, 6 for 66", () => {
  const h = ["Ks", "Qs", "Kh", "Qh", "9c", "Ad"];
  const legal = [...h, "20h", "40s", "66", "C"];
  assert.deepEqual(n.interpretKeys("2", h, legal), { status: "maybe", action: "Qs" });
  assert.deepEqual(n.interpretKeys("20", h, legal), { status: "prefix" });
  assert.deepEqual(n.interpretKeys("20h", h, legal), { status: "action", action: "20h" });
  assert.deepEqual(n.interpretKeys("20♥", h, legal), { status: "action", action: "20h" });
  assert.deepEqual(n.interpretKeys("4", h, legal), { status: "maybe", action: "Qh" });
  assert.deepEqual(n.interpretKeys("40s", h, legal), { status: "action", action: "40s" });
  assert.deepEqual(n.interpretKeys("6", h, legal), { status: "maybe", action: "Ad" });
  assert.deepEqual(n.interpretKeys("66", h, legal), { status: "action", action: "66" });
  assert.deepEqual(n.interpretKeys("20s", h, legal), { status: "invalid" });
  // no marriage possible: 2 is card 2 at once
  assert.deepEqual(n.interpretKeys("2", h, h), { status: "action", action: "Qs" });
});

test("keys: c closes (C, or CB right after a trick), x exchanges, d draws, p keeps", () => {
  assert.deepEqual(n.interpretKeys("c", hand, [...hand, "C"]), { status: "action", action: "C" });
  assert.deepEqual(n.interpretKeys("c", hand, ["draw", "CB", "66"]), { status: "action", action: "CB" });
  assert.deepEqual(n.interpretKeys("cb", hand, ["draw", "CB", "66"]), { status: "action", action: "CB" });
  assert.deepEqual(n.interpretKeys("x", hand, [...hand, "X"]), { status: "action", action: "X" });
  assert.deepEqual(n.interpretKeys("X", hand, ["X", "pass"]), { status: "action", action: "X" });
  assert.deepEqual(n.interpretKeys("p", hand, ["X", "pass"]), { status: "action", action: "pass" });
  assert.deepEqual(n.interpretKeys("d", hand, ["draw", "CB", "66"]), { status: "action", action: "draw" });
  assert.deepEqual(n.interpretKeys("draw", hand, ["draw", "CB", "66"]), { status: "action", action: "draw" });
  assert.deepEqual(n.interpretKeys("x", hand, hand), { status: "invalid" });
  assert.equal(n.defaultAction(["draw", "CB", "66"]), "draw");
  assert.equal(n.defaultAction(["X", "pass"]), "pass");
  assert.equal(n.defaultAction(hand), null);
});

test("key hints", () => {
  assert.equal(n.keyHint("Jd", hand), "3");
  assert.equal(n.keyHint("draw", hand), "D");
  assert.equal(n.keyHint("20h", hand), "20h");
});
