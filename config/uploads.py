"""A ceiling on the size of uploads.

Django limits form fields (``DATA_UPLOAD_MAX_MEMORY_SIZE``) but not uploaded files: a file of
any size would be streamed to a temporary file before a view could look at its size. This
handler, first in ``FILE_UPLOAD_HANDLERS``, refuses a multipart request larger than
``UPLOAD_MAX_REQUEST_SIZE`` from its ``Content-Length`` before anything is read, and counts
what arrives in case that header understates it. ``RequestDataTooBig`` is answered by our 400
page (``config.errors.bad_request``) with the limit.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.core.files.uploadhandler import FileUploadHandler


class UploadTooBig(RequestDataTooBig):
    """A multipart request over ``UPLOAD_MAX_REQUEST_SIZE`` (``limit`` in bytes)."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"Upload exceeded settings.UPLOAD_MAX_REQUEST_SIZE ({limit} bytes).")
        self.limit = limit


class RequestSizeLimitHandler(FileUploadHandler):
    def __init__(self, request: Any = None) -> None:
        super().__init__(request)
        self.limit = int(settings.UPLOAD_MAX_REQUEST_SIZE)
        self.received = 0

    def handle_raw_input(
        self,
        input_data: Any,
        META: dict[str, Any],
        content_length: int,
        boundary: bytes,
        encoding: str | None = None,
    ) -> None:
        if content_length > self.limit:
            raise UploadTooBig(self.limit)

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        self.received += len(raw_data)
        if self.received > self.limit:
            raise UploadTooBig(self.limit)
        return raw_data  # the next handler stores it

    def file_complete(self, file_size: int) -> None:
        return None
