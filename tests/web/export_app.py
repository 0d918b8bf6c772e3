"""A tab's app that only offers files, speaking Textual's web-driver packets: each `e` it
is sent offers a new file (as `e` in a game's review offers its export), and it hands a
file's chunks over when the server asks for them. Run as a process by the tests."""

from __future__ import annotations

import io
import json
import sys
import uuid

from textual._binary_encode import dump

FILE = b'{"game": "' + b"x" * 3000 + b'"}'


def send(kind: bytes, payload: bytes) -> None:
    out = sys.stdout.buffer
    out.write(kind + len(payload).to_bytes(4, "big") + payload)
    out.flush()


def main() -> None:
    sys.stdout.buffer.write(b"__GANGLION__\n")
    send(b"D", b"\x1b[2J" + b"the export app " * 20)  # the first frame
    files: dict[str, io.BytesIO] = {}
    stdin = sys.stdin.buffer
    while kind := stdin.read(1):
        payload = stdin.read(int.from_bytes(stdin.read(4), "big"))
        if kind == b"D":
            for _ in range(payload.count(b"e")):
                key = uuid.uuid4().hex
                files[key] = io.BytesIO(FILE)
                meta = {"type": "deliver_file_start", "key": key, "path": "game.json"}
                meta.update(open_method="download", mime_type="application/json", encoding=None)
                send(b"M", json.dumps(meta).encode())
        elif kind == b"M":
            meta = json.loads(payload)
            if meta.get("type") == "quit":
                return
            if meta.get("type") == "deliver_chunk_request" and meta.get("key") in files:
                chunk = files[meta["key"]].read(meta["size"])
                if not chunk:
                    del files[meta["key"]]
                send(b"P", dump(["deliver_chunk", meta["key"], chunk]))


if __name__ == "__main__":
    main()
