"""Participants get a random public id for their player page (the pk was enumerable).

Three steps, because a field default is evaluated once for the whole table: add the column
without uniqueness, give every existing row its own random value, then make it unique.
"""

import secrets

from django.db import migrations, models

import tournament.models


def fill_public_ids(apps, schema_editor):
    Participant = apps.get_model("tournament", "Participant")
    taken = set()
    batch = []
    for participant in Participant.objects.only("pk").order_by("pk").iterator():
        value = secrets.token_urlsafe(9)  # as tournament.models.new_public_id
        while value in taken:
            value = secrets.token_urlsafe(9)
        taken.add(value)
        participant.public_id = value
        batch.append(participant)
        if len(batch) >= 500:
            Participant.objects.bulk_update(batch, ["public_id"])
            batch = []
    if batch:
        Participant.objects.bulk_update(batch, ["public_id"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0004_access_for_existing_tournaments"),
    ]

    operations = [
        migrations.AddField(
            model_name="participant",
            name="public_id",
            field=models.CharField(editable=False, max_length=16, null=True),
        ),
        migrations.RunPython(fill_public_ids, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="participant",
            name="public_id",
            field=models.CharField(
                default=tournament.models.new_public_id,
                editable=False,
                max_length=16,
                unique=True,
            ),
        ),
    ]
