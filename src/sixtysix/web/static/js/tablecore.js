// The live side of the card table (pages/table.js, one page for every table size): the seat
// states the server sends, shown in order (paced while animations are on), the one action in
// flight, the error line, the socket, the first state over HTTP, and the hint. The page owns
// the state on screen and draws it; this module only touches the connection pill.

import { api, errorText, MatchSocket } from "./api.js";
import { $ } from "./dom.js";
import { t } from "./i18n.js";

const TRICK_PAUSE = 1100; // ms a completed trick stays in view before the next lead (animations on)

/**
 * Connects a table page to its match. `page` gives:
 * - root: the page's element (for the connection pill);
 * - state(): the state on screen; apply(next): put a state on screen (and draw); draw();
 * - animations(): whether changes are paced; stepPause: ms between two changes;
 * - maxQueue: how many states may wait before the table jumps to the present;
 * - finishedTrick(next, before): whether `next` takes a completed trick off the table;
 * - onPresence(connected): who is connected now (seat number -> bool);
 * - accept(next) (optional): false when the page hands the state on elsewhere.
 * The answer holds `pending` ({id, action, version, timer}), `error`, `fatal`, `connection`
 * and `hint` ({version, best, actions, loading, error}) for the page to draw.
 */
export function connectTable(matchId, token, page) {
  const queue = []; // states waiting to be shown
  let pacing = null;
  let errorTimer = null;

  const live = {
    pending: null,
    error: null,
    fatal: false,
    connection: "connecting",
    hint: null,
    receive,
    allowed,
    canAct,
    send,
    askHint,
    clearPending,
    showError,
    drawConnection,
    close,
  };

  // -- incoming states ---------------------------------------------------------------

  function receive(next, replyTo) {
    if (!next || next.match_id !== matchId) return;
    if (page.accept && !page.accept(next)) return;
    const pending = live.pending;
    if (pending && (replyTo === pending.id || next.version > pending.version)) clearPending();
    const latest = queue.length ? queue[queue.length - 1] : page.state();
    if (latest && next.version < latest.version) return; // an old answer arriving late
    if (latest && next.version === latest.version) {
      // the same moment again (a reconnect, presence): replace it
      if (queue.length) queue[queue.length - 1] = next;
      else page.apply(next);
      return;
    }
    queue.push(next);
    if (!pacing) drain();
  }

  function drain() {
    pacing = null;
    if (!queue.length) return;
    // far behind (a long disconnection): jump to the present
    if (queue.length > page.maxQueue) queue.splice(0, queue.length - 1);
    const before = page.state();
    const next = queue.shift();
    page.apply(next);
    if (!queue.length) return;
    if (!page.animations() || !before) {
      drain();
      return;
    }
    pacing = setTimeout(drain, page.finishedTrick(next, before) ? TRICK_PAUSE : page.stepPause);
  }

  function clearPending() {
    if (live.pending) clearTimeout(live.pending.timer);
    live.pending = null;
  }

  function showError(message) {
    live.error = message;
    clearTimeout(errorTimer);
    errorTimer = setTimeout(() => {
      live.error = null;
      page.draw();
    }, 6000);
    page.draw();
  }

  /** A refused action: a table that moved on meanwhile (another tab, the other seat) is shown as it is now,
   *  with a word for people rather than the versions behind it. */
  function showRefusal(code, message) {
    if (code === "stale_version") {
      socket.refresh();
      showError(t("table.stale"));
      return;
    }
    showError(message);
  }

  function drawConnection() {
    const pill = $("[data-testid=connection]", page.root);
    if (!pill) return;
    pill.dataset.status = live.connection;
    pill.textContent = t(`conn.${live.connection}`);
  }

  const socket = new MatchSocket(matchId, token, {
    onState: (s, replyTo) => receive(s, replyTo),
    onError: (err, replyTo) => {
      if (live.pending && replyTo === live.pending.id) clearPending();
      showRefusal(err.code, errorText(err) || err.code || t("table.error"));
    },
    onPresence: (connected) => page.onPresence(connected),
    onStatus: (status) => {
      live.connection = status;
      if (status === "fatal") {
        live.fatal = true;
        showError(t("table.token_refused"));
      }
      drawConnection();
      if (page.onStatus) page.onStatus(status); // who is online is not known while the link is down
    },
  });

  // First paint without waiting for the socket (and the only source if it cannot open).
  api
    .state(matchId, token)
    .then((s) => receive(s, null))
    .catch((err) => {
      if (err.status === 403 || err.status === 404 || err.status === 401) {
        live.fatal = true;
        showError(err.status === 404 ? t("table.not_found") : t("table.token_refused"));
      }
    });

  // -- acting -----------------------------------------------------------------------

  /** The actions legal now or right after the draw. */
  function allowed() {
    const state = page.state();
    if (!state) return [];
    return [...new Set([...(state.legal || []), ...(state.after_draw || [])])];
  }

  /** Whether `action` may be sent now: while older changes are still being shown, the screen is not the present. */
  function canAct(action) {
    if (!page.state() || live.pending || live.fatal || queue.length) return false;
    return allowed().includes(action);
  }

  /** Sends `action` over the socket (over HTTP when it is not open); the answer is a new state. */
  async function send(action) {
    const version = page.state().version;
    const pending = { action, version, id: null };
    live.pending = pending;
    pending.timer = setTimeout(() => {
      // no answer: ask for the state again (the action may or may not have been stored)
      clearPending();
      socket.refresh();
      page.draw();
    }, 8000);
    page.draw();
    const id = socket.act(action, version);
    if (id) {
      pending.id = id;
      return;
    }
    try {
      const answer = await api.act(matchId, token, action, version);
      clearPending();
      receive(answer.state, null);
    } catch (err) {
      clearPending();
      showRefusal(err.code, err.message);
    }
  }

  async function askHint() {
    const state = page.state();
    if (!state || !state.hints || !(state.legal || []).length || (live.hint && live.hint.loading)) return;
    const version = state.version;
    const asked = { version, loading: true, place: null };
    live.hint = asked;
    page.draw();
    // with analysis workers (sixtysix serve --analysis queue): the hint's place in the queue while it waits
    let poller = null;
    const poll = () => {
      api.hintProgress(matchId, token).then((p) => {
        if (live.hint !== asked) return;
        if (p.version === version && p.place !== asked.place) {
          asked.place = p.place;
          page.draw();
        }
        poller = setTimeout(poll, 500);
      }).catch(() => {});
    };
    poller = setTimeout(poll, 300);
    try {
      const answer = await api.hint(matchId, token);
      if (page.state().version === version) live.hint = { ...answer, version };
    } catch (err) {
      live.hint = { version, error: err.message };
    }
    clearTimeout(poller);
    page.draw();
  }

  function close() {
    socket.close();
    clearTimeout(pacing);
    clearTimeout(errorTimer);
    if (live.pending) clearTimeout(live.pending.timer);
  }

  return live;
}
