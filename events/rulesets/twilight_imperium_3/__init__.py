"""Twilight Imperium 3rd edition, stage 1 in progress (rules: TI-* rule IDs in RULES.md). Not
registered: an unfinished game must not appear to users; STATUS.md says what exists."""
