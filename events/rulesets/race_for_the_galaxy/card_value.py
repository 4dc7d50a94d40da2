"""What a card is worth to a seat, for the heuristic bot: the VP it adds at game end (printed,
and with the cost-6 developments of the tableau and, by half, of the hand), what its powers
may bring in the rounds left, its fit with the seat's goods and consume powers, less its cost."""

from events.rulesets.race_for_the_galaxy.bots import Value
from events.rulesets.race_for_the_galaxy.cardset import Card, Power
from events.rulesets.race_for_the_galaxy.powers import military
from events.rulesets.race_for_the_galaxy.scoring import bonus
from events.rulesets.race_for_the_galaxy.state import TABLEAU_END, Game

# VP a power of this kind may bring over a whole game, per unit of its number (at least 1).
ENGINE = {
    "explore_draw": 0.3,
    "explore_keep": 0.6,
    "develop_discount": 1.2,
    "develop_draw_after": 0.6,
    "develop_draw_at_start": 0.8,
    "colony_ship": 0.6,
    "military_vs": 0.2,
    "pay_for_military": 0.6,
    "settle_discount": 0.8,
    "settle_draw_after": 0.6,
    "temporary_military": 0.4,
    "trade_bonus": 0.4,
    "consume_draw": 1.0,
    "produce_draw": 0.8,
    "draw_if_produced": 0.5,
    "draw_per_good": 0.4,
    "draw_per_kind": 0.4,
    "draw_per_world": 0.4,
    "draw_if_most": 0.3,
    "windfall": 0.8,
    "gamble": 0.2,
    "discard_for_vp": 0.4,
}


def rounds_left(game: Game) -> float:
    """The share of the game still to play, judged by the longest tableau (RG-G1)."""
    longest = max(len(p.tableau) for p in game.players)
    return max(0.0, TABLEAU_END - longest) / (TABLEAU_END - 1)


def contextual(game: Game, seat: int) -> Value:
    cards = game.cards
    player = game.players[seat]
    tableau = [cards.card(c) for c in player.tableau]
    hand = [cards.card(c) for c in player.hand]
    consumers = sum(p.phase == "IV" for c in tableau for p in c.powers)
    goods = sum(bool(c.good) for c in tableau)
    strength = military(game, seat)
    scorers = [(c, 1.0) for c in tableau if c.scoring] + [(c, 0.5) for c in hand if c.scoring]
    left = rounds_left(game)
    placed = {c.id for c in tableau if not c.is_world}

    def scored(more: list[Card]) -> float:
        return sum(weight * bonus(game, seat, c, more) for c, weight in scorers)

    now = scored(tableau)

    def engine(power: Power) -> float:
        if power.kind == "military":
            gap = [w for w in hand if w.military and strength < w.defense <= strength + power.n]
            return 1.2 * power.n + 1.6 * len(gap)
        if power.kind == "consume":
            return 0.7 * min(goods, 2) * (power.vp + 0.5 * power.cards)
        return ENGINE.get(power.kind, 0.0) * max(power.n, 1)

    def value(card_id: int) -> float:
        card = cards.card(card_id)
        if card.id in placed:
            return -1.0  # a second copy of a development never goes down (RG-D4): pay with it
        more = [*tableau, card]
        gained = scored(more) - now
        if card.scoring:
            hoped = bonus(game, seat, card, [*more, *hand]) - bonus(game, seat, card, more)
            gained += bonus(game, seat, card, more) + 0.5 * hoped
        powers = sum(engine(p) for p in card.powers)
        if card.mode == "production":
            powers += 0.6 * min(consumers, 2)
        cost = card.cost
        if card.military and strength >= card.defense:
            cost = -card.defense - 2  # conquered, it costs no card: a gain over paying for one
        elif card.military:
            cost = 2 * (card.defense - strength)
        return card.vp + gained + left * powers - 0.45 * cost

    return value
