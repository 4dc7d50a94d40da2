"""Playing cards from hand and using the abilities of cards in play (SR-P)."""

from events.ruleset import Rejection
from events.rulesets.star_realms.allies import acting_as, clause, in_play, usable
from events.rulesets.star_realms.batch import Batch
from events.rulesets.star_realms.decisions import Play, PlayAll, Use
from events.rulesets.star_realms.effects import resolve
from events.rulesets.star_realms.happenings import AbilityUsed, Gained, Played, Scrapped
from events.rulesets.star_realms.state import Game

SLOTS = ("primary", "ally", "scrap")


def play_card(batch: Batch, seat: int, card: int) -> None:
    game = batch.game
    batch.emit(Played(seat=seat, card=card))
    if not game.cards.card(card).is_ship:
        return  # a base's primary waits for its owner (SR-P2)
    for base in game.players[seat].bases:  # SR-E16
        if bonus := game.cards.card(base).static_amount("ships_get_combat"):
            batch.emit(Gained(seat=seat, card=base, combat=bonus))
    batch.emit(AbilityUsed(seat=seat, card=card, slot="primary"))
    resolve(batch, seat, card, game.cards.card(card).primary)  # SR-P1


def play_refusal(game: Game, seat: int, decision: Play) -> Rejection | None:
    if decision.card not in game.players[seat].hand:
        return Rejection("SR-P1", "that card is not in your hand")
    return None


def play(batch: Batch, seat: int, decision: Play) -> None:
    play_card(batch, seat, decision.card)


def play_all_refusal(game: Game, seat: int, _: PlayAll) -> Rejection | None:
    if not game.players[seat].hand:
        return Rejection("SR-P1", "your hand is empty")
    return None


def play_all(batch: Batch, seat: int, _: PlayAll) -> None:
    for card in batch.game.players[seat].hand:
        if batch.game.turn.pending is not None or batch.game.over:
            break  # the rest waits for the choice (SR-P6)
        play_card(batch, seat, card)


def use_ability(batch: Batch, seat: int, card: int, slot: str) -> None:
    effects = clause(batch.game, card, slot)
    if slot == "scrap":
        batch.emit(Scrapped(seat=seat, cards=(card,)))  # it leaves play first (SR-P4)
    batch.emit(AbilityUsed(seat=seat, card=card, slot=slot))
    resolve(batch, seat, card, effects)


_RULE = {"primary": "SR-P2", "ally": "SR-P3", "scrap": "SR-P4"}


def use_refusal(game: Game, seat: int, decision: Use) -> Rejection | None:
    card, slot = decision.card, decision.slot
    if slot not in SLOTS:
        return Rejection("SR-R1", f"a card's abilities are {', '.join(SLOTS)}, not {slot!r}")
    rule = _RULE[slot]
    name = game.cards.card(card).name if card >= 0 else str(card)
    if card not in in_play(game, seat):
        return Rejection(rule, f"{name} is not in play on your side")
    if not clause(game, card, slot):
        return Rejection(rule, f"{acting_as(game, card).name} has no {slot} ability")
    if (card, slot) in game.turn.used:
        return Rejection(rule, f"{name}'s {slot} ability is used already this turn")
    if not usable(game, card, slot):  # only an ally waits: a ship's primary is used as it is played
        faction = acting_as(game, card).ally_faction
        return Rejection(
            rule, f"{name}: no other {faction} card of yours has been in play with it this turn"
        )
    return None


def use(batch: Batch, seat: int, decision: Use) -> str:
    """The ability used; the rule of its slot."""
    use_ability(batch, seat, decision.card, decision.slot)
    return _RULE[decision.slot]
