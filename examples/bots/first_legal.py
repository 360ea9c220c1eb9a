#!/usr/bin/env python3
"""A 66P bot in 35 lines of plain Python: it plays the first legal action (docs/protocol.md).

Run it on a site with a bot account's token (docs/online.md, "Bots"):

    sixtysix connect --server https://66.example.org --token s66_… -- python examples/bots/first_legal.py

or in a tournament: ``sixtysix tournament --bot "first=python examples/bots/first_legal.py"``.
It needs nothing but Python: each ``go`` line holds the whole view, so the bot keeps no state.
"""

import sys


def main() -> None:
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "66p":  # the handshake: our name, then 66pok (version 1: two- and three-player games)
            print("id name first-legal\nid author the sixtysix examples\n66pok", flush=True)
        elif words[0] == "isready":
            print("readyok", flush=True)
        elif words[0] == "go":  # the decision: answer one of the tokens of legal=…
            fields = dict(word.split("=", 1) for word in words[1:] if "=" in word)
            legal = fields["legal"].split(",")
            own = int(fields["score"].split(",")[int(fields["seat"]) - 1])  # card points, seat 1's first
            move = "66" if "66" in legal and own >= 66 else next(t for t in legal if t != "66")
            print(f"bestmove {move}", flush=True)
        elif words[0] == "quit":
            return


if __name__ == "__main__":
    main()
