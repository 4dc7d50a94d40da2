"""Rule IDs of the platform itself: checks every ruleset shares, cited like rulebook rules."""

import unicodedata

# The platform rules a new match is judged by, kept in its `match.created`: a match is judged by
# the version it was opened with. 1: another seat's sealed entries leave a seat's view fresh (SL-5).
# 2: a refused sealed choice writes a `SealedRefusal` after its ruling, as many entries as a
# choice accepted. 3: take-backs, disputes and rollbacks (`events.corrections`); a ruling says
# whether judging it drew chance; seats write messages to each other (`events.messages`); a
# prompt the game makes automatic is answered by the judge where it has one legal answer
# (`Ruleset.automatic`), nobody asked. 4: in a sealed step a seat's deadline runs until the step
# ends, its answer clearing none, and a seat that answered keeps its choice when its deadline
# passes, written as a default would be (SL-27); the organiser moves a running match to another
# version of its game (`events.upgrades`, SL-26); where the match lets the organiser decide
# take-backs alone, it takes back a seat's last decision (SL-24); a sealed window's answers, the
# clock's default ones included, are held off the numbered record and told together in seat
# order once every seat it asks has answered and no deadline of theirs that fell due stands
# (`events.held_answers`, SL-28), and nothing is taken back while it is open (SL-24).
VERSION = 4
SEALED_REFUSALS = 2  # the first version whose refused sealed choices write a `SealedRefusal`
CORRECTIONS = 3  # the first version that takes corrections and keeps an undo window
MESSAGES = 3  # the first version whose seats write messages (the organiser announced before)
AUTOMATIC = 3  # the first version whose judge answers automatic prompts
SEALED_DEADLINES = 4  # the first version whose sealed steps keep their deadlines (SL-27)
UPGRADES = 4  # the first version whose organiser moves a match to another version of its game
ORGANISER_TAKE_BACKS = 4  # the first version whose organiser takes back a seat's decision
HELD_ANSWERS = 4  # the first version holding a sealed window's answers until it closes (SL-28)

OVERSIZED = "SL-1"  # a decision is at most 64 KiB
MALFORMED = "SL-2"  # the decision does not match any decision this game knows
UNKNOWN_MATCH = "SL-3"  # only `match.create` may name a match that does not exist
SEAT = "SL-4"  # the seat must exist and be held by a player
STALE = "SL-5"  # the player decided on a view the match has changed since
MATCH_EXISTS = "SL-6"  # a match id is created once
MATCH_OVER = "SL-7"  # a finished match takes no decisions
NOT_STARTED = "SL-8"  # play starts once every seat is held
CREATE = "SL-9"  # a new match names a known game and a seat count it allows
UNSTORABLE = "SL-10"  # a decision holds only what the log keeps (events.storable)
RESERVED_NAME = "SL-11"  # a player takes no platform name; the organiser alone seats a bot
CLOCK = "SL-12"  # a seat past its deadline and grace is excused, waited for, or decided for
CLOCK_TOOLS = "SL-13"  # only the organiser moves deadlines and pauses the clock
RESIGN = "SL-14"  # a player may resign their seat; the game's bot plays it to the end
ABSENCE = "SL-15"  # a player may declare days away, within the clock's allowance
SEAT_HOLDER = "SL-16"  # the organiser alone replaces a seat's player or hands it to a bot
HOLD = "SL-17"  # a seat choosing in a simultaneous phase may hold it open until its deadline
ANNOUNCE = "SL-18"  # the organiser alone writes to a match's players
SEAT_VIEW = "SL-19"  # the organiser sees a seat's hidden information only by an entry all read
RELIABILITY = "SL-20"  # a match or league may ask a minimum reliability of who joins it
MESSAGE = "SL-21"  # a message is of a kind the match allows, to its seats, of 1 to 1,000 chars
MESSAGE_RATE = "SL-22"  # a seat writes at most 10 messages a minute
HIDE_MESSAGE = "SL-23"  # the organiser alone hides a message, saying why; the hiding is on the log
TAKE_BACK = "SL-24"  # a seat takes back its last decision alone only while nothing depends on it
DISPUTE = "SL-25"  # a seat disputes a ruling; the organiser upholds it or sets the match back
UPGRADE = "SL-26"  # the organiser moves a match to another version, set back where it differs
SEALED_DEADLINE = "SL-27"  # a sealed step's deadlines show no seat's answer to the others
HELD_ANSWER = "SL-28"  # a sealed window's answers are told together, in seat order

