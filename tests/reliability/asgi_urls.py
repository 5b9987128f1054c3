"""Test-only URLs for the server's handler (``test_asgi_pool.py``): the failing ones of
``failing_urls`` plus a view that tells what body it received and one that streams a file."""

from __future__ import annotations

import hashlib
import io
import os

from django.http import FileResponse, HttpRequest, JsonResponse
from django.urls import path
from django.views.decorators.csrf import csrf_exempt

from tests.reliability.failing_urls import handler400, handler403, handler404, handler500
from tests.reliability.failing_urls import urlpatterns as failing_patterns

__all__ = ["handler400", "handler403", "handler404", "handler500", "urlpatterns"]

STREAMED = os.urandom(3 * 2**16 + 123)


@csrf_exempt
def echo(request: HttpRequest) -> JsonResponse:
    if request.content_type == "multipart/form-data":
        files = {name: upload.read() for name, upload in request.FILES.items()}
        return JsonResponse(
            {"files": {name: hashlib.sha256(data).hexdigest() for name, data in files.items()}}
        )
    return JsonResponse({"body": hashlib.sha256(request.read()).hexdigest()})


def streamed(request: HttpRequest) -> FileResponse:
    return FileResponse(io.BytesIO(STREAMED), content_type="application/octet-stream")


urlpatterns = [
    path("test-only/echo/", echo),
    path("test-only/streamed/", streamed),
    *failing_patterns,
]
