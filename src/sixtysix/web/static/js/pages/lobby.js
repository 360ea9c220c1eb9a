// The lobby: a match against the computer (level, rules, target) or against a friend
// (an invitation link), this browser's unfinished and finished matches, and, for a logged-in
// account, the open seeks and challenges of other players (docs/online.md, "The lobby").

import { LobbySocket, api, errorText } from "../api.js";
import { $, html, keepingFocus, render } from "../dom.js";
import { t } from "../i18n.js";
import { botBadge, labelled } from "../describe.js";
import { presetName, presetText, usePresets } from "../presets.js";
import { allTokens, saveOffer, saveSeat, saveSettings, takeOffer } from "../store.js";
import { matchRows } from "./history.js";

const PRESETS = ["seed66", "pagat66", "schnapsen"];
const LEVELS = [1, 2, 3, 4, 5];
const LIVE_SECONDS = 20; // how often the list of matches being played is read again
const QUICK_SPREAD = 200; // quick pairing: the widest difference of ratings accepted, either way
// Without the lobby's socket: how often its version is asked for (the lists are read only when it changed);
// `?lobby_poll=SECONDS` in the address sets it for this visit (the browser tests set it very high)
const POLL_MS = (Number(new URLSearchParams(window.location.search).get("lobby_poll")) || 3) * 1000;

