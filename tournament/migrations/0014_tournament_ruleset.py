"""Rulesets (issue 22): the tournament's scoring options move into ``ruleset_options`` and every
existing tournament plays ``hausregeln`` with the options it had. Reversible."""

from django.db import migrations, models

# The house rules' options, as the columns held them (fixed here: a migration must not follow
# later changes of the ruleset).
OPTION_COLUMNS = ("deck", "pre_lead_counts", "ddv_absage_bonus")


def options_into_json(apps, schema_editor):
    Tournament = apps.get_model("tournament", "Tournament")
    for tournament in Tournament.objects.all().only("pk", *OPTION_COLUMNS):
        Tournament.objects.filter(pk=tournament.pk).update(
            ruleset="hausregeln",
            ruleset_options={
                "deck": int(tournament.deck),
                "pre_lead_counts": bool(tournament.pre_lead_counts),
                "ddv_absage_bonus": bool(tournament.ddv_absage_bonus),
            },
        )


def options_into_columns(apps, schema_editor):
    Tournament = apps.get_model("tournament", "Tournament")
    for tournament in Tournament.objects.all().only("pk", "ruleset_options"):
        options = tournament.ruleset_options or {}
        Tournament.objects.filter(pk=tournament.pk).update(
            deck=int(options.get("deck", 40)),
            pre_lead_counts=bool(options.get("pre_lead_counts", False)),
            ddv_absage_bonus=bool(options.get("ddv_absage_bonus", False)),
        )


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0013_club_invitation"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="ruleset",
            field=models.CharField(default="hausregeln", max_length=20, verbose_name="Regelwerk"),
        ),
        migrations.AddField(
            model_name="tournament",
            name="ruleset_options",
            field=models.JSONField(
                blank=True, default=dict, verbose_name="Optionen des Regelwerks"
            ),
        ),
        migrations.RunPython(options_into_json, options_into_columns, elidable=False),
        migrations.RemoveField(model_name="tournament", name="ddv_absage_bonus"),
        migrations.RemoveField(model_name="tournament", name="deck"),
        migrations.RemoveField(model_name="tournament", name="pre_lead_counts"),
    ]
