"""Leagues as a service: their log on the `leagues` topic, the worker that folds it into the
league read model and moves each league on (rounds drawn, matches opened, a withdrawn player's
seats handed to bots), and what the gateway reads."""
