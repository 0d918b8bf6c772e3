"""The hub protocol: one JSON object per line, both ways, as pydantic discriminated unions.

A session's app says `hello` with the token its SSH session was given; the hub answers
`welcome` and then keeps it up to date: the `lobby` of tables, a `table` snapshot when
it sits down or watches, every game `events` batch with who caused it, presence and
`chat`. Commands the rules refuse come back as `error` with the player's message.

Players at one table may read different languages, so what the hub itself says (table
notices in the chat, refusals) travels as an English template, the msgid `key`, with its
`params`; each app shows it with `shown()`, in its own language. The English text filled
in goes along too (`text` / `message`), for logs and older readers.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    Field,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)

from dicepoker_tui.family import families, get_family
from dicepoker_tui.i18n import N_, _, shown_name

PROTOCOL_VERSION = 1
MAX_LINE = 256 * 1024
"""The longest request the hub accepts from an app."""
MAX_HUB_LINE = 4 * 1024 * 1024
"""The longest message an app accepts from the hub: more than the hub ever sends (its
tables are capped, a game's events are bounded by its rules and one undo a turn, the
chat keeps its last lines), so the reader never meets a line it cannot take."""
CHAT_MAX = 200
CHAT_RATE = 1.0
"""Chat lines a second a player may say, on average (the hub's limit, which each app
also keeps before it sends: a line beyond it stays in the player's chat line)."""
CHAT_BURST = 5.0
"""Chat lines a player may say at once, above the average."""
CHAT_TOO_FAST = N_("You are chatting too fast: wait a moment.")
NICK_PATTERN = r"\A[A-Za-z0-9][A-Za-z0-9_.-]{0,23}\Z"
"""A nickname (`\\Z`: a trailing newline is no part of one)."""
REMATCH_OFFER = N_("{nick} offers a rematch — press m to join")
"""The notice a finished table gets when one of its players opens a rematch."""

Params = dict[str, str | int]
"""The values a template's `{placeholders}` take; a `variant` is an English variant name,
itself a msgid, and is shown translated too."""
TimeoutAction = Literal["bot", "scratch"]
TableStatus = Literal["waiting", "playing", "finished"]


def _known_family(family_id: str) -> str:
    get_family(family_id)  # KeyError → a validation error naming the known families
    return family_id


def _family_check(family_id: str) -> str:
    try:
        return _known_family(family_id)
    except KeyError as exc:
        raise ValueError(str(exc.args[0])) from None


GameFamily = Annotated[str, AfterValidator(_family_check)]
"""Which engine a table runs (a registered family's id): every family names its first
event `game_started`, so messages say which."""


def _parse_events(data: Any) -> Any:
    """Before validation: a message's `events`, parsed with its `family`'s adapter."""
    if not isinstance(data, dict) or not isinstance(data.get("events"), list):
        return data
    try:
        adapter = get_family(str(data.get("family", "scoresheet"))).event_adapter
    except KeyError:
        return data  # the family field reports the error
    try:
        events = [adapter.validate_python(e) for e in data["events"]]
    except ValidationError as exc:
        raise ValueError(f"bad event ({exc.errors()[0].get('msg', 'invalid')})") from None
    return {**data, "events": events}


def fill(template: str, params: Params) -> str:
    """`template` with its placeholders filled (the template itself when they do not fit)."""
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def localized(text: str, key: str | None, params: Params) -> str:
    """A message of the hub in the current language: its template translated, then filled.

    Without a template, `text` is looked up as it is (the plain English refusals of the
    rules are msgids themselves) and shown unchanged when it is not in the catalogue.
    """
    if key:
        shown = {k: _shown_param(k, v) for k, v in params.items()}
        try:
            return _(key).format(**shown)
        except (KeyError, IndexError, ValueError):  # a translation that does not fit
            return fill(key, params)
    return _(text)


def _shown_param(key: str, value: object) -> object:
    """A value of a hub's message for the reader: a variant's name translated, default
    seat names (`Bot 2`) in the reader's language."""
    if not isinstance(value, str):
        return value
    if key == "variant":
        return _(value)
    if key == "name":
        return shown_name(value)
    if key == "names":
        return ", ".join(shown_name(name) for name in value.split(", "))
    return value


class _Msg(BaseModel):
    model_config = {"frozen": True, "extra": "forbid"}


# -- what the hub tells -------------------------------------------------------------------
class SeatInfo(BaseModel):
    """A seat as everyone at the table sees it."""

    name: str | None = Field(description="Nickname or bot name; None while the seat is free.")
    kind: Literal["human", "bot"] = "human"
    level: str | None = Field(default=None, description="Bot level, for bots.")
    present: bool = Field(default=False, description="Its owner is at the table right now.")
    keyed: bool = Field(default=False, description="Owned by a key fingerprint as well as a name.")


class TableInfo(BaseModel):
    """A table in the lobby."""

    id: str
    name: str
    variant: str
    status: TableStatus
    seats: list[SeatInfo]
    name_key: str | None = Field(
        default=None, description="A name the hub gave (not its creator): its English template."
    )
    name_params: Params = Field(default_factory=dict)
    family: GameFamily = "scoresheet"
    spectators: list[str] = Field(default_factory=list)
    turn_timeout: int | None = Field(default=None, description="Seconds; None means no limit.")
    timeout_action: TimeoutAction = "bot"
    current: int | None = Field(default=None, description="Seat to act, while playing.")
    round: int | None = None
    rematch: str | None = Field(
        default=None, description="After the game: the table its rematch is played at."
    )

    @property
    def shown_name(self) -> str:
        """The table's name in the reader's language (a name someone chose stays as it is)."""
        return localized(self.name, self.name_key, self.name_params) if self.name_key else self.name

    @property
    def free_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.name is None]


