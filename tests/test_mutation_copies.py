"""tests/mutation.py copies again into mutants/ the files mutmut copied once and no longer
matches: a changed migration must not be tested as it was."""

from pathlib import Path

from tests.mutation import refresh_copies

PYPROJECT = '[tool.mutmut]\nsource_paths = ["code", "more"]\n'


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def test_changed_and_missing_files_are_copied_again_and_python_is_left_to_mutmut(
    tmp_path: Path,
) -> None:
    _write(tmp_path / "pyproject.toml", PYPROJECT)
    _write(tmp_path / "code" / "migrations" / "0001.sql", "CREATE TABLE t (b int);")
    _write(tmp_path / "code" / "same.sql", "SELECT 1;")
    _write(tmp_path / "code" / "rules.py", "X = 2")
    _write(tmp_path / "more" / "new.md", "# new")
    _write(tmp_path / "mutants" / "code" / "migrations" / "0001.sql", "CREATE TABLE t (a int);")
    _write(tmp_path / "mutants" / "code" / "same.sql", "SELECT 1;")
    _write(tmp_path / "mutants" / "code" / "rules.py", "X = 1  # mutmut's own, mutated")

    assert refresh_copies(tmp_path) == ["code/migrations/0001.sql", "more/new.md"]

    mutants = tmp_path / "mutants"
    assert (mutants / "code" / "migrations" / "0001.sql").read_text() == "CREATE TABLE t (b int);"
    assert (mutants / "more" / "new.md").read_text() == "# new"
    assert (mutants / "code" / "rules.py").read_text() == "X = 1  # mutmut's own, mutated"
    assert refresh_copies(tmp_path) == []  # all in step now


def test_nothing_is_copied_before_mutmut_made_its_folder(tmp_path: Path) -> None:
    _write(tmp_path / "pyproject.toml", PYPROJECT)
    _write(tmp_path / "code" / "0001.sql", "SELECT 1;")

    assert refresh_copies(tmp_path) == []
    assert not (tmp_path / "mutants").exists()
