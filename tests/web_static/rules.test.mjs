// The page holds no rule of the game: every game fact (who wins a trick, what a card or a
// trick counts, the scores, the legal actions, the numbers of an explanation, the order of
// a hand, the preset descriptions) comes from the server (docs/web-ui.md, "No rules in the
// page"). A rule written into the page's code or dictionary is found here.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { JS, load, WORDS } from "./helpers.mjs";

function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? files(full) : [full];
  });
}

const code = Object.fromEntries(files(JS).filter((f) => f.endsWith(".js")).map((f) => [path.relative(JS, f), fs.readFileSync(f, "utf8")]));
// comments say what a rule is; code and strings must not hold one
const stripped = Object.fromEntries(
  Object.entries(code).map(([name, text]) => [name, text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1")]),
);

const FORBIDDEN = [
  [/\bA\s*:\s*11\b|\bT\s*:\s*10\b|\bK\s*:\s*4\b|\bQ\s*:\s*3\b/, "a card-point table (A: 11, T: 10, ...)"],
  [/\b11\s*,\s*10\s*,\s*4\s*,\s*3\s*,\s*2\b/, "card points as a list"],
  [/RANK_POINTS|cardPoints|points\[\s*\w+\[0\]\s*\]/, "card points by rank"],
  [/trickWinner|higherInSuit|tricksOf/, "a trick-winner function"],
  [/>=\s*66\b|<\s*66\b|>\s*65\b/, "the claim threshold of 66"],
  [/\b33\b/, "the Schneider line (33)"],
  [/===\s*20\s*\?\s*5|hand_size\s*\|\|\s*6|slice\(\s*2\s*\*\s*h/, "the deal's layout (hand sizes, where the trump card lies)"],
  [/SHOW_ORDER|handOrder/, "the order of a hand (the server sends the hand in order)"],
  [/%\s*2\b.*side|side.*%\s*2\b/, "which side a seat belongs to"],
  [/Math\.floor\([^)]*\/\s*2\)/, "tricks counted as pairs of cards"],
];

test("no file of the page holds a rule of the game", () => {
  assert.ok(Object.keys(code).length >= 15, "the scan found too few files");
  for (const [name, text] of Object.entries(stripped)) {
    for (const [pattern, what] of FORBIDDEN) {
      const found = pattern.exec(text);
      assert.equal(found, null, `${name} holds ${what}: ${found && found[0]}`);
    }
  }
});

test("the scan is not vacuous: a planted point table or trick rule is found", () => {
  const planted = [
    "const points = { A: 11, T: 10, K: 4, Q: 3, J: 2, 9: 0 };",
    "export function trickWinner(leader, lead, follow, trump) {}",
    "if (state.you.points >= 66) confirm();",
    "const h = deck.length === 20 ? 5 : 6;",
  ];
  for (const line of planted) {
    assert.ok(FORBIDDEN.some(([pattern]) => pattern.test(line)), line);
  }
});

test("the words hold no rule number: the server sends the numbers with the facts", async () => {
  for (const [lang, table] of Object.entries(WORDS)) {
    for (const [key, value] of Object.entries(table)) {
      // rulebook.*: the server's words for an option's values ("2 when the losers have under 33"), not the page's
      if (key.startsWith("rulebook.")) continue;
      const forms = typeof value === "object" ? Object.values(value) : [value];
      for (const form of forms) {
        assert.doesNotMatch(form, /\b(33|10 extra|10 de plus|1 game point goes)\b/, `${lang} ${key}: a rule's number`);
      }
    }
  }
});

test("preset names and descriptions come from the server's meta answer", async () => {
  const presets = await load("presets.js");
  assert.equal(presets.presetName("seed66", "de"), "seed66"); // nothing known yet: the id
  presets.usePresets({ presets: { seed66: { names: { en: "Sixty-six", de: "Sechsundsechzig" }, descriptions: { en: "24 cards" } } } });
  assert.equal(presets.presetName("seed66", "de"), "Sechsundsechzig");
  assert.equal(presets.presetName("seed66", "fr"), "Sixty-six"); // English when a language is missing
  assert.equal(presets.presetText("seed66", "fr"), "24 cards");
  assert.equal(presets.presetName("other", "en"), "other");
});
