"""The sheet page's ES modules (static/js/sheet.js and static/js/sheet/): their pure parts pass
their tests under Node's own test runner (tests/js/: the canonical form of a row, the three-way
merge, the device's storage, the server's answers), every module the page loads is kept by the
captain's service worker for offline use, and in network mode the hashed module names still
load each other (collectstatic rewrites the ``import`` lines)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import override_settings

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"
NODE = shutil.which("node")
IMPORT = re.compile(r"""^import\s[^"']*\sfrom\s+["']([^"']+)["'];""", re.MULTILINE)


def node_args() -> list[str]:
    """Node 22.7+ and 20.19+ tell an ES module by its syntax; older ones need the flag."""
    probe = subprocess.run(
        [NODE, "--experimental-detect-module", "-e", ""], capture_output=True, check=False
    )
    return [NODE, "--experimental-detect-module"] if probe.returncode == 0 else [NODE]


def loaded_modules(entry: str = "js/sheet.js") -> set[str]:
    """Every module the page loads, following the ``import`` lines from the entry."""
    seen: set[str] = set()
    todo = [entry]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        text = (STATIC / name).read_text(encoding="utf-8")
        for target in IMPORT.findall(text):
            todo.append(_norm(f"{Path(name).parent.as_posix()}/{target}"))
    return seen


def _norm(path: str) -> str:
    """``js/sheet/../x.js`` as ``js/x.js`` (static names are posix paths)."""
    parts: list[str] = []
    for part in path.split("/"):
        if part == "..":
            parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    return "/".join(parts)


@pytest.mark.skipif(NODE is None, reason="Node.js is not installed (apt-get install nodejs)")
def test_the_sheet_modules_pass_their_node_tests():
    result = subprocess.run(
        [*node_args(), "--test", str(ROOT / "tests" / "js")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout
    assert int(re.search(r"^# pass (\d+)$", result.stdout, re.MULTILINE).group(1)) >= 28


def test_every_module_of_the_sheet_page_is_in_its_folder_and_loaded():
    modules = loaded_modules()
    on_disk = {f"js/sheet/{path.name}" for path in (STATIC / "js" / "sheet").glob("*.js")}
    assert on_disk <= modules, f"modules nothing loads: {sorted(on_disk - modules)}"
    assert "js/sheet/merge.js" in modules and "js/sheet/canon.js" in modules


def test_each_module_is_small_and_says_what_it_holds():
    for name in sorted(loaded_modules()):
        lines = (STATIC / name).read_text(encoding="utf-8").splitlines()
        assert len(lines) < 300, f"{name}: {len(lines)} lines"
        assert lines[0].startswith("// "), f"{name} has no header comment"


def test_the_service_worker_keeps_every_module_of_the_sheet_page(client):
    body = client.get("/e/sw.js").content.decode()
    missing = [name for name in sorted(loaded_modules()) if f'"/static/{name}"' not in body]
    assert not missing, f"not kept for offline use: {missing}"


def test_in_network_mode_the_hashed_modules_load_each_other_by_hashed_name(tmp_path):
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "config.static_storage.CompressedManifestModulesStorage"},
    }
    # Only our scripts (the fonts and the admin's files would take a minute to compress).
    with override_settings(
        STORAGES=storages,
        STATIC_ROOT=tmp_path,
        STATICFILES_DIRS=[("js", STATIC / "js")],
        STATICFILES_FINDERS=["django.contrib.staticfiles.finders.FileSystemFinder"],
    ):
        call_command("collectstatic", interactive=False, verbosity=0)
    manifest = json.loads((tmp_path / "staticfiles.json").read_text(encoding="utf-8"))["paths"]
    for name in sorted(loaded_modules()):
        hashed = tmp_path / manifest[name]
        assert hashed.name != Path(name).name, name
        for target in IMPORT.findall(hashed.read_text(encoding="utf-8")):
            resolved = _norm(f"{Path(manifest[name]).parent.as_posix()}/{target}")
            assert resolved in manifest.values(), (
                f"{manifest[name]} loads {target}: not a hashed name"
            )
            assert (tmp_path / resolved).is_file(), resolved
