"""The terminal's own words in English, German and French: the table, the prompts, the log, a deal's end.

One catalogue (:data:`WORDS`), by key and language, for everything the terminal game and the
puzzle trainer say around the cards (the explanations, the puzzles' questions and verdicts and
the presets have catalogues of their own). German says "du" and French "vous", as the web page
does. A key that names a seat comes in two forms, ``KEY.you`` for the player and ``KEY.other``
for another seat (``{name}``); a key with a count comes as ``KEY.one`` and ``KEY.other``
(:func:`counted`). :class:`~sixtysix.present.describe.Names` speaks through it.

>>> say("label.hand", "de"), counted("talon.cards", 4, "fr"), counted("opp.tricks", 1, "en")
('Deine Karten', '4 cartes', '   1 trick')
>>> local_name("Opponent", "de"), local_name("Ann", "fr")
('Gegner', 'Ann')
"""

from __future__ import annotations

from sixtysix.present.presets import language, singular

SUITS = {
    "en": ("clubs", "diamonds", "hearts", "spades"),
    "de": ("Kreuz", "Karo", "Herz", "Pik"),
    "fr": ("trèfle", "carreau", "cœur", "pique"),
}
"""The suits' names, clubs first (the core's order)."""

LOCAL_NAMES = {
    "Computer": {"de": "Computer", "fr": "Ordinateur"},
    "Opponent": {"de": "Gegner", "fr": "Adversaire"},
}
"""The names the program gives a seat, in German and French (a person's name stays as it is)."""

LEVEL_NAMES = {
    1: {"en": "random", "de": "zufällig", "fr": "hasard"},
    2: {"en": "beginner", "de": "Anfänger", "fr": "débutant"},
    3: {"en": "counter", "de": "Zähler", "fr": "compteur"},
    4: {"en": "pimc", "de": "PIMC", "fr": "PIMC"},
    5: {"en": "expert", "de": "Experte", "fr": "expert"},
}
"""The computer levels' short names, for the screen's title."""

