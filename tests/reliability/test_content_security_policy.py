"""django-csp sends the same strict policy as before on every answer: pages, our error pages
(404, 405) and the JSON API; the Permissions-Policy beside it."""

from __future__ import annotations

import pytest

POLICY = {
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("method", "path", "host", "status"),
    [
        ("get", "/", "localhost", 200),
        ("get", "/konto/anmelden/", "localhost", 200),
        ("get", "/t/gibt-es-nicht/", "localhost", 404),
        ("delete", "/", "localhost", 405),
        ("get", "/api/t/gibt-es-nicht/standings", "localhost", 404),
    ],
)
def test_every_answer_carries_the_policy(client, method, path, host, status):
    response = getattr(client, method)(path, HTTP_HOST=host)
    assert response.status_code == status
    assert set(response["Content-Security-Policy"].split("; ")) == POLICY
    assert response["Permissions-Policy"] == "camera=(), microphone=(), geolocation=()"
