"""Trade agreements as the state keeps them (TI-R): the agreements in force, each pair's two
trade cards exchanged, and the offers of the trade talks under way with their count. Queries
over them alone live here; the rules that read the rest of the game live in trade.py."""

import msgspec

CARDS = (1, 2)  # each race's two trade cards, by their place in content/trade_cards.toml
MOST_OFFERS = 3  # offers a seat makes in one trade talks (TI-R7)


class Agreement(msgspec.Struct, frozen=True):
    """Two seats that gave each other a trade card: `cards[n]` is the card `seats[n]` gave,
    formed in `round` (no income in the action that formed it, TI-R4)."""

    seats: tuple[int, int]
    cards: tuple[int, int]
    round: int = 0

    def partner(self, seat: int) -> int:
        return self.seats[1] if self.seats[0] == seat else self.seats[0]

    def given(self, seat: int) -> int:
        """The card `seat` gave (its partner holds it)."""
        return self.cards[self.seats.index(seat)]


class Offer(msgspec.Struct, frozen=True):
    """An offer of the trade talks: `offerer` gives his `card`; once the receiver accepts,
    `answer` is the card he gives, and the agreement awaits the Trade holder's approval."""

    offerer: int
    receiver: int
    card: int
    answer: int = 0  # 0: not yet answered

    @property
    def seats(self) -> tuple[int, int]:
        return (self.offerer, self.receiver)


class Trade(msgspec.Struct, frozen=True):
    """The agreements in force, and in open trade talks the offers pending and who made each
    offer so far (one entry an offer)."""

    agreements: tuple[Agreement, ...] = ()
    offers: tuple[Offer, ...] = ()
    offered: tuple[int, ...] = ()

    def of(self, seat: int) -> tuple[Agreement, ...]:
        return tuple(a for a in self.agreements if seat in a.seats)

    def partners(self, seat: int) -> tuple[int, ...]:
        return tuple(a.partner(seat) for a in self.of(seat))

    def between(self, seat: int, other: int) -> Agreement | None:
        return next((a for a in self.of(seat) if a.partner(seat) == other), None)

    def committed(self, seat: int) -> tuple[int, ...]:
        """The seat's cards given in agreements or promised in a pending offer."""
        given = [a.given(seat) for a in self.of(seat)]
        offered = [o.card for o in self.offers if o.offerer == seat]
        answered = [o.answer for o in self.offers if o.receiver == seat and o.answer]
        return (*given, *offered, *answered)

    def home(self, seat: int) -> tuple[int, ...]:
        """The seat's trade cards neither given nor promised."""
        return tuple(c for c in CARDS if c not in self.committed(seat))

    def pending(self, seat: int, other: int) -> Offer | None:
        """An offer between the two seats, either way."""
        return next((o for o in self.offers if {seat, other} == set(o.seats)), None)

    def own_offer(self, seat: int) -> Offer | None:
        return next((o for o in self.offers if o.offerer == seat), None)
