"""The rules engine is pure Python: nothing under scoring/rules may import Django."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "scoring" / "rules"
ROOT = RULES.parents[1]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name | ast.Attribute)
            and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module"
        ):
            names.update(
                arg.value
                for arg in node.args
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            )
    return names


def test_sources_exist() -> None:
    assert (RULES / "__init__.py").is_file()
    assert len(list(RULES.glob("*.py"))) >= 8


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
        "import scoring.rules, scoring.rules.jsonio, scoring.rules.sheet\n"
        "from scoring.rules import score_game\n"
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
