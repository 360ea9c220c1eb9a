// The account page (#/account: sign up, log in, the password, log out, delete) and the leaderboard
// (#/leaderboard/PRESET). Accounts are optional (docs/online.md); the session is an HttpOnly cookie
// the page never sees. Signing up or logging in sends this browser's seat tokens, so that its
// anonymous matches join the account.

import { api, errorText } from "../api.js";
import { $, html, raw, render, renderKeeping } from "../dom.js";
import { getLang, t } from "../i18n.js";
import { allTokens, saveSeat } from "../store.js";
import { presetName } from "../presets.js";
import { botBadge, labelled } from "../describe.js";
import { ratingChartSVG } from "../chart.js";

const FAMILIES = { "66": "seed66", schnapsen: "schnapsen" };
const RATED_PRESETS = ["seed66", "pagat66", "schnapsen", "vu_schnapsen", "vu_schnapsen24"];

function ratingRows(ratings) {
  const families = Object.keys(ratings);
  if (!families.length) return html`<p class="empty" data-testid="no-ratings">${t("account.no_ratings")}</p>`;
  return html`<table class="ratings" data-testid="account-ratings"><tbody>${families.map((family) => {
    const r = ratings[family];
    return html`<tr data-family="${family}"><th>${t(`leaderboard.family_${family}`)}</th>
      <td data-testid="account-rating">${Math.round(r.rating)}</td><td>± ${Math.round(r.deviation)}</td>
      <td>${labelled(t("leaderboard.games"))}${r.games}</td><td>${r.provisional ? t("leaderboard.provisional") : ""}</td></tr>`;
  })}</tbody></table>`;
}

