// The page: header (navigation, language switch, settings), a small hash router and the
// pages. Routes:
//   #/                         lobby
//   #/match/ID                 the card table
//   #/match/ID/review/N        the review of deal N
//   #/match/ID/rules           the rules of that match, its options marked
//   #/rules, #/rules/PRESET    the rules of a preset
//   #/history                  finished matches and statistics
//   #/verify                   verify a record's deals against their seeds (docs/fairness.md)
//   #/puzzles, #/puzzles/daily, #/puzzles/N   the puzzles (a next one, today's, number N)
//   #/watch/ID                 watch a match (a spectator: public cards only)
//   #/account                  sign up, log in, the password, log out (docs/online.md)
//   #/leaderboard/PRESET       the ratings of the preset's game family
//   #/player/NAME              a player's public profile: ratings, their history, rated matches
//   /?join=CODE                an invitation link (the server's path) -> join page
//   /?watch=ID                 a watch link (GET /api/live's path) -> the watch page

import { $, html, render } from "./dom.js";
import { getLang, initLang, LANG_NAMES, LANGS, loadWords, onLangChange, setLang, t } from "./i18n.js";
import { localStore, saveSettings, seatOf, settings } from "./store.js";
import { downloadRecordsWithToken } from "./api.js";
import { mountLobby } from "./pages/lobby.js";
import { mountJoin } from "./pages/join.js";
import { mountTable } from "./pages/table.js";
import { loadPresets } from "./presets.js";
import { mountReview } from "./pages/review.js";
import { mountHistory } from "./pages/history.js";
import { mountRules } from "./pages/rules.js";
import { mountVerify } from "./pages/verify.js";
import { mountPuzzles } from "./pages/puzzles.js";
import { mountWatch } from "./pages/watch.js";
import { mountAccount, mountLeaderboard, mountPlayer } from "./pages/account.js";

let page = null;
let pageName = "";

const ctx = {
  settings,
  navigate(hash) {
    if (window.location.hash === hash) route();
    else window.location.hash = hash;
  },
};

function parseRoute() {
  const join = new URLSearchParams(window.location.search).get("join");
  if (join) return { name: "join", code: join };
  const watched = new URLSearchParams(window.location.search).get("watch");
  if (watched && !window.location.hash) return { name: "watch", id: watched };
  const parts = window.location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "match" && parts[1] && parts[2] === "review" && parts[3]) {
    return { name: "review", id: parts[1], deal: Number(parts[3]) };
  }
  if (parts[0] === "match" && parts[1] && parts[2] === "rules") return { name: "rules", id: parts[1] };
  if (parts[0] === "match" && parts[1]) return { name: "table", id: parts[1] };
  if (parts[0] === "watch" && parts[1]) return { name: "watch", id: parts[1] };
  if (parts[0] === "rules") return { name: "rules", preset: parts[1] || settings().rules || "seed66" };
  if (parts[0] === "history") return { name: "history" };
  if (parts[0] === "verify") return { name: "verify" };
  if (parts[0] === "account") return { name: "account" };
  if (parts[0] === "player" && parts[1]) return { name: "player", player: parts[1] };
  if (parts[0] === "leaderboard") return { name: "leaderboard", preset: parts[1] || settings().rules || "seed66" };
  if (parts[0] === "puzzles") return { name: "puzzles", which: /^(daily|\d{1,6})$/.test(parts[1] || "") ? parts[1] : "next" };
  return { name: "lobby" };
}

function route() {
  if (page) page.unmount();
  const where = parseRoute();
  pageName = where.name;
  document.body.dataset.page = where.name;
  const root = $("#page");
  root.innerHTML = "";
  if (where.name === "join") page = mountJoin(root, where.code, ctx);
  else if (where.name === "table") page = mountTable(root, where.id, ctx);
  else if (where.name === "review") page = mountReview(root, where.id, where.deal, ctx);
  else if (where.name === "history") page = mountHistory(root, ctx);
  else if (where.name === "rules") page = mountRules(root, where, ctx);
  else if (where.name === "verify") page = mountVerify(root);
  else if (where.name === "puzzles") page = mountPuzzles(root, where, ctx);
  else if (where.name === "watch") page = mountWatch(root, where.id, ctx);
  else if (where.name === "account") page = mountAccount(root, ctx);
  else if (where.name === "leaderboard") page = mountLeaderboard(root, where);
  else if (where.name === "player") page = mountPlayer(root, where.player);
  else page = mountLobby(root, ctx);
  drawHeader();
  window.scrollTo(0, 0);
}

