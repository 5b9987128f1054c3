from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0002_seasons"),
    ]

    operations = [
        migrations.AddField(
            model_name="sheet",
            name="time_up_after",
            field=models.PositiveSmallIntegerField(
                blank=True, null=True, verbose_name="Zeit abgelaufen nach Spiel"
            ),
        ),
    ]
