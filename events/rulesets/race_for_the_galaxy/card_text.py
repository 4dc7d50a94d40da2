"""A card in words: its kind, its numbers and its powers a line each, for views and the lookup."""

from events.rulesets.race_for_the_galaxy.cardset import Card, Score

PHASE_NAMES = {"I": "I Explore", "II": "II Develop", "III": "III Settle", "$": "$ Trade"}
PHASE_NAMES |= {"IV": "IV Consume", "V": "V Produce"}


def kind(card: Card) -> str:
    if not card.is_world:
        return "Development" + (", scores a bonus at game end" if card.scoring else "")
    said = "Military world" if card.military else "World"
    if card.good:
        said += f", {card.good} {card.mode}"
    return said + "".join(f", {flag}" for flag in card.flags)


def numbers(card: Card) -> dict[str, int]:
    found = {"defense": card.defense} if card.military else {"cost": card.cost}
    return found if card.scoring and not card.vp else found | {"VP": card.vp}  # a bonus: its worth


def abilities(card: Card) -> tuple[str, ...]:
    lines = [f"{PHASE_NAMES[p.phase]}: {p.text}" for p in card.powers]
    lines += [f"Game end: {score_text(line)}" for line in card.scoring]
    return tuple(lines)


def score_text(line: Score) -> str:
    """A scoring line in the card list's notation (§2.4)."""
    match line.filter:
        case "world" if line.good:
            what = f"{line.good} world"
        case "development with power" | "world with power":
            what = f"{line.filter.split()[0]} with a {line.row} power"
        case "named":
            what = f"named {line.name}"
        case _:
            what = line.filter + (f" {line.good}" if line.good else "")
    return f"+{line.vp} per {what}"
