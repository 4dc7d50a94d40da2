"""A league's log: the records on the `leagues` topic, keyed by league id. The organiser's
opening, players' sign-ups and withdrawals (sent by the gateway) and each drawn round and the
end (sent by the league worker). Sign-ups and withdrawals are requests: the fold judges them in
log order (`events.leagues.fold`), so every reader and every rebuild judges them alike."""

from typing import Annotated, Any, Literal

import msgspec

from events.clock import Clock
from events.storable import Int64

LeagueName = Annotated[str, msgspec.Meta(min_length=1, max_length=60)]
Pairing = Literal["swiss", "round_robin"]

# Rule IDs of leagues, cited in refusals.
SIGN_UP = "LG-1"  # a player signs up once, while no round is drawn
WITHDRAW = "LG-2"  # a signed-up player may withdraw once; their matches go to bots
RULES = "LG-3"  # a league names a known game, seats it allows, a pairing, rounds and a start


class LeagueRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What the organiser chose. Round 1 is drawn once `players` have signed up, or at
    `starts_ms` with at least `seats` of them; each later round once the previous one is done
    and, with `round_every_s`, no sooner than that after the previous one was drawn (a weekly
    league's dates). Round robin plays `rounds` rounds of its schedule (0: all of it)."""

    game: str
    seats: Annotated[int, msgspec.Meta(ge=2, le=16)] = 2
    pairing: Pairing = "swiss"
    rounds: Annotated[int, msgspec.Meta(ge=0, le=100)] = 0
    options: dict[str, Any] = {}
    clock: Clock | None = None
    players: Annotated[int, msgspec.Meta(ge=2, le=1000)] | None = None
    starts_ms: Int64 | None = None
    min_reliability: Annotated[float, msgspec.Meta(ge=0, le=1)] | None = None
    round_every_s: Annotated[int, msgspec.Meta(ge=0, le=366 * 86_400)] = 0


class LeagueOpened(msgspec.Struct, frozen=True, tag="league.opened"):
    name: LeagueName
    rules: LeagueRules
    seed_commitment: str  # sha256 of the seed, public from the start
    seed: str  # the pairings' chance; secret until the league ends


class SignUp(msgspec.Struct, frozen=True, tag="league.sign_up"):
    player_id: str
    name: str


class Withdraw(msgspec.Struct, frozen=True, tag="league.withdraw"):
    player_id: str


class Table(msgspec.Struct, frozen=True):
    match_id: str
    players: list[str]  # player ids, by seat


class RoundDrawn(msgspec.Struct, frozen=True, tag="league.round_drawn"):
    round: int  # from 1
    tables: list[Table]
    byes: list[str]  # player ids sitting the round out, each scoring a win


class LeagueEnded(msgspec.Struct, frozen=True, tag="league.ended"):
    """Every round is played (or too few players are left): the seed is told."""


LeagueEntry = LeagueOpened | SignUp | Withdraw | RoundDrawn | LeagueEnded


class LeagueRecord(msgspec.Struct, frozen=True, kw_only=True):
    league_id: str
    entry_id: str  # unique per league: a record read twice counts once
    at_ms: Int64
    body: LeagueEntry


RECORD_DECODER = msgspec.json.Decoder(LeagueRecord)


def match_id(league_id: str, round_number: int, table: int) -> str:
    """A league match's id: the same every time its round is opened, so a retry opens nothing."""
    return f"{league_id}-r{round_number}-t{table + 1}"


def rules_error(rules: LeagueRules) -> str | None:
    """Why these rules make no league (the game's own checks aside), or None."""
    if rules.pairing == "round_robin" and rules.seats != 2:
        return "round robin pairs two seats a match (every pair meets once)"
    if rules.pairing == "swiss" and rules.rounds < 1:
        return "a Swiss league needs its number of rounds"
    if rules.players is None and rules.starts_ms is None:
        return "say when round 1 starts: at a number of players, at a date, or both"
    if rules.players is not None and rules.players < rules.seats:
        return f"{rules.players} players cannot fill a {rules.seats}-seat match"
    return None
