"""The lookup of the game's pieces (`Ruleset.cards`), in the data's own words: the system tiles
with their planets, the units, the technologies, the strategy cards, the objectives and the
trade cards."""

from events.kit.words import count
from events.ruleset import CardInfo
from events.rulesets.twilight_imperium_3.content import Content, Objective, System, Unit
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.trade_words import card_infos as trade_cards

SPECIAL_RULES = {  # TI-G10, in short
    "asteroid_field": "no ship passes without Antimass Deflectors, none ends a move there",
    "nebula": "defenders get +1 in space battles; entered only to end a move, left moving 1",
    "supernova": "no ship enters or passes through it",
}


def card_infos() -> list[CardInfo]:
    content = load()
    units = {u.name for u in content.units.values()}
    objectives = {o.name for o in content.objectives.values()}
    return [
        *(_system(s, content) for s in content.systems.values()),
        *(_unit(u) for u in content.units.values()),
        *(
            CardInfo(
                name=t.name + (" (technology)" if t.name in units else ""),
                kind=f"Technology, {t.colour}",
                copies=1,
                cost=8,  # TI-K3, less the specialty discounts
                abilities=(t.effect, *_prerequisites(t.requires_all, t.requires_any, content)),
            )
            for t in content.technologies.values()
        ),
        *(
            CardInfo(
                name=c.name,
                kind="Strategy card",
                copies=1,
                numbers={"initiative": c.number},
                abilities=tuple(
                    f"{label}: {said}"
                    for label, said in (
                        ("primary", c.primary),
                        ("secondary", c.secondary),
                        ("left out in stage 1", c.stage_one),
                    )
                    if said
                ),
                deck="the common area",
            )
            for c in content.strategy_cards
        ),
        *(_objective(o) for o in content.objectives.values()),
        *trade_cards(),
        *(
            CardInfo(
                name=c.name + (" (action card)" if c.name in objectives else ""),
                kind=f"Action card, played {c.timing}",
                copies=c.copies,
                abilities=(
                    c.effect,
                    *(["out of the deck until the Galactic Council, stage 3 (TI-Q1)"] * c.council),
                    *([f"not in the deck with {c.not_at[0]} players"] if c.not_at else []),
                ),
                deck="the action deck",
            )
            for c in content.action_cards.values()
        ),
    ]


def _system(system: System, content: Content) -> CardInfo:
    planets = tuple(
        f"{p.name}: {count(p.resources, 'resource')}, {p.influence} influence"
        + (f", {p.specialty} specialty" if p.specialty else "")
        for p in system.planets
    )
    wormhole = (f"wormhole {system.wormhole}",) if system.wormhole else ()
    special = (SPECIAL_RULES[system.kind],) if system.special else ()
    race = next((r.name for r in content.races.values() if r.home == system.id), "")
    where = f"home system of the {race}" if race else "the system tiles"
    return CardInfo(
        name=system.name,
        kind=f"System, {system.kind.replace('_', ' ')}",
        copies=system.copies,
        numbers={
            "planets": len(system.planets),
            "resources": sum(p.resources for p in system.planets),
            "influence": sum(p.influence for p in system.planets),
        },
        abilities=(*planets, *wormhole, *special),
        deck="the centre" if system.name == "Mecatol Rex" else where,
    )


def _unit(unit: Unit) -> CardInfo:
    numbers = {"combat": unit.combat, "dice": unit.dice, "move": unit.move}
    numbers |= {"capacity": unit.capacity} if unit.capacity else {}
    notes = [a.replace("_", " ") for a in unit.abilities]
    notes += [f"{unit.units_per_cost} for each cost"] if unit.units_per_cost > 1 else []
    notes += [f"at most {unit.per_planet} on a planet"] if unit.per_planet else []
    notes += [f"built only with {load().technologies[unit.requires].name}"] if unit.requires else []
    notes += [f"{unit.supplemental} shared tokens beyond the pieces"] if unit.supplemental else []
    return CardInfo(
        name=unit.name,
        kind=f"Unit, {unit.kind.replace('_', ' ')}",
        copies=unit.pieces,
        cost=unit.cost,
        numbers={k: v for k, v in numbers.items() if v},
        abilities=tuple(notes),
        deck="reinforcements",
    )


def _prerequisites(every: tuple[str, ...], one: tuple[str, ...], content: Content) -> list[str]:
    def names(ids: tuple[str, ...]) -> list[str]:
        return [content.technologies[t].name for t in ids]

    said = [f"requires {n}" for n in names(every)]
    return said + ([f"requires one of {', '.join(names(one))}"] if one else [])


def _objective(objective: Objective) -> CardInfo:
    secret = objective.stage == "secret"
    ending = {"victory": "wins the game at once", "end": "ends the game when revealed"}
    return CardInfo(
        name=objective.name or objective.text,
        kind="Secret objective" if secret else f"Public objective, stage {objective.stage}",
        copies=1,
        numbers={"points": objective.vp},
        abilities=(
            objective.text,
            *([ending[objective.outcome]] if objective.outcome in ending else []),
        ),
        deck="the secret objectives" if secret else f"the stage {objective.stage} objectives",
    )
