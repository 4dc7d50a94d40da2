"""Synchronicity (TI-Q76): played at the strategy phase's card window, it shows the action deck
to its player alone, who takes any card of it by its place; the deck is then shuffled. Three
players from seed 1 (speaker seat 0): Jol-Nar (seat 1) plays it, Mentak (seat 2) holds a
Sabotage; the cards in hand are out of the deck, as dealt cards are."""

import random
from copy import deepcopy

import msgspec

from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch, Ruling
from events.narration import Narrator
from events.rulesets.twilight_imperium_3.action_cards import UNSEEN, copies
from events.rulesets.twilight_imperium_3.card_decisions import (
    Discard,
    NoCard,
    PlayCard,
    Sabotage,
    TakeCard,
)
from events.rulesets.twilight_imperium_3.card_windows import open_card_window
from events.rulesets.twilight_imperium_3.state import Game, WindowPrompt
from events.rulesets.twilight_imperium_3.steps import _batch
from projections.secrecy import shown
from tests.random_play import Table
from tests.twilight_imperium_3.arena import said
from tests.twilight_imperium_3.cards import answered, copy, holding_cards
from tests.twilight_imperium_3.play import GAME, applied, refused, stationed, step

SPEAKER, SEARCHER, OTHER = 0, 1, 2
NAMES = ("ann", "bob", "cy")
TAKEN = "ghost_ship"  # one copy: its name shows nowhere else
INSTEAD = "plague"  # one copy too: the card he could have taken


def _dealt(state: Game, seat: int, *cards: str) -> Game:
    """The seat holding these cards, taken out of the deck."""
    state = holding_cards(state, seat, *cards)
    hand = state.players[seat].hand
    return msgspec.structs.replace(state, deck=tuple(c for c in state.deck if c not in hand))


def _window(*hands: tuple[int, tuple[str, ...]], deck: tuple[int, ...] | None = None) -> Game:
    """The strategy phase's first card window, open on round 1 before any pick."""
    state = stationed(3, seed=1)
    for seat, cards in hands:
        state = _dealt(state, seat, *cards)
    if deck is not None:
        state = msgspec.structs.replace(state, deck=deck)
    batch = _batch(state, random.Random(0))
    assert open_card_window(batch, "SP.start")
    return applied(state, batch.events)


def _searching(*more: tuple[int, tuple[str, ...]]) -> Game:
    """Jol-Nar's Synchronicity played and let be: the deck is shown to him."""
    state = _window((SEARCHER, ("synchronicity",)), (OTHER, ("sabotage",)), *more)
    state = answered(state, {SEARCHER: PlayCard("synchronicity")})
    assert state.stack[-1].prompt == WindowPrompt.SYNCHRONICITY
    return state


def _place(state: Game, card: str) -> int:
    """The first place of the card in the deck, from the top."""
    return next(n for n, c in enumerate(state.deck, 1) if copies()[c] == card)


def test_ti_q76_synchronicity_he_takes_a_card_of_the_deck_shown_him_alone_then_it_is_shuffled() -> (
    None
):
    state = _searching()
    assert GAME.waiting(state).must == (SEARCHER,)
    assert GAME.view(state, SEARCHER).deck == state.deck  # shown to him
    assert GAME.resample(state, SEARCHER, random.Random(7)).deck == state.deck  # as he saw it
    for reader in (SPEAKER, OTHER, None):
        assert set(GAME.view(state, reader).deck) == {UNSEEN}
    assert refused(state, SEARCHER, TakeCard(place=0)) == "TI-Q76"
    assert refused(state, SEARCHER, TakeCard(place=len(state.deck) + 1)) == "TI-Q76"
    after = step(state, SEARCHER, said(state, SEARCHER, f"take {_place(state, TAKEN)}"))
    assert [copies()[c] for c in after.players[SEARCHER].hand] == [TAKEN]
    left = tuple(c for c in state.deck if c != copy(TAKEN))
    assert sorted(after.deck) == sorted(left) and after.deck != left  # shuffled
    assert after.stack == () and GAME.waiting(after).must == (SPEAKER,)  # the first pick


