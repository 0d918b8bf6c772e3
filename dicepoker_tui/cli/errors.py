"""The error every subcommand raises for a bad command line or a request it cannot do."""


class CliError(Exception):
    """A problem with the command line or what it asks for, reported as one line on
    stderr; `status` is the exit status (2: the command line itself, 1: what it asked)."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status
