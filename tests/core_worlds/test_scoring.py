"""The end of the game and scoring (CW-F)."""

from events.rulesets.core_worlds.decisions import Keep, Pass
from events.rulesets.core_worlds.happenings import GameScored
from events.rulesets.core_worlds.scoring import final_scores, score
from events.rulesets.core_worlds.state import Phase

from .scenario import CARDS, RULES, arrange, cid, in_action, play, rejected


def _empty_empires(seats: int = 2):
    game = in_action(seats, "f")
    for seat in range(seats):
        home = game.players[seat].home
        game = arrange(game, seat, hand=(), draw=(), discard=(), warzone=(home,), colonists=())
    return game


def test_cw_f1_the_game_ends_after_round_ten():
    game = in_action(2, "f1")
    while game.phase != Phase.DISCARD:
        game, _ = play(game, game.turn, Pass())
    game = arrange(game, round=10)
    game, _ = play(game, 0, Keep())
    game, events = play(game, 1, Keep())
    assert isinstance(events[-1], GameScored) and game.phase == Phase.OVER and RULES.is_over(game)
    assert RULES.waiting(game).must == () and RULES.legal(game, 0) == []
    assert rejected(game, 0, Pass(), "CW-F1") == "the game is over"


def test_cw_f2_bonus_points_for_the_warzone_and_per_type_in_the_empire():
    game = _empty_empires()
    home = game.players[0].home
    ship, zeus = cid("World Ship"), cid("Zeus")
    snubs = tuple(cid("Snub Fighter", i) for i in range(3))
    game = arrange(
        game,
        0,
        warzone=(home, ship, zeus),
        colonists=snubs[:1],
        hand=snubs[1:2],
        discard=(snubs[2], cid("Star Lancer")),
    )
    assert score(game, 0).bonus == 4 + 1 * 4  # World Ship in the Warzone; Zeus: 4 Starfighters
    assert score(arrange(game, 0, warzone=(home, zeus, ship)), 0).bonus == 8  # in any order
    game = arrange(game, 0, warzone=(home, zeus), discard=(ship, snubs[2], cid("Star Lancer")))
    assert score(game, 0).bonus == 4


def test_cw_f3_printed_points_of_every_card_in_the_empire():
    game = _empty_empires()
    home = game.players[0].home
    cards = {
        "hand": (cid("Battle Cruiser"),),
        "draw": (cid("Leviathan"),),
        "discard": (cid("Titan Walker"),),
        "warzone": (home, cid("Ruskar"), cid("Crown of Stars")),
        "colonists": (cid("Snub Fighter"),),
    }
    game = arrange(game, 0, **cards)
    expected = sum(CARDS.cards[c].ep for pile in cards.values() for c in pile)
    assert score(game, 0).printed == expected == 2 + 3 + 2 + 1 + 2 + 7 + 0


def test_cw_f4_ties_broken_by_world_energy_then_worlds_then_shared():
    game = _empty_empires(3)
    homes = [p.home for p in game.players]
    game = arrange(game, 0, warzone=(homes[0], cid("Vesper Moon")))  # 1 EP, 2 energy
    game = arrange(game, 1, warzone=(homes[1], cid("Kelvar Outpost")))  # 1 EP, 1 energy
    game = arrange(game, 2, warzone=(homes[2], cid("Mireth")))
    assert final_scores(game).winners == (0,)
    game = arrange(game, 0, warzone=(homes[0], cid("Ruskar")))  # 2 EP
    game = arrange(game, 1, warzone=(homes[1], cid("Drift Colony"), cid("Tarn Reach")))
    assert final_scores(game).winners == (1,)  # 2 EP each, energy 3 against 2
    game = arrange(game, 0, warzone=(homes[0], cid("Tarn Reach"), cid("Mireth")))
    game = arrange(game, 1, warzone=(homes[1], cid("Drift Colony"), cid("Ossa Minor")))
    assert final_scores(game).winners == (0, 1)


def test_cw_f2_a_card_kind_named_by_a_bonus_counts_every_card_of_that_kind():
    game = _empty_empires()
    home = game.players[0].home
    odin, ruskar = cid("Odin"), cid("Ruskar")
    game = arrange(game, 0, warzone=(home, odin, ruskar))
    assert score(game, 0).bonus == 1 * 3  # Odin: a point per World, itself and the home too
    isis, rhee, crown = cid("Isis"), cid("Commander Rhee"), cid("Crown of Stars")
    game = arrange(game, 0, warzone=(home, isis, rhee), hand=(crown,))
    assert score(game, 0).bonus == 2 * 2  # Isis: per Hero and per Prestige card
