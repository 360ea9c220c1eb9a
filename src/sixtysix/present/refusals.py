"""Why a card of the hand may not be played now, for each such card: what the page shows on a click.

The rule is the core's alone: :func:`card_refusals` reads the legal cards the engine gave
the seat (its :class:`~sixtysix.present.picture.SeatPicture`) and names the duty that
shapes them, by comparing them with the hand: all of the led suit (follow; and beat the
trick where only some of the suit may go), all trumps (trump; and beat the trick), the
king or queen of a declared marriage, the exchange offer first. No rule is restated here:
a variant whose duties differ gives other legal cards, and the words follow them.

Each refusal is ``{"reason": CODE, "suit": s, "card": c, "cards": [...], "text": English}``: the
catalogue's sentence ``refuse.CODE`` (:mod:`sixtysix.present.words`) in English, or in ``lang``; a page
words ``CODE`` in its own language with the same suit and card.

>>> from sixtysix.core.game import Deal
>>> from sixtysix.core.actions import Action
>>> from sixtysix.present.picture import picture
>>> deal = Deal.from_text("Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h")
>>> deal.apply(Action.parse("C"))
>>> deal.apply(Action.parse("Tc"))
>>> out = card_refusals(picture(deal, 2))
>>> sorted(out), out["Kc"]["reason"], out["Kc"]["suit"], out["Kc"]["card"]
(['9c', 'Jc', 'Kc', 'Qc', 'Td'], 'follow_beat', 'c', 'Tc')
>>> out["Kc"]["text"]
'You must follow clubs and take the trick if you can.'
>>> card_refusals(picture(deal, 2), "de")["Kc"]["text"]
'Du musst Kreuz bedienen und den Stich machen, wenn du kannst.'

"""

from __future__ import annotations

from sixtysix.core.actions import EXCHANGE, PASS
from sixtysix.core.cards import BIT, CARD_NAMES, SUIT_CHARS, CardMask, cards_of, suit_of
from sixtysix.core.outcome import Stage
from sixtysix.present.picture import SeatPicture
from sixtysix.present.voice import suit_name
from sixtysix.present.words import say


def card_refusals(seen: SeatPicture, lang: str = "en") -> dict[str, dict[str, object]]:
    """For each card of the seat's hand it may not play now: why, said in ``lang`` (an empty dict when all may go)."""
    legal = 0
    for action in seen.legal:
        if action.is_card():
            legal |= BIT[int(action)]
    for action in seen.after_draw:  # right after winning a trick a card is taken after the draw
        if action.is_card():
            legal |= BIT[int(action)]
    barred = seen.hand & ~legal
    if not barred or seen.stage == Stage.OVER:
        return {}
    reason = _reason(seen, legal, lang)
    return {CARD_NAMES[card]: reason for card in cards_of(barred)}


def _reason(seen: SeatPicture, legal: CardMask, lang: str) -> dict[str, object]:
    """The one duty that explains every barred card of the hand now."""
    tokens = {int(a) for a in seen.legal}
    if seen.exchange_window and tokens <= {EXCHANGE, PASS}:
        return _refusal(lang, "exchange_first")
    if not seen.legal or seen.to_act != seen.seat:
        return _refusal(lang, "wait")
    if seen.stage == Stage.MARRIAGE and seen.marriage_suit >= 0:
        return _refusal(lang, "marriage", suit=seen.marriage_suit)
    if seen.stage == Stage.FOLLOW and seen.trick:
        return _follow_reason(seen, legal, lang)
    return _refusal(lang, "one_of", cards=legal)


def _follow_reason(seen: SeatPicture, legal: CardMask, lang: str) -> dict[str, object]:
    """Follow (and beat), or trump (and beat): read from which of the hand's cards may go."""
    led = suit_of(seen.trick[0][1])
    suits = {suit_of(card) for card in cards_of(legal)}
    of_suit = _suit_cards(seen.hand, led)
    beat = seen.winning if seen.winning is not None else seen.trick[0][1]
    if suits == {led}:
        return _refusal(lang, "follow" if legal == of_suit else "follow_beat", suit=led, card=beat)
    trumps = _suit_cards(seen.hand, seen.trump)
    if suits == {seen.trump} and not of_suit:
        return _refusal(lang, "trump" if legal == trumps else "overtrump", suit=seen.trump, led=led, card=beat)
    return _refusal(lang, "one_of", cards=legal)


def _suit_cards(hand: CardMask, suit: int) -> CardMask:
    out = 0
    for card in cards_of(hand):
        if suit_of(card) == suit:
            out |= BIT[card]
    return out


def _refusal(
    lang: str, code: str, suit: int = -1, led: int = -1, card: int | None = None, cards: CardMask = 0
) -> dict[str, object]:
    names = [CARD_NAMES[c] for c in cards_of(cards)]
    words = {
        "suit": suit_name(suit, lang) if suit >= 0 else "",
        "led": suit_name(led, lang) if led >= 0 else "",
        "cards": ", ".join(names),
    }
    return {
        "reason": code,
        "suit": SUIT_CHARS[suit] if suit >= 0 else None,
        "led": SUIT_CHARS[led] if led >= 0 else None,
        "card": CARD_NAMES[card] if card is not None else None,
        "cards": names,
        "text": say(f"refuse.{code}", lang, **words),
    }
