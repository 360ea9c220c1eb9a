"""Extract the twelve French court cards of SVG-cards (LGPL-2.1, David Bellot and Huub de Beer;
npm package ``svg-cards`` 4.0.2) into one small sprite: ``web/static/cards/french-courts.svg``.

Usage: ``npm pack svg-cards@4.0.2 && tar xzf svg-cards-4.0.2.tgz`` then
``python docs/images/extract_cards.py package/svg-cards.svg src/sixtysix/web/static/cards/french-courts.svg``.

Each court becomes a ``<symbol id="Kh">`` (rank letter and suit letter as in the project's
notation) whose view box is the card; ``js/cards.js`` draws it with ``<use>`` and puts its
own large corner index over it. Numbers are rounded to one decimal to keep the file small.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
SUITS = {"club": "c", "diamond": "d", "heart": "h", "spade": "s"}
RANKS = {"king": "K", "queen": "Q", "jack": "J"}
HREF = f"{{{XLINK}}}href"


def extract(source: Path, target: Path) -> None:
    ET.register_namespace("", SVG)
    ET.register_namespace("xlink", XLINK)
    tree = ET.parse(source)
    by_id = {e.get("id"): e for e in tree.iter() if e.get("id")}
    needed: dict[str, ET.Element] = {}

    def collect(element: ET.Element) -> None:
        for e in element.iter():
            ref = e.get(HREF) or e.get("href")
            if ref and ref.startswith("#") and ref[1:] not in needed:
                needed[ref[1:]] = by_id[ref[1:]]
                collect(by_id[ref[1:]])

    out = ET.Element(f"{{{SVG}}}svg")
    defs = ET.SubElement(out, f"{{{SVG}}}defs")
    symbols = []
    for suit, s in SUITS.items():
        for rank, r in RANKS.items():
            group = by_id[f"{suit}_{rank}"]
            for use in [e for e in group if (e.get(HREF) or "") == "#base"]:
                group.remove(use)  # their card's outline: the project's own card is drawn under it
            collect(group)
            symbol = ET.Element(f"{{{SVG}}}symbol", {"id": r + s, "viewBox": "1.25 1.25 166.6 242.1"})
            symbol.append(group)
            symbols.append(symbol)
    for key, element in needed.items():
        if key.split("_")[0] not in SUITS or key in SUITS:  # not another whole card
            defs.append(element)
    out.extend(symbols)
    text = ET.tostring(out, encoding="unicode")
    text = text.replace("xlink:href", "href").replace(f' xmlns:xlink="{XLINK}"', "")  # SVG 2
    text = re.sub(r"(\d+\.\d)\d+", r"\1", text)  # a tenth of a unit: 1/1700 of the card's width
    kept = set(needed) | {r + s for r in RANKS.values() for s in SUITS.values()}
    text = re.sub(r'\sid="([^"]*)"', lambda m: m.group(0) if m.group(1) in kept else "", text)
    notice = (
        "<!-- The court cards of SVG-cards 4.0.2 (c) 2005 David Bellot, (c) 2016-2017 Huub de Beer,"
        " LGPL-2.1 or later (LICENSE-svg-cards.txt). Extracted by docs/images/extract_cards.py. -->\n"
    )
    target.write_text(notice + text + "\n", encoding="utf-8")


if __name__ == "__main__":
    extract(Path(sys.argv[1]), Path(sys.argv[2]))
