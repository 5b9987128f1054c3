"""The live board's ES modules (static/js/board.js and static/js/board/): each small with a
header, all loaded from the entry, and in network mode the hashed names load each other."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management import call_command
from django.test import override_settings

from tests.scoring.test_sheet_js_modules import IMPORT, STATIC, _norm, loaded_modules

ENTRY = "js/board.js"


def test_every_module_of_the_board_is_loaded_small_and_says_what_it_holds():
    modules = loaded_modules(ENTRY)
    on_disk = {f"js/board/{path.name}" for path in (STATIC / "js" / "board").glob("*.js")}
    assert on_disk <= modules, f"modules nothing loads: {sorted(on_disk - modules)}"
    for name in sorted(modules):
        lines = (STATIC / name).read_text(encoding="utf-8").splitlines()
        assert len(lines) < 300, f"{name}: {len(lines)} lines"
        assert lines[0].startswith("// "), f"{name} has no header comment"


def test_in_network_mode_the_boards_hashed_modules_load_each_other(tmp_path):
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "config.static_storage.CompressedManifestModulesStorage"},
    }
    with override_settings(
        STORAGES=storages,
        STATIC_ROOT=tmp_path,
        STATICFILES_DIRS=[("js", STATIC / "js")],
        STATICFILES_FINDERS=["django.contrib.staticfiles.finders.FileSystemFinder"],
    ):
        call_command("collectstatic", interactive=False, verbosity=0)
    manifest = json.loads((tmp_path / "staticfiles.json").read_text(encoding="utf-8"))["paths"]
    for name in sorted(loaded_modules(ENTRY)):
        hashed = tmp_path / manifest[name]
        assert hashed.name != Path(name).name, name
        for target in IMPORT.findall(hashed.read_text(encoding="utf-8")):
            resolved = _norm(f"{Path(manifest[name]).parent.as_posix()}/{target}")
            assert resolved in manifest.values(), f"{manifest[name]} loads {target}"
