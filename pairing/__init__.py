"""Pure pairing algorithms (no Django): match colours, round-robin schedules, Swiss by weighted matching."""
