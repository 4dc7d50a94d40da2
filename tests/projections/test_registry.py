"""Naming read models and crews on the command line."""

import pytest

from projections.registry import CREWS, PROJECTIONS, resolve


def test_the_crews_split_every_read_model_between_them_once() -> None:
    names = [n for crew in CREWS.values() for n in crew]
    assert sorted(names) == sorted(PROJECTIONS)


def test_a_crew_name_stands_for_its_read_models_and_repeats_count_once() -> None:
    assert [p.name for p in resolve(["records"])] == list(CREWS["records"])
    assert [p.name for p in resolve(["archive", "records"])] == ["archive", "audit"]
    assert resolve([]) == resolve(["all"]) == list(PROJECTIONS.values())


def test_an_unknown_name_is_refused_naming_what_is_known() -> None:
    with pytest.raises(ValueError, match=r"no projection or crew called 'archives'.*records"):
        resolve(["archives"])
