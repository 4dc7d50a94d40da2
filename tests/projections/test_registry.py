"""Naming read models and worker groups on the command line."""

import pytest

from projections.registry import PROJECTIONS, WORKER_GROUPS, resolve


def test_the_worker_groups_split_every_read_model_between_them_once() -> None:
    names = [n for group in WORKER_GROUPS.values() for n in group]
    assert sorted(names) == sorted(PROJECTIONS)


def test_a_worker_group_name_stands_for_its_read_models_and_repeats_count_once() -> None:
    assert [p.name for p in resolve(["records"])] == list(WORKER_GROUPS["records"])
    assert [p.name for p in resolve(["archive", "records"])] == ["archive", "audit"]
    assert resolve([]) == resolve(["all"]) == list(PROJECTIONS.values())


def test_an_unknown_name_is_refused_naming_what_is_known() -> None:
    with pytest.raises(
        ValueError, match=r"no projection or worker group called 'archives'.*records"
    ):
        resolve(["archives"])
