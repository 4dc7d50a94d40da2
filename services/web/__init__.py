"""The web client: pages the gateway serves under /web, rendered on the server from the game
interface's descriptions and narration, with one small script for live updates and posts."""
