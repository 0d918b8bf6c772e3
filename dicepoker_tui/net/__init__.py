"""Play over SSH: the hub that owns shared tables, the SSH server, and the client side.

- `protocol`: the JSON-lines messages between a session's app and the hub;
- `hub`: tables, seats, spectators, chat, bots and turn timeouts (pure asyncio);
- `hub_socket`: the hub served on a local unix socket;
- `client`: the app side of that socket; `remote_game.RemoteGame` mirrors a table's game;
- `ssh_server`, `pty_session`, `zygote`, `host_key`: the SSH front door and the
  per-session app processes on their own pseudo-terminals.

Nothing here imports Textual except the app entry (`session_app`).
"""
