"""The scoresheet family: throw up to N times, then write the dice into one box."""
