"""The rulesets are pure Python: nothing under rules/ (the interface, the registry, the house-rules
engine in rules/hausregeln) may import Django, nor anything of ours outside rules (tests/purity.py
reads the imports)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.purity import forbidden_imports, imported_modules, loaded_after, outside_loaded

RULES = Path(__file__).resolve().parents[2] / "rules"
ENGINE = RULES / "hausregeln"
ROOT = RULES.parent


def test_sources_exist() -> None:
    assert (RULES / "__init__.py").is_file()
    assert len(list(ENGINE.glob("*.py"))) >= 8


def test_no_source_imports_django() -> None:
    offenders = {
        str(path.relative_to(ROOT)): sorted(
            m for m in imported_modules(path) if m.split(".")[0] == "django"
        )
        for path in RULES.rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_no_source_imports_other_apps() -> None:
    for path in RULES.rglob("*.py"):
        for module in imported_modules(path):
            assert module.split(".")[0] not in {"tournament", "config"}, (path, module)


def test_importing_the_package_loads_no_django() -> None:
    code = (
        "import sys\n"
        "import rules, rules.registry, rules.hausregeln.jsonio, rules.hausregeln.sheet\n"
        "from rules.hausregeln import score_game\n"
        "score_game({'kind': 'normal', 're': [1, 2], 'augen_re': 130})\n"
        "loaded = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(loaded)\n"
        "sys.exit(1 if loaded else 0)\n"
    )
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    completed = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert completed.stdout.strip() == "[]"


def test_every_import_stays_inside_the_engine() -> None:
    """Relative, nested and dynamic imports too: no Django, nothing of ours outside the engine."""
    assert forbidden_imports("rules") == {}


def test_importing_every_module_loads_nothing_of_ours_outside_the_engine() -> None:
    modules = sorted(
        [f"rules.{path.stem}" for path in RULES.glob("[!_]*.py")]
        + [f"rules.hausregeln.{path.stem}" for path in ENGINE.glob("[!_]*.py")]
    )
    loaded = loaded_after("\n".join(f"import {module}" for module in modules))
    assert set(modules) <= set(loaded)
    assert outside_loaded(loaded, "rules") == []
