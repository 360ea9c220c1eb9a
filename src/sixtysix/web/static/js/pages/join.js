// An invitation link (/?join=CODE): who invites, to what, and a button to take the seat.
// The seat goes to the first person who joins; this browser then keeps its token.

import { api } from "../api.js";
import { labelled } from "../describe.js";
import { $, html, renderKeeping } from "../dom.js";
import { t } from "../i18n.js";
import { presetName, presetText } from "../presets.js";
import { matchOfInvite, saveSeat, saveSettings, seatOf } from "../store.js";

// Leave /?join=CODE for the table's address, without reloading.
function goToMatch(matchId) {
  // keep the page's settings (for example ?animations=0) but drop the used invitation code
  const params = new URLSearchParams(window.location.search);
  params.delete("join");
  const query = params.toString() ? `?${params}` : "";
  const url = `${window.location.pathname}${query}#/match/${encodeURIComponent(matchId)}`;
  window.history.replaceState(null, "", url);
  window.dispatchEvent(new HashChangeEvent("hashchange"));
}

export function mountJoin(root, code, ctx) {
  let invitation = null;
  let error = null;
  let busy = false;
  let alive = true;
  let account = null; // the logged-in account: it takes the seat (docs/online.md)
  let rated = false;

  const known = matchOfInvite(code);
  if (known) {
    // this browser took the seat already (a reload of the link)
    setTimeout(() => goToMatch(known), 0);
    return { unmount() {}, rerender() {} };
  }

  // a rated match counts only for a seat taken with an account: say so before the seat is taken
  Promise.all([api.account(), api.ratedInvitation(code)])
    .then(([me, answer]) => {
      account = me.account;
      rated = answer.rated;
      if (alive) draw();
    })
    .catch(() => {});
  api
    .invitation(code)
    .then((answer) => {
      invitation = answer;
      if (alive) draw();
    })
    .catch((err) => {
      error = err.status === 404 ? t("join.not_found") : err.message;
      if (alive) draw();
    });

  function draw() {
    const s = ctx.settings();
    let body;
    if (error) {
      body = html`<p class="error" role="alert" data-testid="join-error">${error}</p><p><a class="button" href="/#/">${t("nav.lobby")}</a></p>`;
    } else if (!invitation) {
      body = html`<p>${t("lobby.loading")}</p>`;
    } else if (seatOf(invitation.match_id)) {
      // the host opened his own link: joining would take the other seat from this browser
      body = html`<p data-testid="join-own">${t("join.own")}</p>
        <p><a class="button primary" href="/#/match/${encodeURIComponent(invitation.match_id)}">${t("join.to_table")}</a></p>`;
    } else if (invitation.used) {
      body = html`<p class="error" data-testid="join-error">${t("join.used")}</p><p><a class="button" href="/#/">${t("nav.lobby")}</a></p>`;
    } else {
      const rules = invitation.rules || {};
      body = html`<p class="lead" data-testid="join-text">${t("join.text", { host: invitation.host, preset: presetName(rules.preset), target: rules.target })}</p>
        <p>${presetText(rules.preset)}</p>
        ${invitation.hints ? html`<p class="notice" data-testid="join-hints">${t("join.hints")}</p>` : ""}
        ${rated ? html`<p class="notice" data-testid="join-rated">${account ? t("join.rated", { name: account.name }) : html`${t("join.rated_log_in")} <a href="/#/account">${t("account.log_in")}</a>`}</p>` : ""}
        ${invitation.seats ? html`<ul class="join-seats" data-testid="join-seats">${invitation.seats.map(
          (st) => html`<li data-seat="${st.seat}">${st.seat === invitation.seat ? html`<b>${t("lobby.seat_you", { n: st.seat })}</b>` : html`${labelled(t("lobby.seat_n", { n: st.seat }))}${st.open ? t("multi.open_seat") : st.name}`}</li>`,
        )}</ul>` : ""}
        <form data-testid="join-form">
          <label class="block">${t("lobby.your_name")} <input name="name" maxlength="40" value="${s.name}" data-testid="name-input" placeholder="${t("lobby.name_placeholder")}"></label>
          <button class="primary big" type="submit" data-testid="join-button" ${busy ? html`disabled` : ""}>${t("join.button")}</button>
        </form>`;
    }
    // the answers come in any order: the name being typed stays, and the typing goes on where it was
    renderKeeping(root, html`<section class="panel join" data-testid="join"><h1>${t("join.title")}</h1>${body}</section>`);
    const form = $("form", root);
    if (form) form.addEventListener("submit", submit);
  }

  async function submit(event) {
    event.preventDefault();
    if (busy) return;
    const name = String(new FormData(event.target).get("name") || "").trim().slice(0, 40);
    if (name) saveSettings({ name });
    busy = true;
    draw();
    try {
      const path = account ? "/api/account/join" : "/api/join";
      const answer = await api.join(code, name || t("join.default_name"), path); // the server's default is English
      saveSeat(answer.match_id, {
        token: answer.token,
        seat: answer.seat,
        kind: "friend",
        invite: code,
      });
      goToMatch(answer.match_id);
    } catch (err) {
      busy = false;
      error = err.code === "invitation_used" ? t("join.used") : err.message;
      draw();
    }
  }

  draw();
  return {
    unmount() {
      alive = false;
    },
    rerender: draw,
  };
}
