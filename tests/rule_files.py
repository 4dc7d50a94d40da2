"""What one rule costs: the files of a game and of its tests that name the rule's decision,
its event, its ask or its rule ID in code (names as names, the rule ID inside a string;
comments and docstrings left out, as is the same word in a sentence: "the Trade bonus").

    python -m tests.rule_files race_for_the_galaxy RG-C1 Trade Sold TRADE
"""

import io
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OPENING = {tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING}


def names_it(source: str, rule: str, names: set[str]) -> bool:
    tokens = list(tokenize.tokenize(io.BytesIO(source.encode()).readline))
    for before, token, after in zip(tokens, tokens[1:], tokens[2:], strict=False):
        if token.type == tokenize.NAME and token.string in names:
            return True
        docstring = before.type in OPENING and after.type == tokenize.NEWLINE
        if token.type == tokenize.STRING and rule in token.string and not docstring:
            return True
    return False


def files(game: str, rule: str, names: set[str]) -> tuple[list[str], list[str]]:
    """The game's files and its tests' that name the rule."""

    def naming(folder: Path) -> list[str]:
        found = (p for p in sorted(folder.rglob("*.py")) if names_it(p.read_text(), rule, names))
        return [str(p.relative_to(ROOT)) for p in found]

    return naming(ROOT / "events" / "rulesets" / game), naming(ROOT / "tests" / game)


def main(game: str, rule: str, *names: str) -> None:
    code, tests = files(game, rule, set(names))
    scenario = f"def test_{rule.lower().replace('-', '_')}_"
    own = [t for t in tests if scenario in (ROOT / t).read_text()]
    for path in code:
        print(path)
    print(f"{len(code)} files of the game's code, and its scenario test in {', '.join(own)}")
    others = [t for t in tests if t not in own]
    print(f"other tests using the decision or the event: {', '.join(others) or 'none'}")


if __name__ == "__main__":
    main(*sys.argv[1:])