function drawHeader() {
  const s = settings();
  document.body.classList.toggle("still", !s.animations);
  render(
    $("#topbar"),
    html`<a class="brand" href="#/" data-testid="nav-home"><span class="brand-66">66</span> <span class="brand-name">${t("app.title")}</span></a>
    <nav>
      <a href="#/" class="${pageName === "lobby" ? "here" : ""}" data-testid="nav-lobby">${t("nav.lobby")}</a>
      <a href="#/history" class="${pageName === "history" ? "here" : ""}" data-testid="nav-history">${t("nav.history")}</a>
      <a href="#/rules" class="${pageName === "rules" ? "here" : ""}" data-testid="nav-rules">${t("nav.rules")}</a>
      <a href="#/puzzles" class="${pageName === "puzzles" ? "here" : ""}" data-testid="nav-puzzles">${t("nav.puzzles")}</a>
      <a href="#/leaderboard" class="iconic ${pageName === "leaderboard" ? "here" : ""}" data-testid="nav-leaderboard" aria-label="${t("nav.leaderboard")}" title="${t("nav.leaderboard")}"><span class="nav-icon" aria-hidden="true">🏆</span><span class="nav-text">${t("nav.leaderboard")}</span></a>
      <a href="#/account" class="iconic ${pageName === "account" ? "here" : ""}" data-testid="nav-account" aria-label="${t("nav.account")}" title="${t("nav.account")}"><span class="nav-icon" aria-hidden="true">👤</span><span class="nav-text">${t("nav.account")}</span></a>
    </nav>
    <div class="tools">
      <label class="lang"><span class="sr-only">${t("nav.language")}</span>
        <select data-testid="lang-switch" aria-label="${t("nav.language")}">
          ${LANGS.map((l) => html`<option value="${l}" ${l === getLang() ? html`selected` : ""}>${LANG_NAMES[l]}</option>`)}
        </select></label>
      <button type="button" class="icon" data-testid="settings-button" aria-label="${t("settings.title")}" title="${t("settings.title")}">⚙</button>
    </div>`,
  );
  $("[data-testid=lang-switch]").addEventListener("change", (event) => setLang(event.target.value, localStore()));
  $("[data-testid=settings-button]").addEventListener("click", openSettings);
  render($("#footer"), html`<p>${t("footer.fair")} <a href="#/verify" data-testid="footer-verify">${t("fair.verify_link")}</a></p>`);
}

function openSettings() {
  const dialog = $("#settings");
  const s = settings();
  render(
    dialog,
    html`<form method="dialog" class="settings" data-testid="settings">
      <h2>${t("settings.title")}</h2>
      <fieldset><legend>${t("settings.deck")}</legend>
        <label><input type="radio" name="deck" value="french" ${s.deck === "french" ? html`checked` : ""} data-testid="deck-french"> ${t("settings.deck_french")}</label>
        <label><input type="radio" name="deck" value="german" ${s.deck === "german" ? html`checked` : ""} data-testid="deck-german"> ${t("settings.deck_german")}</label>
        <label><input type="checkbox" name="fourColor" ${s.fourColor ? html`checked` : ""} data-testid="four-color"> ${t("settings.four_color")}</label>
      </fieldset>
      <label class="check"><input type="checkbox" name="animations" ${s.animations ? html`checked` : ""} data-testid="animations"> ${t("settings.animations")}</label>
      <label class="check"><input type="checkbox" name="sound" ${s.sound ? html`checked` : ""} data-testid="sound"> ${t("settings.sound")}</label>
      <label class="block">${t("lobby.your_name")} <input name="name" maxlength="40" value="${s.name}" data-testid="settings-name"></label>
      <div class="buttons"><button value="close" class="primary" data-testid="settings-close">${t("settings.done")}</button></div>
    </form>`,
  );
  const form = $("form", dialog);
  let touched = false; // ?animations=0 in the address holds for this visit: saved only when the box is changed
  form.addEventListener("change", (event) => {
    if (event.target && event.target.name === "animations") touched = true;
    const data = new FormData(form);
    const animations = data.get("animations") === "on";
    saveSettings({
      deck: data.get("deck") || "french",
      fourColor: data.get("fourColor") === "on",
      ...(touched ? { animations } : {}),
      sound: data.get("sound") === "on",
      name: String(data.get("name") || "").slice(0, 40),
    });
    drawHeader();
    if (page && page.rerender) page.rerender();
  });
  if (typeof dialog.showModal === "function") dialog.showModal();
  else dialog.setAttribute("open", "");
}

async function start() {
  // the words are the server's: the first render waits for them, in every language so that
  // the language switch redraws at once (three small cacheable answers, fetched together)
  await Promise.all(LANGS.map((lang) => loadWords(lang)));
  initLang(localStore(), navigator);
  onLangChange(() => {
    drawHeader();
    if (page && page.rerender) page.rerender();
  });
  window.addEventListener("hashchange", route);
  downloadRecordsWithToken((matchId) => (seatOf(matchId) || {}).token);
  route();
  // the presets' names and descriptions are the server's: draw again once they are here
  loadPresets().then(() => {
    if (page && page.rerender) page.rerender();
  });
}

start().catch((error) => console.error("sixtysix could not start:", error));
