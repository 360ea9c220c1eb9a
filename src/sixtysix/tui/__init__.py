"""``sixtysix play``: a match against the computer in the terminal.

The modules keep the parts apart so that each can be tested on its own:

* :mod:`sixtysix.tui.command` registers the ``play`` subcommand (standard library only;
  ``rich`` is imported when the command runs);
* :mod:`sixtysix.tui.inputs` turns what the player types into actions or commands (a pure
  function);
* :mod:`sixtysix.present.describe` puts actions, tricks and deal results into words;
* :mod:`sixtysix.tui.screen` draws the table with ``rich`` (a pure function of a player's
  view, rendered to a string in the tests);
* :mod:`sixtysix.tui.session` is the game loop: the computer's turns, the player's input,
  undo, the deal summaries, saving and resuming 66R records;
* :mod:`sixtysix.tui.threehanded` is three-handed 66: the person plays his deals as in
  the two-player game and watches, as a spectator, the deals he sits out;
* :mod:`sixtysix.tui.partnership` is four-handed partnership 66: its screen, drawn from
  the person's seat's view alone, and its game loop;
* :mod:`sixtysix.tui.seating` names the seats (``Left``, ``Partner``, ``Right``) and
  gives the computer seats their levels;
* :mod:`sixtysix.tui.app` builds the match (or resumes it) from the command line.
"""
