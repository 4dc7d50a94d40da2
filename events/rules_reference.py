"""Rule IDs in a game's own words, read from its rules reference (RULES.md in its folder): the
numbered rules (`- CW-A3.3 ...`), and headings with the sentence under them (`## CW-A ...`)."""

import re
from functools import cache
from pathlib import Path


@cache
def rule_words(reference: Path, prefix: str) -> dict[str, str]:
    heading_line = re.compile(rf"^#{{2,3}} ({prefix}-[A-Z]+) (.+)$")
    rule_line = re.compile(rf"^\s*- ({prefix}-[A-Z]+\d+(?:\.\d+)?) (.+)$")
    words: dict[str, str] = {}
    heading = None
    for line in reference.read_text(encoding="utf-8").splitlines():
        line = line.replace("**", "")
        if found := heading_line.match(line):
            heading = found.group(1)
            words[heading] = found.group(2)
        elif found := rule_line.match(line):
            words[found.group(1)] = found.group(2)
            heading = None
        elif heading is not None and line.strip() and not line.startswith("#"):
            words[heading] += f": {line.strip()}"
            heading = None
    return words
