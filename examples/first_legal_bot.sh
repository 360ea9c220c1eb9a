#!/bin/sh
# The smallest 66P bot: a POSIX shell script that always plays the first legal action.
# (The legal actions come in a fixed order: cards, marriages, X, C, CB, 66, draw, pass. So it
# plays its first card, closes before drawing when it may, and never claims.) It plays
# four-handed 66 too: to a host that offers version 2 it answers "66pok 2". docs/protocol.md.
while IFS= read -r line; do
  case "$line" in
    "66p 1"|"66p 1 "*) printf 'id name first-legal.sh\nid author the sixtysix examples\n66pok\n' ;;
    "66p "*) printf 'id name first-legal.sh\nid author the sixtysix examples\n66pok 2\n' ;;
    isready*) echo readyok ;;
    "go "*)
      legal=${line##*legal=}   # the field legal=A,B,... (the last field of go)
      legal=${legal%% *}
      echo "bestmove ${legal%%,*}"
      ;;
    quit*) exit 0 ;;
  esac
done
