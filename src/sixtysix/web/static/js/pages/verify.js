// The verify page (#/verify): paste a 66R record, and the server checks every deal against
// its committed seeds with the core's function (POST /api/verify, docs/fairness.md), as
// `sixtysix verify RECORD` does.

import { api } from "../api.js";
import { $, html, keepingFocus, render } from "../dom.js";
import { getLang, inLang, t } from "../i18n.js";
import { statusText } from "../fairness.js";
import { labelled } from "../describe.js";

export function mountVerify(root) {
  let text = ""; // what the player pasted or typed, kept when the page is drawn again
  let answer = null;
  let error = null;
  let alive = true;

  function summary() {
    if (answer.status === 0) return t("verify.all_ok");
    if (answer.status === 1) return t("verify.some_fail");
    return t("verify.some_unverifiable");
  }

  // The refusal in the page's language; the parser's English reason, which only English pages say in
  // the sentence itself, folded away in a details element on the others.
  function errorHTML() {
    const technical = error.detail && getLang() !== "en"
      ? html`<details class="error-detail" data-testid="error-detail"><summary>${t("verify.detail")}</summary><code lang="en">${error.detail}</code></details>`
      : "";
    return html`<div class="error" role="alert" data-testid="error"><p>${t("verify.failed", { message: error.message })}</p>${technical}</div>`;
  }

  function draw() {
    const rows = answer
      ? answer.deals.map(
          (d) => html`<li class="verdict ${d.status}" data-testid="verify-deal" data-deal="${d.deal}" data-status="${d.status}">
            ${labelled(t("fair.deal", { n: d.deal }))}<b>${statusText(d.status)}</b> (${inLang(d.reasons, d.reason)})</li>`,
        )
      : [];
    // drawn again when the presets or the words arrive, maybe while the player types: his text stays, with the focus
    keepingFocus(root, () => {
      render(
        root,
        html`<section class="panel verify" data-testid="verify">
          <h1>${t("verify.title")}</h1>
          <p>${t("verify.intro")}</p>
          <textarea rows="12" name="record" data-testid="verify-record" aria-label="${t("verify.title")}">${text}</textarea>
          <div class="buttons"><button class="primary" data-testid="verify-button">${t("verify.button")}</button></div>
          ${error ? errorHTML() : ""}
          ${answer ? html`<p data-testid="verify-summary" data-status="${answer.status}">${summary()}</p><ul>${rows}</ul>` : ""}
        </section>`,
      );
      $("[data-testid=verify-record]", root).addEventListener("input", (event) => {
        text = event.target.value;
      });
      $("[data-testid=verify-button]", root).addEventListener("click", check);
    });
  }

  function check() {
    text = $("[data-testid=verify-record]", root).value;
    api
      .verify(text)
      .then((a) => {
        answer = a;
        error = null;
      })
      .catch((err) => {
        answer = null;
        error = { message: err.message, detail: err.detail || null };
      })
      .finally(() => alive && draw());
  }

  draw();
  return {
    unmount() {
      alive = false;
    },
    rerender: draw,
  };
}
