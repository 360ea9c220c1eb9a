import { test } from "node:test";
import assert from "node:assert/strict";
import { load, markupProblems } from "./helpers.mjs";

const d = await load("describe.js");
const { html, raw } = await load("dom.js");
const i18n = await load("i18n.js");
const LANGS = ["en", "de", "fr"];
const who = { me: 1, name: () => "Computer" };
const text = (h) => String(h).replace(/<[^>]+>/g, "").replace(/\s+/g, " ").trim();

test("html`` escapes what it interpolates, raw() does not", () => {
  assert.equal(String(html`<b>${"<i>&\"'"}</b>`), "<b>&lt;i&gt;&amp;&quot;&#39;</b>");
  assert.equal(String(html`<b>${raw("<i>x</i>")}</b>`), "<b><i>x</i></b>");
  assert.equal(String(html`${["a", html`<i>b</i>`, null, false, 0]}`), "a<i>b</i>0");
});

test("actions are described for both seats in every language, with card chips", () => {
  const deal = { trump: "s", trump_card: "Ts" };
  const opts = { exchangeRank: "9" };
  for (const lang of LANGS) {
    i18n.setLang(lang);
    for (const action of ["Ah", "20h", "40s", "X", "C", "CB", "66", "draw", "pass"]) {
      for (const seat of [1, 2]) {
        const out = String(d.describeAction({ seat, action }, who, deal, opts));
        assert.deepEqual(markupProblems(out), [], `${lang} ${action}`);
        assert.doesNotMatch(out, /\{\w+\}/, `${lang} ${action}: a placeholder left`);
        if (seat === 2) assert.match(text(out), /Computer/);
      }
    }
  }
  i18n.setLang("en");
  assert.equal(text(d.describeAction({ seat: 1, action: "Ah" }, who, deal, opts)), "You play A");
  assert.equal(text(d.describeAction({ seat: 2, action: "20h" }, who, deal, opts)), "Computer declares 20 in hearts K Q");
  assert.equal(text(d.describeAction({ seat: 2, action: "X" }, who, deal, opts)), "Computer exchanges 9 for 10");
  assert.match(String(d.describeAction({ seat: 2, action: "X" }, who, deal, opts)), /data-card="9s".*data-card="Ts"/);
  i18n.setLang("de");
  assert.equal(text(d.describeAction({ seat: 1, action: "CB" }, who, deal, opts)), "Du drehst vor dem Ziehen zu");
  i18n.setLang("en");
});

// the tricks as the server sends them (sixtysix.present.state): cards, winner and points
const trick = (cards, winner, points) => ({ cards: cards.map(([seat, card]) => ({ seat, card })), winner, points });

test("the log says who won each trick for the points the server counted", () => {
  const deal = {
    trump: "s",
    history: [
      { seat: 1, action: "20h" },
      { seat: 1, action: "Kh" },
      { seat: 2, action: "Ah" },
      { seat: 2, action: "draw" },
      { seat: 2, action: "9c" },
      { seat: 1, action: "9s" },
    ],
    tricks: [trick([[1, "Kh"], [2, "Ah"]], 2, 15), trick([[2, "9c"], [1, "9s"]], 1, 0)],
  };
  const lines = d.dealLog(deal, who, {});
  assert.deepEqual(
    lines.map((l) => text(l.html)),
    ["You declare 20 in hearts K Q", "You play K", "Computer plays A", "Computer wins the trick (15)", "Computer plays 9", "You play 9", "You win the trick (0)"],
  );
});

test("with nine_points=1 the log shows the server's 12 for a trick of 9h and Ah (no point table in the page)", () => {
  const deal = { trump: "s", history: [{ seat: 1, action: "9h" }, { seat: 2, action: "Ah" }], tricks: [trick([[1, "9h"], [2, "Ah"]], 2, 12)] };
  const lines = d.dealLog(deal, who, {}).map((l) => text(l.html));
  assert.equal(lines.at(-1), "Computer wins the trick (12)");
});

test("a trick of four cards ends after the fourth, with the winner the server names", () => {
  const names4 = { me: 1, name: (s) => `Seat ${s}` };
  const cards = [[1, "Ad"], [2, "Kd"], [3, "7d"], [4, "8s"]];
  const deal = { trump: "s", history: cards.map(([seat, action]) => ({ seat, action })), tricks: [trick(cards, 4, 15)] };
  const lines = d.dealLog(deal, names4, {}).map((l) => text(l.html));
  assert.deepEqual(lines.slice(3), ["Seat 4 plays 8", "Seat 4 wins the trick (15)"]);
});