WORDS: dict[str, dict[str, str]] = {
    # -- who: the player is "you" in the middle of a sentence and at its start -----------------
    "you": {"en": "you", "de": "du", "fr": "vous"},
    "You": {"en": "You", "de": "Du", "fr": "Vous"},
    # -- the table -------------------------------------------------------------------------
    "title": {
        "en": "sixtysix · {preset} · you vs {name} (level {level}, {level_name}) · deal {deal} · match to {target}",
        "de": "sixtysix · {preset} · du gegen {name} (Stufe {level}, {level_name}) · Spiel {deal} · Partie auf "
        "{target}",
        "fr": "sixtysix · {preset} · vous contre {name} (niveau {level}, {level_name}) · donne {deal} · partie "
        "en {target}",
    },
    "title.practice": {"en": " · practice", "de": " · Übung", "fr": " · entraînement"},
    "label.trump": {"en": "Trump", "de": "Atout", "fr": "Atout"},
    "label.talon": {"en": "Talon", "de": "Talon", "fr": "Talon"},
    "label.table": {"en": "Table", "de": "Tisch", "fr": "Table"},
    "label.marriages": {"en": "Marriages", "de": "Paare", "fr": "Mariages"},
    "label.hand": {"en": "Your hand", "de": "Deine Karten", "fr": "Votre main"},
    "label.log": {"en": "Play", "de": "Verlauf", "fr": "Jeu"},
    "trump.turned": {
        "en": "   face-up card {card} turned down",
        "de": "   Atoutkarte {card} zugedeckt",
        "fr": "   carte d'atout {card} retournée",
    },
    "trump.face_up": {"en": "   face-up card {card}", "de": "   Atoutkarte {card}", "fr": "   carte d'atout {card}"},
    "trump.exchanged": {
        "en": " (exchanged for {card})",
        "de": " (getauscht gegen {card})",
        "fr": " (échangée contre {card})",
    },
    "trump.drawn": {
        "en": "   (the face-up card has been drawn)",
        "de": "   (die Atoutkarte ist gezogen)",
        "fr": "   (la carte d'atout a été piochée)",
    },
    "talon.closed.you": {
        "en": "[bold magenta]closed[/] by you ({n} cards): {rest}",
        "de": "[bold magenta]zugedreht[/] von dir ({n} Karten): {rest}",
        "fr": "[bold magenta]fermé[/] par vous ({n} cartes) : {rest}",
    },
    "talon.closed.other": {
        "en": "[bold magenta]closed[/] by {name} ({n} cards): {rest}",
        "de": "[bold magenta]zugedreht[/] von {name} ({n} Karten): {rest}",
        "fr": "[bold magenta]fermé[/] par {name} ({n} cartes) : {rest}",
    },
    "talon.strict": {
        "en": "follow suit, no drawing",
        "de": "Farbe bekennen, kein Ziehen",
        "fr": "fournir, plus de pioche",
    },
    "talon.no_marriages": {"en": ", no marriages", "de": ", keine Paare", "fr": ", plus de mariages"},
    "talon.empty": {
        "en": "[bold magenta]empty[/]: follow suit and head the trick, else trump",
        "de": "[bold magenta]leer[/]: Farbe bekennen und überstechen, sonst trumpfen",
        "fr": "[bold magenta]vide[/] : fournir et monter, sinon couper",
    },
    "talon.cards.one": {"en": "{n} card", "de": "{n} Karte", "fr": "{n} carte"},
    "talon.cards.other": {"en": "{n} cards", "de": "{n} Karten", "fr": "{n} cartes"},
    "opp.shown": {"en": "[dim](shown)[/]", "de": "[dim](gezeigt)[/]", "fr": "[dim](montrées)[/]"},
    "opp.tricks.one": {"en": "   {n} trick", "de": "   {n} Stich", "fr": "   {n} pli"},
    "opp.tricks.other": {"en": "   {n} tricks", "de": "   {n} Stiche", "fr": "   {n} plis"},
    "opp.points": {"en": " · {n} points", "de": " · {n} Augen", "fr": " · {n} points"},
    "opp.pending": {"en": " (+{n} pending)", "de": " (+{n} offen)", "fr": " (+{n} en attente)"},
    "opp.hidden": {"en": " · points hidden", "de": " · Augen verdeckt", "fr": " · points cachés"},
    "trick.led.you": {"en": "You led {card}", "de": "Du hast {card} ausgespielt", "fr": "Vous avez entamé {card}"},
    "trick.led.other": {
        "en": "{name} led {card}",
        "de": "{name} hat {card} ausgespielt",
        "fr": "{name} a entamé {card}",
    },
    "trick.marriage.you": {
        "en": "You declared a marriage and must lead its king or queen",
        "de": "Du hast ein Paar gemeldet und musst seinen König oder seine Dame ausspielen",
        "fr": "Vous avez déclaré un mariage et devez en entamer le roi ou la dame",
    },
    "trick.marriage.other": {
        "en": "{name} declared a marriage and must lead its king or queen",
        "de": "{name} hat ein Paar gemeldet und muss seinen König oder seine Dame ausspielen",
        "fr": "{name} a déclaré un mariage et doit en entamer le roi ou la dame",
    },
    "trick.won.you": {
        "en": "You won the trick: draw or close",
        "de": "Du hast den Stich gemacht: ziehen oder zudrehen",
        "fr": "Vous avez fait le pli : piocher ou fermer",
    },
    "trick.won.other": {
        "en": "{name} won the trick: draw or close",
        "de": "{name} hat den Stich gemacht: ziehen oder zudrehen",
        "fr": "{name} a fait le pli : piocher ou fermer",
    },
    "trick.to_lead.you": {"en": "You to lead", "de": "Du spielst aus", "fr": "À vous d'entamer"},
    "trick.to_lead.other": {"en": "{name} to lead", "de": "{name} spielt aus", "fr": "À {name} d'entamer"},
    "marriage.entry": {
        "en": "{name} {value} in {suit}",
        "de": "{name} {value} in {suit}",
        "fr": "{name} {value} à {suit}",
    },
    "own.points": {
        "en": "[bold]You:[/] {n} points",
        "de": "[bold]Du:[/] {n} Augen",
        "fr": "[bold]Vous :[/] {n} points",
    },
    "own.pending": {
        "en": " (+{n} pending: a marriage counts once you win a trick)",
        "de": " (+{n} offen: ein Paar zählt, sobald du einen Stich machst)",
        "fr": " (+{n} en attente : un mariage compte dès que vous faites un pli)",
    },
    "own.tricks.one": {"en": " · {n} trick", "de": " · {n} Stich", "fr": " · {n} pli"},
    "own.tricks.other": {"en": " · {n} tricks", "de": " · {n} Stiche", "fr": " · {n} plis"},
    "tally.carried": {
        "en": "   ({n} carried to the next deal's winner)",
        "de": "   ({n} für den Gewinner des nächsten Spiels)",
        "fr": "   ({n} pour le gagnant de la donne suivante)",
    },
    # -- what to do now ------------------------------------------------------------------------
    "prompt.other_plays": {"en": "{name} to play", "de": "{name} ist am Zug", "fr": "À {name} de jouer"},
    "prompt.exchange": {
        "en": "[bold cyan]You may exchange your {card}{face}:[/] x exchanges, pass (or Enter) keeps it",
        "de": "[bold cyan]Du darfst deine {card}{face} tauschen:[/] x tauscht, pass (oder Enter) behält sie",
        "fr": "[bold cyan]Vous pouvez échanger votre {card}{face} :[/] x échange, pass (ou Entrée) la garde",
    },
    "prompt.exchange_face": {
        "en": " for the face-up {card}",
        "de": " gegen die Atoutkarte {card}",
        "fr": " contre la carte d'atout {card}",
    },
    "prompt.before_draw": {
        "en": "[bold cyan]You won the trick:[/] Enter draws · cb closes the talon first · 66 claims",
        "de": "[bold cyan]Du hast den Stich gemacht:[/] Enter zieht · cb dreht vorher zu · 66 sagt an",
        "fr": "[bold cyan]Vous avez fait le pli :[/] Entrée pioche · cb ferme d'abord le talon · 66 annonce",
    },
    "prompt.marriage": {
        "en": "[bold cyan]Lead the king or queen of your marriage[/] (or 66 to claim)",
        "de": "[bold cyan]Spiel König oder Dame deines Paars aus[/] (oder 66 zum Ansagen)",
        "fr": "[bold cyan]Entamez le roi ou la dame de votre mariage[/] (ou 66 pour annoncer)",
    },
    "prompt.follow": {
        "en": "[bold cyan]Your turn:[/] play a card to {card}",
        "de": "[bold cyan]Du bist dran:[/] gib eine Karte zu {card}",
        "fr": "[bold cyan]À vous :[/] jouez une carte sur {card}",
    },
    "prompt.strict": {
        "en": " (follow suit and beat it if you can, else trump)",
        "de": " (Farbe bekennen und überstechen, wenn du kannst, sonst trumpfen)",
        "fr": " (fournir et monter si vous pouvez, sinon couper)",
    },
    "prompt.lead": {
        "en": "[bold cyan]Your lead.[/]",
        "de": "[bold cyan]Du spielst aus.[/]",
        "fr": "[bold cyan]À vous d'entamer.[/]",
    },
    "legal.label": {"en": "[dim]Legal:[/] ", "de": "[dim]Erlaubt:[/] ", "fr": "[dim]Permis :[/] "},
    "legal.commands": {
        "en": "   [dim](or help, hint, last, quit)[/]",
        "de": "   [dim](oder help, hint, last, quit)[/]",
        "fr": "   [dim](ou help, hint, last, quit)[/]",
    },
    "ask.move": {"en": "Your move> ", "de": "Dein Zug> ", "fr": "Votre coup> "},
    "ask.next_deal": {
        "en": "Press Enter for the next deal> ",
        "de": "Enter für das nächste Spiel> ",
        "fr": "Entrée pour la donne suivante> ",
    },
    "ask.continue": {
        "en": "Press Enter to continue, or type quit to save and leave.",
        "de": "Drück Enter, um weiterzuspielen, oder tippe quit, um zu speichern und aufzuhören.",
        "fr": "Appuyez sur Entrée pour continuer, ou tapez quit pour enregistrer et partir.",
    },
    "ask.claim_anyway": {
        "en": "Claim anyway? (y/N)> ",
        "de": "Trotzdem ansagen? (j/N)> ",
        "fr": "Annoncer quand même ? (o/N)> ",
    },
    "enter.help": {
        "en": "Type a card (Ah, or its number), an action, or help.",
        "de": "Tippe eine Karte (Ah oder ihre Nummer), eine Aktion oder help.",
        "fr": "Tapez une carte (Ah ou son numéro), une action ou help.",
    },
    "claim.false": {
        "en": "[yellow]You have {points} card points{waiting}: a claim now is false, and {name} wins {won}.[/]",
        "de": "[yellow]Du hast {points} Augen{waiting}: eine Ansage wäre jetzt falsch, und {name} bekommt {won}.[/]",
        "fr": "[yellow]Vous avez {points} points{waiting} : une annonce maintenant serait fausse, et {name} gagne "
        "{won}.[/]",
    },
    "claim.waiting": {
        "en": " (+{n} pending, which counts only once you win a trick)",
        "de": " (+{n} offen, die erst zählen, wenn du einen Stich machst)",
        "fr": " (+{n} en attente, qui ne comptent qu'une fois un pli gagné)",
    },
    "claim.not": {
        "en": "[dim]You did not claim.[/]",
        "de": "[dim]Du hast nicht angesagt.[/]",
        "fr": "[dim]Vous n'avez pas annoncé.[/]",
    },
    "not_allowed": {
        "en": "[red]Not allowed: {reason}[/]",
        "de": "[red]Nicht erlaubt: {reason}[/]",
        "fr": "[red]Interdit : {reason}[/]",
    },
    "deal_over_dropped": {
        "en": "[yellow]The deal is over; the rest of the input was dropped.[/]",
        "de": "[yellow]Das Spiel ist aus; der Rest der Eingabe wurde verworfen.[/]",
        "fr": "[yellow]La donne est finie ; le reste de la saisie a été ignoré.[/]",
    },
    "thinking": {
        "en": "[dim]{name} is thinking…[/]",
        "de": "[dim]{name} denkt nach…[/]",
        "fr": "[dim]{name} réfléchit…[/]",
    },
    # -- help --------------------------------------------------------------------------------
    "help.title": {"en": "[bold]Legal now:[/]", "de": "[bold]Jetzt erlaubt:[/]", "fr": "[bold]Permis maintenant :[/]"},
    "help.commands": {
        "en": "[bold]Commands:[/] hint (the computer's analysis) · last (the last trick) · rules (the rules of this "
        "game) · {undo}quit (save and leave)",
        "de": "[bold]Befehle:[/] hint (die Analyse des Computers) · last (der letzte Stich) · rules (die Regeln dieses "
        "Spiels) · {undo}quit (speichern und aufhören)",
        "fr": "[bold]Commandes :[/] hint (l'analyse de l'ordinateur) · last (le dernier pli) · rules (les règles de ce "
        "jeu) · {undo}quit (enregistrer et partir)",
    },
    "help.undo": {
        "en": "undo (take back your last decision) · ",
        "de": "undo (deine letzte Entscheidung zurücknehmen) · ",
        "fr": "undo (reprendre votre dernière décision) · ",
    },
    "help.cards": {
        "en": "Cards: Ah, ah, 10h, A♥, or the number under the card; 20h/40s marriages, x exchange, c close.",
        "de": "Karten: Ah, ah, 10h, A♥ oder die Nummer unter der Karte; 20h/40s Paare, x tauschen, c zudrehen.",
        "fr": "Cartes : Ah, ah, 10h, A♥ ou le numéro sous la carte ; 20h/40s mariages, x échanger, c fermer.",
    },
    "choice.play": {"en": "play {card}", "de": "{card} spielen", "fr": "jouer {card}"},
    "choice.marriage": {
        "en": "declare {value} in {suit}, then lead the king or queen",
        "de": "{value} in {suit} melden, dann König oder Dame ausspielen",
        "fr": "déclarer {value} à {suit}, puis entamer le roi ou la dame",
    },
    "choice.exchange_face": {
        "en": "exchange your {card} for the face-up {face}",
        "de": "deine {card} gegen die Atoutkarte {face} tauschen",
        "fr": "échanger votre {card} contre la carte d'atout {face}",
    },
    "choice.exchange": {
        "en": "exchange the trump card",
        "de": "die Atoutkarte tauschen",
        "fr": "échanger la carte d'atout",
    },
    "choice.close": {
        "en": "close the talon: no more drawing, follow suit from now on, and you must reach 66",
        "de": "den Talon zudrehen: kein Ziehen mehr, ab jetzt Farbe bekennen, und du musst 66 erreichen",
        "fr": "fermer le talon : plus de pioche, il faut fournir désormais, et vous devez atteindre 66",
    },
    "choice.close_before_draw": {
        "en": "close the talon before drawing (both keep one card less)",
        "de": "vor dem Ziehen zudrehen (beide behalten eine Karte weniger)",
        "fr": "fermer avant de piocher (chacun garde une carte de moins)",
    },
    "choice.claim": {
        "en": "claim 66 and end the deal (a wrong claim costs game points)",
        "de": "66 ansagen und das Spiel beenden (eine falsche Ansage kostet Punkte)",
        "fr": "annoncer 66 et finir la donne (une fausse annonce coûte des points)",
    },
    "choice.draw": {
        "en": "draw (Enter does the same)",
        "de": "ziehen (Enter tut dasselbe)",
        "fr": "piocher (Entrée fait de même)",
    },
    "choice.pass": {"en": "decline the exchange", "de": "nicht tauschen", "fr": "ne pas échanger"},
    # -- what happened (the log) -------------------------------------------------------------
    "act.play.you": {"en": "You play {card}", "de": "Du spielst {card}", "fr": "Vous jouez {card}"},
    "act.play.other": {"en": "{name} plays {card}", "de": "{name} spielt {card}", "fr": "{name} joue {card}"},
    "act.marriage.you": {
        "en": "You declare {value} in {suit} (shows {cards})",
        "de": "Du meldest {value} in {suit} (zeigt {cards})",
        "fr": "Vous déclarez {value} à {suit} (montre {cards})",
    },
    "act.marriage.other": {
        "en": "{name} declares {value} in {suit} (shows {cards})",
        "de": "{name} meldet {value} in {suit} (zeigt {cards})",
        "fr": "{name} déclare {value} à {suit} (montre {cards})",
    },
    "act.exchange.you": {
        "en": "You exchange the trump card",
        "de": "Du tauschst die Atoutkarte",
        "fr": "Vous échangez la carte d'atout",
    },
    "act.exchange.other": {
        "en": "{name} exchanges the trump card",
        "de": "{name} tauscht die Atoutkarte",
        "fr": "{name} échange la carte d'atout",
    },
    "act.exchange_cards.you": {
        "en": "You exchange {low} for the face-up {high}",
        "de": "Du tauschst {low} gegen die Atoutkarte {high}",
        "fr": "Vous échangez {low} contre la carte d'atout {high}",
    },
    "act.exchange_cards.other": {
        "en": "{name} exchanges {low} for the face-up {high}",
        "de": "{name} tauscht {low} gegen die Atoutkarte {high}",
        "fr": "{name} échange {low} contre la carte d'atout {high}",
    },
    "act.close.you": {"en": "You close the talon", "de": "Du drehst zu", "fr": "Vous fermez le talon"},
    "act.close.other": {"en": "{name} closes the talon", "de": "{name} dreht zu", "fr": "{name} ferme le talon"},
    "act.close_before_draw.you": {
        "en": "You close the talon before drawing",
        "de": "Du drehst vor dem Ziehen zu",
        "fr": "Vous fermez le talon avant de piocher",
    },
    "act.close_before_draw.other": {
        "en": "{name} closes the talon before drawing",
        "de": "{name} dreht vor dem Ziehen zu",
        "fr": "{name} ferme le talon avant de piocher",
    },
    "act.claim.you": {"en": "You claim 66!", "de": "Du sagst 66 an!", "fr": "Vous annoncez 66 !"},
    "act.claim.other": {"en": "{name} claims 66!", "de": "{name} sagt 66 an!", "fr": "{name} annonce 66 !"},
    "act.draw.you": {"en": "You draw", "de": "Du ziehst", "fr": "Vous piochez"},
    "act.draw.other": {"en": "{name} draws", "de": "{name} zieht", "fr": "{name} pioche"},
    "act.pass.you": {"en": "You decline the exchange", "de": "Du tauschst nicht", "fr": "Vous n'échangez pas"},
    "act.pass.other": {
        "en": "{name} declines the exchange",
        "de": "{name} tauscht nicht",
        "fr": "{name} n'échange pas",
    },
    "log.trick.you": {
        "en": "You win the trick: {cards}, {points} points",
        "de": "Du machst den Stich: {cards}, {points} Augen",
        "fr": "Vous faites le pli : {cards}, {points} points",
    },
    "log.trick.other": {
        "en": "{name} wins the trick: {cards}, {points} points",
        "de": "{name} macht den Stich: {cards}, {points} Augen",
        "fr": "{name} fait le pli : {cards}, {points} points",
    },
    "log.last_trick": {
        "en": " and {n} for the last trick",
        "de": " und {n} für den letzten Stich",
        "fr": " et {n} pour le dernier pli",
    },
    "log.drew": {"en": "You drew {cards}", "de": "Du hast {cards} gezogen", "fr": "Vous avez pioché {cards}"},
    "log.talon_used_up": {
        "en": "[magenta]The talon is used up: from now on follow suit and head the trick[/]",
        "de": "[magenta]Der Talon ist aufgebraucht: ab jetzt Farbe bekennen und überstechen[/]",
        "fr": "[magenta]Le talon est épuisé : désormais il faut fournir et monter[/]",
    },
    "log.deal.you": {
        "en": "Deal {n}: you dealt; trump is {suit} ({card})",
        "de": "Spiel {n}: du hast gegeben; Atout ist {suit} ({card})",
        "fr": "Donne {n} : vous avez donné ; l'atout est {suit} ({card})",
    },
    "log.deal.other": {
        "en": "Deal {n}: {name} dealt; trump is {suit} ({card})",
        "de": "Spiel {n}: {name} hat gegeben; Atout ist {suit} ({card})",
        "fr": "Donne {n} : {name} a donné ; l'atout est {suit} ({card})",
    },
    # -- a trick, in one sentence ------------------------------------------------------------
    "trick.part.played.you": {
        "en": "you played {card}",
        "de": "du hast {card} zugegeben",
        "fr": "vous avez joué {card}",
    },
    "trick.part.played.other": {
        "en": "{name} played {card}",
        "de": "{name} hat {card} zugegeben",
        "fr": "{name} a joué {card}",
    },
    "trick.part.won.you": {"en": "you won", "de": "du hast ihn gemacht", "fr": "vous l'emportez"},
    "trick.part.won.other": {"en": "{name} won", "de": "{name} hat ihn gemacht", "fr": "{name} l'emporte"},
    "trick.points.one": {"en": "{n} point", "de": "{n} Auge", "fr": "{n} point"},
    "trick.points.other": {"en": "{n} points", "de": "{n} Augen", "fr": "{n} points"},
    "trick.sentence": {
        "en": "{led}, {played}: {won} ({points})",
        "de": "{led}, {played}: {won} ({points})",
        "fr": "{led}, {played} : {won} ({points})",
    },
    "last.none": {
        "en": "No trick has been played yet in this deal.",
        "de": "In diesem Spiel wurde noch kein Stich gespielt.",
        "fr": "Aucun pli n'a encore été joué dans cette donne.",
    },
    "last.trick": {"en": "Last trick: {trick}", "de": "Letzter Stich: {trick}", "fr": "Dernier pli : {trick}"},
    # -- the end of a deal and of the match --------------------------------------------------
    "summary.title": {"en": "Deal {n}: {headline}", "de": "Spiel {n}: {headline}", "fr": "Donne {n} : {headline}"},
    "summary.held": {
        "en": "{name} still held {cards}",
        "de": "{name} hatte noch {cards}",
        "fr": "{name} avait encore {cards}",
    },
    "summary.totals": {
        "en": "Card points: you {mine}, {name} {theirs} · tricks: you {mytricks}, {name} {theirtricks}",
        "de": "Augen: du {mine}, {name} {theirs} · Stiche: du {mytricks}, {name} {theirtricks}",
        "fr": "Points : vous {mine}, {name} {theirs} · plis : vous {mytricks}, {name} {theirtricks}",
    },
    "match.won.you": {
        "en": "[bold]You win the match {a}-{b}![/] {name} gets a Bummerl",
        "de": "[bold]Du gewinnst die Partie {a}:{b}![/] {name} bekommt ein Bummerl",
        "fr": "[bold]Vous gagnez la partie {a}–{b} ![/] {name} prend un Bummerl",
    },
    "match.won.other": {
        "en": "[bold]{name} wins the match {a}-{b}![/] You get a Bummerl",
        "de": "[bold]{name} gewinnt die Partie {a}:{b}![/] Du bekommst ein Bummerl",
        "fr": "[bold]{name} gagne la partie {a}–{b} ![/] Vous prenez un Bummerl",
    },
    "match.schneider": {
        "en": " — a Schneider-Bummerl, it counts double",
        "de": " — ein Schneider-Bummerl, es zählt doppelt",
        "fr": " — un Bummerl schneider, il compte double",
    },
    "match.result.you": {
        "en": "\n[bold]You won the match {a}-{b}.[/]",
        "de": "\n[bold]Du hast die Partie {a}:{b} gewonnen.[/]",
        "fr": "\n[bold]Vous avez gagné la partie {a}–{b}.[/]",
    },
    "match.result.other": {
        "en": "\n[bold]{name} won the match {a}-{b}.[/]",
        "de": "\n[bold]{name} hat die Partie {a}:{b} gewonnen.[/]",
        "fr": "\n[bold]{name} a gagné la partie {a}–{b}.[/]",
    },
    "review.offer": {
        "en": "Type review for your inaccuracies, mistakes and blunders in this deal, each with why.",
        "de": "Tippe review für deine Ungenauigkeiten, Fehler und groben Fehler in diesem Spiel, jeweils mit "
        "Begründung.",
        "fr": "Tapez review pour vos imprécisions, erreurs et gaffes de cette donne, chacune avec sa raison.",
    },
    "review.running": {
        "en": "[dim]Reviewing your play…[/]",
        "de": "[dim]Dein Spiel wird analysiert…[/]",
        "fr": "[dim]Analyse de votre jeu…[/]",
    },
    "review.title": {"en": "[bold]Your play:[/]", "de": "[bold]Dein Spiel:[/]", "fr": "[bold]Votre jeu :[/]"},
    "review.clean": {
        "en": "[bold]Your play:[/] no inaccuracy, mistake or blunder found.",
        "de": "[bold]Dein Spiel:[/] keine Ungenauigkeit, kein Fehler, kein grober Fehler.",
        "fr": "[bold]Votre jeu :[/] aucune imprécision, erreur ou gaffe.",
    },
    "review.above": {
        "en": "Your play in this deal is reviewed above.",
        "de": "Dein Spiel in dieser Runde ist oben analysiert.",
        "fr": "Votre jeu dans cette donne est analysé ci-dessus.",
    },
    "saved.left": {
        "en": "\nSaved. Continue with:\nsixtysix play --resume {where}",
        "de": "\nGespeichert. Weiterspielen mit:\nsixtysix play --resume {where}",
        "fr": "\nEnregistré. Pour continuer :\nsixtysix play --resume {where}",
    },
    "saved.replay": {
        "en": "The record is saved. Replay it with:\nsixtysix replay {where}",
        "de": "Die Mitschrift ist gespeichert. Nachspielen mit:\nsixtysix replay {where}",
        "fr": "L'enregistrement est sauvegardé. Pour le rejouer :\nsixtysix replay {where}",
    },
    "saved.analyze": {
        "en": "Every decision of the match, reviewed:\nsixtysix analyze {where}",
        "de": "Jede Entscheidung der Partie, analysiert:\nsixtysix analyze {where}",
        "fr": "Chaque décision de la partie, analysée :\nsixtysix analyze {where}",
    },
    # -- what the player typed, when it means nothing here ------------------------------------
    "input.on_its_own": {
        "en": "type {word!r} on its own, not together with actions",
        "de": "tippe {word!r} allein, nicht zusammen mit Aktionen",
        "fr": "tapez {word!r} seul, pas avec des actions",
    },
    "input.ten": {
        "en": "10 is not a card: type 10h (the ten of hearts) or Th, or the number of a card",
        "de": "10 ist keine Karte: tippe 10h (die Herz-Zehn) oder Th, oder die Nummer einer Karte",
        "fr": "10 n'est pas une carte : tapez 10h (le dix de cœur) ou Th, ou le numéro d'une carte",
    },
    "input.no_cards": {
        "en": "there is no card number {n}: you hold no cards",
        "de": "es gibt keine Karte Nummer {n}: du hast keine Karten",
        "fr": "il n'y a pas de carte numéro {n} : vous n'avez pas de cartes",
    },
    "input.no_number": {
        "en": "there is no card number {n} (your cards are numbered 1-{k})",
        "de": "es gibt keine Karte Nummer {n} (deine Karten sind von 1 bis {k} nummeriert)",
        "fr": "il n'y a pas de carte numéro {n} (vos cartes sont numérotées de 1 à {k})",
    },
    "input.unknown": {
        "en": "{token!r} is not understood: type a card (Ah, 10h), its number, or help",
        "de": "{token!r} ist unverständlich: tippe eine Karte (Ah, 10h), ihre Nummer oder help",
        "fr": "{token!r} n'est pas compris : tapez une carte (Ah, 10h), son numéro ou help",
    },
    "input.no_marriage": {
        "en": "you have no {value} to declare now",
        "de": "du hast jetzt kein {value} zu melden",
        "fr": "vous n'avez pas de {value} à déclarer maintenant",
    },
    "input.which_marriage": {
        "en": "which {value}? type one of {options}",
        "de": "welches {value}? tippe eines von {options}",
        "fr": "quel {value} ? tapez l'un de {options}",
    },
    # -- the two-player game's own moments -----------------------------------------------------
    "undo.took": {
        "en": "[yellow]Took back your [/]{action}[yellow].[/]",
        "de": "[yellow]Zurückgenommen: [/]{action}[yellow].[/]",
        "fr": "[yellow]Repris : [/]{action}[yellow].[/]",
    },
    "undo.seen": {
        "en": " [yellow](You have seen cards drawn since: information revealed.)[/]",
        "de": " [yellow](Du hast seitdem gezogene Karten gesehen: Information verraten.)[/]",
        "fr": " [yellow](Vous avez vu des cartes piochées depuis : information révélée.)[/]",
    },
    "undo.none": {
        "en": "[red]There is no decision of yours to take back.[/]",
        "de": "[red]Es gibt keine Entscheidung von dir, die du zurücknehmen könntest.[/]",
        "fr": "[red]Vous n'avez aucune décision à reprendre.[/]",
    },
    "undo.practice": {
        "en": "[red]undo is only allowed in practice games (start one with --practice)[/]",
        "de": "[red]undo gibt es nur in Übungspartien (starte eine mit --practice)[/]",
        "fr": "[red]undo n'est permis que dans les parties d'entraînement (lancez-en une avec --practice)[/]",
    },
    "refused.help": {
        "en": "  (help lists what you can do)",
        "de": "  (help zeigt, was du tun kannst)",
        "fr": "  (help liste ce que vous pouvez faire)",
    },
    "hint.analysing": {"en": "[dim]Analysing…[/]", "de": "[dim]Analyse läuft…[/]", "fr": "[dim]Analyse en cours…[/]"},
    "hint.title": {
        "en": "Hint: best is {best} ({worlds} sampled deals, {seconds} s)",
        "de": "Tipp: am besten ist {best} ({worlds} Stichproben, {seconds} s)",
        "fr": "Conseil : le meilleur est {best} ({worlds} donnes tirées, {seconds} s)",
    },
    "hint.action": {"en": "action", "de": "Aktion", "fr": "action"},
    "hint.value": {"en": "expected game points", "de": "erwartete Punkte", "fr": "points de partie attendus"},
    "hint.chance": {
        "en": "chance to win the deal",
        "de": "Chance, das Spiel zu gewinnen",
        "fr": "chance de gagner la donne",
    },
    "hint.loss": {"en": "against the best", "de": "gegenüber dem besten", "fr": "face au meilleur"},
    "hint.note": {
        "en": "[dim]Values are for this deal, from your side: +1 is a won deal worth one game point; "
        "± their 95% interval (two standard errors: the values are estimates over sampled deals).[/]",
        "de": "[dim]Die Werte gelten für dieses Spiel aus deiner Sicht: +1 ist ein gewonnenes Spiel mit einem Punkt; "
        "± ihr 95-%-Intervall (zwei Standardfehler: die Werte sind Schätzungen über Stichproben).[/]",
        "fr": "[dim]Les valeurs sont pour cette donne, de votre point de vue : +1 est une donne gagnée d'un point ; "
        "± leur intervalle à 95 % (deux erreurs types : les valeurs sont des estimations sur des donnes tirées).[/]",
    },
    "outcome.game_points.one": {"en": "{n} game point", "de": "{n} Punkt", "fr": "{n} point"},
    "outcome.game_points.other": {"en": "{n} game points", "de": "{n} Punkte", "fr": "{n} points"},
    "verdict.good": {"en": "good", "de": "gut", "fr": "bon"},
    "verdict.uncertain": {"en": "uncertain", "de": "unsicher", "fr": "incertain"},
    "verdict.inaccuracy": {"en": "inaccuracy", "de": "ungenau", "fr": "imprécision"},
    "verdict.mistake": {"en": "mistake", "de": "Fehler", "fr": "erreur"},
    "verdict.blunder": {"en": "blunder", "de": "grober Fehler", "fr": "gaffe"},
    "resuming": {
        "en": "Resuming {path}: deal {n}, score {score}.",
        "de": "Fortsetzung von {path}: Spiel {n}, Stand {score}.",
        "fr": "Reprise de {path} : donne {n}, score {score}.",
    },
    # -- how a deal scored, as the web page says it in German and French (its strings.js, the same words) --
    "outcome.headline.you.one": {
        "en": "You win {n} game point",
        "de": "Du gewinnst {n} Punkt",
        "fr": "Vous gagnez {n} point de partie",
    },
    "outcome.headline.you.other": {
        "en": "You win {n} game points",
        "de": "Du gewinnst {n} Punkte",
        "fr": "Vous gagnez {n} points de partie",
    },
    "outcome.headline.other.one": {
        "en": "{name} wins {n} game point",
        "de": "{name} gewinnt {n} Punkt",
        "fr": "{name} gagne {n} point de partie",
    },
    "outcome.headline.other.other": {
        "en": "{name} wins {n} game points",
        "de": "{name} gewinnt {n} Punkte",
        "fr": "{name} gagne {n} points de partie",
    },
    "outcome.carried_part": {
        "en": "({base} + {carried} carried from a tie)",
        "de": "({base} + {carried} aus einem Gleichstand)",
        "fr": "({base} + {carried} reporté d'une égalité)",
    },
    "outcome.tie_headline": {"en": "A tie", "de": "Gleichstand", "fr": "Égalité"},
    "outcome.tie": {
        "en": "Equal totals ({p} each).",
        "de": "Gleich viele Augen (je {p}).",
        "fr": "Totaux égaux ({p} chacun).",
    },
    "outcome.tie_carry.one": {
        "en": "Nobody scores now; {n} game point goes to the winner of the next deal.",
        "de": "Niemand schreibt; {n} Punkt geht an den Gewinner des nächsten Spiels.",
        "fr": "Personne ne marque ; {n} point de partie ira au gagnant de la donne suivante.",
    },
    "outcome.tie_carry.other": {
        "en": "Nobody scores now; {n} game points go to the winner of the next deal.",
        "de": "Niemand schreibt; {n} Punkte gehen an den Gewinner des nächsten Spiels.",
        "fr": "Personne ne marque ; {n} points de partie iront au gagnant de la donne suivante.",
    },
    "outcome.tie_void": {
        "en": "Nobody scores (ties are void under these rules).",
        "de": "Niemand schreibt (Gleichstand zählt nach diesen Regeln nicht).",
        "fr": "Personne ne marque (l'égalité ne compte pas selon ces règles).",
    },
    "outcome.claimed.you": {
        "en": "You claimed 66 with {p} card points.",
        "de": "Du hast dich mit {p} Augen abgemeldet.",
        "fr": "Vous avez annoncé 66 avec {p} points.",
    },
    "outcome.claimed.other": {
        "en": "{name} claimed 66 with {p} card points.",
        "de": "{name} hat sich mit {p} Augen abgemeldet.",
        "fr": "{name} a annoncé 66 avec {p} points.",
    },
    "outcome.false_claim.you": {
        "en": "You claimed 66 with only {p} card points: a wrong claim.",
        "de": "Du hast mit nur {p} Augen 66 angesagt: eine falsche Ansage.",
        "fr": "Vous avez annoncé 66 avec seulement {p} points : une fausse annonce.",
    },
    "outcome.false_claim.other": {
        "en": "{name} claimed 66 with only {p} card points: a wrong claim.",
        "de": "{name} hat mit nur {p} Augen 66 angesagt: eine falsche Ansage.",
        "fr": "{name} a annoncé 66 avec seulement {p} points : une fausse annonce.",
    },
    "outcome.false_claim_points.one": {
        "en": "A wrong claim gives the opponent {n} game point.",
        "de": "Eine falsche Ansage bringt dem Gegner {n} Punkt.",
        "fr": "Une fausse annonce donne {n} point de partie à l'adversaire.",
    },
    "outcome.false_claim_points.other": {
        "en": "A wrong claim gives the opponent {n} game points.",
        "de": "Eine falsche Ansage bringt dem Gegner {n} Punkte.",
        "fr": "Une fausse annonce donne {n} points de partie à l'adversaire.",
    },
    "outcome.closer_failed.you": {
        "en": "You closed the talon and did not reach 66.",
        "de": "Du hast zugedreht und 66 nicht erreicht.",
        "fr": "Vous avez clos le talon sans atteindre 66.",
    },
    "outcome.closer_failed.other": {
        "en": "{name} closed the talon and did not reach 66.",
        "de": "{name} hat zugedreht und 66 nicht erreicht.",
        "fr": "{name} a clos le talon sans atteindre 66.",
    },
    "outcome.failed_close_points.one": {
        "en": "A failed close gives the opponent {n} game point.",
        "de": "Misslungenes Zudrehen bringt dem Gegner {n} Punkt.",
        "fr": "Une clôture ratée donne {n} point de partie à l'adversaire.",
    },
    "outcome.failed_close_points.other": {
        "en": "A failed close gives the opponent {n} game points.",
        "de": "Misslungenes Zudrehen bringt dem Gegner {n} Punkte.",
        "fr": "Une clôture ratée donne {n} points de partie à l'adversaire.",
    },
    "outcome.beaten_closer": {
        "en": "{closer} closed the talon, but {winner} reached 66 first: {n} game points.",
        "de": "{closer} hat zugedreht, aber {winner} hat zuerst 66 erreicht: {n} Punkte.",
        "fr": "{closer} a clos le talon, mais {winner} a atteint 66 le premier : {n} points de partie.",
    },
    "outcome.closer_made_it.you": {
        "en": "You closed and reached 66 by the last trick, which counts as a claim.",
        "de": "Du hast zugedreht und bis zum letzten Stich 66 erreicht; das zählt wie eine Ansage.",
        "fr": "Vous avez clos et atteint 66 au dernier pli, ce qui vaut une annonce.",
    },
    "outcome.closer_made_it.other": {
        "en": "{name} closed and reached 66 by the last trick, which counts as a claim.",
        "de": "{name} hat zugedreht und bis zum letzten Stich 66 erreicht; das zählt wie eine Ansage.",
        "fr": "{name} a clos et atteint 66 au dernier pli, ce qui vaut une annonce.",
    },
    "outcome.closer_never_claimed.you": {
        "en": "You closed and reached 66 but never claimed: under these rules (strict claims) that is a failed close.",
        "de": "Du hast zugedreht und 66 erreicht, aber nie angesagt: nach diesen Regeln (strenge Ansage) ist "
        "das Zudrehen misslungen.",
        "fr": "Vous avez clos et atteint 66 sans jamais l'annoncer : selon ces règles (annonce obligatoire), "
        "la clôture a échoué.",
    },
    "outcome.closer_never_claimed.other": {
        "en": "{name} closed and reached 66 but never claimed: under these rules (strict claims) that is a "
        "failed close.",
        "de": "{name} hat zugedreht und 66 erreicht, aber nie angesagt: nach diesen Regeln (strenge Ansage) "
        "ist das Zudrehen misslungen.",
        "fr": "{name} a clos et atteint 66 sans jamais l'annoncer : selon ces règles (annonce obligatoire), la "
        "clôture a échoué.",
    },
    "outcome.closed_basis": {
        "en": "The talon was closed: the loser's points at the moment of closing count.",
        "de": "Es wurde zugedreht: Es zählen die Augen des Verlierers im Moment des Zudrehens.",
        "fr": "Le talon a été clos : on compte les points du perdant au moment de la clôture.",
    },
    "outcome.played_out": {
        "en": "All cards were played: the last trick counted {bonus} extra, and the higher total wins.",
        "de": "Alle Karten wurden gespielt: Der letzte Stich zählt {bonus} extra, die höhere Summe gewinnt.",
        "fr": "Toutes les cartes ont été jouées : le dernier pli vaut {bonus} de plus et le plus grand total gagne.",
    },
    "outcome.last_trick_decides.you.one": {
        "en": "All cards were played: you took the last trick, which wins the deal: {n} game point.",
        "de": "Alle Karten wurden gespielt: Du hast den letzten Stich gemacht, er gewinnt das Spiel: {n} Punkt.",
        "fr": "Toutes les cartes ont été jouées : vous avez fait le dernier pli, qui gagne la donne : {n} "
        "point de partie.",
    },
    "outcome.last_trick_decides.you.other": {
        "en": "All cards were played: you took the last trick, which wins the deal: {n} game points.",
        "de": "Alle Karten wurden gespielt: Du hast den letzten Stich gemacht, er gewinnt das Spiel: {n} Punkte.",
        "fr": "Toutes les cartes ont été jouées : vous avez fait le dernier pli, qui gagne la donne : {n} "
        "points de partie.",
    },
    "outcome.last_trick_decides.other.one": {
        "en": "All cards were played: {name} took the last trick, which wins the deal: {n} game point.",
        "de": "Alle Karten wurden gespielt: {name} hat den letzten Stich gemacht, er gewinnt das Spiel: {n} Punkt.",
        "fr": "Toutes les cartes ont été jouées : {name} a fait le dernier pli, qui gagne la donne : {n} point "
        "de partie.",
    },
    "outcome.last_trick_decides.other.other": {
        "en": "All cards were played: {name} took the last trick, which wins the deal: {n} game points.",
        "de": "Alle Karten wurden gespielt: {name} hat den letzten Stich gemacht, er gewinnt das Spiel: {n} Punkte.",
        "fr": "Toutes les cartes ont été jouées : {name} a fait le dernier pli, qui gagne la donne : {n} "
        "points de partie.",
    },
    "outcome.kind.simple.one": {
        "en": "{loser}: {line} card points or more: {n} game point.",
        "de": "{loser}: {line} Augen oder mehr: {n} Punkt.",
        "fr": "{loser} : {line} points ou plus : {n} point de partie.",
    },
    "outcome.kind.simple.other": {
        "en": "{loser}: {line} card points or more: {n} game points.",
        "de": "{loser}: {line} Augen oder mehr: {n} Punkte.",
        "fr": "{loser} : {line} points ou plus : {n} points de partie.",
    },
    "outcome.kind.schneider.one": {
        "en": "{loser}: fewer than {line} card points (Schneider): {n} game point.",
        "de": "{loser}: weniger als {line} Augen (Schneider): {n} Punkt.",
        "fr": "{loser} : moins de {line} points (schneider) : {n} point de partie.",
    },
    "outcome.kind.schneider.other": {
        "en": "{loser}: fewer than {line} card points (Schneider): {n} game points.",
        "de": "{loser}: weniger als {line} Augen (Schneider): {n} Punkte.",
        "fr": "{loser} : moins de {line} points (schneider) : {n} points de partie.",
    },
    "outcome.kind.schwarz.one": {
        "en": "{loser}: no trick at all (Schwarz): {n} game point.",
        "de": "{loser}: kein einziger Stich (Schwarz): {n} Punkt.",
        "fr": "{loser} : aucun pli (schwarz) : {n} point de partie.",
    },
    "outcome.kind.schwarz.other": {
        "en": "{loser}: no trick at all (Schwarz): {n} game points.",
        "de": "{loser}: kein einziger Stich (Schwarz): {n} Punkte.",
        "fr": "{loser} : aucun pli (schwarz) : {n} points de partie.",
    },
    "outcome.forfeit.you": {
        "en": "You forfeited the deal ({n} game points to the opponent).",
        "de": "Du hast das Spiel kampflos verloren ({n} Punkte für den Gegner).",
        "fr": "Vous avez perdu la donne par forfait ({n} points pour l'adversaire).",
    },
    "outcome.forfeit.other": {
        "en": "{name} forfeited the deal ({n} game points to the opponent).",
        "de": "{name} hat das Spiel kampflos verloren ({n} Punkte für den Gegner).",
        "fr": "{name} a perdu la donne par forfait ({n} points pour l'adversaire).",
    },
}
"""Every sentence of the terminal's table, by name and language."""


def say(key: str, lang: str = "en", **values: object) -> str:
    """The sentence ``key`` in ``lang`` (English when unknown), its placeholders filled from ``values``."""
    return WORDS[key][language(lang)].format(**values)


def counted(key: str, n: int, lang: str = "en", **values: object) -> str:
    """``KEY.one`` or ``KEY.other`` for ``n`` (French counts 0 and 1 as one), with ``n`` filled in."""
    return say(f"{key}.{'one' if singular(n, lang) else 'other'}", lang, n=n, **values)


def local_name(name: str, lang: str = "en") -> str:
    """A name the program gave a seat (``Computer``, ``Opponent``) in ``lang``; any other name as it is."""
    return LOCAL_NAMES.get(name, {}).get(language(lang), name)


def suit_name(suit: int, lang: str = "en") -> str:
    """``hearts``, ``Herz``, ``cœur``."""
    return SUITS[language(lang)][suit]
