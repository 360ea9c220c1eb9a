// Provably fair deals (docs/fairness.md): the client seed this browser sends, and the
// fairness of a deal as the server reports it (commitment, client seeds, the server seed
// once the deal has ended, the server's verdict). The page computes nothing: anyone may
// check a record with `sixtysix verify` or on the #/verify page.

import { html } from "./dom.js";
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
export function dealFairnessHTML(entry, mySeat, nameOf) {
  const seeds = entry.client_seeds.map((seed, i) => {
    const who = i + 1 === mySeat ? t("word.you") : nameOf(i + 1);
    return html`<li>${who}: <code>${seed || t("fair.none")}</code></li>`;
  });
  const verdict = entry.verdict;
  return html`<div class="fair-deal" data-testid="fairness-deal" data-deal="${entry.deal}"
      data-status="${verdict ? verdict.status : "secret"}">
    <p><b>${t("fair.deal", { n: entry.deal })}</b> · ${t("fair.commitment")}: <code class="hash" data-testid="commitment">${entry.commitment}</code></p>
    <p>${t("fair.client_seeds")}:</p><ul>${seeds}</ul>
    <p>${t("fair.server_seed")}: ${entry.server_seed
      ? html`<code class="hash" data-testid="server-seed">${entry.server_seed}</code>`
      : html`<i>${t("fair.secret")}</i>`}</p>
    ${verdict ? html`<p class="verdict ${verdict.status}" data-testid="fair-verdict">${statusText(verdict.status)}: ${inLang(verdict.reasons, verdict.reason)}</p>` : ""}
  </div>`;
}

/** The fairness a state or review reports ({deals, next_commitment}), folded, with a link to the verify page. */
export function fairnessHTML(fairness, mySeat, nameOf) {
  const entries = (fairness && fairness.deals) || [];
  const next = fairness && fairness.next_commitment;
  if (!entries.length && !next) return "";
  const shown = entries.length ? entries[entries.length - 1].commitment : next;
  return html`<details class="fairness" data-testid="fairness"><summary>${t("fair.title")} <code class="hash">${shown.slice(0, 19)}…</code></summary>
    ${entries.map((e) => dealFairnessHTML(e, mySeat, nameOf))}
    ${next ? html`<p>${t("fair.next")}: <code class="hash" data-testid="next-commitment">${next}</code></p>` : ""}
    <p><a href="#/verify" data-testid="verify-link">${t("fair.verify_link")}</a></p></details>`;
}
