"""What the statistics API answers, for the gateway, the web pages and the command line alike.
A win rate is the mean win share (a tie split between its winners) with its 95 % Wilson
interval; a rating is openskill's Plackett-Luce mu and sigma, and its ordinal mu - 3 sigma,
the figure a table is sorted by."""

import msgspec


class Share(msgspec.Struct, frozen=True):
    """Seats that had something, and the share of wins they took."""

    seats: int
    win_rate: float
    low: float  # 95 % interval
    high: float


class SeatWins(msgspec.Struct, frozen=True):
    table: int  # seats in the match
    seat: int  # 0 first
    wins: Share


class ChoiceWins(msgspec.Struct, frozen=True):
    """A start (what a seat was dealt or given at setup) or a choice (a card drafted, bought,
    placed; an action chosen): how often taken, by how many seats, and their win share."""

    kind: str
    subject: str
    taken: int
    wins: Share


class Length(msgspec.Struct, frozen=True):
    table: int
    matches: int
    mean_rounds: float
    mean_decisions: float  # entries on the log
    mean_hours: float


class RoundCount(msgspec.Struct, frozen=True):
    rounds: int
    matches: int


class Refusals(msgspec.Struct, frozen=True):
    rule: str
    words: str
    refused: int


class Rating(msgspec.Struct, frozen=True):
    player: str  # the name
    mu: float
    sigma: float
    ordinal: float
    matches: int  # rated matches
    player_id: str = ""  # whose rating it is: "" for a name joined without a player token


class GameStats(msgspec.Struct, frozen=True):
    game: str
    round_word: str
    finished: int  # matches that ended
    rated: int  # matches that counted for ratings
    seats: list[SeatWins]
    starts: list[ChoiceWins]
    choices: list[ChoiceWins]  # the most taken first
    lengths: list[Length]
    rounds: list[RoundCount]
    refusals: list[Refusals]  # the rules that refuse most, most first
    ratings: list[Rating]  # the best ordinal first


class RatingStep(msgspec.Struct, frozen=True):
    match_id: str
    ended_ms: int
    mu: float
    sigma: float
    ordinal: float


class Result(msgspec.Struct, frozen=True):
    match_id: str
    game: str
    ended_ms: int
    seat: int
    outcome: str  # finished, left (to a bot), replaced
    place: int | None
    win_share: float
    rated: bool


class Reliability(msgspec.Struct, frozen=True):
    """As the Diplomacy sites keep it: `on_time` is the share of the player's decisions and
    missed deadlines that were decisions."""

    decisions: int
    missed: int
    defaults: int
    resigned: int
    timed_out: int
    handed_over: int
    replaced: int
    on_time: float


class PlayerGame(msgspec.Struct, frozen=True):
    game: str
    played: int  # ended matches the player held a seat of at the end, or left
    wins: float  # win shares summed
    rating: Rating | None  # none until a rated match
    history: list[RatingStep]  # after each rated match, oldest first
    reliability: Reliability


class PlayerStats(msgspec.Struct, frozen=True):
    player: str
    games: list[PlayerGame]
    results: list[Result]  # the latest first
