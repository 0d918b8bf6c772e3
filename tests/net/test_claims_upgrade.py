"""Names claimed by a certificate before its player was its CA with the principal stay
that certificate's player's, and no other principal of the CA gets them."""

from __future__ import annotations

import json

from dicepoker_tui.serve.claims import NickClaims

CA = "SHA256:qHWmjBqP1RRRAnNCTrvr7jgv/ZvpA2BDCHgsIA1oK5I"


def test_a_name_claimed_by_a_ca_alone_passes_to_its_principals_certificate(tmp_path):
    path = tmp_path / "nicknames.json"
    path.write_text(json.dumps({"zara": CA, "mallory2": CA}))  # as the older server kept them
    claims = NickClaims(path)
    assert claims.check("zara", f"{CA}:zara") is None  # her own name, by her certificate
    assert json.loads(path.read_text())["zara"] == f"{CA}:zara"
    assert claims.check("zara", f"{CA}:mallory2") is not None  # another principal: no
    assert claims.check("mallory2", f"{CA}:zara") is not None
    assert claims.check("zara.", f"{CA}:zara.") is not None  # a look-alike is not passed on
    assert claims.check("Zara", f"{CA}:zara") is None
    assert NickClaims(path).check("zara", f"{CA}:zara") is None  # kept on disk