// outcomes as the server sends them: the engine's reason codes, with the numbers their sentences name (``scoring``)
const facts = (more = {}) => ({ schneider: 33, scale: null, closed_basis: null, carried_next: 0, last_trick: null, ...more });
const outcomes = [
  { termination: "claim", reasons: ["claim", "schneider"], winner: 1, loser: 2, game_points: 2, credited: 2, carried: 0, points: [70, 20], tricks: [4, 2], claimant: 1, closer: null, win_kind: "schneider", scoring: facts({ scale: 2 }) },
  { termination: "claim", reasons: ["closer_claim", "at_close", "schwarz"], winner: 2, loser: 1, game_points: 3, credited: 4, carried: 1, points: [10, 66], tricks: [0, 5], claimant: 2, closer: 2, win_kind: "schwarz", scoring: facts({ scale: 3, closed_basis: "at_close" }) },
  { termination: "claim", reasons: ["beaten_closer"], winner: 2, loser: 1, game_points: 2, credited: 2, carried: 0, points: [40, 66], tricks: [3, 3], claimant: 2, closer: 1, win_kind: null, scoring: facts() },
  { termination: "false_claim", reasons: ["false_claim", "flat"], winner: 2, loser: 1, game_points: 2, credited: 2, carried: 0, points: [60, 40], tricks: [3, 3], claimant: 1, closer: null, win_kind: null, scoring: facts() },
  { termination: "false_claim", reasons: ["false_claim_failed_close", "no_trick_at_close"], winner: 1, loser: 2, game_points: 3, credited: 3, carried: 0, points: [20, 50], tricks: [0, 3], claimant: 2, closer: 2, win_kind: null, scoring: facts() },
  { termination: "closer_failed", reasons: ["failed_close"], winner: 2, loser: 1, game_points: 2, credited: 2, carried: 0, points: [50, 80], tricks: [4, 8], claimant: null, closer: 1, win_kind: null, scoring: facts() },
  { termination: "played_out", reasons: ["played_out", "simple"], winner: 1, loser: 2, game_points: 1, credited: 1, carried: 0, points: [75, 55], tricks: [7, 5], claimant: null, closer: null, win_kind: "simple", scoring: facts({ scale: 1, last_trick: { winner: 2, points: 4, bonus: 10, decides: false } }) },
  { termination: "played_out", reasons: ["closer_played_out", "simple"], winner: 1, loser: 2, game_points: 1, credited: 1, carried: 0, points: [70, 60], tricks: [7, 5], claimant: null, closer: 1, win_kind: "simple", scoring: facts({ scale: 1, closed_basis: "at_end" }) },
  { termination: "played_out", reasons: ["last_trick", "simple"], winner: 2, loser: 1, game_points: 1, credited: 1, carried: 0, points: [50, 70], tricks: [2, 3], claimant: null, closer: null, win_kind: "simple", scoring: facts({ scale: 1, last_trick: { winner: 2, points: 6, bonus: 0, decides: true } }) },
  { termination: "tie", reasons: ["tie"], winner: null, loser: null, game_points: 0, credited: 0, carried: 0, points: [65, 65], tricks: [6, 6], claimant: null, closer: null, win_kind: null, scoring: facts({ carried_next: 1 }) },
  { termination: "tie", reasons: ["tie"], winner: null, loser: null, game_points: 0, credited: 0, carried: 0, points: [65, 65], tricks: [6, 6], claimant: null, closer: null, win_kind: null, scoring: facts() },
];

test("every way a deal ends is explained in every language, without leftovers", () => {
  for (const lang of LANGS) {
    i18n.setLang(lang);
    for (const out of outcomes) {
      const lines = d.explainOutcome(out, who, lang === "en" ? "de" : lang); // English: the structured path too
      assert.ok(lines.length >= 1, `${lang} ${out.termination}`);
      for (const line of lines) assert.doesNotMatch(line, /\{\w+\}|undefined|null|NaN/, `${lang}: ${line}`);
      const headline = d.dealHeadline(out, who);
      assert.doesNotMatch(headline, /\{\w+\}|undefined|NaN/);
      assert.doesNotMatch(d.totalsLine(out, who), /\{\w+\}|undefined|NaN/);
    }
  }
  i18n.setLang("en");
});

test("English uses the server's exact explanation when there is one", () => {
  const out = { ...outcomes[0], explanation: ["Computer had only 20 card points, under 33 (Schneider): 2 game points."] };
  assert.deepEqual(d.explainOutcome(out, who, "en"), out.explanation);
  assert.notDeepEqual(d.explainOutcome(out, who, "de"), out.explanation);
});

