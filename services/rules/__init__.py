"""The rules service: the only writer of the match-log."""
