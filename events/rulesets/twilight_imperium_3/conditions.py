"""The objectives' condition vocabulary (RULES.md TI-O): each test an objective may name in
content/objectives.toml, as a table whose `test` field picks the kind. An objective is met when
every one of its conditions holds for the player scoring it."""

from typing import Annotated, Literal

import msgspec

Count = Annotated[int, msgspec.Meta(ge=0)]
Specialty = Literal["red", "green", "blue"]


class _Test(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="test"):
    pass


class PlanetsOutsideHome(_Test, tag="planets_outside_home"):
    """Controls this many planets outside the player's own home system."""

    at_least: Count


class SpecialtyPlanets(_Test, tag="specialty_planets"):
    """Controls this many planets with a technology specialty; all of one specialty if `same`."""

    at_least: Count
    same: bool = False


class Specialties(_Test, tag="specialties"):
    """Controls a planet of each of these specialties."""

    colours: tuple[Specialty, ...]


class Technologies(_Test, tag="technologies"):
    """Owns this many technologies."""

    at_least: Count


class TechnologyColours(_Test, tag="technology_colours"):
    """Owns `each` technologies in each of `colours` different colours."""

    colours: Count
    each: Count


class Spend(_Test, tag="spend"):
    """Spends this much, when scoring, of trade goods, resources or influence."""

    what: Literal["trade_goods", "resources", "influence"]
    amount: Count


class AllUnitsOnBoard(_Test, tag="all_units_on_board"):
    """Every piece of this unit type of the player's colour is on the board."""

    unit: str


class MecatolRex(_Test, tag="mecatol_rex"):
    """Controls Mecatol Rex, with one of the player's space docks on it if `space_dock`."""

    space_dock: bool = False


class MecatolRexAllRound(_Test, tag="mecatol_rex_all_round"):
    """Has controlled Mecatol Rex since this round's strategy phase began, without a break."""


class UnitsInMecatolRex(_Test, tag="units_in_mecatol_rex"):
    """Has this many units of these types in the Mecatol Rex system, its planet included."""

    units: tuple[str, ...]
    at_least: Count


class MecatolRexAndNeighbours(_Test, tag="mecatol_rex_and_neighbours"):
    """Controls the Mecatol Rex system and every system next to it that a ship may end in: a
    ship of the player's other than a fighter there, and every planet there controlled."""


class InfluenceOverNeighbours(_Test, tag="influence_over_neighbours"):
    """The influence of the player's planets exceeds that of both neighbours' planets together."""


class HomeSystemsOfOthers(_Test, tag="home_systems_of_others"):
    """Controls every planet of this many other players' home systems."""

    at_least: Count


class ShipsInWormholeSystems(_Test, tag="ships_in_wormhole_systems"):
    """Has a ship other than a fighter in every system with a wormhole."""


class TookNeighboursLastSpaceDock(_Test, tag="took_neighbours_last_space_dock"):
    """This round, took from a neighbour the planet holding that neighbour's last space dock."""


Condition = (
    PlanetsOutsideHome
    | SpecialtyPlanets
    | Specialties
    | Technologies
    | TechnologyColours
    | Spend
    | AllUnitsOnBoard
    | MecatolRex
    | MecatolRexAllRound
    | UnitsInMecatolRex
    | MecatolRexAndNeighbours
    | InfluenceOverNeighbours
    | HomeSystemsOfOthers
    | ShipsInWormholeSystems
    | TookNeighboursLastSpaceDock
)
