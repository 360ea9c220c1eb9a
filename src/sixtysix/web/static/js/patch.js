// State patches (docs/web-api.md, "WebSocket"): after a first whole state, the server sends
// what changed in this seat's state; applyPatch makes the new state of the old one. It knows
// nothing of the game: it only puts the server's values where the patch says.
//
// A patch is an object applied to an object: each key sets that key, except that an object
// where the old value is an object too is a patch of it, {"$append": [...]} where the old
// value is a list adds those items at its end, and "$del": [keys] removes keys.

const APPEND = "$append";
const DELETE = "$del";

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The state `patch` makes of `state`: a new object; `state` is not changed (the page may still show it). */
export function applyPatch(state, patch) {
  const out = { ...state };
  for (const [key, value] of Object.entries(patch)) {
    if (key === DELETE) {
      for (const gone of value) delete out[gone];
      continue;
    }
    const before = out[key];
    if (isObject(value) && Array.isArray(before) && APPEND in value) out[key] = before.concat(value[APPEND]);
    else if (isObject(value) && isObject(before)) out[key] = applyPatch(before, value);
    else out[key] = value;
  }
  return out;
}
