"""The bots worker: plays every bot seat through the same submit path as a person."""
