"""What renderers get from Core Worlds: a description of a view (the seat's own cards, others'
by count, a running score and the final breakdown), the card lookup, and rules in words."""

from events.match import apply
from events.ruleset import Description, Section
from events.rulesets.core_worlds.scoring import score
from services.selfplay import play_match

from .scenario import CARDS, RULES, arrange, cid, in_action

NAMES = ["Ana", "Ben", "Cleo"]
ENTRIES = play_match("core-worlds", "described", 3, "seed-d", ["greedy"]).entries


def _state(count: int):
    record = None
    for entry in ENTRIES[:count]:
        record = apply(record, entry)
    return record.state


def _section(description: Description, title: str) -> Section:
    return next(s for s in description.sections if s.title == title)


def _fields(section: Section) -> dict[str, str]:
    return {f.label: f.value for f in section.fields}


def test_a_seat_sees_its_own_hand_by_name_and_the_others_by_count():
    game = _state(120)
    described = RULES.describe(RULES.view(game, 1), NAMES)
    [hand, _] = _section(described, "Your cards (Ben)").cards
    assert [c.name for c in hand.cards] == [CARDS.cards[c].name for c in game.players[1].hand]
    ana = _section(described, "Ana")
    assert _fields(ana)["Hand"] == f"{len(game.players[0].hand)} cards"
    assert {pile.label for pile in ana.cards} <= {"Warzone", "Colonists", "Sector 0 picks"}
    assert "Ben (you)" in [s.title for s in described.sections]
    public = RULES.describe(RULES.view(game, None), NAMES)
    assert not any(s.title.startswith("Your cards") for s in public.sections)


def test_central_zone_cards_carry_their_numbers_and_energy_tokens():
    zeus, bomber = cid("Zeus"), cid("Hercules Bomber")
    game = arrange(in_action(2, "faces"), central=(zeus, bomber), tokened=(bomber,))
    [central] = _section(RULES.describe(RULES.view(game, None)), "The table").cards
    assert [(c.name, c.note) for c in central.cards] == [
        ("Zeus", ""),
        ("Hercules Bomber", "energy token"),
    ]
    assert central.cards[0].numbers == {"fleet": 10, "ground": 8, "energy": 3, "points": 2}
    assert central.cards[1].kind == "Unit, Starfighter" and central.cards[1].numbers["draft"] == 2


def test_the_running_score_counts_every_card_of_each_empire():
    game = _state(300)
    section = _section(RULES.describe(RULES.view(game, 0), NAMES), "Score so far")
    [table] = section.tables
    assert table.columns == ("Player", "Printed", "Bonus", "Total", "World energy", "Worlds")
    assert [row[3] for row in table.rows] == [str(score(game, s).total) for s in range(3)]


def test_the_final_score_shows_its_breakdown_and_the_winners():
    game = _state(len(ENTRIES))
    section = _section(RULES.describe(RULES.view(game, None), NAMES), "Final score")
    [table] = section.tables
    assert [row[1:4] for row in table.rows] == [
        (str(s.printed), str(s.bonus), str(s.total)) for s in game.scores
    ]
    winners = " and ".join(NAMES[s] for s in game.winners)
    assert _fields(section).get("Winner", _fields(section).get("Shared victory")) == winners


def test_the_card_lookup_lists_each_card_once_with_its_copies_and_text():
    cards = RULES.cards({})
    assert len(cards) == len({card.name for card in CARDS.cards})
    bomber = next(c for c in cards if c.name == "Hercules Bomber")
    assert (bomber.kind, bomber.cost, bomber.deck) == ("Unit, Starfighter", 2, "Galactic deck I")
    assert bomber.abilities == ("During an Invasion: pay 1 energy for +2 Ground.",)
    assert bomber.copies == next(c.copies for c in CARDS.cards if c.name == "Hercules Bomber")
    grunts = next(c for c in cards if c.name == "Galactic Grunts")
    assert grunts.cost is None and "draft" not in grunts.numbers


def test_every_rule_id_reads_in_the_rulebook_s_words():
    assert all(RULES.rule_text(rule) for rule in RULES.rule_ids())
    assert RULES.rule_text("CW-A3.3").startswith("Units in hand never count.")
    assert RULES.rule_text("CW-A").startswith("Action phase: Turns go clockwise")
    assert RULES.rule_text("CW-Z9") == ""


def test_each_empire_tells_its_warzone_strength_energy_tokens_counted():
    """Fleet and Ground of the Warzone's Units (a World's numbers are not strength), with a
    Genetic Super Soldier's +2 Ground per energy token on it."""
    soldier, cutter, world = cid("Genetic Super Soldier"), cid("Patrol Cutter"), cid("Zeus")
    game = in_action(2, "strength")
    home = game.players[0].warzone[0]
    game = arrange(game, 0, warzone=(home, world, soldier, cutter), counters=((soldier, 2),))
    ana = _section(RULES.describe(RULES.view(game, 1), NAMES), "Ana")
    assert _fields(ana)["Warzone strength"] == "Fleet 2, Ground 6"
    assert _fields(ana)["Energy"] == str(game.players[0].energy)