class ChatLine(BaseModel):
    """One line of a table's chat (or a notice from the table itself when `nick` is None)."""

    nick: str | None
    text: str
    at: float = Field(description="Unix time on the server.")
    key: str | None = Field(default=None, description="A notice's English template (msgid).")
    params: Params = Field(default_factory=dict, description="The values of `key`'s fields.")
    keyed: bool = Field(default=True, description="Said by a player who logged in with a key.")

    def shown(self) -> str:
        """The line in the reader's language: notices are translated, what people say is not."""
        return self.text if self.nick is not None else localized(self.text, self.key, self.params)


class Welcome(_Msg):
    type: Literal["welcome"] = "welcome"
    nick: str
    fingerprint: str | None = None
    tables: list[TableInfo]
    seated: list[str] = Field(default_factory=list, description="Tables where you own a seat.")
    variants: list[str] = Field(default_factory=list)
    bot_levels: list[str] = Field(
        default_factory=list, description="The first family's bot levels (older clients)."
    )
    family_levels: dict[str, list[str]] = Field(
        default_factory=dict, description="The bot levels the hub plays, by family id."
    )


class Lobby(_Msg):
    type: Literal["lobby"] = "lobby"
    tables: list[TableInfo]
    seated: list[str] = Field(default_factory=list)


class TableSnapshot(_Msg):
    """Everything about a table you just sat down at or started watching."""

    type: Literal["table"] = "table"
    table: TableInfo
    family: GameFamily = "scoresheet"
    events: list[Any] = Field(
        description="The game so far (events of `family`; a bidding seat sees only its cup)."
    )
    chat: list[ChatLine] = Field(default_factory=list)
    seats: list[int] = Field(default_factory=list, description="Seats you own here.")

    _events = model_validator(mode="before")(_parse_events)


class TableUpdate(_Msg):
    """Seats, presence or status of a table you are at changed."""

    type: Literal["table_update"] = "table_update"
    table: TableInfo


class GameEvents(_Msg):
    """Events of one command, in order, and who caused them."""

    type: Literal["events"] = "events"
    table: str
    family: GameFamily = "scoresheet"
    events: list[Any] = Field(description="Events of `family`, as the recipient may see them.")
    by: str = Field(description="Nickname, bot name, or 'timeout'.")

    _events = model_validator(mode="before")(_parse_events)


class Chat(_Msg):
    type: Literal["chat"] = "chat"
    table: str
    line: ChatLine


class Left(_Msg):
    """You are no longer at `table` (you left, or it closed)."""

    type: Literal["left"] = "left"
    table: str
    reason: str = Field(default="", description="English, a msgid without fields (or empty).")


