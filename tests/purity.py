"""What the pure cores import: every import of their sources (read with ``ast``, relative ones
resolved) and the modules a fresh interpreter has loaded after importing them.

The pure cores are the rules engine (``rules.hausregeln``) and the seating core
(``tournament.seating.core``): no Django, and nothing of this project outside the package.
.importlinter states the same contracts for ``lint-imports``; these tests need no tool.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DYNAMIC = "<dynamic import>"


def package_dir(package: str) -> Path:
    return ROOT.joinpath(*package.split("."))


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path) -> set[str]:
    """The absolute imports of a source and the literal names given to ``import_module``."""
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


def every_import(path: Path) -> set[str]:
    """Every module a source imports: absolute and relative imports (resolved to absolute names;
    ``from . import x`` counts as the package and as ``package.x``), ``import_module`` and
    ``__import__`` calls; such a call without a literal name counts as ``DYNAMIC``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    own = module_name(path)
    package = own if path.name == "__init__.py" else own.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                base = node.module or ""
            else:
                parts = package.split(".")
                anchor = ".".join(parts[: len(parts) - (node.level - 1)]) if package else ""
                base = ".".join(filter(None, [anchor, node.module])) or "."
            names.add(base)
            if node.module is None:
                names.update(f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Call) and _call_name(node) in {"import_module", "__import__"}:
            first = node.args[0] if node.args else None
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                names.add(first.value)
            else:
                names.add(DYNAMIC)
    return names


def _call_name(node: ast.Call) -> str:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return ""


def is_ours(module: str) -> bool:
    """A module of this project: its first name is a folder or a module in the project root (and
    not the standard library's: the root's ``locale`` folder holds catalogues)."""
    top = module.split(".")[0]
    if not top or top in sys.stdlib_module_names:
        return False
    return (ROOT / top).is_dir() or (ROOT / f"{top}.py").is_file()


def is_django(module: str) -> bool:
    top = module.split(".")[0]
    return top == "django" or top.startswith("django_")


def inside(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def forbidden_imports(package: str) -> dict[str, list[str]]:
    """Per source of ``package``: what it imports of Django, of this project outside
    ``package``, or by a name only known when it runs."""
    found = {}
    for path in sorted(package_dir(package).rglob("*.py")):
        bad = sorted(
            module
            for module in every_import(path)
            if module == DYNAMIC
            or is_django(module)
            or (is_ours(module) and not inside(module, package))
            or module.startswith(".")
        )
        if bad:
            found[str(path.relative_to(ROOT))] = bad
    return found


def loaded_after(code: str) -> list[str]:
    """The modules a fresh interpreter has loaded after running ``code`` (the project on its
    path, no Django settings in its environment)."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))\n"
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    completed = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    return json.loads(completed.stdout.strip().splitlines()[-1])


def outside_loaded(loaded: list[str], package: str) -> list[str]:
    """Loaded modules of Django, or of this project outside ``package`` and its parents."""
    parents = {package.rsplit(".", depth)[0] for depth in range(1, package.count(".") + 1)}
    return [
        module
        for module in loaded
        if is_django(module)
        or (is_ours(module) and not inside(module, package) and module not in parents)
    ]
