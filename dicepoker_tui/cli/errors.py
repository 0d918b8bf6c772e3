"""The error every subcommand raises for a bad command line."""


class CliError(Exception):
    """A problem with the command line, reported as one line on stderr."""
