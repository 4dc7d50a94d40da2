"""A card in words: its kind, its numbers and its powers a line each, for views and the lookup."""

from events.rulesets.race_for_the_galaxy.cardset import Card, Score
from events.rulesets.race_for_the_galaxy.scoring import matches

PHASE_NAMES = {"I": "I Explore", "II": "II Develop", "III": "III Settle", "$": "$ Trade"}
PHASE_NAMES |= {"IV": "IV Consume", "V": "V Produce"}


def kind(card: Card) -> str:
    flags = "".join(f", {flag}" for flag in card.flags)
    if not card.is_world:
        return "Development" + flags + (", scores a bonus at game end" if card.scoring else "")
    said = "Military world" if card.military else "World"
    if card.good:
        said += f", {card.good} {card.mode}"
    return said + flags


def numbers(card: Card) -> dict[str, int]:
    found = {"defense": card.defense} if card.military else {"cost": card.cost}
    return found if card.scoring and not card.vp else found | {"VP": card.vp}  # a bonus: its worth


def abilities(card: Card) -> tuple[str, ...]:
    lines = [f"{PHASE_NAMES[p.phase]}: {p.text}" for p in card.powers]
    itself = next((line for line in card.scoring if matches(line, card)), None)  # RG-G3
    for line in card.scoring:
        lines.append(f"Game end: {score_text(line)}{' (this card included)' * (line is itself)}")
    return tuple(lines)


def score_text(line: Score) -> str:
    """A scoring line in the card list's notation (§2.4)."""
    match line.filter:
        case "world" if line.good:
            what = f"{line.good} world"
        case "development with power" | "world with power":
            article = "an" if line.row in ("I", "IV") else "a"
            what = f"{line.filter.split()[0]} with {article} {line.row} power"
        case "named":
            what = f"named {line.name}"
        case _:
            what = line.filter + (f" {line.good}" if line.good else "")
    return f"+{line.vp} per {what}"
