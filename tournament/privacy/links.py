"""A member's personal link to their own page (``/p/<token>/``): their public id signed with
the installation's secret key, so it works where the club keeps player pages private and
cannot be guessed from the public id."""

from __future__ import annotations

from django.core import signing

from tournament.models import Member

SALT = "doko.player-page"


def personal_token(member: Member) -> str:
    return signing.Signer(salt=SALT).sign(member.public_id)


def member_for_token(token: str) -> Member | None:
    try:
        public_id = signing.Signer(salt=SALT).unsign(token)
    except signing.BadSignature:
        return None
    return Member.objects.select_related("club").filter(public_id=public_id).first()
