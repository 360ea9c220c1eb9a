// What the browser keeps: the seat tokens of its matches and the player's settings,
// in localStorage. A seat token is the only proof of a seat (docs/web-api.md), so
// it is stored here and sent only to our own server.

const SEATS = "sixtysix.seats";
const SETTINGS = "sixtysix.settings";
const OFFERS = "sixtysix.offers";

const storage = () => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

function read(key, fallback) {
  const s = storage();
  if (!s) return fallback;
  try {
    const value = JSON.parse(s.getItem(key));
    return value && typeof value === "object" ? value : fallback;
  } catch {
    return fallback;
  }
}

function write(key, value) {
  const s = storage();
  if (!s) return;
  try {
    s.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: the page still works until it is closed */
  }
}

/** {match_id: {token, seat, kind, saved}} */
export function seats() {
  return read(SEATS, {});
}

export function seatOf(matchId) {
  return seats()[matchId] || null;
}

export function saveSeat(matchId, seat) {
  const all = seats();
  all[matchId] = { ...(all[matchId] || {}), ...seat, saved: all[matchId]?.saved || Date.now() / 1000 };
  write(SEATS, all);
}

export function forgetSeat(matchId) {
  const all = seats();
  delete all[matchId];
  write(SEATS, all);
}

export function allTokens() {
  return Object.values(seats())
    .map((s) => s.token)
    .filter(Boolean);
}

/** The match joined with an invitation code, if this browser used it. */
export function matchOfInvite(code) {
  for (const [id, seat] of Object.entries(seats())) if (seat.invite === code) return id;
  return null;
}

const reducedMotion = () => {
  try {
    return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  } catch {
    return false;
  }
};

export const DEFAULT_SETTINGS = {
  deck: "french", // or "german"
  fourColor: false,
  animations: true,
  sound: true, // a short tone when it becomes this seat's turn
  name: "",
  level: 3,
  rules: "seed66",
  target: 7,
};

export function settings() {
  const saved = read(SETTINGS, {});
  const out = { ...DEFAULT_SETTINGS, animations: !reducedMotion(), ...saved };
  // ?animations=0 in the address switches them off for this page (handy for tests)
  try {
    const flag = new URLSearchParams(window.location.search).get("animations");
    if (flag === "0" || flag === "1") out.animations = flag === "1";
  } catch {
    /* not in a browser */
  }
  return out;
}

export function saveSettings(changes) {
  write(SETTINGS, { ...read(SETTINGS, {}), ...changes });
}

/** A lobby seek's or challenge's seat token, given when it was made (the match is not known yet). */
export function saveOffer(id, token) {
  write(OFFERS, { ...read(OFFERS, {}), [id]: token });
}

/** The token of offer ``id`` (null if this browser did not make it), forgotten once taken. */
export function takeOffer(id) {
  const all = read(OFFERS, {});
  const token = all[id] || null;
  delete all[id];
  write(OFFERS, all);
  return token;
}

export function localStore() {
  return storage();
}
