"""The static files' storage in network and production mode: WhiteNoise's compressed files with
hashed names, and the ``import … from "./x.js"`` lines of our ES modules (static/js/sheet.js and
static/js/sheet/) rewritten to the hashed names too. Without that a hashed module would load its
parts under their plain names, which WhiteNoise lets browsers keep for a minute only: the sheet
page could not open again offline, and an update could mix old and new parts."""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class CompressedManifestModulesStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
