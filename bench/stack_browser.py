"""One HTTP client for the benchmarks' checks (``stack.Browser``, re-exported there): a
connection per request, its cookies, forms with their CSRF token, a login."""

from __future__ import annotations

import http.client
import re
from http.cookies import SimpleCookie
from urllib.parse import urlencode

HOST = "127.0.0.1"


class Browser:
    """One client for the checks: a connection per request, its cookies, an optional
    ``X-Forwarded-For`` (as a proxy would add it)."""

    def __init__(self, port: int, forwarded_for: str = "") -> None:
        self.port = port
        self.forwarded_for = forwarded_for
        self.cookies: dict[str, str] = {}

    def request(
        self, method: str, path: str, fields: dict | None = None, headers: dict | None = None
    ) -> tuple[int, str, http.client.HTTPMessage]:
        """Status, text and headers (looked up in any case: a2wsgi sends lower-case names)."""
        sent = {"Host": f"{HOST}:{self.port}", **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if self.forwarded_for:
            sent["X-Forwarded-For"] = self.forwarded_for
        body = None
        if fields is not None:
            body = urlencode(fields).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
            sent["Referer"] = f"http://{HOST}:{self.port}{path}"
        connection = http.client.HTTPConnection(HOST, self.port, timeout=30)
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            data = response.read().decode("utf-8", "replace")
            for name, value in response.getheaders():
                if name.lower() == "set-cookie":
                    for key, morsel in SimpleCookie(value).items():
                        self.cookies[key] = morsel.value
            return response.status, data, response.headers
        finally:
            connection.close()

    def form(self, path: str) -> tuple[str, str]:
        status, text, _headers = self.request("GET", path)
        csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', text)
        revision = re.search(r'name="revision" value="(\d+)"', text)
        if status != 200 or csrf is None:
            raise RuntimeError(f"GET {path}: HTTP {status}, no form")
        return csrf.group(1), revision.group(1) if revision else ""

    def login(self, username: str, password: str) -> None:
        csrf, _revision = self.form("/konto/anmelden/")
        fields = {"username": username, "password": password, "csrfmiddlewaretoken": csrf}
        status, _text, _headers = self.request("POST", "/konto/anmelden/", fields)
        if status != 302:
            raise RuntimeError(f"login: HTTP {status}")
