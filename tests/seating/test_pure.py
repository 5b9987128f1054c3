"""The seating core is pure Python: nothing under tournament/seating/core may import Django, nor
anything of ours outside tournament.seating.core (tests/purity.py reads the imports)."""

from __future__ import annotations

from tests.purity import forbidden_imports, loaded_after, outside_loaded, package_dir

CORE = package_dir("tournament.seating.core")


def test_sources_exist() -> None:
    assert (CORE / "__init__.py").is_file()
    assert len(list(CORE.glob("*.py"))) >= 8


def test_every_import_stays_inside_the_core() -> None:
    """Relative, nested and dynamic imports too: no Django, nothing of ours outside the core."""
    assert forbidden_imports("tournament.seating.core") == {}


def test_importing_every_module_loads_no_django_and_nothing_else_of_ours() -> None:
    modules = sorted(f"tournament.seating.core.{path.stem}" for path in CORE.glob("[!_]*.py"))
    code = "\n".join(f"import {module}" for module in modules) + (
        "\nfrom tournament.seating.core import draw_seating, table_sizes"
        "\nassert table_sizes(18) and draw_seating(range(1, 19), 4711).tables"
    )
    loaded = loaded_after(code)
    assert set(modules) <= set(loaded)
    assert outside_loaded(loaded, "tournament.seating.core") == []