export function mountLobby(root, ctx) {
  let meta = null;
  let history = null;
  let live = null;
  let busy = false;
  let error = null;
  let alive = true;
  // what the player chose in each form: kept when the lobby is drawn again (the presets and the
  // list of matches arrive after the first drawing, often while the player fills in a form)
  const chosen = { computer: {}, friend: {} };

  api.meta().then((m) => {
    meta = m;
    usePresets(m);
    if (alive) draw();
  }).catch(() => {});
  const tokens = allTokens();
  if (tokens.length) {
    api.history(tokens).then((h) => {
      history = h;
      if (alive) draw();
    }).catch(() => {
      history = { matches: [], error: true };
      if (alive) draw();
    });
  } else {
    history = { matches: [] };
  }

  // the matches being played: pushed by the lobby's socket, else asked again now and then while the lobby
  // is open (only their list is drawn again: the forms the player may be filling in stay as they are)
  const showLive = (matches) => {
    live = matches;
    const shown = alive && $("[data-live]", root);
    if (shown) render(shown, liveHTML());
  };
  const readLive = () => api.live().then((l) => showLive(l.matches)).catch(() => {});
  readLive();
  const liveTimer = setInterval(() => seeks.pushed() || readLive(), LIVE_SECONDS * 1000);

  // A player of a live match: the name, a bot's mark, the rating in the match's family once there is one.
  const liveSeatHTML = (s) => html`${s.name}${botBadge(s.bot)}${s.rating !== null && s.rating !== undefined ? html` <span class="note" data-testid="live-rating">${Math.round(s.rating)}</span>` : ""}`;

  // The matches being played that anyone may watch, in the server's order (best rated first).
  function liveHTML() {
    if (!live || !live.length) return "";
    const rows = live.map((m) => html`<li data-testid="live-match"><a href="#/watch/${encodeURIComponent(m.match_id)}">
      ${m.seats.map((s, i) => html`${i ? " – " : ""}${liveSeatHTML(s)}`)}</a> <span class="note">${presetName(m.preset)} · ${m.score.join(":")}</span></li>`);
    return html`<section class="panel live-matches" data-testid="live-matches"><h2>${t("lobby.live")}</h2><ul>${rows}</ul></section>`;
  }

  function presetTarget(preset) {
    return (meta && meta.presets && meta.presets[preset] && meta.presets[preset].target) || 7;
  }

  function formHTML(kind) {
    const s = ctx.settings();
    const presets = meta && meta.presets ? Object.keys(meta.presets) : PRESETS;
    const rules = presets.includes(s.rules) ? s.rules : presets[0];
    return html`<form class="panel new-match" data-kind="${kind}" data-testid="${kind}-form">
      <h2>${t(kind === "computer" ? "lobby.vs_computer" : "lobby.vs_friend")}</h2>
      <p class="lead">${t(kind === "computer" ? "lobby.vs_computer_text" : "lobby.vs_friend_text")}</p>
      ${kind === "computer" ? html`<fieldset class="levels"><legend>${t("lobby.level")}</legend>
        ${LEVELS.map((l) => html`<label class="level-choice"><input type="radio" name="level" value="${l}" data-testid="level-${l}"
          ${Number(s.level) === l ? html`checked` : ""}> <b>${l}</b> <span>${t(`level.${l}`)}</span><small>${t(`level.${l}.text`)}</small></label>`)}
        </fieldset>` : ""}
      <label class="block">${t("lobby.rules")}
        <select name="rules" data-testid="rules-select">
          ${presets.map((p) => html`<option value="${p}" ${p === rules ? html`selected` : ""}>${presetName(p)}</option>`)}
        </select></label>
      <p class="preset-text"><span data-testid="rules-text">${presetText(rules)}</span>
        <a href="#/rules/${encodeURIComponent(rules)}" data-testid="rules-link">${t("lobby.read_rules")}</a></p>
      <div data-seats>${seatsHTML(kind, rules)}</div>
      <label class="block">${t("lobby.target")}
        <input type="number" name="target" min="1" max="1000" value="${s.target || presetTarget(rules)}" data-testid="target-input" required>
      </label>
      <label class="check"><input type="checkbox" name="soft" data-testid="soft-points"> ${t("lobby.soft")}</label>
      <label class="check"><input type="checkbox" name="spectators" checked data-testid="spectators"> ${t("lobby.spectators")}</label>
      <label class="block">${t("lobby.your_name")}
        <input name="name" maxlength="40" value="${s.name}" placeholder="${t("lobby.name_placeholder")}" data-testid="name-input"></label>
      <button class="primary big" type="submit" data-testid="${kind === "computer" ? "new-computer-match" : "new-friend-match"}" ${busy ? html`disabled` : ""}>
        ${t(kind === "computer" ? "lobby.start" : "lobby.invite")}</button>
    </form>`;
  }

  function playersOf(preset) {
    return (meta && meta.presets && meta.presets[preset] && meta.presets[preset].players) || 2;
  }

  // The seats besides the creator's (seat 1); one alone is the opponent the form already names.
  function otherSeats(preset) {
    const seats = [];
    for (let n = 2; n <= playersOf(preset); n += 1) seats.push(n);
    return seats.length > 1 ? seats : [];
  }

  // Three- and four-handed: who plays each other seat (a computer level, or a friend's invitation).
  function seatsHTML(kind, preset) {
    const others = otherSeats(preset);
    if (!others.length) return "";
    const levels = (meta.presets[preset].levels || [1]).map(Number);
    const wanted = Number(ctx.settings().level) || 3;
    const level = levels.includes(wanted) ? wanted : levels.filter((l) => l <= wanted).pop() || levels[0];
    const rows = [];
    for (const n of others) {
      const label = n === meta.presets[preset].partner ? t("lobby.seat_partner", { n }) : t("lobby.seat_n", { n });
      rows.push(html`<label class="block seat-choice">${label}
        <select name="seat-${n}" data-testid="seat-choice-${n}">
          ${levels.map((l) => html`<option value="${l}" ${kind === "computer" && l === level ? html`selected` : ""}>${t("lobby.seat_computer", { n: l })}</option>`)}
          <option value="friend" ${kind === "friend" ? html`selected` : ""}>${t("lobby.seat_friend")}</option>
        </select></label>`);
    }
    return html`<fieldset class="seats" data-testid="seats"><legend>${t("lobby.seats")}</legend>
      <p class="note">${t("lobby.seats_text")}</p><p>${t("lobby.seat_you", { n: 1 })}</p>${rows}</fieldset>`;
  }

  function draw() {
    const list = history ? matchRows(history.matches || [], { compact: true }) : html`<p>${t("lobby.loading")}</p>`;
    // unfinished matches come first: a returning player continues with one click
    const open = Boolean(history && (history.matches || []).some((m) => m.status !== "over"));
    const mine = html`<section class="panel my-matches" data-testid="my-matches"><h2>${t("lobby.my_matches")}</h2>${list}</section>`;
    // drawn again when an answer arrives, often while the player types: the field he is in keeps the focus
    keepingFocus(root, () => {
      render(
        root,
        html`<section class="lobby" data-testid="lobby">
          <div class="intro"><h1>${t("lobby.title")}</h1><p>${t("lobby.subtitle")}</p></div>
          ${error ? html`<p class="error" role="alert" data-testid="error">${error}</p>` : ""}
          ${open ? mine : ""}
          <div data-seeks></div>
          <div class="forms">${formHTML("computer")}${formHTML("friend")}</div>
          ${open ? "" : mine}
          <div data-live>${liveHTML()}</div>
        </section>`,
      );
      seeks.bind($("[data-seeks]", root));
      for (const form of root.querySelectorAll("form.new-match")) {
        form.addEventListener("submit", submit);
        form.addEventListener("input", remember);
        form.addEventListener("change", remember);
        restore(form);
      }
    });
  }

  // The rules chosen: their text, link, seats and target.
  function choosePreset(form, preset) {
    $("[data-testid=rules-text]", form).textContent = presetText(preset);
    $("[data-testid=rules-link]", form).setAttribute("href", `#/rules/${encodeURIComponent(preset)}`);
    render($("[data-seats]", form), seatsHTML(form.dataset.kind, preset));
    $("[name=target]", form).value = presetTarget(preset);
  }

  function remember(event) {
    const field = event.target;
    if (!field.name || !field.form) return;
    const kept = chosen[field.form.dataset.kind];
    if (field.name === "rules" && event.type === "change") {
      for (const name of Object.keys(kept)) if (name === "target" || name.startsWith("seat-")) delete kept[name]; // the rules' own
      choosePreset(field.form, field.value);
    }
    kept[field.name] = field.type === "checkbox" ? field.checked : field.value;
  }

  function restore(form) {
    const kept = chosen[form.dataset.kind];
    const rules = form.elements.namedItem("rules");
    if (kept.rules && kept.rules !== rules.value && [...rules.options].some((o) => o.value === kept.rules)) {
      rules.value = kept.rules;
      choosePreset(form, kept.rules);
    }
    for (const [name, value] of Object.entries(kept)) {
      const field = form.elements.namedItem(name);
      if (!field || name === "rules") continue;
      if (field.type === "checkbox") field.checked = value;
      else field.value = value; // a radio group (RadioNodeList) checks the one of that value
    }
  }

  async function submit(event) {
    event.preventDefault();
    if (busy) return;
    const form = event.target;
    const kind = form.dataset.kind;
    const data = new FormData(form);
    const name = String(data.get("name") || "").trim().slice(0, 40);
    const target = Math.max(1, Math.min(1000, Number(data.get("target")) || 7));
    const body = { opponent: kind, rules: data.get("rules"), target };
    body.name = name || t("lobby.name_placeholder"); // the server's default would be English
    if (kind === "computer") body.level = Number(data.get("level") || 3);
    const others = otherSeats(body.rules);
    if (others.length) {
      body.seats = {};
      for (const n of others) {
        const value = String(data.get(`seat-${n}`) || "friend");
        body.seats[n] = value === "friend" ? "friend" : Number(value);
      }
      delete body.level; // each seat names its own
    }
    if (data.get("soft") === "on") body.options = { may_review_tricks: "own_only" };
    body.spectators = data.get("spectators") === "on";
    saveSettings({ name, rules: body.rules, target, ...(kind === "computer" ? { level: body.level } : {}) });
    busy = true;
    error = null;
    draw();
    try {
      const answer = await api.createMatch(body);
      // the invitation codes are shown this once: kept with the seat's token, in this browser only
      saveSeat(answer.match_id, { token: answer.token, seat: answer.seat, kind, invites: answer.invites });
      busy = false;
      ctx.navigate(`#/match/${encodeURIComponent(answer.match_id)}`);
    } catch (err) {
      busy = false;
      error = t("lobby.create_failed", { message: err.message });
      draw();
    }
  }

  const seeks = seeksSection(ctx, () => alive, showLive);
  draw();
  return {
    unmount() {
      alive = false;
      clearInterval(liveTimer);
      seeks.stop();
    },
    rerender: draw,
  };
}