test("where partners score together the server's explanation is shown in the page's language", () => {
  const out = {
    termination: "played_out", winner: 1, game_points: 2, credited: 2, points: [105, 25], tricks: [6, 2],
    explanation: ["side 1 made 105 to 25 (100 or more)"],
    explanations: {
      en: ["side 1 made 105 to 25 (100 or more)"],
      de: ["Partei 1 hat 105 zu 25 Augen gemacht (100 oder mehr)."],
      fr: ["L'équipe 1 a fait 105 points contre 25 (100 ou plus)."],
    },
  };
  const side = { me: 1, side: 1, name: () => "Partner" };
  assert.deepEqual(d.explainOutcome(out, side, "de", "side"), out.explanations.de);
  assert.deepEqual(d.explainOutcome(out, side, "fr", "side"), out.explanations.fr);
  assert.deepEqual(d.explainOutcome(out, side, "en", "side"), out.explanation);
  // an answer without the field (an older server): the English sentence rather than nothing
  assert.deepEqual(d.explainOutcome({ ...out, explanations: undefined }, side, "de", "side"), out.explanation);
});

test("the explanation names the server's numbers: the last trick's bonus, the Schneider line, the points carried", () => {
  i18n.setLang("de");
  const other = { ...outcomes[6], scoring: facts({ scale: 2, schneider: 40, last_trick: { winner: 1, points: 3, bonus: 7, decides: false } }) };
  const lines = d.explainOutcome({ ...other, win_kind: "schneider", reasons: ["played_out", "schneider"] }, who, "de");
  assert.match(lines[0], /7 extra/);
  assert.match(lines[1], /weniger als 40 Augen \(Schneider\): 2 Punkte/);
  assert.match(d.explainOutcome(outcomes[8], who, "de")[0], /Computer hat den letzten Stich gemacht, er gewinnt das Spiel: 1 Punkt/);
  assert.equal(d.explainOutcome(outcomes[8], who, "de").length, 1); // no "33 or more" sentence: the last trick decided
  assert.match(d.explainOutcome(outcomes[9], who, "de")[1], /1 Punkt geht an den Gewinner/);
  assert.match(d.explainOutcome(outcomes[10], who, "de")[1], /Gleichstand|niemand|Niemand/);
  assert.match(d.explainOutcome(outcomes[1], who, "de").join(" "), /im Moment des Zudrehens/);
  assert.doesNotMatch(d.explainOutcome(outcomes[7], who, "de").join(" "), /im Moment des Zudrehens/);
  i18n.setLang("en");
});

test("headlines: plural, carried points, ties", () => {
  i18n.setLang("en");
  assert.equal(d.dealHeadline(outcomes[6], who), "You win 1 game point");
  assert.equal(d.dealHeadline(outcomes[1], who), "Computer wins 4 game points (3 + 1 carried from a tie)");
  assert.equal(d.dealHeadline(outcomes[9], who), "A tie");
  i18n.setLang("de");
  assert.equal(d.dealHeadline(outcomes[0], who), "Du gewinnst 2 Punkte");
  i18n.setLang("fr");
  assert.equal(d.dealHeadline(outcomes[6], who), "Vous gagnez 1 point de partie");
  i18n.setLang("en");
});

test("the end of the match", () => {
  i18n.setLang("en");
  assert.equal(d.matchLine({ over: true, winner: 1, score: [7, 4] }, who), "You win the match 7–4! Computer gets a Bummerl.");
  assert.match(d.matchLine({ over: true, winner: 2, score: [0, 7] }, who), /Schneider-Bummerl/);
  assert.equal(d.matchLine({ over: false, winner: null, score: [3, 4] }, who), "");
});

