"""The processes of `dicepoker serve`: the SSH front door and the session apps it starts.

- `server`: `GameServer`, the serving process (SSH listener, hub, hub socket, spawner);
- `ssh_login`: authentication and the door's limits (`door`: addresses, nicknames held
  by keys, the login log); `ssh_server`: one session per SSH channel; `session_host`:
  what a session and its server ask of each other (`EndReason` among them);
- `spawner`, `zygote`, `pty_bridge`: session apps started on their own pseudo-terminals,
  forked from a warmed-up process;
- `host_key`: the server's key and the authorized keys;
- `session_app`: one session's app (the only module here that starts the UI).
"""
