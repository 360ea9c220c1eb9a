"""The web app's own sentences in English, German and French: every refusal's message, a fairness verdict's reason.

A refused request (:class:`~sixtysix.web.errors.WebError`) carries a :class:`Message`: a key of
:data:`MESSAGES` and the values of its placeholders. Its answer keeps the stable ``code`` that
programs switch on and the English ``message``, and adds ``messages``, the same sentence in every
language, for a page to show in its own (docs/web-api.md, "Errors"). German says "du" and French
"vous", as the page does. A detail that only the engine words (an unknown option) stays in English
inside the translated sentence; a record's fault is named by its place (:func:`record_fault`), its
English reason given apart as the refusal's ``detail``.

>>> refused = say("stale_version", version=7, sent=5)
>>> refused.text(), refused.text("de")
('the match is at version 7, not 5', 'die Partie ist bei Version 7, nicht 5')
>>> print(verdict_reasons(Verdict.of(1, "ok", "ok_without_seed", seats="2"))["fr"])
la graine du serveur correspond à l'engagement et les graines donnent ce paquet ; la place 2 n'a pas
donné de graine client
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from sixtysix.core.errors import RecordError
from sixtysix.core.fairness import REASONS, Verdict
from sixtysix.present.presets import LANGUAGES

MESSAGES: dict[str, dict[str, str]] = {
    # -- requests -----------------------------------------------------------------------------
    "body_too_large": {
        "en": "the body is larger than {limit} bytes",
        "de": "die Anfrage ist größer als {limit} Bytes",
        "fr": "la requête dépasse {limit} octets",
    },
    "body_not_json": {
        "en": "the body is not JSON",
        "de": "die Anfrage ist kein JSON",
        "fr": "la requête n'est pas du JSON",
    },
    "body_not_object": {
        "en": "the body must be a JSON object",
        "de": "die Anfrage muss ein JSON-Objekt sein",
        "fr": "la requête doit être un objet JSON",
    },
    "malformed_request": {"en": "malformed request", "de": "fehlerhafte Anfrage", "fr": "requête mal formée"},
    "no_page": {"en": "no such page", "de": "diese Seite gibt es nicht", "fr": "cette page n'existe pas"},
    "http": {
        "en": "{detail}",
        "de": "die Anfrage wurde abgelehnt ({detail})",
        "fr": "la requête a été refusée ({detail})",
    },
    "no_endpoint": {
        "en": "no API endpoint /api/{rest}",
        "de": "keine API-Adresse /api/{rest}",
        "fr": "aucune adresse d'API /api/{rest}",
    },
    "internal": {
        "en": "the server failed",
        "de": "auf dem Server ist ein Fehler aufgetreten",
        "fr": "le serveur a rencontré une erreur",
    },
    # -- the WebSocket ------------------------------------------------------------------------
    "auth_first": {
        "en": 'the first message must be {{"type": "auth", "token": TOKEN}}',
        "de": 'die erste Nachricht muss {{"type": "auth", "token": TOKEN}} sein',
        "fr": 'le premier message doit être {{"type": "auth", "token": TOKEN}}',
    },
    "message_too_large": {
        "en": "message too large",
        "de": "die Nachricht ist zu groß",
        "fr": "message trop long",
    },
    "message_not_json": {
        "en": "the message is not JSON",
        "de": "die Nachricht ist kein JSON",
        "fr": "le message n'est pas du JSON",
    },
    "message_not_object": {
        "en": "the message must be a JSON object",
        "de": "die Nachricht muss ein JSON-Objekt sein",
        "fr": "le message doit être un objet JSON",
    },
    "message_id": {
        "en": "id must be a string or a number",
        "de": "id muss eine Zeichenkette oder eine Zahl sein",
        "fr": "id doit être une chaîne ou un nombre",
    },
    "message_type": {
        "en": "type must be action, state or ping",
        "de": "type muss action, state oder ping sein",
        "fr": "type doit valoir action, state ou ping",
    },
    # -- tokens and seats ---------------------------------------------------------------------
    "token_needed": {
        "en": "a seat token is needed: Authorization: Bearer TOKEN",
        "de": "der Schlüssel eines Platzes fehlt: Authorization: Bearer TOKEN",
        "fr": "il faut le jeton d'une place : Authorization: Bearer TOKEN",
    },
    "wrong_token": {
        "en": "this token is not a seat token of this match",
        "de": "dieser Schlüssel gehört zu keinem Platz dieser Partie",
        "fr": "ce jeton n'est celui d'aucune place de cette partie",
    },
    "other_seat": {
        "en": "this token is seat {seat}'s, not seat {named}'s",
        "de": "dieser Schlüssel gehört zu Platz {seat}, nicht zu Platz {named}",
        "fr": "ce jeton est celui de la place {seat}, pas de la place {named}",
    },
    "computer_seat": {
        "en": "this seat is played by the computer",
        "de": "diesen Platz spielt der Computer",
        "fr": "cette place est jouée par l'ordinateur",
    },
    # -- matches ------------------------------------------------------------------------------
    "no_match": {
        "en": "no match {match!r}",
        "de": "keine Partie {match!r}",
        "fr": "aucune partie {match!r}",
    },
    "expired": {
        "en": "this match was closed after {days} days without a move; it can be read only",
        "de": "diese Partie wurde nach {days} Tagen ohne Zug geschlossen; du kannst sie nur noch ansehen",
        "fr": "cette partie a été close après {days} jours sans coup ; elle ne peut plus qu'être consultée",
    },
    "unknown_preset": {
        "en": "unknown rules preset {preset!r} (known: {known})",
        "de": "unbekannte Spielvariante {preset!r} (bekannt: {known})",
        "fr": "variante inconnue {preset!r} (connues : {known})",
    },
    "options_object": {
        "en": "options must be an object of option names and values",
        "de": "options muss ein Objekt aus Optionsnamen und Werten sein",
        "fr": "options doit être un objet de noms d'options et de valeurs",
    },
    "target_not_option": {
        "en": "set the match target with target, not as an option",
        "de": "das Partieziel wird mit target gesetzt, nicht als Option",
        "fr": "le but de la partie se règle avec target, pas comme option",
    },
    "rules_invalid": {
        "en": "{error}",
        "de": "diese Regeln gehen nicht: {error}",
        "fr": "ces règles ne conviennent pas : {error}",
    },
    "seats_object": {
        "en": 'seats must be an object such as {{"2": 3, "3": "friend"}}',
        "de": 'seats muss ein Objekt wie {{"2": 3, "3": "friend"}} sein',
        "fr": 'seats doit être un objet tel que {{"2": 3, "3": "friend"}}',
    },
    "seats_key": {
        "en": "seats names the other seats 1-{size} (not yours, {seat}), not {key!r}",
        "de": "seats nennt die anderen Plätze 1-{size} (nicht deinen, {seat}), nicht {key!r}",
        "fr": "seats nomme les autres places 1-{size} (pas la vôtre, {seat}), pas {key!r}",
    },
    "seat_value": {
        "en": 'seat {key}: a computer level 1-5 or "friend", not {value!r}',
        "de": 'Platz {key}: eine Computerstufe 1-5 oder "friend", nicht {value!r}',
        "fr": 'place {key} : un niveau d\'ordinateur de 1 à 5 ou "friend", pas {value!r}',
    },
    "no_level": {
        "en": "seat {seat}: no level-{level} computer for {preset} yet ({levels})",
        "de": "Platz {seat}: für {preset} gibt es noch keinen Computer der Stufe {level} ({levels})",
        "fr": "place {seat} : pas encore d'ordinateur de niveau {level} pour {preset} ({levels})",
    },
    # -- invitations --------------------------------------------------------------------------
    "no_invitation": {
        "en": "no such invitation",
        "de": "diese Einladung gibt es nicht",
        "fr": "cette invitation n'existe pas",
    },
    "code_required": {
        "en": "code (the invitation code) is required",
        "de": "code (der Einladungscode) fehlt",
        "fr": "il manque code (le code de l'invitation)",
    },
    "invitation_used": {
        "en": "this invitation has been used: the seat is taken",
        "de": "diese Einladung wurde schon verwendet: der Platz ist besetzt",
        "fr": "cette invitation a déjà servi : la place est prise",
    },
    # -- the fields of a request --------------------------------------------------------------
    "one_of": {
        "en": "{key} must be one of {allowed}",
        "de": "{key} muss eines von {allowed} sein",
        "fr": "{key} doit être l'un de {allowed}",
    },
    "whole_number": {
        "en": "{key} must be a whole number from {low} to {high}",
        "de": "{key} muss eine ganze Zahl von {low} bis {high} sein",
        "fr": "{key} doit être un nombre entier de {low} à {high}",
    },
    "a_string": {
        "en": "{key} must be a string",
        "de": "{key} muss eine Zeichenkette sein",
        "fr": "{key} doit être une chaîne",
    },
    "true_or_false": {
        "en": "{key} must be true or false",
        "de": "{key} muss true oder false sein",
        "fr": "{key} doit valoir true ou false",
    },
    "option_value": {
        "en": "option values must be strings, not {value!r}",
        "de": "die Werte der Optionen müssen Zeichenketten sein, nicht {value!r}",
        "fr": "les valeurs des options doivent être des chaînes, pas {value!r}",
    },
    "name_invalid": {
        "en": "{key}: {error}",
        "de": "{key}: dieser Name enthält ein Zeichen, das nicht erlaubt ist ({error})",
        "fr": "{key} : ce nom contient un caractère interdit ({error})",
    },
    "name_invisible": {
        "en": "{key}: a name may not hold {char}, an invisible formatting character",
        "de": "{key}: ein Name darf {char} nicht enthalten, ein unsichtbares Formatierungszeichen",
        "fr": "{key} : un nom ne peut pas contenir {char}, un caractère de mise en forme invisible",
    },
    "name_too_long": {
        "en": "{key} may have at most {count} characters",
        "de": "{key} darf höchstens {count} Zeichen haben",
        "fr": "{key} ne peut avoir que {count} caractères au plus",
    },
    "name_reserved": {
        "en": "{key}: names starting with {reserved!r} are the computer's",
        "de": "{key}: Namen, die mit {reserved!r} beginnen, gehören dem Computer",
        "fr": "{key} : les noms qui commencent par {reserved!r} sont ceux de l'ordinateur",
    },
    # -- actions ------------------------------------------------------------------------------
    "action_help": {
        "en": "action must be an action token such as Ah, 20h, X, C, CB, 66, draw, pass or next "
        "(or claim_deal, claim_match)",
        "de": "action muss ein Zug sein wie Ah, 20h, X, C, CB, 66, draw, pass oder next (oder claim_deal, claim_match)",
        "fr": "action doit être un coup tel que Ah, 20h, X, C, CB, 66, draw, pass ou next (ou claim_deal, claim_match)",
    },
    "not_an_action": {
        "en": "not an action: {text!r}",
        "de": "kein Zug: {text!r}",
        "fr": "ce n'est pas un coup : {text!r}",
    },
    "action_required": {"en": "action is required", "de": "action fehlt", "fr": "il manque action"},
    "seed_with_next": {
        "en": "client_seed comes with next only",
        "de": "client_seed gibt es nur mit next",
        "fr": "client_seed ne va qu'avec next",
    },
    "version_number": {
        "en": "version must be a whole number",
        "de": "version muss eine ganze Zahl sein",
        "fr": "version doit être un nombre entier",
    },
    "stale_version": {
        "en": "the match is at version {version}, not {sent}",
        "de": "die Partie ist bei Version {version}, nicht {sent}",
        "fr": "la partie en est à la version {version}, pas {sent}",
    },
    "match_over": {"en": "the match is over", "de": "die Partie ist vorbei", "fr": "la partie est terminée"},
    "deal_over": {
        "en": "the deal is over: send next",
        "de": "das Spiel ist vorbei: weiter zum nächsten",
        "fr": "la donne est terminée : passez à la suivante",
    },
    "deal_not_over": {
        "en": "the deal is not over",
        "de": "das Spiel ist noch nicht vorbei",
        "fr": "la donne n'est pas terminée",
    },
    "waiting_seats": {
        "en": "not every seat is taken yet: waiting for seat {seats}",
        "de": "noch sind nicht alle Plätze besetzt: es fehlt Platz {seats}",
        "fr": "toutes les places ne sont pas encore prises : on attend la place {seats}",
    },
    "waiting_friends": {
        "en": "not every seat is taken yet: waiting for the friends invited",
        "de": "noch sind nicht alle Plätze besetzt: es fehlen die eingeladenen Freunde",
        "fr": "toutes les places ne sont pas encore prises : on attend les amis invités",
    },
    "exchange_or_pass": {
        "en": "{action}: you may exchange (X) or pass now",
        "de": "{action}: jetzt kannst du nur austauschen (X) oder verzichten",
        "fr": "{action} : vous pouvez seulement échanger (X) ou passer maintenant",
    },
    "illegal": {
        "en": "{reason}",
        "de": "{action} ist jetzt nicht erlaubt",
        "fr": "{action} n'est pas permis maintenant",
    },
    # -- the move clock and the rematch -------------------------------------------------------
    "no_clock": {
        "en": "no move clock runs now: only a person's clock, in a match between people, can run out",
        "de": "gerade läuft keine Zeit: nur die Zeit eines Menschen, in einer Partie unter Menschen, kann ablaufen",
        "fr": "aucun temps ne court maintenant : seul le temps d'une personne, dans une partie entre personnes, "
        "peut s'écouler",
    },
    "own_clock": {
        "en": "your own clock runs: make your move",
        "de": "deine eigene Zeit läuft: mach deinen Zug",
        "fr": "c'est votre temps qui court : jouez votre coup",
    },
    "clock_runs": {
        "en": "the move clock of seat {seat} runs out in {seconds} s",
        "de": "die Zeit von Platz {seat} läuft in {seconds} s ab",
        "fr": "le temps de la place {seat} s'écoule dans {seconds} s",
    },
    "late_connected": {
        "en": "seat {seat} is connected: claim the deal, not the match",
        "de": "Platz {seat} ist verbunden: beanspruche das Spiel, nicht die Partie",
        "fr": "la place {seat} est connectée : réclamez la donne, pas la partie",
    },
    "claim_match_later": {
        "en": "the match may be claimed {seconds} s from now",
        "de": "die Partie kann in {seconds} s beansprucht werden",
        "fr": "la partie pourra être réclamée dans {seconds} s",
    },
    "rematch_not_over": {
        "en": "the match is not over: a rematch follows a finished match",
        "de": "die Partie ist noch nicht vorbei: eine Revanche folgt auf eine beendete Partie",
        "fr": "la partie n'est pas terminée : une revanche suit une partie finie",
    },
    # -- hints and reviews --------------------------------------------------------------------
    "hints_off": {
        "en": "hints are off in this match",
        "de": "in dieser Partie sind Tipps ausgeschaltet",
        "fr": "les conseils sont désactivés dans cette partie",
    },
    "hints_two_player": {
        "en": "hints are for the two-player deal only",
        "de": "Tipps gibt es nur im Spiel zu zweit",
        "fr": "les conseils ne sont donnés que dans la donne à deux",
    },
    "hints_own_turn": {
        "en": "hints are given at your own decisions only",
        "de": "Tipps gibt es nur, wenn du selbst am Zug bist",
        "fr": "les conseils ne sont donnés que lorsque c'est à vous de jouer",
    },
    "reviews_two_player": {
        "en": "reviews are for two-player matches only",
        "de": "Analysen gibt es nur für Partien zu zweit",
        "fr": "les analyses ne sont faites que pour les parties à deux",
    },
    "no_deal": {"en": "no deal {number!r}", "de": "kein Spiel {number!r}", "fr": "aucune donne {number!r}"},
    "no_deal_here": {
        "en": "no deal {number} in this match",
        "de": "diese Partie hat kein Spiel {number}",
        "fr": "cette partie n'a pas de donne {number}",
    },
    "deal_not_ended": {
        "en": "deal {number} has not ended",
        "de": "Spiel {number} ist noch nicht zu Ende",
        "fr": "la donne {number} n'est pas terminée",
    },
    "busy": {
        "en": "the computer is analysing {count} positions: ask again in {seconds} s",
        "de": "der Computer analysiert gerade {count} Stellungen: frag in {seconds} s noch einmal",
        "fr": "l'ordinateur analyse {count} positions : redemandez dans {seconds} s",
    },
    # -- limits -------------------------------------------------------------------------------
    "rate_limited": {
        "en": "too many {kind} requests from your address: try again in {seconds} s",
        "de": "zu viele Anfragen ({kind}) von deiner Adresse: versuch es in {seconds} s wieder",
        "fr": "trop de requêtes ({kind}) depuis votre adresse : réessayez dans {seconds} s",
    },
    "cross_site": {
        "en": "another site's page may not do this (Sec-Fetch-Site: {site})",
        "de": "die Seite einer anderen Website darf das nicht (Sec-Fetch-Site: {site})",
        "fr": "la page d'un autre site ne peut pas faire cela (Sec-Fetch-Site: {site})",
    },
    "cross_origin": {
        "en": "another site's page may not do this (Origin is not this server)",
        "de": "die Seite einer anderen Website darf das nicht (Origin ist nicht dieser Server)",
        "fr": "la page d'un autre site ne peut pas faire cela (Origin n'est pas ce serveur)",
    },
    # -- history and records ------------------------------------------------------------------
    "tokens_list": {
        "en": "tokens must be a list of seat tokens",
        "de": "tokens muss eine Liste von Platzschlüsseln sein",
        "fr": "tokens doit être une liste de jetons de place",
    },
    "too_many_tokens": {
        "en": "at most {count} tokens",
        "de": "höchstens {count} Schlüssel",
        "fr": "{count} jetons au plus",
    },
    "no_record": {
        "en": "no record of a {size}-player match: {error}",
        "de": "keine Aufzeichnung einer Partie mit {size} Spielern: {error}",
        "fr": "pas d'enregistrement d'une partie à {size} joueurs : {error}",
    },
    # -- the rules page -----------------------------------------------------------------------
    "lang": {
        "en": "lang must be one of {langs}",
        "de": "lang muss eines von {langs} sein",
        "fr": "lang doit être l'un de {langs}",
    },
    "preset_unknown": {
        "en": "{error}",
        "de": "diese Spielvariante gibt es nicht: {error}",
        "fr": "cette variante n'existe pas : {error}",
    },
    # -- fairness -----------------------------------------------------------------------------
    "client_seed_computer": {
        "en": "client_seed: a seed that starts with computer- is the computer's (docs/fairness.md)",
        "de": "client_seed: ein Seed, der mit computer- beginnt, ist der des Computers (docs/fairness.md)",
        "fr": "client_seed : une graine qui commence par computer- est celle de l'ordinateur (docs/fairness.md)",
    },
    "client_seed": {
        "en": "client_seed: up to 64 letters, digits, - and _ (docs/fairness.md)",
        "de": "client_seed: bis zu 64 Buchstaben, Ziffern, - und _ (docs/fairness.md)",
        "fr": "client_seed : jusqu'à 64 lettres, chiffres, - et _ (docs/fairness.md)",
    },
    "stale_commitment": {
        "en": "unknown or expired commitment ticket: ask for a new commitment",
        "de": "unbekannte oder abgelaufene Festlegung: fordere eine neue an",
        "fr": "engagement inconnu ou expiré : demandez-en un nouveau",
    },
    "record_required": {
        "en": "record (the text of a 66R record) is required",
        "de": "record (der Text einer 66R-Aufzeichnung) fehlt",
        "fr": "il manque record (le texte d'un enregistrement 66R)",
    },
    "record_too_long": {
        "en": "the record is longer than {limit} characters",
        "de": "die Aufzeichnung ist länger als {limit} Zeichen",
        "fr": "l'enregistrement dépasse {limit} caractères",
    },
    # a record's fault: German and French name where it is; the parser's English reason is the detail
    "invalid_record.header": {
        "en": "invalid record: {error}",
        "de": "ungültige Aufzeichnung: eine Kopfzeile ist fehlerhaft",
        "fr": "enregistrement invalide : un en-tête est incorrect",
    },
    "invalid_record.deal": {
        "en": "invalid record: {error}",
        "de": "ungültige Aufzeichnung: die Zeile von Spiel {deal} ist fehlerhaft",
        "fr": "enregistrement invalide : la ligne de la donne {deal} est incorrecte",
    },
    "invalid_record.action": {
        "en": "invalid record: {error}",
        "de": "ungültige Aufzeichnung: Zug {action} von Spiel {deal} ({token}) ist so nicht möglich",
        "fr": "enregistrement invalide : le coup {action} de la donne {deal} ({token}) n'est pas possible ainsi",
    },
    # -- puzzles ------------------------------------------------------------------------------
    "solver_required": {
        "en": "a solver token is required (POST /api/puzzles/solver)",
        "de": "der Schlüssel eines Lösers fehlt (POST /api/puzzles/solver)",
        "fr": "il faut un jeton de joueur de problèmes (POST /api/puzzles/solver)",
    },
    "unknown_solver": {
        "en": "unknown solver token",
        "de": "unbekannter Schlüssel eines Lösers",
        "fr": "jeton de joueur de problèmes inconnu",
    },
    "no_puzzle": {"en": "no puzzle {number!r}", "de": "keine Aufgabe {number!r}", "fr": "aucun problème {number!r}"},
    "puzzle_range": {
        "en": "no puzzle {number} (puzzles are numbered 1-{count})",
        "de": "keine Aufgabe {number} (die Aufgaben sind von 1 bis {count} nummeriert)",
        "fr": "aucun problème {number} (les problèmes sont numérotés de 1 à {count})",
    },
    "answer_body": {
        "en": 'the body must be a JSON object with the action token, e.g. {{"action": "Ah"}}',
        "de": 'die Anfrage muss ein JSON-Objekt mit dem Zug sein, etwa {{"action": "Ah"}}',
        "fr": 'la requête doit être un objet JSON avec le coup, par exemple {{"action": "Ah"}}',
    },
    "answer_action": {
        "en": "{error}",
        "de": "kein Zug: {error}",
        "fr": "ce n'est pas un coup : {error}",
    },
    "puzzle_illegal": {
        "en": "{answer} is not a legal action here: {legal}",
        "de": "{answer} ist hier kein erlaubter Zug: {legal}",
        "fr": "{answer} n'est pas un coup permis ici : {legal}",
    },
    # -- the reason of a fairness verdict (English: the core's, sixtysix.core.fairness.REASONS) --
    "verdict.not_revealed": {
        "en": REASONS["not_revealed"],
        "de": "der Server-Seed ist noch nicht aufgedeckt",
        "fr": "la graine du serveur n'a pas été révélée",
    },
    "verdict.commitment_mismatch": {
        "en": REASONS["commitment_mismatch"],
        "de": "der Server-Seed passt nicht zur Festlegung",
        "fr": "la graine du serveur ne correspond pas à l'engagement",
    },
    "verdict.computer_seed": {
        "en": REASONS["computer_seed"],
        "de": "der Computer-Seed von Platz {seat} ist nicht der, auf den der Server-Seed festgelegt ist",
        "fr": "la graine de l'ordinateur à la place {seat} n'est pas celle qu'engage la graine du serveur",
    },
    "verdict.not_the_pack": {
        "en": REASONS["not_the_pack"],
        "de": "der Stapel besteht nicht aus den Karten dieser Regeln",
        "fr": "le paquet n'est pas celui des règles",
    },
    "verdict.not_the_shuffle": {
        "en": REASONS["not_the_shuffle"],
        "de": "der Stapel ist nicht die Mischung dieser Seeds: Karte {position} ist {shown}, die Seeds ergeben "
        "{wanted}",
        "fr": "le paquet n'est pas le mélange de ces graines : la carte {position} est {shown}, les graines donnent "
        "{wanted}",
    },
    "verdict.ok": {
        "en": REASONS["ok"],
        "de": "der Server-Seed passt zur Festlegung und die Seeds ergeben diesen Stapel",
        "fr": "la graine du serveur correspond à l'engagement et les graines donnent ce paquet",
    },
    "verdict.ok_without_seed": {
        "en": REASONS["ok_without_seed"],
        "de": "der Server-Seed passt zur Festlegung und die Seeds ergeben diesen Stapel; Platz {seats} hat keinen "
        "Client-Seed gegeben",
        "fr": "la graine du serveur correspond à l'engagement et les graines donnent ce paquet ; la place {seats} "
        "n'a pas donné de graine client",
    },
    "verdict.no_scheme": {
        "en": REASONS["no_scheme"],
        "de": "kein Fairness-Eintrag im Kopf",
        "fr": "pas d'en-tête Fairness",
    },
    "verdict.unknown_scheme": {
        "en": REASONS["unknown_scheme"],
        "de": "unbekanntes Fairness-Verfahren {scheme!r}",
        "fr": "procédé d'équité inconnu {scheme!r}",
    },
    "verdict.no_commitment": {
        "en": REASONS["no_commitment"],
        "de": "keine Festlegung (kein Eintrag Deal{number}Commit)",
        "fr": "pas d'engagement (pas d'en-tête Deal{number}Commit)",
    },
    "verdict.pending": {
        "en": REASONS["pending"],
        "de": "das Spiel ist noch nicht zu Ende: sein Server-Seed ist noch geheim",
        "fr": "la donne n'est pas terminée : la graine du serveur est encore secrète",
    },
}
"""Every sentence, by key and language (English first: it is also the error's ``message``)."""


@dataclass(frozen=True)
class Message:
    """One sentence of :data:`MESSAGES` with the values of its placeholders (:func:`say` makes one)."""

    key: str
    values: Mapping[str, object] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang`` (``en``, ``de`` or ``fr``)."""
        return MESSAGES[self.key][lang].format(**self.values)

    def texts(self) -> dict[str, str]:
        """The sentence in every language, by language."""
        return {lang: self.text(lang) for lang in LANGUAGES}


def say(name: str, /, **values: object) -> Message:
    """The message ``name`` of :data:`MESSAGES` with ``values``; an unknown name fails at once (``KeyError``)."""
    if name not in MESSAGES:
        raise KeyError(f"no message {name!r}")
    return Message(name, values)


def record_fault(error: RecordError) -> Message:
    """The sentence of an invalid record, by where its fault is: a header (or the record as a whole), a
    ``deal`` line, or an action. The English sentence is the parser's; German and French name the place
    only (the parser's reason is the refusal's English ``detail``).

    >>> fault = record_fault(RecordError(2, 5, "1:Zz", "malformed action"))
    >>> fault.text("de")
    'ungültige Aufzeichnung: Zug 5 von Spiel 2 (1:Zz) ist so nicht möglich'
    >>> fault.text()
    "invalid record: deal 2, action 5 ('1:Zz'): malformed action"
    """
    return say(
        "invalid_record.header"
        if error.deal == 0
        else "invalid_record.deal"
        if error.action == 0
        else "invalid_record.action",
        error=error,
        deal=error.deal,
        action=error.action,
        token=error.token,
    )


def verdict_reasons(verdict: Verdict) -> dict[str, str]:
    """A fairness verdict's reason in every language (its English reason alone if it has no code)."""
    if not verdict.code:
        return dict.fromkeys(LANGUAGES, verdict.reason)
    return say(f"verdict.{verdict.code}", **dict(verdict.values)).texts()