test("a match a seat forfeited ends by forfeit, said so in every language, with no Bummerl", () => {
  const bob = { me: 1, name: () => "Bob", side: 1 };
  const expected = {
    en: ["Bob forfeits the match. You win the match by forfeit (3–0).", "you forfeit the match. Bob wins the match by forfeit (3–0)."],
    de: ["Bob verliert die Partie kampflos. Du gewinnst die Partie kampflos (3:0).", "Du verlierst die Partie kampflos. Bob gewinnt die Partie kampflos (3:0)."],
    fr: ["Bob perd la partie par forfait. Vous gagnez la partie par forfait (3–0).", "vous perdez la partie par forfait. Bob gagne la partie par forfait (3–0)."],
  };
  for (const lang of LANGS) {
    i18n.setLang(lang);
    const won = d.matchLine({ over: true, winner: 1, forfeited_by: 2, score: [3, 0], by: "seat" }, bob);
    const lost = d.matchLine({ over: true, winner: 2, forfeited_by: 1, score: [0, 3], by: "seat" }, bob);
    assert.ok(won.endsWith(expected[lang][0]), `${lang}: ${won}`);
    assert.ok(lost.endsWith(expected[lang][1]), `${lang}: ${lost}`);
    assert.doesNotMatch(won + lost, /Bummerl|\{\w+\}|undefined/);
    const side = d.matchLine({ over: true, winner: 2, forfeited_by: 3, score: [1, 3], by: "side" }, bob);
    assert.match(side, { en: /The other side wins/, de: /Die Gegenpartei gewinnt/, fr: /L'équipe adverse gagne/ }[lang]);
  }
  i18n.setLang("en");
});

test("values are signed, with the language's decimal mark", () => {
  assert.equal(d.signed(0.625, "en"), "+0.63");
  assert.equal(d.signed(-1.2, "en"), "−1.20");
  assert.equal(d.signed(0.001, "en"), "±0.00");
  assert.equal(d.signed(-1.2, "de"), "−1,20");
  assert.equal(d.signed(2, "fr"), "+2,00");
  assert.equal(d.signed(undefined), "");
});

test("strict_claims: a closer who reached 66 and never claimed loses the deal played out, as a failed close", () => {
  const strict = { termination: "played_out", reasons: ["never_claimed"], winner: 2, loser: 1, game_points: 2, credited: 2, carried: 0, points: [81, 39], tricks: [6, 3], claimant: null, closer: 1, win_kind: null, scoring: facts() };
  const expected = { en: /never claimed/, de: /nie angesagt/, fr: /sans jamais l'annoncer/ };
  for (const lang of LANGS) {
    i18n.setLang(lang);
    const lines = d.explainOutcome(strict, who, lang === "en" ? "de" : lang);
    if (lang !== "en") assert.match(lines[0], expected[lang]);
    assert.doesNotMatch(lines.join(" "), /\{\w+\}|undefined|null|NaN|66 by the last trick|bis zum letzten Stich|au dernier pli/);
    assert.equal(lines.length, 2);
  }
  i18n.setLang("en");
});

test("an estimate shows its standard error; an exact value does not", () => {
  assert.equal(d.withError(-0.47, 0.052, "en"), "−0.47 ± 0.05");
  assert.equal(d.withError(0.62, 0.031, "de"), "+0,62 ± 0,03");
  assert.equal(d.withError(1, 0, "en"), "+1.00");
  assert.equal(d.withError(1, 0.004, "en"), "+1.00");
  assert.equal(d.withError(1, undefined, "en"), "+1.00");
  assert.equal(d.withError(undefined, 0.1, "en"), "");
});

test("a computer is named in the page's language, a person as given", () => {
  const computer = { seat: 2, kind: "computer", level: 3, name: "Computer (level 3)" };
  const expected = { en: "Computer (level 3)", de: "Computer (Stufe 3)", fr: "Ordinateur (niveau 3)" };
  for (const lang of LANGS) {
    i18n.setLang(lang);
    assert.equal(d.seatName(computer, 2), expected[lang]);
    assert.match(d.seatName({ ...computer, seat: 3 }, 3), /3 \(\w+ 3\)$/);
    assert.equal(d.seatName({ seat: 1, kind: "human", name: "Ann" }), "Ann");
    const state = { seat: 1, players: 2, seats: [{ seat: 1, kind: "human", name: "Ann" }, computer] };
    assert.equal(d.names(state).name(2), expected[lang]);
  }
  i18n.setLang("en");
});

test("a deal forfeited on the move clock is explained in every language", () => {
  const outcome = { termination: "forfeit", reasons: ["forfeit"], winner: 1, loser: 2, game_points: 3, points: [20, 10], explanation: ["server"] };
  for (const lang of ["de", "fr"]) {
    i18n.setLang(lang);
    const lines = d.explainOutcome(outcome, who, lang).map(String);
    assert.equal(lines.length, 1);
    assert.match(lines[0], /Computer/);
    assert.match(lines[0], /3/);
  }
  i18n.setLang("en");
});

test("plain-text actions and labels in the page's language: corner letters, a French colon", async () => {
  const { actionText, labelled } = await load("describe.js");
  assert.equal(actionText("Jc", "de"), "B♣");
  assert.equal(actionText("Qs", "fr"), "D♠");
  assert.equal(actionText("Th", "en"), "10♥");
  assert.equal(actionText("40c", "fr"), "40 ♣");
  assert.equal(actionText("draw", "de"), "Ziehen");
  assert.equal(labelled("Vous", "fr"), "Vous\u00a0: ");
  assert.equal(labelled("Du", "de"), "Du: ");
});
