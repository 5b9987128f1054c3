"""The project documents its own house rules: docs/regeln.md is what the rules page shows."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse

from public.management.commands.rules_doc import rules_markdown
from public.rules_text import course

DOC = Path(__file__).resolve().parents[2] / "docs" / "regeln.md"


def test_docs_regeln_is_the_rules_page_text_with_default_settings():
    assert DOC.read_text(encoding="utf-8") == rules_markdown(), (
        "docs/regeln.md is out of date: run `manage.py rules_doc --output docs/regeln.md`"
    )


@pytest.mark.django_db
def test_rules_page_and_document_share_the_course_of_the_evening(client, tournament):
    page = client.get(reverse("public:rules", args=[tournament.slug])).content.decode()
    text = DOC.read_text(encoding="utf-8")
    for line in course(tournament)[1:]:
        assert line.replace("„", "&#x201E;") in page or line in page
        assert line in text