// The seeks and challenges: pushed by the lobby's socket (and the live matches, to `showLive`); while it is
// down, polled (the lobby's version, every POLL_MS). Drawn into their own element.
function seeksSection(ctx, alive, showLive) {
  let account = undefined; // undefined: not known yet; null: not logged in
  let lobby = null; // {version, move_clocks, rated_presets}
  let open = [];
  let mine = { made: [], received: [] };
  let error = "";
  let element = null;
  let timer = null;
  const typed = {}; // what the player typed in the form: kept when the lobby is drawn again

  let socket = null;
  let polling = false; // a poll is waiting for the server
  let again = false; // and another was asked for meanwhile

  async function poll() {
    clearTimeout(timer);
    if (polling) {
      again = true;
      return;
    }
    polling = true;
    try {
      if (account === undefined) account = (await api.account()).account;
      if (!socket && alive()) socket = new LobbySocket({ onLists: pushed, onLive: showLive, onDown: down });
      if (socket && !socket.live) {
        const now = await api.lobby();
        if (!lobby || now.version !== lobby.version) {
          const seeks = (await api.seeks()).seeks;
          const made = account ? await api.mySeeks() : mine;
          if (!socket.live) { // else the socket's lists came meanwhile: they are as new
            [open, mine, lobby] = [seeks, made, now];
            entered();
            draw();
          }
        }
      }
    } catch {
      /* the next poll tries again */
    }
    polling = false;
    if (alive()) timer = setTimeout(poll, again ? 0 : POLL_MS);
    again = false;
  }

  // The lists pushed by the socket: the open seeks, and the account's own offers and challenges.
  function pushed(message) {
    if (!alive()) return;
    lobby = { version: message.version, move_clocks: message.move_clocks, rated_presets: message.rated_presets };
    open = message.seeks;
    mine = message.mine || { made: [], received: [] };
    showLive(message.live);
    entered();
    draw();
  }

  // The socket closed: the lists are polled until it is back.
  function down() {
    if (element) element.dataset.pushed = "no";
    poll();
  }

  function entered() {
    for (const offer of mine.made) if (offer.state === "accepted" && offer.match_id) enter(offer);
  }

  // An offer this browser made was accepted: its seat (1) with the token kept since it was made.
  function enter(offer) {
    const token = takeOffer(offer.id);
    if (!token) return;
    saveSeat(offer.match_id, { token, seat: 1, kind: "friend" });
    ctx.navigate(`#/match/${encodeURIComponent(offer.match_id)}`);
  }

  function play(answer) {
    saveSeat(answer.match_id, { token: answer.token, seat: answer.seat, kind: "friend" });
    ctx.navigate(`#/match/${encodeURIComponent(answer.match_id)}`);
  }

  function offerText(o) {
    const rating = o.rating === null ? "" : ` (${Math.round(o.rating)})`;
    const kind = t(o.rated ? "seeks.rated" : "seeks.casual");
    const bot = o.bot ? ` (${t("leaderboard.bot")})` : "";
    return `${o.name}${bot}${rating} · ${presetName(o.rules)} · ${t("seeks.to", { n: o.target })} · ${kind} · ${t("seeks.seconds", { n: o.move_seconds })}`;
  }

  function row(o, buttons) {
    return html`<li data-testid="seek" data-id="${o.id}"><span>${offerText(o)}</span> ${buttons}</li>`;
  }

  function offerForm() {
    const clocks = lobby ? lobby.move_clocks : [60];
    const presets = lobby ? lobby.rated_presets : PRESETS;
    return html`<form class="offer" data-testid="offer-form">
      <label>${t("lobby.rules")} <select name="rules">${presets.map((p) => html`<option value="${p}">${presetName(p)}</option>`)}</select></label>
      <label>${t("lobby.target")} <input type="number" name="target" min="1" max="1000" value="7"></label>
      <label>${t("seeks.move_clock")} <select name="move_seconds">${clocks.map((c) => html`<option value="${c}" ${c === 60 ? html`selected` : ""}>${t("seeks.seconds", { n: c })}</option>`)}</select></label>
      <label class="check"><input type="checkbox" name="rated" checked> ${t("seeks.rated")}</label>
      <label>${t("seeks.opponent")} <input name="name" maxlength="40" placeholder="${t("seeks.anyone")}" data-testid="challenge-name"></label>
      <button class="primary" type="submit" data-testid="offer-submit">${t("seeks.offer")}</button>
      <button type="submit" name="quick" data-testid="offer-quick">${t("seeks.quick", { n: QUICK_SPREAD })}</button>
    </form>`;
  }

  function listsHTML() {
    const list = open.length
      ? html`<ul class="seeks" data-testid="open-seeks">${open.map((o) =>
          row(o, account && o.name !== account.name ? html`<button data-accept="${o.id}" data-testid="accept-seek">${t("seeks.accept")}</button>` : ""))}</ul>`
      : html`<p class="empty">${t("seeks.none")}</p>`;
    const received = mine.received.length
      ? html`<h3>${t("seeks.received")}</h3><ul class="seeks">${mine.received.map((o) => row(o, html`
          <button data-challenge="${o.id}" data-testid="accept-challenge">${t("seeks.accept")}</button>
          <button data-decline="${o.id}" data-testid="decline-challenge">${t("seeks.decline")}</button>`))}</ul>`
      : "";
    const unanswered = mine.made.filter((o) => o.state === "declined" || o.state === "expired");
    const ended = unanswered.length
      ? html`<ul class="seeks ended">${unanswered.map((o) => html`<li data-testid="ended-offer">${labelled(offerText(o))}${t(`seeks.${o.state}`)}</li>`)}</ul>`
      : "";
    const waiting = mine.made.filter((o) => o.state === "open");
    const made = waiting.length
      ? html`<h3>${t("seeks.waiting")}</h3><ul class="seeks">${waiting.map((o) =>
          row(o, html`<button data-withdraw="${o.id}">${t("seeks.withdraw")}</button>`))}</ul>`
      : "";
    return { mine: html`${error ? html`<p class="error" role="alert">${error}</p>` : ""}${received}${made}${ended}`, open: list };
  }

  function shellHTML() {
    return html`<section class="panel online" data-testid="seeks-section">
      <h2>${t("seeks.title")}</h2>
      ${account ? html`<div data-mine></div>${offerForm()}` : html`<p class="note"><a href="#/account">${t("seeks.log_in")}</a></p>`}
      <h3>${t("seeks.open")}</h3><div data-open></div>
    </section>`;
  }

  // The section's frame and form are drawn once (what the player typed stays); the lists each time they change.
  function draw() {
    if (element) element.dataset.pushed = socket && socket.live ? "yes" : "no"; // the browser tests wait for it
    if (!element || !alive() || account === undefined || !lobby) return;
    if (!$("[data-testid=seeks-section]", element)) {
      render(element, shellHTML());
      const form = $("[data-testid=offer-form]", element);
      if (form) {
        for (const [name, value] of Object.entries(typed)) {
          const field = form.elements.namedItem(name);
          if (field && field.type === "checkbox") field.checked = value;
          else if (field) field.value = value;
        }
        form.addEventListener("input", (event) => {
          const field = event.target;
          if (field.name) typed[field.name] = field.type === "checkbox" ? field.checked : field.value;
        });
        form.onsubmit = submit;
      }
    }
    const lists = listsHTML();
    const mineElement = $("[data-mine]", element);
    if (mineElement) render(mineElement, lists.mine);
    render($("[data-open]", element), lists.open);
    bind(element);
  }

  async function run(work) {
    error = "";
    try {
      await work();
    } catch (err) {
      error = t("seeks.failed", { message: errorText(err) || err.message });
    }
    if (socket && socket.live) {
      draw(); // the change comes with the socket's next lists
      return;
    }
    lobby = lobby && { ...lobby, version: -1 }; // read the lists again now
    poll();
  }

  function bind(el) {
    for (const b of el.querySelectorAll("[data-accept]")) b.onclick = () => run(async () => play(await api.acceptSeek(b.dataset.accept)));
    for (const b of el.querySelectorAll("[data-challenge]")) b.onclick = () => run(async () => play(await api.acceptChallenge(b.dataset.challenge)));
    for (const b of el.querySelectorAll("[data-decline]")) b.onclick = () => run(() => api.declineChallenge(b.dataset.decline));
    for (const b of el.querySelectorAll("[data-withdraw]")) b.onclick = () => run(() => api.withdrawSeek(b.dataset.withdraw));
  }

  function submit(event) {
    event.preventDefault();
    const data = new FormData(event.target);
    const offer = {
      rules: data.get("rules"),
      target: Math.max(1, Math.min(1000, Number(data.get("target")) || 7)),
      move_seconds: Number(data.get("move_seconds")),
      rated: data.get("rated") === "on",
    };
    const name = String(data.get("name") || "").trim();
    const quick = event.submitter && event.submitter.name === "quick";
    run(async () => {
      if (quick) {
        const answer = await api.quickSeek({ ...offer, spread: QUICK_SPREAD });
        if (answer.match) play(answer.match); // a like seek was waiting
        else saveOffer(answer.seek.id, answer.token);
        return;
      }
      if (!name) {
        const made = await api.seek(offer);
        saveOffer(made.seek.id, made.token);
        return;
      }
      const answer = await api.challenge({ ...offer, name });
      if (answer.match) play(answer.match); // a house bot: the match begins at once
      else saveOffer(answer.challenge.id, answer.token);
    });
  }

  poll();
  return {
    bind(el) {
      element = el;
      draw();
    },
    stop() {
      clearTimeout(timer);
      if (socket) socket.stop();
    },
    pushed: () => Boolean(socket && socket.live),
  };
}
