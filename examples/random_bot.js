#!/usr/bin/env node
// A 66P bot in JavaScript: plays a random legal action, but claims 66 when it is sure to be right.
// It plays every game: it answers "66pok 2" when the host offers version 2 (four-handed 66,
// where "score=a,b" is by side and a bot only ever plays a card).
// Run it under any 66P host, e.g.:  sixtysix's ProtocolPlayer(["node", "examples/random_bot.js"])
// The protocol: docs/protocol.md. Needs only node (no packages).
"use strict";

const readline = require("readline");

const out = (line) => process.stdout.write(line + "\n");

// "key=value" words of a message; lists are comma-separated, "-" is empty.
function fields(words) {
  const result = {};
  for (const word of words) {
    const eq = word.indexOf("=");
    if (eq > 0) result[word.slice(0, eq)] = word.slice(eq + 1);
  }
  return result;
}
const list = (value) => (!value || value === "-" ? [] : value.split(","));

function choose(view) {
  const legal = list(view.legal);
  const seat = Number(view.side || view.seat); // four-handed: "side=1|2"
  const score = list(view.score).map(Number)[seat - 1]; // "score=a,b": seat (or side) 1, then 2
  if (legal.includes("66") && score >= 66) return "66"; // a correct claim ends the deal at once
  const fair = legal.filter((token) => token !== "66"); // never a false claim
  const pool = fair.length ? fair : legal;
  return pool[Math.floor(Math.random() * pool.length)];
}

const input = readline.createInterface({ input: process.stdin, terminal: false });
input.on("line", (line) => {
  const words = line.trim().split(/\s+/);
  switch (words[0]) {
    case "66p":
      out("id name random.js");
      out("id author the sixtysix examples");
      out(Number(words[1]) >= 2 ? "66pok 2" : "66pok"); // version 2: the four-handed game too
      break;
    case "isready":
      out("readyok");
      break;
    case "go":
      out("bestmove " + choose(fields(words.slice(1))));
      break;
    case "quit":
      process.exit(0);
    // newmatch, newdeal, setoption and anything unknown: nothing to do (the go line says it all).
  }
});
input.on("close", () => process.exit(0));