export function mountAccount(root, ctx) {
  let account = null;
  let loaded = false;
  let note = "";
  let error = "";
  let alive = true;

  const field = (name, label, type = "password", autocomplete = "current-password", value = "") =>
    html`<label class="block">${label} <input name="${name}" type="${type}" autocomplete="${autocomplete}" value="${value}" required data-testid="account-${name}"></label>`;

  function draw() {
    if (!loaded) return;
    const message = html`${note ? html`<p class="note" role="status" data-testid="account-note">${note}</p>` : ""}
      ${error ? html`<p class="error" role="alert" data-testid="account-error">${error}</p>` : ""}`;
    if (!account) {
      renderKeeping(
        root, // the name typed stays when the form is drawn again after a refusal
        html`<section class="panel account" data-testid="account">
          <h1>${t("account.title")}</h1><p>${t("account.intro")}</p>${message}
          <form data-testid="account-form">
            ${field("name", t("account.name"), "text", "username")}
            ${field("password", t("account.password"))}
            <div class="buttons">
              <button class="primary" value="login" data-testid="account-login">${t("account.log_in")}</button>
              <button value="signup" data-testid="account-signup">${t("account.sign_up")}</button>
            </div>
          </form>
        </section>`,
      );
      const form = $("form", root);
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const data = new FormData(form);
        const signUp = event.submitter && event.submitter.value === "signup";
        const call = signUp ? api.signUp : api.logIn;
        run(call(String(data.get("name")), String(data.get("password")), allTokens()), (answer) => {
          account = answer;
          note = answer.attached ? t("account.attached", { n: answer.attached }) : "";
        });
      });
      return;
    }
    render(
      root,
      html`<section class="panel account" data-testid="account">
        <h1>${t("account.title")}</h1>
        <p data-testid="account-who">${t("account.logged_in", { name: account.name })}</p>${message}
        ${ratingRows(account.ratings || {})}
        ${Object.keys(account.ratings || {}).length ? html`<p><a href="#/player/${encodeURIComponent(account.name)}" data-testid="profile-link">${t("account.profile_link")}</a></p>` : ""}
        <div class="buttons"><button data-testid="account-logout">${t("account.log_out")}</button></div>
        <form data-testid="rated-form"><h2>${t("account.rated_match")}</h2><p>${t("account.rated_text")}</p>
          <label class="block">${t("lobby.rules")} <select name="rules" data-testid="rated-rules">${RATED_PRESETS.map(
            (p) => html`<option value="${p}">${presetName(p)}</option>`,
          )}</select></label>
          <label class="block">${t("lobby.target")} <input name="target" type="number" min="1" max="1000" value="7" data-testid="rated-target"></label>
          <div class="buttons"><button class="primary" data-testid="rated-start">${t("account.rated_start")}</button></div>
        </form>
        <form data-testid="password-form"><h2>${t("account.change_password")}</h2>
          ${field("password", t("account.password"))}
          ${field("new_password", t("account.new_password"), "password", "new-password")}
          <div class="buttons"><button class="primary" data-testid="password-change">${t("account.change_password")}</button></div>
        </form>
        <form data-testid="delete-form"><h2>${t("account.delete")}</h2><p>${t("account.delete_note")}</p>
          ${field("password", t("account.password"))}
          <div class="buttons"><button class="danger" data-testid="account-delete">${t("account.delete")}</button></div>
        </form>
      </section>`,
    );
    $("[data-testid=account-logout]", root).addEventListener("click", () =>
      run(api.logOut(), () => {
        account = null;
        note = "";
      }),
    );
    const ratedForm = $("[data-testid=rated-form]", root);
    ratedForm.addEventListener("submit", (event) => {
      event.preventDefault();
      const data = new FormData(ratedForm);
      const target = Math.max(1, Math.min(1000, Number(data.get("target")) || 7));
      const body = { opponent: "friend", rated: true, rules: String(data.get("rules")), target, name: account.name };
      run(api.createMatch(body, "/api/account/matches"), (answer) => {
        // the invitation is shown on the table, as for any friend's match
        saveSeat(answer.match_id, { token: answer.token, seat: answer.seat, kind: "friend", invites: answer.invites });
        ctx.navigate(`#/match/${encodeURIComponent(answer.match_id)}`);
      });
    });
    const passwordForm = $("[data-testid=password-form]", root);
    passwordForm.addEventListener("submit", (event) => {
      event.preventDefault();
      const data = new FormData(passwordForm);
      run(api.changePassword(String(data.get("password")), String(data.get("new_password"))), (answer) => {
        account = answer;
        note = t("account.password_changed");
      });
    });
    const deleteForm = $("[data-testid=delete-form]", root);
    deleteForm.addEventListener("submit", (event) => {
      event.preventDefault();
      run(api.deleteAccount(String(new FormData(deleteForm).get("password"))), () => {
        account = null;
        note = "";
      });
    });
  }

  function run(promise, then) {
    promise
      .then((answer) => {
        error = "";
        then(answer);
      })
      .catch((err) => {
        note = "";
        error = err.message || errorText(err);
      })
      .finally(() => alive && draw());
  }

  api
    .account()
    .then((answer) => {
      account = answer.account;
    })
    .catch((err) => {
      error = err.message;
    })
    .finally(() => {
      loaded = true;
      if (alive) draw();
    });
  return {
    unmount() {
      alive = false;
    },
    rerender: draw,
  };
}

