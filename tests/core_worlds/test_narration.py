"""Core Worlds told in words: what newcomers missed (a short invasion's numbers, forced passes,
cards leaving the Central Zone) and what a seat may not read (another seat's cards)."""

from events.match import apply
from events.rulesets.core_worlds.decisions import Draft, Invade, Keep
from events.rulesets.core_worlds.happenings import Drew, Kept
from events.rulesets.core_worlds.state import Phase
from services.selfplay import play_match

from .scenario import RULES, arrange, cid, in_action, play, settle

NAMES = ["Ana", "Ben"]


def _told(before, events, seat=None) -> list[str]:
    """Each event told on the state it came on."""
    lines = []
    for event in events:
        lines.append(RULES.narrate(before, event, seat, NAMES))
        before = RULES.evolve(before, event)
    return lines


def _my_turn(seed: str, **fields):
    game = in_action(2, seed)
    me = game.turn
    home = game.players[me].home
    warzone = fields.pop("warzone", ())
    return arrange(game, me, warzone=(home, *warzone), **fields), me


def test_a_short_invasion_is_told_with_its_numbers():
    snub, zeus = cid("Snub Fighter"), cid("Zeus")
    game, me = _my_turn("short", warzone=(snub,), energy=3)
    game = arrange(game, central=(zeus,))
    _, events = play(game, me, Invade(world=zeus, units=(snub,)))
    assert _told(game, events[:1])[0] == (
        f"{NAMES[me]}'s invasion of Zeus fell short: fleet 1 of 10, ground 0 of 8; 1 energy spent"
    )
    march = cid("Forced March")
    game = arrange(game, me, hand=(march,))
    _, events = play(game, me, Invade(world=zeus, units=(snub,), tactics=(march,)))
    assert _told(game, events[:1])[0] == (
        f"{NAMES[me]}'s invasion of Zeus fell short: fleet 1 of 10, ground 2 of 8, "
        "playing Forced March; 2 energy spent"
    )


def test_a_seat_with_no_action_points_left_is_passed_and_told_why():
    game, me = _my_turn("forced", action_points=0)
    _, events = settle(game)
    assert _told(game, events)[0] == f"{NAMES[me]} was passed: no action points left"


def test_a_seat_with_no_energy_is_passed_and_told_why():
    game, me = _my_turn("broke", energy=0, hand=(), surge_tokens=0)
    _, events = settle(game)
    assert _told(game, events)[0] == (
        f"{NAMES[me]} was passed: no energy left, and nothing to do without it"
    )


def test_cards_with_energy_tokens_leaving_the_central_zone_are_told():
    old, other, kept = cid("Kelvar Outpost"), cid("Hercules Bomber"), cid("Battle Cruiser")
    game = in_action(2, "leave")
    game = arrange(
        game, phase=Phase.GALACTIC, round=3, central=(old, other, kept), tokened=(old, other)
    )
    _, events = settle(game)
    assert _told(game, events)[0] == (
        "2 cards with energy tokens left the Central Zone for the top of their Galactic decks: "
        "Kelvar Outpost and Hercules Bomber"
    )


def test_a_draft_is_told_with_the_card_and_what_it_cost():
    bomber = cid("Hercules Bomber")
    game, me = _my_turn("draft", energy=5)
    game = arrange(game, central=(bomber,), tokened=(bomber,))
    _, events = play(game, me, Draft(card=bomber))
    assert _told(game, events[:1])[0] == (
        f"{NAMES[me]} drafted Hercules Bomber for 2 energy, and its energy token gave +1 energy"
    )


def test_a_prestige_card_s_token_is_told_going_back_without_energy():
    arch = cid("Triumphal Arch")
    game, me = _my_turn("prestige", energy=4)
    game = arrange(game, central=(arch,), tokened=(arch,))
    _, events = play(game, me, Draft(card=arch))
    assert _told(game, events[:1])[0] == (
        f"{NAMES[me]} drafted Triumphal Arch for 4 energy, straight into the Warzone, "
        "and its energy token went back"
    )


def test_a_decision_reads_as_its_seat_asked_it():
    snub, grunt, zeus = cid("Snub Fighter"), cid("Galactic Grunts"), cid("Zeus")
    plan = Invade(world=zeus, units=(snub, grunt), colonist=grunt)
    game, me = _my_turn("asked", warzone=(snub, grunt))
    assert RULES.narrate(game, plan, me, NAMES) == (
        "invade Zeus with Snub Fighter and Galactic Grunts, colonising with Galactic Grunts"
    )
    assert RULES.narrate(game, Keep(), me, NAMES) == "keep nothing and discard the whole hand"


def test_what_a_seat_keeps_is_named_to_that_seat_only():
    bomber, snub = cid("Hercules Bomber"), cid("Snub Fighter")
    game, me = _my_turn("keep", hand=(bomber, snub), energy=2)
    game = arrange(game, phase=Phase.DISCARD)
    kept = Kept(seat=me, card=bomber)
    said = {seat: RULES.narrate(game, kept, seat, NAMES) for seat in (me, 1 - me, None)}
    assert said[me] == f"{NAMES[me]} kept Hercules Bomber and discarded Snub Fighter; " + (
        "2 unspent energy is lost"
    )
    assert (
        said[1 - me]
        == said[None]
        == (f"{NAMES[me]} kept a card and discarded 1 card; 2 unspent energy is lost")
    )


def test_drawn_cards_are_named_to_the_drawer_and_counted_for_everyone_else():
    names, record, draws = ["Ana", "Ben", "Cleo"], None, 0
    for entry in play_match("core-worlds", "drawn", 3, "seed-drawn", ["greedy"]).entries:
        if isinstance(entry.body, Drew):
            drew, cards = entry.body, record.state.cards.cards
            for seat in (None, 0, 1, 2):
                line = RULES.narrate(record.state, drew, seat, names)
                if seat == drew.seat:
                    assert all(cards[c].name in line for c in drew.cards)
                else:
                    count = len(drew.cards)
                    assert line == f"{names[drew.seat]} drew {count} card{'s' * (count > 1)}"
            draws += 1
        record = apply(record, entry)
    assert draws > 30
