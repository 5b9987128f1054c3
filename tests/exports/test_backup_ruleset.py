"""Backups carry the ruleset; a backup from before rulesets restores as the house rules."""

from __future__ import annotations

import pytest

from output.backup.document import BackupError
from output.backup.export import export_tournament
from output.backup.restore import import_tournament
from rules.hausregeln import ScoringOptions
from tests.exports.backup_documents import valid_document

pytestmark = pytest.mark.django_db


def test_a_backup_carries_the_ruleset_and_its_options(complete_tournament):
    complete_tournament.ruleset_options = {"deck": 48, "pre_lead_counts": True}
    complete_tournament.save()
    data = export_tournament(complete_tournament)
    assert data["tournament"]["ruleset"] == "hausregeln"
    assert (
        data["tournament"]["ruleset_options"]
        == ScoringOptions(deck=48, pre_lead_counts=True).to_dict()
    )
    assert "deck" not in data["tournament"]
    copy_ = import_tournament(data, slug="kopie")
    assert copy_.ruleset == "hausregeln"
    assert copy_.scoring_options == ScoringOptions(deck=48, pre_lead_counts=True)


def test_an_old_backup_restores_as_hausregeln_with_its_options(organiser):
    data = valid_document()
    assert "ruleset" not in data["tournament"]
    data["tournament"]["ddv_absage_bonus"] = True
    restored = import_tournament(data)
    assert restored.ruleset == "hausregeln"
    assert restored.ruleset_options == ScoringOptions(ddv_absage_bonus=True).to_dict()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"ruleset": "skat"}, "„tournament.ruleset“ ist keiner der erlaubten"),
        ({"ruleset_options": {"farbe": 1}}, "„tournament.ruleset_options.farbe“ ist keine"),
        ({"ruleset_options": {"deck": 52}}, "„tournament.ruleset_options.deck“ ist keiner"),
        ({"ruleset_options": [40]}, "„tournament.ruleset_options“ muss ein Objekt sein"),
    ],
)
def test_a_wrong_ruleset_in_a_backup_is_refused_by_place(organiser, change, message):
    data = valid_document()
    for name in ("deck", "pre_lead_counts", "ddv_absage_bonus"):
        data["tournament"].pop(name)
    data["tournament"].update(change)
    with pytest.raises(BackupError, match=message):
        import_tournament(data)
