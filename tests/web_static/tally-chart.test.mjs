import { test } from "node:test";
import assert from "node:assert/strict";
import { load, markupProblems } from "./helpers.mjs";

const tally = await load("tally.js");
const { evalChartSVG } = await load("chart.js");

test("the tally style follows the preset unless chosen", () => {
  assert.equal(tally.tallyStyle("seed66"), "strokes");
  assert.equal(tally.tallyStyle("schnapsen"), "countdown");
  assert.equal(tally.tallyStyle("schnapsen", "strokes"), "strokes");
  assert.equal(tally.tallyStyle("pagat66", "countdown"), "countdown");
});

test("strokes: one per game point, every fifth across, the rest as dots", () => {
  assert.equal(tally.tallyText([], 7), "·······  0/7");
  assert.equal(tally.tallyText([2, 1], 7), "||| ····  3/7");
  assert.equal(tally.tallyText([3, 2, 1], 7), "||||/ | ·  6/7");
  assert.equal(tally.tallyText([3, 3, 2], 7), "||||/ ||  8/7");
  const svg = tally.tallySVG([3, 2, 1], 7, "strokes", "You: 6 of 7");
  assert.deepEqual(markupProblems(svg), []);
  assert.equal((svg.match(/class="tally-stroke"/g) || []).length, 6);
  assert.equal((svg.match(/class="tally-dot"/g) || []).length, 1);
  assert.match(svg, /aria-label="You: 6 of 7"/);
  assert.match(tally.tallySVG([9], 7), /\+2/);
});

test("countdown: from the target to zero, earlier values struck out", () => {
  assert.deepEqual(tally.countdownValues([2, 1, 3, 3], 7), [7, 5, 4, 1, 0]);
  assert.equal(tally.tallyText([2, 1], 7, "countdown"), "7\u0336 5\u0336 4");
  const svg = tally.tallySVG([2, 1], 7, "countdown");
  assert.deepEqual(markupProblems(svg), []);
  assert.equal((svg.match(/class="tally-strike"/g) || []).length, 2);
  assert.match(svg, /class="tally-now">4</);
  assert.match(tally.tallySVG([7], 7, "countdown"), /class="tally-done">0</);
});

test("the evaluation chart: one dot per decision, marks on mistakes, values kept in -3..+3", () => {
  const points = [
    { value: 0.4, own: true, classification: null, title: "1" },
    { value: -0.2, own: false, classification: "inaccuracy", title: "2" },
    { value: 7, own: true, classification: "blunder", title: "3 <&>" },
    { value: -1, own: false, classification: "mistake", title: "4" },
  ];
  const svg = evalChartSVG(points, { final: -2, finalTitle: "You lose 2", label: "chart", xLabel: "decisions" });
  assert.deepEqual(markupProblems(svg), []);
  assert.equal((svg.match(/<circle /g) || []).length, 4);
  assert.equal((svg.match(/class="chart-mark /g) || []).length, 3);
  assert.match(svg, />\?\?</);
  assert.match(svg, /class="chart-dot own blunder"/);
  assert.match(svg, /class="chart-final"/);
  assert.match(svg, /3 &lt;&amp;&gt;/);
  // y of the clamped +7 equals the top line (+3)
  const top = /<line x1="30" x2="708" y1="([\d.]+)"[^>]*\/><text[^>]*>\+3</.exec(svg)[1];
  const clamped = /cy="([\d.]+)" r="5.5" class="chart-dot own blunder"/.exec(svg)[1];
  assert.equal(Number(clamped), Number(top));
});

test("an empty chart and two charts on one page (distinct clip ids)", () => {
  assert.deepEqual(markupProblems(evalChartSVG([])), []);
  const a = evalChartSVG([{ value: 1, own: true }]);
  const b = evalChartSVG([{ value: 1, own: true }]);
  const id = (s) => /clipPath id="([^"]+)"/.exec(s)[1];
  assert.notEqual(id(a), id(b));
});

test("a rating's history: one dot per rated match, its deviation as a band, the scale around them", async () => {
  const { ratingChartSVG } = await load("chart.js");
  const svg = ratingChartSVG(
    [
      { rating: 1662, deviation: 290, won: true, title: "won against Bea" },
      { rating: 1590, deviation: 250, won: false, title: "lost against Cleo" },
    ],
    { label: "Ann's rating" },
  );
  assert.deepEqual(markupProblems(svg), []);
  assert.equal((svg.match(/<circle/g) || []).length, 2);
  assert.match(svg, /class="chart-dot own"/);
  assert.match(svg, /class="chart-dot theirs"/);
  assert.match(svg, />1300</); // 1340 - 10 rounded down to the 50 below: the band fits
  assert.match(svg, /aria-label="Ann&#39;s rating"|aria-label="Ann's rating"/);
  assert.equal(ratingChartSVG([]).endsWith("</svg>"), true);
});
