"""The record's pure vocabulary, shared by every floor: one refusal type (:mod:`record.refusals`) and a paired
game's life as one state machine (:mod:`record.game_states`). Pure Python: no Django, no app."""
