"""The short code of each table's captain link (printed beside the QR code): added empty, filled
with a fresh random code per existing table, then made unique."""

import secrets

from django.db import migrations, models

import tournament.models

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def fill_codes(apps, schema_editor):
    Table = apps.get_model("tournament", "Table")
    used = set()
    for table in Table.objects.only("pk").iterator():
        code = ""
        while not code or code in used:
            code = "".join(secrets.choice(ALPHABET) for _ in range(8))
        used.add(code)
        Table.objects.filter(pk=table.pk).update(short_code=code)


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0009_clubs_and_members"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="short_code",
            field=models.CharField(max_length=8, null=True, verbose_name="Kurzcode"),
        ),
        migrations.RunPython(fill_codes, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="table",
            name="short_code",
            field=models.CharField(
                default=tournament.models.new_short_code,
                max_length=8,
                unique=True,
                verbose_name="Kurzcode",
            ),
        ),
    ]
