"""Webhooks: notices sent over HTTP to a seat's target (Discord, Slack, or signed JSON)."""
