"""``sixtysix play``: a match against the computer in the terminal.

The modules keep the parts apart so that each can be tested on its own:

* :mod:`sixtysix.tui.play_command` registers the ``play`` subcommand (standard library only;
  ``rich`` is imported when the command runs);
* :mod:`sixtysix.tui.inputs` turns what the player types into actions or commands (a pure
  function);
* :mod:`sixtysix.present.describe` puts actions, tricks and deal results into words;
* :mod:`sixtysix.tui.screen` draws the table with ``rich`` (a pure function of a player's
  view, rendered to a string in the tests);
* :mod:`sixtysix.tui.console` is the console side: settings, prompts, messages, the file;
* :mod:`sixtysix.tui.loop` is the match loop of every table size: dealing, whose turn it
  is, the person's input and commands, saving after every deal, the deal summaries;
* :mod:`sixtysix.tui.twohanded` takes the person's decisions in a two-player deal and
  logs its actions (shared by the two-player and the three-handed game);
* :mod:`sixtysix.tui.session` is the two-player match: the computer's turns and undo;
* :mod:`sixtysix.tui.resume` writes the record with the decisions it leaves implicit and
  reads it back for ``--resume``;
* :mod:`sixtysix.tui.threehanded` is three-handed 66: the person plays his deals as in
  the two-player game and watches, as a spectator, the deals he sits out;
* :mod:`sixtysix.tui.partnership` is four-handed partnership 66: its screen, drawn from
  the person's seat's view alone, and its session;
* :mod:`sixtysix.tui.seating` names the seats (``Left``, ``Partner``, ``Right``), gives
  the computer seats their levels and writes the record headers;
* :mod:`sixtysix.tui.app` builds the match (or resumes it) from the command line and
  starts the session of its table size.
"""
