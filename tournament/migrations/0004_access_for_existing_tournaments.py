"""Existing tournaments keep the logins that could open them.

Before tournament access existed, every login managed every tournament. So that an update locks
nobody out of an evening already under way (the first login made by ``ensure_organiser`` used to
be a plain login, and often the only one), every active login that is not a superuser gets
access to every tournament that exists now. Superusers need no entry. New tournaments get only
their creator; a superuser takes away what is not wanted (admin, or ``grant_access --revoke``).
"""

from django.conf import settings
from django.db import migrations


def grant_existing(apps, schema_editor):
    Tournament = apps.get_model("tournament", "Tournament")
    TournamentAccess = apps.get_model("tournament", "TournamentAccess")
    app_label, model_name = settings.AUTH_USER_MODEL.split(".")
    User = apps.get_model(app_label, model_name)
    users = list(User.objects.filter(is_active=True, is_superuser=False).values_list("pk", flat=True))
    tournaments = list(Tournament.objects.values_list("pk", flat=True))
    TournamentAccess.objects.bulk_create(
        [
            TournamentAccess(user_id=user, tournament_id=tournament, role="organiser")
            for user in users
            for tournament in tournaments
        ],
        ignore_conflicts=True,
    )


class Migration(migrations.Migration):

    dependencies = [
        ("tournament", "0003_tournament_access"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(grant_existing, migrations.RunPython.noop),
    ]
