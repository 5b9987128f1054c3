"""URLs of the benchmarks: the application's own, plus the baseline page of bench_standings.

The baseline renders a ready-made table of the same rows and columns as the standings page with
the same base template, so the difference to the real page is what the page itself costs
(queries, ranking, django-tables2), not what every page of the site costs.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path

from config.urls import urlpatterns as app_urlpatterns

# Filled by the benchmark before the first request: variant -> template context.
BASELINE: dict[str, dict[str, Any]] = {}


def baseline_standings(request: HttpRequest, variant: str) -> HttpResponse:
    return render(request, "bench/baseline_standings.html", dict(BASELINE[variant]))


urlpatterns = [
    *app_urlpatterns,
    path("bench/baseline/<str:variant>/", baseline_standings, name="bench_baseline"),
]
