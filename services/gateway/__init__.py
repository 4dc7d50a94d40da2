"""The gateway: HTTP for players, organisers and auditors; it writes decisions, reads models."""
