"""The sheet page's pure autosave helpers (static/js/sheet_sync.js) under Node's own test runner:
rows typed on the device and rows stored on the server compare alike, and every error answer
has its message and its retry rule (tests/js/sheet_sync.test.js)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="Node.js is not installed (apt-get install nodejs)")
def test_the_sheet_sync_helpers_pass_their_node_tests():
    result = subprocess.run(
        [NODE, "--test", str(ROOT / "tests" / "js")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout
