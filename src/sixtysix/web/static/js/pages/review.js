// The review of a finished deal: every decision of both players with its evaluation
// (expected game points for the player who decided, ± its 95 % margin, as the server
// sends them), mistakes marked (?! ? ??) and uncertain verdicts named, a chart
// of the evaluation over the deal, the hands as they were dealt, and the 66R record.
// Once a deal is over its cards are no longer secret: the server sends them here.

import { api } from "../api.js";
import { evalChartSVG, MARKS } from "../chart.js";
import { cardSVG } from "../cards.js";
import { actionText, chip, dealHeadline, decimal, explainOutcome, labelled, names, signed, totalsLine, withError } from "../describe.js";
import { $, $$, html, raw, render } from "../dom.js";
import { fairnessHTML } from "../fairness.js";
import { getLang, suitName, t } from "../i18n.js";
import { actionKind } from "../notation.js";
import { seatOf } from "../store.js";

// the verdict the server gave (older stored reviews have only the classification)
function verdictOf(d) {
  return d.verdict || d.classification || "good";
}

// the loss of a move that was not the best, with its standard error: " (−0.47 ± 0.05)"
function lossHTML(d, verdict) {
  if (verdict === "good" || !(d.loss > 0)) return "";
  return html` <span class="num loss">(${withError(-d.loss, d.loss_margin)})</span>`;
}