export function mountLeaderboard(root, where) {
  const preset = where.preset in FAMILIES ? FAMILIES[where.preset] : where.preset || "seed66";
  let rows = null;
  let error = "";
  let alive = true;

  function draw() {
    const tabs = Object.entries(FAMILIES).map(
      ([family, p]) =>
        html`<a href="#/leaderboard/${p}" class="${p === preset ? "here" : ""}" data-testid="leaderboard-${family}">${t(`leaderboard.family_${family}`)}</a>`,
    );
    const body = rows === null
      ? ""
      : rows.length === 0
        ? html`<p class="empty" data-testid="leaderboard-empty">${t("leaderboard.empty")}</p>`
        : html`<table class="leaderboard" data-testid="leaderboard-table">
          <thead><tr><th>#</th><th>${t("leaderboard.name")}</th><th>${t("leaderboard.rating")}</th><th>${t("leaderboard.deviation")}</th><th>${t("leaderboard.games")}</th></tr></thead>
          <tbody>${rows.map(
            (r, i) => html`<tr data-testid="leaderboard-row" data-name="${r.name}" data-provisional="${r.provisional}">
              <td>${i + 1}</td><td><a href="#/player/${encodeURIComponent(r.name)}">${r.name}</a>${botBadge(r.bot)}</td>
              <td>${Math.round(r.rating)}${r.provisional ? html` <span class="badge" title="${t("leaderboard.provisional")}">?</span>` : ""}</td>
              <td>± ${Math.round(r.deviation)}</td><td>${r.games}</td></tr>`,
          )}</tbody></table>`;
    render(
      root,
      html`<section class="panel leaderboard" data-testid="leaderboard">
        <h1>${t("leaderboard.title")}</h1><nav class="tabs">${tabs}</nav>
        ${error ? html`<p class="error" role="alert">${error}</p>` : ""}${body}
        <p class="note">${t("leaderboard.note")}</p>
      </section>`,
    );
  }

  api
    .leaderboard(preset)
    .then((answer) => {
      rows = answer;
    })
    .catch((err) => {
      error = err.message;
    })
    .finally(() => alive && draw());
  draw();
  return {
    unmount() {
      alive = false;
    },
    rerender: draw,
  };
}

function when(seconds) {
  try {
    return new Date(seconds * 1000).toLocaleDateString(getLang(), { dateStyle: "medium" });
  } catch {
    return new Date(seconds * 1000).toISOString().slice(0, 10);
  }
}

/** A player's public profile (#/player/NAME): ratings, a chart of each family's rating, the rated matches. */
export function mountPlayer(root, name) {
  let player = null;
  let error = "";
  let alive = true;

  function family(key) {
    const matches = player.matches.filter((m) => m.family === key);
    const counts = player.stats[key] || { games: 0, won: 0, lost: 0 };
    const opponent = (m) => (m.opponent === null ? t("player.deleted") : m.opponent);
    const points = matches.map((m) => ({
      rating: m.rating,
      deviation: m.deviation,
      won: m.score === 1,
      title: `${labelled(`${t(m.score === 1 ? "history.won" : "history.lost")} ${t("history.vs", { name: opponent(m) })}`)}${Math.round(m.rating)}`,
    }));
    return html`<section class="family" data-testid="player-family" data-family="${key}">
      <h2>${t(`leaderboard.family_${key}`)}</h2>
      <p data-testid="player-stats">${labelled(t("leaderboard.games"))}${counts.games} · ${labelled(t("player.won"))}${counts.won} · ${labelled(t("player.lost"))}${counts.lost}</p>
      <div class="chart-box" data-testid="rating-chart">${raw(ratingChartSVG(points, { label: t("player.chart") }))}</div>
      <table class="leaderboard"><tbody>${matches
        .slice()
        .reverse()
        .map(
          (m) => html`<tr data-testid="player-match"><td>${when(m.time)}</td><td>${t("history.vs", { name: opponent(m) })}</td>
            <td><span class="badge ${m.score === 1 ? "won" : "lost"}">${t(m.score === 1 ? "history.won" : "history.lost")}</span></td>
            <td>${Math.round(m.rating)} ± ${Math.round(m.deviation)}</td></tr>`,
        )}</tbody></table>
    </section>`;
  }

  function draw() {
    if (error) {
      render(root, html`<section class="panel" data-testid="player"><p class="error" role="alert" data-testid="player-error">${error}</p></section>`);
      return;
    }
    if (!player) return;
    render(
      root,
      html`<section class="panel player" data-testid="player">
        <h1 data-testid="player-name">${player.name}${botBadge(player.bot)}</h1>
        ${ratingRows(player.ratings)}
        ${Object.keys(player.stats).map(family)}
      </section>`,
    );
  }

  api
    .player(name)
    .then((answer) => {
      player = answer;
    })
    .catch((err) => {
      error = err.status === 404 ? t("player.none") : err.message;
    })
    .finally(() => alive && draw());
  return {
    unmount() {
      alive = false;
    },
    rerender: draw,
  };
}
