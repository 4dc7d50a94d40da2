"""Rule IDs of the platform itself: checks every ruleset shares, cited like rulebook rules."""

OVERSIZED = "SL-1"
MALFORMED = "SL-2"
UNKNOWN_MATCH = "SL-3"
SEAT = "SL-4"
STALE = "SL-5"
MATCH_EXISTS = "SL-6"
MATCH_OVER = "SL-7"
NOT_STARTED = "SL-8"
CREATE = "SL-9"

WORDS = {
    OVERSIZED: "A decision is at most 64 KiB.",
    MALFORMED: "A decision must match one of the decisions this game knows.",
    UNKNOWN_MATCH: "Only `match.create` may name a match that does not exist.",
    SEAT: "A seat must exist and be held by a player.",
    STALE: "A player must not decide on a view older than the match.",
    MATCH_EXISTS: "A match id is created once.",
    MATCH_OVER: "A finished match takes no decisions.",
    NOT_STARTED: "Play starts once every seat is held.",
    CREATE: "A new match names a known game and a seat count it allows.",
}

MAX_DECISION_BYTES = 64 * 1024
