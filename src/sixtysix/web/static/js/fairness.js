// Provably fair deals (docs/fairness.md): the client seed this browser sends, and the
// fairness of a deal as the server reports it (commitment, client seeds, the server seed
// once the deal has ended, the server's verdict), and the page's own check of it (below):
// anyone may also check a record with `sixtysix verify` or on the #/verify page.

import { html } from "./dom.js";
import { labelled } from "./describe.js";
import { inLang, t } from "./i18n.js";

/** A fresh client seed: 128 random bits from crypto.getRandomValues, as 32 hex digits. */
export function clientSeed() {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The words of a verdict status: ok, fail, pending, not verifiable. */
export function statusText(status) {
  if (status === "ok") return t("fair.ok");
  if (status === "fail") return t("fair.fail");
  if (status === "pending") return t("fair.pending");
  return t("fair.unverifiable");
}

/** One deal's fairness entry: commitment, client seeds by seat (yours marked), server seed, verdict. */
export function dealFairnessHTML(entry, mySeat, nameOf, ownOf = null) {
  const seeds = entry.client_seeds.map((seed, i) => {
    const who = i + 1 === mySeat ? t("word.you") : nameOf(i + 1);
    return html`<li>${labelled(who)}<code>${seed || t("fair.none")}</code></li>`;
  });
  const verdict = entry.verdict;
  return html`<div class="fair-deal" data-testid="fairness-deal" data-deal="${entry.deal}"
      data-status="${verdict ? verdict.status : "secret"}">
    <p><b>${t("fair.deal", { n: entry.deal })}</b> · ${labelled(t("fair.commitment"))}<code class="hash" data-testid="commitment">${entry.commitment}</code></p>
    <p>${labelled(t("fair.client_seeds"))}</p><ul>${seeds}</ul>
    <p>${labelled(t("fair.server_seed"))}${entry.server_seed
      ? html`<code class="hash" data-testid="server-seed">${entry.server_seed}</code>`
      : html`<i>${t("fair.secret")}</i>`}</p>
    ${verdict ? html`<p class="verdict ${verdict.status}" data-testid="fair-verdict">${labelled(statusText(verdict.status))}${inLang(verdict.reasons, verdict.reason)}</p>` : ""}
    ${ownOf ? ownCheckHTML(ownOf(entry)) : ""}
  </div>`;
}

/**
 * The fairness a state or review reports ({deals, next_commitment}), folded, with a link to the verify page;
 * `ownOf(entry)`: the page's own check of a deal (ownCheck), shown under the server's verdict.
 */
export function fairnessHTML(fairness, mySeat, nameOf, ownOf = null) {
  const entries = (fairness && fairness.deals) || [];
  const next = fairness && fairness.next_commitment;
  if (!entries.length && !next) return "";
  const shown = entries.length ? entries[entries.length - 1].commitment : next;
  return html`<details class="fairness" data-testid="fairness"><summary>${t("fair.title")} <code class="hash">${shown.slice(0, 19)}…</code></summary>
    ${entries.map((e) => dealFairnessHTML(e, mySeat, nameOf, ownOf))}
    ${next ? html`<p>${labelled(t("fair.next"))}<code class="hash" data-testid="next-commitment">${next}</code></p>` : ""}
    <p><a href="#/verify" data-testid="verify-link">${t("fair.verify_link")}</a></p></details>`;
}

// -- the page's own check ---------------------------------------------------------------------
//
// The page keeps what it was shown before any seed was revealed (localStorage, by match and
// deal: the commitment, its own client seed) and, once the deal has ended, checks the revealed
// server seed itself with Web Crypto, exactly as docs/fairness.md says: the commitment it kept,
// its own seed, every computer's seed, and the deck of the record's deal line recomputed from
// the seeds. The server's verdict plays no part; a mismatch is shown loudly.

const KEPT = "sixtysix.fair.";
const checks = new Map(); // "match:deal" -> {status: "checking" | "ok" | "fail" | "unknown", key, values}

function load(key) {
  try {
    return JSON.parse(localStorage.getItem(KEPT + key) || "null");
  } catch {
    return null;
  }
}

function save(key, value) {
  try {
    localStorage.setItem(KEPT + key, JSON.stringify(value));
  } catch {
    // private mode or a full storage: the check then says it has nothing kept
  }
}

/** This browser sent `seed` as its client seed in `matchId` (with the create, the join or a `next`). */
export function rememberSent(matchId, seed) {
  save(`${matchId}.seed`, seed);
}

/** The commitment shown for deal `deal` of `matchId` before a seed was sent; the first one kept stays. */
export function rememberCommitment(matchId, deal, commitment) {
  const key = `${matchId}.${deal}`;
  const kept = load(key) || {};
  if (!kept.commitment && commitment) save(key, { ...kept, commitment });
}

/** Keep what a state shows before any reveal: each secret deal's commitment and this browser's seed, the next deal's commitment. */
export function rememberShown(matchId, fairness) {
  if (!fairness) return;
  const mine = load(`${matchId}.seed`);
  let last = 0;
  for (const entry of fairness.deals || []) {
    last = Math.max(last, entry.deal);
    if (entry.server_seed) continue;
    const key = `${matchId}.${entry.deal}`;
    const kept = load(key) || {};
    if (!kept.commitment || (kept.seed === undefined && mine !== null)) {
      save(key, { commitment: kept.commitment || entry.commitment, seed: kept.seed ?? mine ?? undefined });
    }
  }
  if (fairness.next_commitment) rememberCommitment(matchId, last + 1, fairness.next_commitment);
}

const encoder = new TextEncoder();
const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

async function commitmentOf(serverSeed) {
  return `sha256:${hex(await crypto.subtle.digest("SHA-256", encoder.encode(serverSeed)))}`;
}

export async function hmacKey(serverSeed) {
  return crypto.subtle.importKey("raw", encoder.encode(serverSeed), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

/** docs/fairness.md, "The computer's seed". */
export async function computerSeed(key, seat) {
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`66F1 computer seed ${seat}`));
  return `computer-${hex(mac).slice(0, 32)}`;
}

/** The pack of `size` cards in its starting order (docs/fairness.md, "The scheme"). */
export function startingPack(size) {
  const ranks = "ATKQJ987".slice(0, { 20: 5, 24: 6, 32: 8 }[size] || 0);
  return [..."cdhs"].flatMap((suit) => [...ranks].map((rank) => rank + suit));
}

/** The deck of deal `deal` from its seeds: the message, the HMAC byte stream, Fisher-Yates with rejection. */
export async function fairDeck(key, clientSeeds, deal, pack) {
  const lines = ["66F1", `deal ${deal}`, `pack ${pack.join(" ")}`];
  clientSeeds.forEach((seed, i) => lines.push(seed ? `seat ${i + 1} ${seed}` : `seat ${i + 1}`));
  const message = lines.join("\n");
  let stream = new Uint8Array(0);
  let used = 0;
  let block = 0;
  const cards = [...pack];
  for (let i = cards.length - 1; i > 0; i--) {
    const m = i + 1;
    let x;
    for (;;) {
      if (stream.length - used < 4) {
        const next = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`${message}\nblock ${block}`)));
        block += 1;
        const joined = new Uint8Array(stream.length - used + next.length);
        joined.set(stream.subarray(used));
        joined.set(next, stream.length - used);
        stream = joined;
        used = 0;
      }
      x = ((stream[used] << 24) >>> 0) + (stream[used + 1] << 16) + (stream[used + 2] << 8) + stream[used + 3];
      used += 4;
      if (x < 2 ** 32 - (2 ** 32 % m)) break;
    }
    const j = x % m;
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards;
}

