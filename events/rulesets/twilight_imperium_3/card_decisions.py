"""What a player decides with action cards (TI-Q): a card played, with what it names; a
Sabotage or none in answer to a card played; nothing at a timing point's card window; the
cards discarded down to the hand limit. And what the state keeps of cards played: those
waiting to resolve, and the effects lasting the round."""

import msgspec

from events.rulesets.twilight_imperium_3.decisions import Warship


class PlayCard(msgspec.Struct, frozen=True, tag="ti.play_card"):
    """An action card (`card`, its id in content/action_cards.toml) and what it names, as the
    card asks: a player (`seat`), a planet (`planet`), a system (`system`), a second planet
    (`target`, where units go), how many (`count`), a unit (`unit`), ships moved (`ships`), a
    strategy card by number (`strategy`: barred or taken; `giving`: given up), a second player
    (`partner`: the other side of an agreement). Touch of Genius names the card it copies
    (`copied`) and the planets and trade goods paying for it (`paying`, `trade_goods`)."""

    card: str
    seat: int = -1
    planet: str = ""
    system: str = ""
    target: str = ""
    count: int = 0
    unit: str = ""
    ships: tuple[Warship, ...] = ()
    strategy: int = 0
    giving: int = 0
    partner: int = -1
    copied: str = ""
    paying: tuple[str, ...] = ()
    trade_goods: int = 0


class NoCard(msgspec.Struct, frozen=True, tag="ti.no_card"):
    """No action card at this timing point."""


class Sabotage(msgspec.Struct, frozen=True, tag="ti.sabotage"):
    """A Sabotage from the hand against the action card just played (TI-Q2)."""


class NoSabotage(msgspec.Struct, frozen=True, tag="ti.no_sabotage"):
    """No Sabotage against the action card just played."""


class Discard(msgspec.Struct, frozen=True, tag="ti.discard"):
    """Action cards discarded, by id, down to the hand limit (TI-Q1)."""

    cards: tuple[str, ...]


class TakeCard(msgspec.Struct, frozen=True, tag="ti.take_card"):
    """Synchronicity's card taken from the action deck shown to its player alone, by its place
    from the top (TI-Q76): a place tells no one who has not seen the deck which card it is."""

    place: int


class Pending(msgspec.Struct, frozen=True):
    """An action card played (`card`, by copy) and not yet resolved: the Sabotage window comes
    first (TI-Q2). `action`: played as the player's action, whose turn ends once it resolves."""

    seat: int
    card: int
    play: PlayCard
    action: bool = False


class Lasting(msgspec.Struct, frozen=True):
    """An action card's effect for the rest of the round, cleared in the status phase: the
    card's id, its player and what it named."""

    card: str
    seat: int
    other: int = -1
    planet: str = ""
    system: str = ""
    strategy: int = 0


CARD_DECISIONS = (PlayCard, NoCard, Sabotage, NoSabotage, Discard, TakeCard)