def test_ti_q76_it_is_played_at_the_phases_end_too_not_with_an_empty_deck() -> None:
    empty = _dealt(stationed(3, seed=1), SEARCHER, "synchronicity")
    empty = msgspec.structs.replace(empty, deck=())
    assert not open_card_window(_batch(empty, random.Random(0)), "SP.start")  # nothing to do
    state = _window((SEARCHER, ("synchronicity", "command_summit")), deck=())
    assert refused(state, SEARCHER, PlayCard("synchronicity")) == "TI-Q76"
    assert PlayCard("synchronicity") not in GAME.legal(state, SEARCHER)
    state = _dealt(stationed(3, seed=1), SEARCHER, "synchronicity")
    assert open_card_window(_batch(state, random.Random(0)), "SP.end")


def test_ti_q76_he_takes_his_card_before_the_next_card_of_the_window_resolves() -> None:
    state = _window((SEARCHER, ("synchronicity",)), (OTHER, ("command_summit",)))
    state = answered(
        state, {SEARCHER: PlayCard("synchronicity"), OTHER: PlayCard("command_summit")}
    )
    assert state.stack[-1].prompt == WindowPrompt.SYNCHRONICITY
    assert [copies()[p.card] for p in state.pending] == ["command_summit"]  # waits its turn
    state = step(state, SEARCHER, TakeCard(place=1))
    assert state.stack[-1].prompt == WindowPrompt.SABOTAGE  # Command Summit's, asking him
    assert state.stack[-1].asked == (SEARCHER,)


def _searching_while_command_summit_waits() -> Game:
    """Bob's Synchronicity shows him the deck while Cy's Command Summit waits its turn; Bob holds
    Disclosure, Ann two cards."""
    state = _window(
        (SEARCHER, ("synchronicity", "disclosure")),
        (OTHER, ("command_summit",)),
        (SPEAKER, ("plague", "direct_hit")),
    )
    state = answered(
        state, {SEARCHER: PlayCard("synchronicity"), OTHER: PlayCard("command_summit")}
    )
    assert state.stack[-1].prompt == WindowPrompt.SYNCHRONICITY
    return state


def _waiting(state: Game) -> list[str]:
    return [copies()[p.card] for p in state.pending]


def test_ti_q68_q76_disclosure_at_his_search_is_answered_before_it_and_the_card_waiting() -> None:
    # an "any time" card waits its Sabotage window, resolves, and the prompt asks again (TI-Q2)
    state = step(_searching_while_command_summit_waits(), SEARCHER, PlayCard("disclosure", seat=0))
    assert state.stack[-1].prompt == WindowPrompt.SABOTAGE
    assert _waiting(state) == ["disclosure", "command_summit"]
    state = answered(state)
    assert state.stack[-1].prompt == WindowPrompt.DISCLOSURE  # Command Summit still waits
    assert _waiting(state) == ["command_summit"] and GAME.waiting(state).must == (SEARCHER,)
    state = step(state, SEARCHER, Discard(cards=("plague",)))
    assert state.stack[-1].prompt == WindowPrompt.SYNCHRONICITY  # his search, asked again
    assert _waiting(state) == ["command_summit"] and GAME.waiting(state).must == (SEARCHER,)
    state = step(state, SEARCHER, TakeCard(place=1))
    assert state.stack[-1].prompt == WindowPrompt.SABOTAGE  # Command Summit's turn at last
    assert _waiting(state) == ["command_summit"]


def test_ti_q69_q76_a_disclosure_sabotaged_at_his_search_leaves_the_card_waiting_for_it() -> None:
    state = _searching_while_command_summit_waits()
    state = holding_cards(state, SPEAKER, "plague", "sabotage")
    state = step(state, SEARCHER, PlayCard("disclosure", seat=SPEAKER))
    assert _waiting(state) == ["disclosure", "command_summit"]  # the Sabotage window's card first
    state = answered(state, {SPEAKER: Sabotage()})
    assert state.stack[-1].prompt == WindowPrompt.SYNCHRONICITY  # Disclosure cancelled
    assert _waiting(state) == ["command_summit"] and GAME.waiting(state).must == (SEARCHER,)


def test_ti_q76_by_default_he_takes_the_top_card_and_the_bots_choose_from_the_deck() -> None:
    state = _searching()
    assert GAME.bots["pass"](state, SEARCHER, random.Random(0)) == TakeCard(place=1)
    distinct = {copies()[c] for c in state.deck}
    assert len(GAME.legal(state, SEARCHER)) == len(distinct)  # each card once, for random
    greedy = GAME.bots["greedy"](state, SEARCHER, random.Random(0))
    assert greedy == TakeCard(place=_place(state, "sabotage"))  # the card it values most
    window = _window((SEARCHER, ("synchronicity",)))
    assert GAME.bots["greedy"](window, SEARCHER, random.Random(0)) == PlayCard("synchronicity")


