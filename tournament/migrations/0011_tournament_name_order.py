"""Lists by name sorted as typed (the default, as before) or by surname."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0010_table_short_code"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="name_order",
            field=models.CharField(
                choices=[
                    ("entered", "Vorname zuerst wie eingegeben"),
                    ("surname", "nach Nachname"),
                ],
                default="entered",
                help_text="Gilt für die gedruckten Listen nach Namen (Sitzordnung nach Namen, Anwesenheitsliste) und dieselben Listen in Excel.",
                max_length=10,
                verbose_name="Listen nach Namen sortieren",
            ),
        ),
    ]
