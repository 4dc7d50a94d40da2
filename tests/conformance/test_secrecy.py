"""Views never show what resampling would change: a state dealt anew for a seat looks the
same to that seat and to the public, and so do whom the game waits for, the standing and
the seat's own legal decisions (else a bot, given the dealt state, could tell the two apart)."""

import random

import pytest

from events.ruleset import Accepted, shown_waiting

from .games import RULESETS, game_seats, positions, sample

POSITIONS = 80
DEALS = 3


@pytest.mark.parametrize(("game", "seats"), game_seats())
def test_resampling_changes_nothing_a_seat_or_the_public_sees(game: str, seats: int) -> None:
    ruleset = RULESETS[game]
    changed = 0
    for n, (state, _, _) in enumerate(sample(positions(game, seats), POSITIONS)):
        public, waiting, standing = (
            ruleset.view(state, None),
            ruleset.waiting(state),
            ruleset.standing(state),
        )
        for seat in range(seats):
            seen, options = ruleset.view(state, seat), ruleset.legal(state, seat)
            for deal in range(DEALS):
                dealt = ruleset.resample(state, seat, random.Random(f"{n}:{seat}:{deal}"))
                where = (game, seats, n, seat, deal)
                assert type(dealt) is type(state), where
                assert ruleset.view(dealt, seat) == seen, where
                assert ruleset.view(dealt, None) == public, where
                assert ruleset.waiting(dealt) == waiting, where
                assert ruleset.standing(dealt) == standing, where
                assert ruleset.legal(dealt, seat) == options, where
                changed += dealt != state
    # every game hosted has hidden information: a resample that never deals anything new
    # hides nothing, and would make this test and the bots' blindness vacuous
    assert changed, f"{game}: resample never changed a state"


@pytest.mark.parametrize(("game", "seats"), game_seats())
def test_an_accepted_sealed_choice_writes_one_event_sealed_for_its_seat(
    game: str, seats: int
) -> None:
    """A refused sealed choice writes its ruling and a `SealedRefusal` (platform rules 2): an
    accepted one must write as many, its ruling and one event sealed for its seat, and nothing
    follows on its own while others still choose; else the entry count tells the verdict."""
    ruleset = RULESETS[game]
    for n, (state, seat, decision) in enumerate(positions(game, seats)):
        if not ruleset.sealed(state, seat):
            continue
        chance = random.Random(n)
        verdict = ruleset.decide(state, seat, decision, chance)
        where = (game, seats, n, seat, decision)
        assert isinstance(verdict, Accepted), where
        assert [ruleset.sealed_event(e) for e in verdict.events] == [seat], where
        after = state
        for event in verdict.events:
            after = ruleset.evolve(after, event)
        if ruleset.waiting(after).must:
            assert ruleset.react(after, chance) == [], where


@pytest.mark.parametrize(("game", "seats"), game_seats())
def test_a_sealed_answer_changes_nothing_another_seat_or_the_public_sees(
    game: str, seats: int
) -> None:
    """While a seat weighs a sealed response, the others cannot tell it from one that has
    answered: their views and whom they see waited for (a lobby's `to_act` is the public's)
    stay as they were once it answers, until all have."""
    ruleset = RULESETS[game]
    for n, (state, seat, decision) in enumerate(positions(game, seats)):
        if not ruleset.sealed(state, seat):
            continue
        verdict = ruleset.decide(state, seat, decision, random.Random(n))
        assert isinstance(verdict, Accepted), (game, seats, n, seat, decision)
        after = state
        for event in verdict.events:
            after = ruleset.evolve(after, event)
        for reader in (*(s for s in range(seats) if s != seat), None):
            where = (game, seats, n, seat, reader)
            assert ruleset.view(after, reader) == ruleset.view(state, reader), where
            before, now = ruleset.waiting(state), ruleset.waiting(after)
            assert shown_waiting(now, reader) == shown_waiting(before, reader), where
