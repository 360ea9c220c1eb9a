// The server's JSON API and the match WebSocket (docs/web-api.md, version 1).
//
// MatchSocket keeps one WebSocket open for a match and opens it again after it drops
// (with a growing pause, and at once when the page becomes visible or the network
// returns). Nothing lives in the socket: every (re)connect starts with the current
// state, so a reload or a dropped connection loses nothing. After that first state the
// server sends patches (what changed, patch.js); a patch that does not start from the state
// held here asks for the whole state again. While the socket is down, actions go over HTTP
// and the state is polled.

import { clientSeed, rememberCommitment, rememberSent } from "./fairness.js";
import { inLang, t } from "./i18n.js";
import { applyPatch } from "./patch.js";

/** An action's message: `next` brings a fresh client seed for the deal it starts (docs/fairness.md). */
function actionBody(matchId, action, version) {
  if (action !== "next") return { action, version };
  const seed = clientSeed();
  rememberSent(matchId, seed); // kept for the page's own check of the deal it starts
  return { action, version, client_seed: seed };
}

/**
 * A refusal's message (the server's error object) in the page's language: the server sends it
 * in every language (``messages``) beside its stable ``code`` and its English ``message``.
 */
export function errorText(error) {
  return inLang(error && error.messages, error && error.message);
}

export class ApiError extends Error {
  /** detail: the engine's technical reason in English (an invalid record's fault), or null. */
  constructor(code, message, status, detail = null) {
    super(message);
    this.code = code;
    this.status = status;
    this.detail = detail;
  }
}

async function request(method, path, { token, body } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (error) {
    // the browser's own words ("Failed to fetch") are English and say little: the page's language
    throw new ApiError("network", t("error.network"), 0);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const err = (data && data.error) || {};
    const message = errorText(err) || t("error.http", { status: response.status });
    throw new ApiError(err.code || "http", message, response.status, err.detail || null);
  }
  return data;
}