WORDS = {
    OVERSIZED: "A decision is at most 64 KiB.",
    MALFORMED: "A decision must match one of the decisions this game knows.",
    UNKNOWN_MATCH: "Only `match.create` may name a match that does not exist.",
    SEAT: "A seat must exist and be held by a player.",
    STALE: "A player must not decide on a view the match has changed since.",
    MATCH_EXISTS: "A match id is created once.",
    MATCH_OVER: "A finished match takes no decisions.",
    NOT_STARTED: "Play starts once every seat is held.",
    CREATE: "A new match names a known game and a seat count it allows.",
    UNSTORABLE: "A decision holds only text and numbers every read model can store, and no"
    " more text or entries than a game can use.",
    RESERVED_NAME: "No player takes the organiser's or a bot's name; the organiser seats bots.",
    CLOCK: "Missed deadline: once a seat's deadline and grace period pass, it is excused while"
    " it has excuses left; then the match's clock waits for it, has the game's bot decide for"
    " it, or hands its seat to that bot.",
    CLOCK_TOOLS: "Only the organiser extends a deadline or pauses and resumes the clock.",
    RESIGN: "A player may resign their seat; the game's bot plays it to the end.",
    ABSENCE: "A player may declare days away, up to the clock's allowance a match; their seat's"
    " clock stops meanwhile.",
    SEAT_HOLDER: "Only the organiser replaces a held seat's player or hands the seat to the"
    " game's bot; a player who no longer holds a seat no longer acts for it.",
    HOLD: "A seat choosing in a simultaneous phase of a match with a clock may hold the phase"
    " open: it resolves once every seat has chosen and every hold is released or its holder's"
    " deadline has passed; until then a choice may still change.",
    ANNOUNCE: "Only the organiser writes a message to a match's players.",
    MESSAGE: "A message is of a kind the match's options allow (public, private, unsigned),"
    " written to seats of the match, from 1 to 1,000 characters.",
    MESSAGE_RATE: "A seat writes at most 10 messages a minute.",
    HIDE_MESSAGE: "Only the organiser hides a message, saying why; every player reads that it did.",
    SEAT_VIEW: "The organiser sees a seat's hidden information in a running match only by"
    " opening it, an entry every player reads, and only as of that entry.",
    RELIABILITY: "An organiser may ask of those who join a match or league a minimum share of"
    " decisions on time in its game; they join with their player token, whose record counts.",
    TAKE_BACK: "A seat takes back its own last decision alone while nothing depends on it: no"
    " other seat has decided since, it drew no chance and showed nothing hidden; otherwise the"
    " other seats' players must all accept (or the organiser decide, where the match allows it"
    " or no player can be asked). Where the match lets the organiser decide take-backs alone,"
    " the organiser may also take back a seat's last decision itself. What is taken back is"
    " set aside, not deleted. While a sealed response window is open nothing is taken back:"
    " an answer to it is changed, while the game allows, by answering again.",
    DISPUTE: "A seat may dispute a ruling; the organiser upholds it with a note or corrects it"
    " by setting the match back to before the disputed decision, within the last"
    " decisions the match keeps to go back to.",
    UPGRADE: "The organiser may move a running match to another version of its game kept by"
    " this server: set back to before the first decision that version judges otherwise (if"
    " any, within the last decisions the match keeps to go back to), it is judged by that"
    " version from then on, and no correction reaches back before the move.",
    SEALED_DEADLINE: "In a step of sealed choices (a sealed response window) every seat choosing"
    " keeps its deadline until the step ends, answered or not; a seat that answered keeps its"
    " choice when its deadline passes, and the others read that as any seat's timeout there."
    " In a sealed response window the bot's answer for a seat that had not answered is held"
    " like its own (SL-28), and the window closes only once every deadline of its seats that"
    " has fallen due is reached.",
    HELD_ANSWER: "A seat's answer to a sealed response window is heard by that seat alone until"
    " every seat the window asks has answered; then the answers are told together, in seat"
    " order, each sent by the window at that moment: no entry number, order or time tells who"
    " answered first, by hand or for a standing order, or who held nothing to play.",
}

ORGANISER = "organiser"  # the sender of what an organiser asks (creates, bot seats)
BOT_PREFIX = "bot:"  # a seat held by `bot:<level>` is played by that bot
AUTOMATIC_SENDER = "automatic"  # the sender of an automatic prompt's only answer
WINDOW_SENDER = "window"  # the sender of a sealed window's answers as told once it closes (SL-28)
# how every face tells a seat its answer to a sealed window was held (SL-28)
HELD_WORDS = "held: the others hear of it once every seat the window asks has answered"


# Letters that pass for Latin ones (Cyrillic, Greek, Latin variants), a digit for a letter,
# and colons that pass for ':': what makes a name look like a platform name it is not.
_LOOKALIKES = str.maketrans(
    "АВЕЅІЈКМНОРСТУХҮԚԜӀаеѕіјорсухүԁԛԝһӏкгп"
    "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧαοριυνκχεηγϲϳ"
    "\u0251\u0261\u0131\u2113"  # Latin alpha, script g, dotless i, script l
    "0"
    "\u02d0\u02f8\u0589\u05c3\u2236\ua789",
    "ABESIJKMHOPCTYXYQWIaesijopcyxydqwhlkrnABEZHIKMNOPTYXaopiuvkxenycjagilo::::::",
)


def skeleton(name: str) -> str:
    """What a name looks like, for telling whether two look the same: compatibility forms
    (full-width, superscripts, ligatures) as their plain letters (NFKC), format characters
    (zero-width spaces, soft hyphens, bidi controls) dropped, lookalikes as the Latin letters
    they pass for, case folded, spaces around trimmed."""
    plain = unicodedata.normalize("NFKC", name)
    shown = "".join(c for c in plain if unicodedata.category(c) != "Cf")
    return unicodedata.normalize("NFKC", shown.translate(_LOOKALIKES).casefold()).strip()


def reserved(name: str) -> bool:
    """A name only the platform gives, or one that looks like it: the organiser's, and bots'
    (`bot:<level>`)."""
    seen = skeleton(name)
    return seen == ORGANISER or seen.startswith(BOT_PREFIX)


MAX_DECISION_BYTES = 64 * 1024  # the gateway's request limit too, so what it takes fits here
