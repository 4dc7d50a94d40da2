"""A seat's view laid out for any renderer: the table (Trade Row, pools, scrap heap), the
seat's hand, and each player's Authority, bases, ships in play and discard pile."""

from collections.abc import Sequence

from events.kit.layout import Layout
from events.kit.words import count
from events.ruleset import Description, Field, Section, Waiting
from events.rulesets.star_realms import card_text
from events.rulesets.star_realms.card_text import effect_text
from events.rulesets.star_realms.cardset import Effect
from events.rulesets.star_realms.loader import BASE_SET, load
from events.rulesets.star_realms.view import PlayerView, SeatView


class _Layout(Layout[SeatView, PlayerView]):
    def __init__(self, view: SeatView, players: Sequence[str]) -> None:
        self.cards = load(BASE_SET)
        super().__init__(view, players, self.cards.card, card_text)

    def table(self) -> Section:
        view = self.view
        fields = [Field("Turn", f"{view.round}, {self.who(view.active)}'s")]
        if view.winner is None:
            fields += [Field("Trade", str(view.trade)), Field("Combat", str(view.combat))]
            if view.next_ship_to_top:
                fields.append(Field("Next ship", "may go on top of the draw pile"))
        fields += [
            Field("Trade Deck", count(view.trade_deck_size)),
            Field("Explorers", explorers(view.explorer_pile)),
        ]
        if view.pending is not None:
            p = view.pending
            source = self.cards.card(p.card).name if p.card >= 0 else "Owed discards"
            asks = " or ".join(p.options) if p.options else effect_text_of(p.kind, p.amount)
            fields.append(Field("Waiting for a choice", f"{source}: {asks}"))
        piles = [self.faces("Trade Row", view.row)]
        if view.scrap_heap:
            piles.append(self.faces("Scrap heap", view.scrap_heap))
        return Section("The table", tuple(fields), tuple(piles))

    def own(self, seat: int) -> Section:
        return Section(f"Your hand ({self.who(seat)})", cards=(self.faces("Hand", self.view.hand),))

    def player(self, p: PlayerView) -> Section:
        view = self.view
        fields = [
            Field("Authority", str(p.authority)),
            Field("Hand", count(p.hand_size)),
            Field("Draw pile", count(p.deck_size)),
        ]
        if p.owed:
            fields.append(Field("Owes", count(p.owed, "discard")))
        if p.bases:
            fields.append(Field("Bases' defense", self.defense(p.bases)))
        used = {}
        for card, slot in view.used:
            used[card] = f"{used[card]}, {slot} used" if card in used else f"{slot} used"
        for needle, ship in view.copies:
            used[needle] = f"copies {self.cards.card(ship).name}; {used.get(needle, '')}".rstrip(
                "; "
            )
        piles = [self.faces("Bases", p.bases, used)]
        if p.seat == view.active:
            piles.append(self.faces("Ships in play", view.ships, used))
        piles.append(self.faces("Discard pile", p.discard))
        mine = " (you)" if p.seat == view.seat else ""
        return Section(f"{self.who(p.seat)}{mine}", tuple(fields), tuple(piles))

    def defense(self, bases: Sequence[int]) -> str:
        """Each base's defense, its Outposts first: combat must destroy them before the rest
        or the player's Authority."""
        cards = sorted((self.cards.card(b) for b in bases), key=lambda c: not c.is_outpost)
        return ", ".join(f"{c.name} {c.defense}{' (Outpost)' * c.is_outpost}" for c in cards)

    def closing(self) -> tuple[Section, ...]:
        """The end, once a seat has won."""
        if self.view.winner is None:
            return ()
        return (Section("The end", (Field("Winner", self.who(self.view.winner)),)),)


def explorers(pile: int | None) -> str:
    left = "never run out" if pile is None else f"{pile or 'none'} left in the pile"
    return f"2 Trade each, {left}"


def effect_text_of(kind: str, amount: int) -> str:
    return effect_text(Effect(kind, amount))


def describe(view: SeatView, players: Sequence[str]) -> Description:
    sections = _Layout(view, players).sections(view.seat, view.players)
    waiting = Waiting() if view.winner is not None else Waiting(must=(view.active,))
    return Description(title=f"Star Realms, turn {view.round}", sections=sections, waiting=waiting)
