"""Rule IDs in Star Realms' words (the conformance suite checks every one has a test)."""

from events.rulesets.star_realms import STAR_REALMS

rule_text = STAR_REALMS.rule_text


def test_rule_ids_read_in_the_references_words():
    assert rule_text("SR-C3").startswith("While the opponent has an outpost")
    assert rule_text("SR-T").startswith("Turn: A turn has three phases")
    assert rule_text("SR-X9") == ""
