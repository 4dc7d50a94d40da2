"""Naming things in a line for people."""

from events.kit.words import count, listing, who


def test_a_listing_joins_the_last_with_and_and_says_nothing_for_none() -> None:
    assert listing([]) == "nothing"
    assert listing(["Scout"]) == "Scout"
    assert listing(["Scout", "Viper", "Explorer"]) == "Scout, Viper and Explorer"
    assert (count(1), count(2, "base")) == ("1 card", "2 bases")
    assert (who(["ann", ""], 0), who(["ann", ""], 1), who([], 3)) == ("ann", "seat 1", "seat 3")
