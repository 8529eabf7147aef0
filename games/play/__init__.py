"""Live play: moves checked by the variant engine, clocks kept by the server, games ended and scored.

Every write follows lila's order of checks (docs/rules/clocks.md), in one transaction holding the game row
(``select_for_update``): lock -> read the server time once -> has a flag already fallen? finish on time ->
validate the move with the engine -> press the clock -> save move, clock and ``flag_deadline`` -> end and score
the game if the engine says it is over. A move and the flag task, both Parity players committing, or a retried
request therefore serialise on the row; ``Game.version`` counts writes and a ``client_id`` already seen returns
the earlier answer without applying the move again. A refusal is a ``record.refusals.Refusal`` (no HTTP
status here: ``config.api_errors`` maps it).

The modules, from the bottom up: ``game_clock`` (server time and the stored clock), ``engines`` (the
per-process engine cache), ``live_game`` (the typed locked game: the row and what was read with it), ``prepared``
(the move's statements prepared on PostgreSQL, public APIs only), ``store`` (the repository: the row lock and the
write of a move), ``seats`` (who plays which side),
``ending`` (ending and scoring a game), ``flags`` (the flag check and its scheduling), ``table`` (the locked
frame every player's action runs in), ``pending`` (draw offers and claims waiting for an answer), ``moves`` (the
move service), ``resign_draw`` (resignation and draw offers), ``claims`` (threefold, fifty moves, perpetual check),
``perpetual`` (the arbiter's decision on a perpetual-check claim), ``arbiter`` (the arbiter's clock), ``reads``
(what a reader may see, flag checked first). Every change is pushed to the sockets after commit
(:mod:`games.push`); ``Game.version`` is the sequence number of those pushes.
"""
