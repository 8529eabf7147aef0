# One result vocabulary for players and arbiters (issue 17): a report's "outcome" (white_wins, black_wins, draw)
# becomes its "result" in the arbiter's words (1-0, 0-1, 1/2-1/2). Reversible.

from django.db import migrations, models

RESULT_OF_OUTCOME = {"white_wins": "1-0", "black_wins": "0-1", "draw": "1/2-1/2"}
OUTCOME_OF_RESULT = {v: k for k, v in RESULT_OF_OUTCOME.items()}


def _rewrite(apps, mapping: dict[str, str]) -> None:
    reports = apps.get_model("games", "ResultReport").objects
    for old, new in mapping.items():
        reports.filter(result=old).update(result=new)


def to_results(apps, schema_editor):
    _rewrite(apps, RESULT_OF_OUTCOME)


def to_outcomes(apps, schema_editor):
    # A "0-0" report (both players say neither played: a double forfeit) had no outcome before; it stays "0-0".
    _rewrite(apps, OUTCOME_OF_RESULT)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_game_actions"),
    ]

    operations = [
        migrations.RenameField(model_name="resultreport", old_name="outcome", new_name="result"),
        migrations.AlterField(model_name="resultreport", name="result", field=models.CharField(max_length=12)),
        migrations.RunPython(to_results, to_outcomes),
        migrations.AlterField(model_name="resultreport", name="result", field=models.CharField(max_length=8)),
    ]