export const api = {
  meta: () => request("GET", "/api/meta"),
  // provably fair deals (docs/fairness.md): the server commits to the first deal's seed before this
  // browser sends its own seed
  // ``path``: /api/account/matches for a match whose seat the logged-in account holds (a rated one)
  createMatch: async (options, path = "/api/matches") => {
    const offer = await request("POST", "/api/commitments");
    const seed = clientSeed();
    const body = { client_seed: seed, commitment_ticket: offer.ticket, ...options };
    const answer = await request("POST", path, { body });
    rememberSent(answer.match_id, seed); // what this page sent, and the commitment it saw before
    rememberCommitment(answer.match_id, 1, offer.commitment);
    return answer;
  },
  invitation: (code) => request("GET", `/api/invitations/${encodeURIComponent(code)}`),
  // ``path``: /api/account/join to take the seat for the logged-in account
  join: async (code, name, path = "/api/join") => {
    const seed = clientSeed();
    const answer = await request("POST", path, { body: { code, name, client_seed: seed } });
    rememberSent(answer.match_id, seed);
    return answer;
  },
  verify: (record) => request("POST", "/api/verify", { body: { record } }),
  state: (id, token) => request("GET", `/api/matches/${encodeURIComponent(id)}`, { token }),
  act: (id, token, action, version) =>
    request("POST", `/api/matches/${encodeURIComponent(id)}/actions`, { token, body: actionBody(id, action, version) }),
  // the first to ask takes its seat in the new match; an invited person takes its own with this
  // match's token (and sends its client seed for the rematch's first deal, as a join does)
  rematch: async (id, token) => {
    const seed = clientSeed();
    const answer = await request("POST", `/api/matches/${encodeURIComponent(id)}/rematch`, { token, body: { client_seed: seed } });
    if (answer.token) rememberSent(answer.match_id, seed);
    return answer;
  },
  hint: (id, token) => request("GET", `/api/matches/${encodeURIComponent(id)}/hint`, { token }),
  hintProgress: (id, token) => request("GET", `/api/matches/${encodeURIComponent(id)}/hint/progress`, { token }),
  review: (id, token, deal) =>
    request("GET", `/api/matches/${encodeURIComponent(id)}/deals/${deal}/review`, { token }),
  reviewProgress: (id, token, deal) =>
    request("GET", `/api/matches/${encodeURIComponent(id)}/deals/${deal}/review/progress`, { token }),
  history: (tokens) => request("POST", "/api/history", { body: { tokens } }),
  live: () => request("GET", "/api/live"),
  watch: (id) => request("GET", `/api/watch/${encodeURIComponent(id)}`),
  rules: (preset, lang) =>
    request("GET", `/api/rules?preset=${encodeURIComponent(preset)}&lang=${encodeURIComponent(lang)}`),
  matchRules: (id, token, lang) =>
    request("GET", `/api/matches/${encodeURIComponent(id)}/rules?lang=${encodeURIComponent(lang)}`, { token }),
  // accounts (docs/online.md): the session is an HttpOnly cookie the page never reads; same-origin fetches send it
  account: () => request("GET", "/api/account"),
  signUp: (name, password, tokens) => request("POST", "/api/account/signup", { body: { name, password, tokens } }),
  logIn: (name, password, tokens) => request("POST", "/api/account/login", { body: { name, password, tokens } }),
  logOut: () => request("POST", "/api/account/logout", { body: {} }),
  changePassword: (password, newPassword) =>
    request("POST", "/api/account/password", { body: { password, new_password: newPassword } }),
  deleteAccount: (password) => request("POST", "/api/account/delete", { body: { password } }),
  player: (name) => request("GET", `/api/players/${encodeURIComponent(name)}`),
  ratedInvitation: (code) => request("POST", "/api/account/invitation", { body: { code } }),
  leaderboard: (rules) => request("GET", `/api/leaderboard?rules=${encodeURIComponent(rules)}`),
  // the lobby (docs/online.md, "The lobby"): LobbySocket pushes the lists; without it the page polls the
  // version and reads the lists when it changes
  lobby: () => request("GET", "/api/lobby"),
  seeks: () => request("GET", "/api/seeks"),
  mySeeks: () => request("GET", "/api/seeks/mine"),
  seek: (offer) => request("POST", "/api/seeks", { body: offer }),
  quickSeek: (offer) => request("POST", "/api/seeks/quick", { body: offer }),
  acceptSeek: (id) => request("POST", `/api/seeks/${id}/accept`, { body: {} }),
  withdrawSeek: (id) => request("DELETE", `/api/seeks/${id}`),
  challenge: (offer) => request("POST", "/api/challenges", { body: offer }),
  acceptChallenge: (id) => request("POST", `/api/challenges/${id}/accept`, { body: {} }),
  declineChallenge: (id) => request("POST", `/api/challenges/${id}/decline`, { body: {} }),
  puzzleSolver: () => request("POST", "/api/puzzles/solver"),
  puzzle: (which, token) => request("GET", `/api/puzzles/${encodeURIComponent(which)}`, { token }),
  puzzleAnswer: (id, token, action, daily) =>
    request("POST", `/api/puzzles/${encodeURIComponent(id)}/answer`, { token, body: { action, daily } }),
  // the record's address holds no token (addresses are logged): the page fetches it with the header
  recordURL: (id) => `/api/matches/${encodeURIComponent(id)}/record`,
  recordText: async (id, token) => {
    const response = await fetch(api.recordURL(id), { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new ApiError("http", `HTTP ${response.status}`, response.status);
    return response.text();
  },
};

const RECORD_PATH = /^\/api\/matches\/([^/]+)\/record$/;

/**
 * Make every record link (<a download href="/api/matches/ID/record">) download with the seat's
 * token in a header: ``tokenOf(matchId)`` gives it. Installed once, on the document.
 */
export function downloadRecordsWithToken(tokenOf) {
  document.addEventListener("click", async (event) => {
    const link = event.target instanceof Element ? event.target.closest("a[download]") : null;
    const found = link ? RECORD_PATH.exec(new URL(link.href, window.location.href).pathname) : null;
    if (!found) return;
    const matchId = decodeURIComponent(found[1]);
    const token = tokenOf(matchId);
    if (!token) return;
    event.preventDefault();
    try {
      const text = await api.recordText(matchId, token);
      const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
      const save = Object.assign(document.createElement("a"), { href: url, download: `sixtysix-${matchId}.66r` });
      document.body.append(save);
      save.click();
      save.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      /* the server is away: the link stays as it was */
    }
  });
}

/** Pauses between reconnection attempts (ms): quick at first, then every 5 s. */
export function backoff(attempt) {
  return Math.min(5000, 250 * 2 ** Math.max(0, attempt));
}

const FATAL_CLOSE = new Set([4401, 4403, 4404]);
const REFUSED_PAUSE_MS = 30000; // a lobby socket refused (too many of this address 4429, or of all 4503): again after this

/**
 * The lobby's live lists (docs/online.md, "The lobby"): `/api/lobby/socket` pushes them when they change.
 * handlers: onLists({version, seeks, live, mine, move_clocks, rated_presets}), onLive(live), onDown().
 * `live` is true from the first lists until the socket closes; then onDown is called (the page polls)
 * and the socket is opened again after a growing pause.
 */
export class LobbySocket {
  constructor(handlers) {
    this.handlers = handlers;
    this.ws = null;
    this.live = false;
    this.stopped = false;
    this.attempt = 0;
    this.timer = null;
    this.pingTimer = null;
    this.connect();
  }

  connect() {
    if (this.stopped) return;
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    let ws;
    try {
      ws = new WebSocket(`${scheme}//${window.location.host}/api/lobby/socket`);
    } catch {
      this.retry(false);
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => ws.readyState === 1 && ws.send(JSON.stringify({ type: "ping" })), 25000);
    };
    ws.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "lobby") {
        this.live = true;
        this.attempt = 0;
        this.handlers.onLists(message);
      } else if (message.type === "live") this.handlers.onLive(message.live || []);
    };
    ws.onclose = (event) => {
      clearInterval(this.pingTimer);
      if (this.ws === ws) this.ws = null;
      this.live = false;
      if (this.stopped) return;
      this.handlers.onDown();
      this.retry(event.code === 4429 || event.code === 4503 || FATAL_CLOSE.has(event.code));
    };
    ws.onerror = () => {
      /* onclose follows */
    };
  }

  retry(refused) {
    if (this.stopped) return;
    const delay = refused ? REFUSED_PAUSE_MS : backoff(this.attempt);
    this.attempt += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pingTimer);
    if (this.ws) this.ws.close();
  }
}

