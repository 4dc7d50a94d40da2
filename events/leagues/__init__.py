"""Leagues and tournaments: what their log holds, how it folds, how rounds are paired and how
the standings are reckoned; pure, like a game's rules."""