def _page(state: Game, reader: int | None) -> str:
    return str(GAME.describe(GAME.view(state, reader), NAMES))


def _swapped(state: Game, hand_seat: int, card: str, instead: str) -> Game:
    """The same table, but `instead` where `card` is in the seat's hand and `card` in the deck."""
    one, other = copy(card), copy(instead)
    swap = {one: other, other: one}
    hand = tuple(swap.get(c, c) for c in state.players[hand_seat].hand)
    deck = tuple(swap.get(c, c) for c in state.deck)
    players = list(state.players)
    players[hand_seat] = msgspec.structs.replace(players[hand_seat], hand=hand)
    return msgspec.structs.replace(state, players=tuple(players), deck=deck)


def test_ti_q76_no_view_line_page_or_resample_of_another_seat_holds_the_deck_or_card_taken() -> (
    None
):
    state = _searching()
    reordered = msgspec.structs.replace(state, deck=state.deck[::-1])
    for reader in (SPEAKER, OTHER, None):  # the deck while shown to him
        assert GAME.view(reordered, reader) == GAME.view(state, reader)
        assert _page(reordered, reader) == _page(state, reader)
        assert "Deck shown to you" not in _page(state, reader)
    assert "Deck shown to you" in _page(state, SEARCHER)
    for reader in (SPEAKER, OTHER):
        dealt = GAME.resample(state, reader, random.Random(7))
        assert dealt == GAME.resample(reordered, reader, random.Random(7))
    take = TakeCard(place=_place(state, TAKEN))
    judged = GAME.decide(state, SEARCHER, take, random.Random(0))
    after = applied(state, judged.events)
    other_take = _swapped(after, SEARCHER, TAKEN, INSTEAD)  # had he taken the Plague
    for reader in (SPEAKER, OTHER, None):
        assert GAME.view(after, reader) == GAME.view(other_take, reader)
        assert _page(after, reader) == _page(other_take, reader)
        lines = [GAME.narrate(state, e, reader, NAMES) for e in (take, *judged.events)]
        assert not any("Ghost Ship" in line for line in lines), lines
    for reader in (SPEAKER, OTHER):
        for seed in range(5):
            dealt = GAME.resample(after, reader, random.Random(seed))
            assert dealt == GAME.resample(other_take, reader, random.Random(seed))
    mine = [GAME.narrate(state, e, SEARCHER, NAMES) for e in judged.events]
    assert "bob takes Ghost Ship from the action deck" in mine


def test_ti_q76_the_ruling_on_his_take_names_a_place_not_the_card_through_the_judge() -> None:
    table = Table("synchronicity")
    table.send(None, CreateMatch(ruleset="twilight-imperium-3", seats=3, seed="synchronicity"))
    for seat in range(3):
        table.send(seat, ClaimSeat(player=NAMES[seat]))
    record = table.folded.matches[table.match_id]
    arranged = _searching()
    record.state = arranged
    before = len(table.entries)
    narrators = {r: Narrator(r, deepcopy(record)) for r in (SPEAKER, OTHER, None)}
    table.send(SEARCHER, TakeCard(place=_place(arranged, TAKEN)))
    entries = table.entries[before:]
    [ruling] = [e for e in entries if isinstance(e.body, Ruling)]
    assert ruling.sealed_seat is None and ruling.body.accepted
    for reader, narrator in narrators.items():
        seen = encode(shown(ruling, 0, reader))
        assert TAKEN.encode() not in seen and b"Ghost Ship" not in seen, reader
        lines = [narrator.tell(e) for e in entries]
        assert not any("Ghost Ship" in line for line in lines), (reader, lines)
    assert copy(TAKEN) in table.folded.matches[table.match_id].state.players[SEARCHER].hand


def test_ti_q76_no_card_played_leaves_the_deck_hidden() -> None:
    state = _window((SEARCHER, ("synchronicity",)), (OTHER, ("sabotage",)))
    state = answered(state, {SEARCHER: NoCard()})
    assert state.stack == ()
    for reader in (SEARCHER, None):
        assert set(GAME.view(state, reader).deck) == {UNSEEN}
