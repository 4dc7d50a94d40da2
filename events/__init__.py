"""The event vocabulary of Starledger and the pure rulesets that judge and fold it."""