/** The deck of the `deal`-th deal line of a record's text (cards in their canonical form), or null. */
export function recordDeck(text, deal) {
  const lines = text.split("\n").filter((line) => /^deal\s/i.test(line.trim()));
  const found = lines[deal - 1] && lines[deal - 1].match(/deck="([^"]*)"/);
  if (!found) return null;
  return found[1].trim().split(/\s+/).map((c) => (c.slice(0, -1).toUpperCase().replace("10", "T") + c.slice(-1).toLowerCase()));
}

async function checkOwn(matchId, seat, entry, fetchRecord) {
  const kept = load(`${matchId}.${entry.deal}`);
  if (!kept || !kept.commitment) return { status: "unknown", key: "fair.own_nothing" };
  if (!globalThis.crypto || !crypto.subtle) return { status: "unknown", key: "fair.own_no_crypto" };
  const fail = (key, values = {}) => ({ status: "fail", key, values });
  if (kept.commitment !== entry.commitment) return fail("fair.own_commitment_changed");
  if ((await commitmentOf(entry.server_seed)) !== kept.commitment) return fail("fair.own_seed_mismatch");
  if (typeof kept.seed === "string" && entry.client_seeds[seat - 1] !== kept.seed) return fail("fair.own_my_seed");
  const key = await hmacKey(entry.server_seed);
  for (const [i, seed] of entry.client_seeds.entries()) {
    if (seed.startsWith("computer-") && seed !== (await computerSeed(key, i + 1))) {
      return fail("fair.own_computer_seed", { seat: i + 1 });
    }
  }
  const deck = recordDeck(await fetchRecord(), entry.deal);
  if (!deck) return { status: "unknown", key: "fair.own_no_deck" };
  const pack = startingPack(deck.length);
  if (!pack.length || (await fairDeck(key, entry.client_seeds, entry.deal, pack)).join(" ") !== deck.join(" ")) {
    return fail("fair.own_deck");
  }
  return { status: "ok", key: "fair.own_ok" };
}

/**
 * The page's own check of a revealed deal: {status, key, values}, "checking" while it runs (then
 * `onDone` is called, to draw again). `fetchRecord` gives the match's record text (the deal line).
 */
export function ownCheck(matchId, seat, entry, fetchRecord, onDone) {
  if (!entry.server_seed) return null;
  const id = `${matchId}:${entry.deal}:${entry.server_seed}`;
  if (!checks.has(id)) {
    checks.set(id, { status: "checking", key: "fair.own_checking" });
    checkOwn(matchId, seat, entry, fetchRecord)
      .catch(() => ({ status: "unknown", key: "fair.own_no_deck" }))
      .then((result) => {
        checks.set(id, result);
        onDone();
      });
  }
  return checks.get(id);
}

/** The own check's line in a deal's entry, and a loud alarm above the table when it failed. */
export function ownCheckHTML(check) {
  if (!check) return "";
  return html`<p class="own-check ${check.status}" data-testid="own-check" data-status="${check.status}">${labelled(t("fair.own_title"))}${t(check.key, check.values || {})}</p>`;
}

/** The alarm shown above the table when the page's own check of any deal failed. */
export function ownAlarmHTML(matchId) {
  const failed = [...checks.entries()].filter(([id, c]) => id.startsWith(`${matchId}:`) && c.status === "fail");
  if (!failed.length) return "";
  const deal = failed[0][0].split(":")[1];
  return html`<p class="fair-alarm" role="alert" data-testid="fair-alarm">${t("fair.own_alarm", { n: deal })} ${t(failed[0][1].key, failed[0][1].values || {})}</p>`;
}
