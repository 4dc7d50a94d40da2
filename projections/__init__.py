"""Projection workers: the read models clients, replays, auditors and analysts read.

Each read model is one module (its rows from the log) over one generic worker (consumer
group, offsets and rows in one transaction, recovery); the match-log stays the truth.
"""
