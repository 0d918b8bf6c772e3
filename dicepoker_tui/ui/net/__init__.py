"""A session of the game server: its app, lobby, shared tables and the chat panel."""
