"""The scoresheet family's history: its repository, queries, statistics, formats and checks."""
