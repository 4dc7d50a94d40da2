"""Game-end scoring: printed VP, chips and cost-6 bonuses (RG-G2, RG-G3); ties (RG-G4)."""

from typing import NamedTuple

from events.rulesets.race_for_the_galaxy.cardset import Card, Score
from events.rulesets.race_for_the_galaxy.powers import total
from events.rulesets.race_for_the_galaxy.state import Game


def final_scores(game: Game) -> tuple[int, ...]:
    return tuple(score(game, seat) for seat in range(len(game.players)))


class Tally(NamedTuple):
    """A tableau's VP as the rulebook adds them up (RG-G2)."""

    chips: int
    printed: int  # the cards' printed VP
    bonuses: int  # the cost-6 developments' bonuses

    @property
    def total(self) -> int:
        return self.chips + self.printed + self.bonuses


def score(game: Game, seat: int) -> int:
    player = game.players[seat]
    cards = [game.cards.card(c) for c in player.tableau]
    return tally(cards, player.chips, total(game, seat, "military")).total


def tally(tableau: list[Card], chips: int, military: int) -> Tally:
    """The VP of these cards with these chips and this total Military, were the game to end."""
    bonuses = sum(card_bonus(c, tableau, chips, military) for c in tableau)
    return Tally(chips, sum(c.vp for c in tableau), bonuses)


def bonus(game: Game, seat: int, scorer: Card, tableau: list[Card]) -> int:
    chips, military = game.players[seat].chips, total(game, seat, "military")
    return card_bonus(scorer, tableau, chips, military)


def card_bonus(scorer: Card, tableau: list[Card], chips: int, military: int) -> int:
    """A cost-6 development's bonus: each card scores for the first line it matches (RG-G3)."""
    extra = 0
    lines = []
    for line in scorer.scoring:
        if line.filter == "3 VP chips":
            extra += line.vp * (chips // 3)
        elif line.filter == "total military":
            extra += line.vp * military
        else:
            lines.append(line)
    for card in tableau:
        extra += next((line.vp for line in lines if matches(line, card)), 0)
    return extra


def matches(line: Score, card: Card) -> bool:
    match line.filter:
        case "production world" | "windfall world":
            kind_ok = line.good in ("", card.good)
            return card.is_world and card.mode == line.filter.split()[0] and kind_ok
        case "world":
            return card.is_world and line.good in ("", card.good)
        case "development":
            return not card.is_world
        case "6-cost development":
            return not card.is_world and card.cost == 6
        case "ALIEN card":
            return "ALIEN" in card.flags
        case "military world":
            return card.military
        case "Rebel military world":
            return card.military and "Rebel" in card.flags
        case "development with power":
            return not card.is_world and card.has_row(line.row)
        case "world with power":
            return card.is_world and card.has_row(line.row)
        case "named":
            return card.name == line.name
    return False


def winners(game: Game, scores: tuple[int, ...]) -> tuple[int, ...]:
    """Most VP; among the tied, most hand cards plus goods; still tied, all win (RG-G4)."""
    best = max(scores)
    tied = [s for s, v in enumerate(scores) if v == best]
    held = {s: len(game.players[s].hand) + len(game.players[s].goods) for s in tied}
    most = max(held.values())
    return tuple(s for s in tied if held[s] == most)