/**
 * A live connection to one match.
 * handlers: onState(state, replyTo), onError(error, replyTo), onPresence(connected),
 * onStatus("connecting" | "open" | "reconnecting" | "closed" | "fatal").
 */
export class MatchSocket {
  constructor(matchId, token, handlers) {
    this.matchId = matchId;
    this.token = token;
    this.handlers = handlers;
    this.ws = null;
    this.state = null; // the state this socket last received (whole or patched): patches start from it
    this.attempt = 0;
    this.stopped = false;
    this.counter = 0;
    this.timer = null;
    this.pingTimer = null;
    this.pollTimer = null;
    this.wake = () => {
      if (!this.stopped && (!this.ws || this.ws.readyState > 1)) this.connect();
    };
    window.addEventListener("online", this.wake);
    document.addEventListener("visibilitychange", this.wake);
    this.connect();
  }

  url() {
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    // no token in the address: addresses are logged; the first message carries it
    return `${scheme}//${window.location.host}/ws/matches/${encodeURIComponent(this.matchId)}`;
  }

  status(value) {
    if (this.handlers.onStatus) this.handlers.onStatus(value);
  }

  connect() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    if (this.ws && this.ws.readyState <= 1) return;
    this.status(this.attempt ? "reconnecting" : "connecting");
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.retry();
      return;
    }
    this.ws = ws;
    this.state = null;
    ws.onopen = () => {
      if (this.token) ws.send(JSON.stringify({ type: "auth", token: this.token, patches: true }));
      this.attempt = 0;
      this.status("open");
      this.stopPolling();
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), 25000);
    };
    ws.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "state" && message.state) {
        this.state = message.state;
        this.handlers.onState(message.state, message.reply_to || null);
      } else if (message.type === "patch") this.patched(message);
      else if (message.type === "error" && this.handlers.onError) this.handlers.onError(message.error || {}, message.reply_to || null);
      else if (message.type === "presence" && this.handlers.onPresence) this.handlers.onPresence(message.connected || {});
    };
    ws.onclose = (event) => {
      clearInterval(this.pingTimer);
      if (this.ws === ws) this.ws = null;
      if (this.stopped) return;
      if (FATAL_CLOSE.has(event.code)) {
        this.status("fatal");
        return;
      }
      this.retry();
    };
    ws.onerror = () => {
      /* onclose follows */
    };
  }

  /** A patch applied to the state held (a gap, never expected on one socket: ask for the whole state). */
  patched(message) {
    if (!this.state || message.from !== this.state.version || !message.patch) {
      this.state = null;
      this.send({ type: "state" });
      return;
    }
    this.state = applyPatch(this.state, message.patch);
    this.handlers.onState(this.state, message.reply_to || null);
  }

  retry() {
    if (this.stopped) return;
    this.status("reconnecting");
    this.startPolling();
    const delay = backoff(this.attempt);
    this.attempt += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  // While the socket is down the state is fetched over HTTP every 3 s.
  startPolling() {
    if (this.pollTimer) return;
    this.pollTimer = setInterval(async () => {
      try {
        this.handlers.onState(await this.fetchState(), null);
      } catch {
        /* the server is away: keep trying */
      }
    }, 3000);
  }

  fetchState() {
    return api.state(this.matchId, this.token);
  }

  stopPolling() {
    clearInterval(this.pollTimer);
    this.pollTimer = null;
  }

  get open() {
    return Boolean(this.ws && this.ws.readyState === 1);
  }

  send(message) {
    if (!this.open) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** Send an action; returns the message id, or null if the socket is not open. */
  act(action, version) {
    this.counter += 1;
    const id = `c${this.counter}`;
    return this.send({ type: "action", ...actionBody(this.matchId, action, version), id }) ? id : null;
  }

  refresh() {
    if (!this.send({ type: "state" })) this.connect();
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pingTimer);
    this.stopPolling();
    window.removeEventListener("online", this.wake);
    document.removeEventListener("visibilitychange", this.wake);
    if (this.ws) this.ws.close(1000);
    this.ws = null;
  }
}

/**
 * A spectator's live connection to a match: no token, read-only; the server sends the spectator state
 * (docs/web-api.md, "Watching a match") whole, then as patches.
 */
export class WatchSocket extends MatchSocket {
  constructor(matchId, handlers) {
    super(matchId, null, handlers);
  }

  url() {
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${window.location.host}/ws/watch/${encodeURIComponent(this.matchId)}?patches=1`;
  }

  fetchState() {
    return api.watch(this.matchId);
  }
}
