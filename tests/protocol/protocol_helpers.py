"""A scripted bot for the protocol tests that misbehaves in the first life of its process.

``bot_command(tmp_path, mode, marker, four=False)`` writes the script and gives the
command that starts it: it misbehaves (``mode``: ``illegal``, ``malformed``, ``empty``,
``timeout``, ``garbage``, ``nul``, ``longline``, ``flood``, ``crash``, ``exit``,
``handshake``, ``version``, ``version1``) at its first decision, or at the handshake,
until the ``marker`` file exists (it leaves it), then plays the first legal action.
``four`` makes it a four-handed (version 2) bot, named ``four-handed <mode>`` rather than
``misbehaving <mode>``; it asks the host for four-handed ``go`` lines.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

SCRIPT = textwrap.dedent(
    r"""
    import os, sys, time
    mode, marker = sys.argv[1], sys.argv[2]
    four = sys.argv[3:] == ["four"]
    first_life = not os.path.exists(marker)
    open(marker, "a").write("started\n")
    CARDS = [r + s for s in "cdhs" for r in ("ATKQJ987" if four else "ATKQJ9")]

    def out(text):
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "66p":
            if first_life and mode == "handshake":
                continue  # never answers
            out("id name " + ("four-handed " if four else "misbehaving ") + mode)
            if four:
                out("66pok" if first_life and mode == "version1" else "66pok 2")
            else:
                out("66pok 7" if first_life and mode == "version" else "66pok")
        elif words[0] == "isready":
            out("readyok")
        elif words[0] == "quit":
            break
        elif words[0] == "go":
            fields = dict(w.split("=", 1) for w in words if "=" in w)
            assert not four or fields["players"] == "4"
            legal = fields["legal"].split(",")
            if first_life:
                if mode == "illegal":
                    out("bestmove " + next(c for c in CARDS if c not in legal))
                elif mode == "malformed":
                    out("bestmove zz")
                elif mode == "empty":
                    out("bestmove")
                elif mode == "timeout":
                    time.sleep(30)
                elif mode == "garbage":
                    sys.stdout.buffer.write(b"\xff\xfe\x81 garbage\n")
                    sys.stdout.flush()
                elif mode == "nul":
                    out("bestmove \0" + legal[0])
                elif mode == "longline":
                    out("x" * 70000)
                elif mode == "flood":
                    for _ in range(20000):
                        sys.stdout.write("hello\n")
                    sys.stdout.flush()
                elif mode == "crash":
                    raise RuntimeError("boom")
                elif mode == "exit":
                    os._exit(0)
                elif mode == "chatty":  # unknown lines and info: all fine
                    out("info string thinking")
                    out("what is this")
            out("bestmove " + legal[0])
    """
)


def bot_command(tmp_path: Path, mode: str, marker: Path, four: bool = False) -> list[str]:
    """The command of a scripted bot in ``tmp_path`` that misbehaves as ``mode`` says (module docstring)."""
    script = tmp_path / "bot.py"
    script.write_text(SCRIPT)
    return [sys.executable, str(script), mode, str(marker), *(["four"] if four else [])]