export function mountReview(root, matchId, dealNumber, ctx) {
  const seat = seatOf(matchId);
  let review = null;
  let state = null;
  let error = null;
  let alive = true;
  let selected = null;
  let onlyFlawed = false;
  let progress = null; // while the review runs: decisions done of the total, the faults found so far
  let poller = null;

  if (!seat || !seat.token) {
    render(root, html`<section class="panel notice"><h2>${t("table.no_seat_title")}</h2><p>${t("table.no_seat")}</p></section>`);
    return { unmount() {}, rerender() {} };
  }

  api.state(matchId, seat.token).then((s) => {
    state = s;
    if (alive) draw();
  }).catch(() => {});
  api
    .review(matchId, seat.token, dealNumber)
    .then((r) => {
      review = r;
      clearTimeout(poller);
      if (alive) draw();
    })
    .catch((err) => {
      error = err.code === "not_available" ? t("review.not_over") : err.message;
      clearTimeout(poller);
      if (alive) draw();
    });

  // never a blank wait: how far the analysis is, and its first faults as they are found
  function poll() {
    api.reviewProgress(matchId, seat.token, dealNumber).then((p) => {
      if (!alive || review || error) return;
      if (p.running) {
        progress = p;
        draw();
      }
      poller = setTimeout(poll, 500);
    }).catch(() => {});
  }
  poller = setTimeout(poll, 300);

  function opts() {
    const s = ctx.settings();
    return { deck: s.deck, fourColor: s.fourColor, lang: getLang() };
  }

  // reviews are of two-player deals: this seat and its opponent
  function who() {
    const me = review ? review.seat : seat.seat;
    const name = state ? names(state).name : () => t("table.opponent");
    return { me, name, opp: name(3 - me) };
  }

  function actionHTML(action, o) {
    const kind = actionKind(action);
    if (kind === "card") return chip(action, o);
    if (kind === "marriage") return html`<b>${action.slice(0, 2)}</b> ${suitName(action[2], o.deck)}`;
    return html`<b>${t(`action.${kind}`)}</b>`;
  }

  // the deal as it was dealt, as the server tells it (a finished deal has no secrets)
  function handsHTML(o) {
    const dealt = review.dealt;
    if (!dealt) return "";
    const w = who();
    const mini = (c) => raw(cardSVG(c, { ...o, className: "card-svg mini" }));
    const row = (s) => html`<div class="dealt" data-testid="dealt-hand" data-seat="${s}">
      <span class="dealt-who">${s === w.me ? t("word.you") : w.opp}${s === dealt.dealer ? html` <small>(${t("review.dealer")})</small>` : ""}</span>
      <span class="mini-cards">${(dealt.hands[String(s)] || []).map(mini)}</span></div>`;
    return html`<section class="panel dealt-hands"><h3>${t("review.dealt")}</h3>
      ${row(w.me)}${row(3 - w.me)}
      <div class="dealt"><span class="dealt-who">${t("review.trump_card")}</span><span class="mini-cards">${mini(dealt.trump_card)}</span></div>
      <div class="dealt talon-order"><span class="dealt-who">${t("review.talon")}</span><span>${(dealt.talon || []).map((c) => chip(c, o))}</span></div>
    </section>`;
  }

  function summaryHTML() {
    const w = who();
    const rows = [w.me, 3 - w.me].map((s) => {
      const sum = (review.summary || {})[String(s)] || {};
      return html`<tr data-testid="review-summary" data-seat="${s}"><th>${s === w.me ? t("word.you") : w.opp}</th>
        <td>${sum.decisions ?? 0}</td><td class="inaccuracy">${sum.inaccuracies ?? 0}</td><td class="mistake">${sum.mistakes ?? 0}</td>
        <td class="blunder">${sum.blunders ?? 0}</td><td class="uncertain">${sum.uncertain ?? 0}</td><td>${typeof sum.average_loss === "number" ? decimal(sum.average_loss) : "–"}</td></tr>`;
    });
    return html`<div class="table-wrap"><table class="summary"><thead><tr><th></th><th>${t("review.decisions")}</th><th>?! <span class="col-word">${t("review.inaccuracies")}</span></th>
      <th>? <span class="col-word">${t("review.mistakes")}</span></th><th>?? <span class="col-word">${t("review.blunders")}</span></th><th>${t("review.uncertain")}</th><th>${t("review.avg_loss")}</th></tr></thead><tbody>${rows}</tbody></table></div>`;
  }

  function chartHTML() {
    const w = who();
    const decisions = review.decisions || [];
    const values = (review.chart && review.chart.values) || decisions.map((d) => (d.seat === w.me ? d.played_value : -d.played_value));
    const points = values.map((value, i) => {
      const d = decisions[i] || {};
      const mine = d.seat === w.me;
      return {
        value,
        own: mine,
        classification: verdictOf(d) === "good" ? null : verdictOf(d),
        title: `${i + 1}. ${labelled(mine ? t("word.you") : w.opp)}${actionText(d.action)} ${d.symbol || ""} (${withError(value, d.played_margin)})`,
      };
    });
    const out = review.outcome;
    let final;
    if (out) final = out.winner ? (out.winner === w.me ? out.game_points : -out.game_points) : 0;
    // drawn at the size it is shown, so that its text is not stretched
    const box = root.querySelector("[data-testid=eval-chart]") || root;
    const width = Math.max(300, Math.min(1200, Math.round(box.clientWidth || 720)));
    return html`<div class="chart-box" data-testid="eval-chart">${raw(
      evalChartSVG(points, {
        width,
        height: width < 500 ? 170 : 210,
        final,
        finalTitle: out ? dealHeadline(out, w) : "",
        selected,
        label: t("review.chart_label"),
        xLabel: t("review.chart_x"),
      }),
    )}<p class="chart-legend">${t("review.chart_legend")}</p></div>`;
  }

  /** The move played; a decision between closing and drawing (or exchanging and keeping) says so. */
  function choiceHTML(d, o) {
    if (d.choice === "close_or_draw" || d.choice === "exchange_or_keep") {
      return html`<small class="choice" data-testid="decision-choice">${labelled(t(`review.${d.choice}`))}</small>${actionHTML(d.action, o)}`;
    }
    return html`${actionHTML(d.action, o)}${d.implicit ? html` <small>(${t("review.implicit")})</small>` : ""}`;
  }

  function decisionsHTML(o) {
    const w = who();
    const rows = (review.decisions || []).map((d, i) => {
      const verdict = verdictOf(d);
      if (onlyFlawed && verdict === "good") return "";
      const mine = d.seat === w.me;
      const trick = d.trick || "";
      // the move played is "best" when no other is worth more (the server's ties: best_actions)
      const bests = d.best_actions || [d.best];
      const better = d.played_best === undefined ? d.best && d.best !== d.action : !d.played_best;
      const alts = (d.alternatives || []).map(
        (a) => html`<li class="${bests.includes(a.action) ? "best" : ""} ${a.action === d.action ? "played" : ""}">${actionHTML(a.action, o)}
          <span class="num">${withError(a.value, a.margin)}</span> <span class="num">${t("hint.wins", { p: Math.round(100 * (a.win_chance || 0)) })}</span></li>`,
      );
      return html`<tr class="decision ${mine ? "mine" : "theirs"} ${verdict} ${selected === i ? "selected" : ""}"
          data-testid="review-decision" data-index="${i}" data-seat="${d.seat}" data-action="${d.action}" data-classification="${d.classification || ""}" data-verdict="${verdict}"
          data-best="${better ? "false" : "true"}" data-choice="${d.choice || "play"}">
        <td class="num">${i + 1}</td><td class="num col-trick">${trick}</td>
        <td>${mine ? t("word.you") : w.opp}</td>
        <td>${choiceHTML(d, o)}</td>
        <td class="mark ${verdict}">${MARKS[verdict] || ""} ${verdict !== "good" ? t(`review.${verdict}`) : ""}${lossHTML(d, verdict)}</td>
        <td class="num col-value">${withError(d.played_value, d.played_margin)}</td>
        <td>${better ? html`${actionHTML(d.best, o)} <span class="num">${signed(d.best_value)}</span>` : html`<span class="ok">${t("review.best_move")}</span>`}
          ${alts.length > 1 ? html`<details><summary>${t("review.alternatives", { n: alts.length })}</summary><ol>${alts}</ol></details>` : ""}
          ${mine && d.explanation ? html`<p class="why" data-testid="review-why">${d.explanation[getLang()] || d.explanation.en}</p>` : ""}</td>
        <td class="num col-basis">${d.exact ? t("review.exact") : t("review.worlds", { n: d.worlds ?? 0 })}</td>
      </tr>`;
    });
    return html`<div class="table-wrap"><table class="decisions" data-testid="review-decisions"><thead><tr>
      <th>#</th><th class="col-trick">${t("review.trick")}</th><th class="col-who">${t("review.who")}</th><th class="col-played">${t("review.played")}</th><th class="col-judgement">${t("review.judgement")}</th>
      <th class="col-value">${t("review.value")}</th><th>${t("review.best")}</th><th class="col-basis">${t("review.basis")}</th></tr></thead><tbody>${rows}</tbody></table></div>`;
  }

  function progressHTML(o, w) {
    const p = progress;
    const bar = p && p.total ? html`<p data-testid="review-progress"><progress max="${p.total}" value="${p.done}"></progress>
      ${t("review.progress", { n: p.total, done: p.done })}</p>` : "";
    const faults = p && p.faults && p.faults.length ? html`<p>${t("review.faults_so_far")}</p><ul data-testid="review-first-faults">${p.faults.map((d) => html`<li data-testid="review-fault" data-index="${d.index}" data-action="${d.action}" data-verdict="${verdictOf(d)}">${labelled(d.seat === w.me ? t("word.you") : w.opp)}${actionHTML(d.action, o)} <span class="mark ${verdictOf(d)}">${MARKS[verdictOf(d)] || ""} ${t(`review.${verdictOf(d)}`)}</span>${lossHTML(d, verdictOf(d))}</li>`)}</ul>` : "";
    // with analysis workers (sixtysix serve --analysis queue): the review's place in the queue while it waits
    const place = p && p.place ? html`<p data-testid="review-queued">${t("review.queued", { place: p.place })}</p>` : "";
    return html`<section class="panel"><p class="loading" data-testid="review-loading">${t("review.loading")}</p>${place}${bar}${faults}</section>`;
  }

  function draw() {
    const o = opts();
    const w = who();
    let body;
    if (error) body = html`<p class="error" role="alert" data-testid="review-error">${error}</p>`;
    else if (!review) body = progressHTML(o, w);
    else {
      const out = review.outcome;
      body = html`${out ? html`<section class="panel outcome"><h2 data-testid="deal-headline">${dealHeadline(out, w)}</h2>
          <ul>${explainOutcome(out, w, getLang()).map((l) => html`<li>${l}</li>`)}</ul>
          <p>${totalsLine(out, w, [1, 2])}</p></section>` : ""}
        <section class="panel"><h2>${t("review.chart_title")}</h2>${chartHTML()}${summaryHTML()}
          <p class="note" title="${review.budget || ""}">${t("review.thresholds", {
            a: decimal(review.thresholds?.inaccuracy ?? 0.15),
            b: decimal(review.thresholds?.mistake ?? 0.4),
            c: decimal(review.thresholds?.blunder ?? 0.8),
            z: review.thresholds?.z ?? 2,
          })}</p></section>
        <section class="panel"><h2>${t("review.decisions_title")}</h2>
          <label class="check"><input type="checkbox" data-testid="only-flawed" ${onlyFlawed ? html`checked` : ""}> ${t("review.only_flawed")}</label>
          ${decisionsHTML(o)}</section>
        ${handsHTML(o)}
        ${review.fairness ? html`<section class="panel">${fairnessHTML({ deals: [review.fairness] }, review.seat, (s) => (s === who().me ? t("word.you") : who().opp))}</section>` : ""}`;
    }
    render(
      root,
      html`<section class="review" data-testid="review" data-deal="${dealNumber}">
        <div class="review-head"><h1>${t("review.title", { n: dealNumber })}</h1>
          <a class="button" href="#/match/${encodeURIComponent(matchId)}" data-testid="back-to-table">${t("review.back")}</a>
          <a class="button" href="${api.recordURL(matchId, seat.token)}" download data-testid="download-record">${t("table.download")}</a></div>
        ${body}
      </section>`,
    );
    const flawed = $("[data-testid=only-flawed]", root);
    if (flawed) flawed.addEventListener("change", () => {
      onlyFlawed = flawed.checked;
      draw();
    });
    for (const dot of $$(".chart-dot", root)) {
      dot.addEventListener("click", () => select(Number(dot.dataset.index)));
    }
    for (const row of $$("[data-testid=review-decision]", root)) {
      row.addEventListener("click", (event) => {
        if (event.target.closest("details")) return;
        select(Number(row.dataset.index), false);
      });
    }
  }

  function select(index, scroll = true) {
    selected = index;
    draw();
    if (scroll) {
      const row = root.querySelector(`[data-testid=review-decision][data-index="${index}"]`);
      if (row) row.scrollIntoView({ block: "center", behavior: ctx.settings().animations ? "smooth" : "auto" });
    }
  }

  let resizeTimer = null;
  const onResize = () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => review && draw(), 200);
  };
  window.addEventListener("resize", onResize);

  draw();
  return {
    unmount() {
      alive = false;
      clearTimeout(resizeTimer);
      clearTimeout(poller);
      window.removeEventListener("resize", onResize);
    },
    rerender: draw,
  };
}
