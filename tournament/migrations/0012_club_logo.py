"""A club's logo for its printouts, stored in the database as a cleaned PNG."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0011_tournament_name_order"),
    ]

    operations = [
        migrations.AddField(
            model_name="club",
            name="logo",
            field=models.BinaryField(blank=True, null=True, verbose_name="Logo"),
        ),
    ]
