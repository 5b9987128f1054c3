"""``manage.py makemessages`` that also knows ``ngettext_noop`` (tournament/audit.py).

Audit summaries are stored untranslated and rendered in the reader's language; their
singular/plural pairs are marked with ``ngettext_noop(singular, plural)``, which xgettext must
collect as one plural entry.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=ngettext_noop:1,2"]