class Error(_Msg):
    type: Literal["error"] = "error"
    code: str
    message: str
    ref: int | None = Field(default=None, description="The `ref` of the request refused.")
    key: str | None = Field(default=None, description="`message`'s English template (msgid).")
    params: Params = Field(default_factory=dict, description="The values of `key`'s fields.")

    def shown(self) -> str:
        """The refusal in the reader's language."""
        return localized(self.message, self.key, self.params)


ServerMessage = Annotated[
    Welcome | Lobby | TableSnapshot | TableUpdate | GameEvents | Chat | Left | Error,
    Field(discriminator="type"),
]


# -- what a client asks -------------------------------------------------------------------
class _Request(_Msg):
    ref: int | None = Field(default=None, description="Echoed in an error about this request.")


class Hello(_Request):
    type: Literal["hello"] = "hello"
    token: str
    version: int = PROTOCOL_VERSION
    nick: str | None = Field(
        default=None, max_length=64, description="The name picked, for a ticket's session."
    )


class CreateTable(_Request):
    type: Literal["create"] = "create"
    variant: str
    seats: int = Field(default=2, ge=1, le=8, description="Human seats, yours included.")
    bots: list[str] = Field(default_factory=list, max_length=7, description="Bot levels.")
    name: str | None = Field(default=None, max_length=40)
    turn_timeout: int | None = Field(default=None, ge=1, le=3600)
    timeout_action: TimeoutAction = "bot"


class Join(_Request):
    """Sit at a table: your own seat if you have one there, else `seat` or any free one."""

    type: Literal["join"] = "join"
    table: str
    seat: int | None = None


class Watch(_Request):
    type: Literal["watch"] = "watch"
    table: str


class Leave(_Request):
    """Back to the lobby. A seat in a game in progress is kept (shown away)."""

    type: Literal["leave"] = "leave"
    table: str


class Say(_Request):
    type: Literal["say"] = "say"
    table: str
    text: str = Field(min_length=1, max_length=CHAT_MAX)


class Mute(_Request):
    """Stop seeing (or, `muted` false, see again) what `nick` says in the chat."""

    type: Literal["mute"] = "mute"
    nick: str = Field(min_length=1, max_length=64)
    muted: bool = True


class Rematch(_Request):
    """After a game: open a new table like `table` (or sit at the one already opened)."""

    type: Literal["rematch"] = "rematch"
    table: str


class Act(_Request):
    """A game command for a seat you own."""

    type: Literal["act"] = "act"
    table: str
    command: Any = Field(description="A command of the table's family, by its `type`.")

    @field_validator("command", mode="before")
    @classmethod
    def _command(cls, data: Any) -> Any:
        """A command of whichever family has one of this `type` (they are all distinct)."""
        if isinstance(data, BaseModel):
            data = data.model_dump()
        kind = data.get("type") if isinstance(data, dict) else None
        for family in families():
            for command in family.command_types:
                if command.model_fields["type"].default == kind:
                    return command.model_validate(data)
        raise ValueError(f"unknown command {kind!r}")


ClientMessage = Annotated[
    Hello | CreateTable | Join | Watch | Leave | Say | Mute | Act | Rematch,
    Field(discriminator="type"),
]

SERVER_ADAPTER: TypeAdapter[ServerMessage] = TypeAdapter(ServerMessage)
CLIENT_ADAPTER: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


class BadMessage(ValueError):
    """A line that is not a valid message; `str()` is one readable line."""


def encode(message: BaseModel) -> bytes:
    """One message as one line of JSON."""
    return message.model_dump_json().encode() + b"\n"


def _decode(adapter: TypeAdapter, line: bytes | str, limit: int = MAX_LINE):
    if len(line) > limit:
        raise BadMessage("message too long")
    try:
        return adapter.validate_json(line)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "message"
        raise BadMessage(f"bad message ({where}: {first.get('msg', 'invalid')})") from None


def decode_client(line: bytes | str) -> ClientMessage:
    return _decode(CLIENT_ADAPTER, line)


def decode_server(line: bytes | str) -> ServerMessage:
    return _decode(SERVER_ADAPTER, line, MAX_HUB_LINE)
