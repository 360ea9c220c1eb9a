"""State patches: what changed in a seat's state since the state a socket last received.

After every change of a match, a socket that asked for patches (docs/web-api.md, "WebSocket")
gets a ``patch`` message instead of the whole new state: :func:`diff` of the state it last
received and the new one. The page applies it with the same rules (``js/patch.js``) and has
the new state, equal to the one the server built; the page still learns nothing it could not
read from that state, and computes no game fact.

A patch is a JSON object, applied to an object (the state, or an object inside it):

* each key of the patch sets that key of the object to the patch's value, except that
* a value that is an object, where the object's value is an object too, is a patch of it,
  applied in turn (so an object never replaces an object: its changed keys do);
* ``{"$append": [...]}``, where the object's value is a list, adds those items at its end;
* ``"$del": [keys]`` removes those keys.

>>> old = {"version": 3, "deal": {"talon": 8, "history": ["a"], "trick": ["Ah"]}, "you": {"claim_holds": None}}
>>> new = {"version": 4, "deal": {"talon": 8, "history": ["a", "b"], "trick": []}, "you": {}}
>>> patch = diff(old, new)
>>> patch
{'version': 4, 'deal': {'history': {'$append': ['b']}, 'trick': []}, 'you': {'$del': ['claim_holds']}}
>>> apply(old, patch) == new
True
"""

from __future__ import annotations

from typing import Any

APPEND = "$append"
"""The key of a patch value that adds items at the end of a list."""
DELETE = "$del"
"""The key of a patch whose value lists the keys to remove."""


def diff(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """The patch that turns ``old`` into ``new`` (empty if they are equal). Neither is changed.

    Parts that are the same object in both (the seat states share what did not change) cost
    one identity check.
    """
    patch: dict[str, Any] = {}
    kept = 0
    for key, value in new.items():
        before = old.get(key, _MISSING)
        if before is _MISSING:
            patch[key] = value
            continue
        kept += 1
        if before is value:
            continue
        kind = type(value)
        if kind is dict and type(before) is dict:
            inner = diff(before, value)
            if inner:
                patch[key] = inner
        elif kind is not type(before) or before != value:
            if kind is list and 0 < len(before) < len(value) and value[: len(before)] == before:
                patch[key] = {APPEND: value[len(before) :]}
            else:
                patch[key] = value
    if kept < len(old):
        patch[DELETE] = [key for key in old if key not in new]
    return patch


_MISSING = object()


def apply(state: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """The state ``patch`` makes of ``state``: a new object (``state`` is not changed; the parts
    the patch does not touch are shared)."""
    out = dict(state)
    for key, value in patch.items():
        if key == DELETE:
            for gone in value:
                out.pop(gone, None)
            continue
        before = out.get(key)
        if type(value) is dict and type(before) is list and APPEND in value:
            out[key] = before + value[APPEND]
        elif type(value) is dict and type(before) is dict:
            out[key] = apply(before, value)
        else:
            out[key] = value
    return out
