"""What a seat may see: its own hand and discard pile, and what is public. Nothing else leaves."""

import msgspec

from events.rulesets.core_worlds.scoring import score
from events.rulesets.core_worlds.state import Cards, Game, Score


class PlayerView(msgspec.Struct, frozen=True):
    seat: int
    home: int
    warzone: Cards
    colonists: Cards
    picks: Cards
    counters: tuple[tuple[int, int], ...]
    hand_size: int  # CW-D2: the size is public, the contents are not
    draw_size: int
    discard_size: int  # CW-C4: only the owner looks through it
    energy: int
    action_points: int
    surge_tokens: int
    done: bool
    score: Score  # public: every card enters an Empire in sight (draft, pick, conquest)


class SeatView(msgspec.Struct, frozen=True):
    seat: int | None  # None: a spectator
    card_set: str
    card_set_key: str  # how the match names its card set, to look the cards up
    provisional: bool
    round: int
    sector: int
    phase: str
    destiny: int
    turn: int
    to_act: tuple[int, ...]
    central: Cards
    tokened: Cards
    galactic_sizes: tuple[int, ...]
    players: tuple[PlayerView, ...]
    hand: Cards  # the seat's own
    discard: Cards  # the seat's own
    cards: dict[int, str]  # the name of every card this view shows
    scores: tuple[Score, ...]
    winners: tuple[int, ...]


class _LastScored:
    """The running scores of the last state viewed: its views, one per seat, share them."""

    game: Game | None = None
    scores: tuple[Score, ...] = ()


def _scores(game: Game) -> tuple[Score, ...]:
    if _LastScored.game is not game:
        _LastScored.scores = tuple(score(game, seat) for seat in range(game.seats))
        _LastScored.game = game
    return _LastScored.scores


def _public(game: Game, seat: int) -> PlayerView:
    p = game.players[seat]
    return PlayerView(
        seat=seat,
        home=p.home,
        warzone=p.warzone,
        colonists=p.colonists,
        picks=p.picks,
        counters=p.counters,
        hand_size=len(p.hand),
        draw_size=len(p.draw),
        discard_size=len(p.discard),
        energy=p.energy,
        action_points=p.action_points,
        surge_tokens=p.surge_tokens,
        done=p.done,
        score=_scores(game)[seat],
    )


def view(game: Game, seat: int | None, to_act: tuple[int, ...]) -> SeatView:
    own = game.players[seat] if seat is not None else None
    hand = own.hand if own is not None else ()
    discard = own.discard if own is not None else ()
    shown = [*game.central, *hand, *discard]
    for p in game.players:
        shown += [*p.warzone, *p.colonists, *p.picks]
    names = game.cards.cards
    return SeatView(
        seat=seat,
        card_set=game.cards.name,
        card_set_key=game.card_set,
        provisional=game.cards.provisional,
        round=game.round,
        sector=(game.round + 1) // 2,
        phase=game.phase,
        destiny=game.destiny,
        turn=game.turn,
        to_act=to_act,
        central=game.central,
        tokened=game.tokened,
        galactic_sizes=tuple(len(d) for d in game.galactic),
        players=tuple(_public(game, s) for s in range(game.seats)),
        hand=hand,
        discard=discard,
        cards={c: names[c].name for c in shown},
        scores=game.scores,
        winners=game.winners,
    )
