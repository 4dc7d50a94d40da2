"""A seat's view laid out for any renderer: the table, the seat's own cards, every player's
Empire, and the score (running, then final). Built from the view alone, with the card set's
printed numbers, which are public."""

from collections.abc import Sequence

from events.kit.layout import Layout
from events.kit.words import count, listing
from events.ruleset import Description, Field, Section, Table, Waiting
from events.rulesets.core_worlds import card_text
from events.rulesets.core_worlds.cardset import DECKS, ROUNDS
from events.rulesets.core_worlds.loader import load
from events.rulesets.core_worlds.state import PHASE_NAMES, Phase
from events.rulesets.core_worlds.view import PlayerView, SeatView

SCORE_COLUMNS = ("Player", "Printed", "Bonus", "Total", "World energy", "Worlds")


class _Layout(Layout[SeatView, PlayerView]):
    def __init__(self, view: SeatView, players: Sequence[str]) -> None:
        self.card_set = load(view.card_set_key)
        super().__init__(view, players, self.card_set.cards.__getitem__, card_text)

    def table(self) -> Section:
        view, who = self.view, self.who
        fields = [Field("Phase", PHASE_NAMES.get(view.phase, view.phase))]
        if view.phase != Phase.OVER:
            fields.append(Field("Destiny", who(view.destiny)))
            if view.phase == Phase.ACTION:
                fields.append(Field("Turn", who(view.turn)))
            fields.append(Field("To act", listing(who(s) for s in view.to_act)))
        left = view.galactic_sizes[view.sector]
        fields.append(Field(f"Galactic deck {DECKS[view.sector]}", count(left)))
        fields.append(
            Field("Card set (provisional)" if view.provisional else "Card set", view.card_set)
        )
        tokened = dict.fromkeys(view.tokened, "energy token")
        central = self.faces("Central Zone", view.central, tokened)
        return Section("The table", tuple(fields), (central,))

    def own(self, seat: int) -> Section:
        piles = (self.faces("Hand", self.view.hand), self.faces("Discard pile", self.view.discard))
        return Section(f"Your cards ({self.who(seat)})", cards=piles)

    def player(self, p: PlayerView) -> Section:
        """The player's Empire."""
        view = self.view
        fields = [
            Field("Energy", str(p.energy)),
            Field("Action points", str(p.action_points)),
            Field("Warzone strength", self.strength(p)),
            Field("Hand", count(p.hand_size)),
            Field("Draw pile", count(p.draw_size)),
            Field("Discard pile", count(p.discard_size)),
        ]
        if p.surge_tokens:
            fields.append(Field("Energy Surge tokens", str(p.surge_tokens)))
        if p.done and view.phase != Phase.OVER:
            fields.append(Field("This phase", "passed" if view.phase == Phase.ACTION else "done"))
        notes = {c: count(n, "energy token") for c, n in p.counters}
        notes[p.home] = "Home World"
        piles = [self.faces("Warzone", p.warzone, notes)]
        if p.colonists:
            piles.append(self.faces("Colonists", p.colonists))
        if p.picks:
            piles.append(self.faces("Sector 0 picks", p.picks))
        mine = " (you)" if p.seat == view.seat else ""
        return Section(f"{self.who(p.seat)}{mine}", tuple(fields), tuple(piles))

    def strength(self, p: PlayerView) -> str:
        """The Fleet and Ground of the Units in the Warzone, energy tokens on them counted
        (CW-A3.2): what an invasion with all of them brings before Tactics."""
        fleet = ground = 0
        tokens = dict(p.counters)
        for c in p.warzone:
            unit = self.card_set.cards[c]
            if not unit.is_unit:
                continue
            fleet, ground = fleet + unit.fleet, ground + unit.ground
            for ability in unit.abilities:
                if ability.kind == "counter_strength":
                    fleet += ability.fleet * tokens.get(c, 0)
                    ground += ability.ground * tokens.get(c, 0)
        return f"Fleet {fleet}, Ground {ground}"

    def closing(self) -> tuple[Section, ...]:
        return (self.score(),)

    def score(self) -> Section:
        view = self.view
        final = bool(view.scores)
        scores = view.scores if final else tuple(p.score for p in view.players)
        rows = tuple(
            (
                self.who(s.seat),
                *(str(n) for n in (s.printed, s.bonus, s.total, s.world_energy, s.worlds)),
            )
            for s in scores
        )
        points = (Table("Empire Points", SCORE_COLUMNS, rows),)
        if not final:
            counted = Field("Counted", "every card in each Empire, as at the end (CW-F2, CW-F3)")
            return Section("Score so far", (counted,), tables=points)
        said = "Winner" if len(view.winners) == 1 else "Shared victory"
        fields = (
            Field(said, listing(self.who(s) for s in view.winners)),
            Field("Ties broken by", "World energy, then Worlds (CW-F4)"),
        )
        return Section("Final score", fields, tables=points)

    def title(self) -> str:
        view = self.view
        sector = self.card_set.sectors[view.sector - 1].name
        return (
            f"Core Worlds, round {view.round} of {ROUNDS}, Sector {DECKS[view.sector]} ({sector})"
        )


def describe(view: SeatView, players: Sequence[str]) -> Description:
    layout = _Layout(view, players)
    sections = layout.sections(view.seat, view.players)
    return Description(title=layout.title(), sections=sections, waiting=Waiting(must=view.to_act))
