"""The bidding family's history: its export and statistics (its log is kept by
`store.event_logs`)."""
