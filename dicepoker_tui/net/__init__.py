"""Play over a network: the hub that owns shared tables, and the client side of it.

- `protocol`: the JSON-lines messages between a session's app and the hub;
- `hub`: tables, seats, spectators, chat, bots and turn timeouts (pure asyncio);
- `hub_socket`: the hub served on a local unix socket;
- `client`: the app side of that socket; `mirrored_session.MirroredSession` mirrors a
  table's game (each family's `mirror` module mixes it in).

Nothing here imports the UI or Textual: the processes that do (the SSH server and the
session apps) are in `dicepoker_tui.serve`.
"""
