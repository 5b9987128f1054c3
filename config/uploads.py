"""A ceiling on the size of uploads.

Django limits form fields (``DATA_UPLOAD_MAX_MEMORY_SIZE``) but not uploaded files: a file of
any size would be streamed to a temporary file before a view could look at its size. This
handler, first in ``FILE_UPLOAD_HANDLERS``, refuses a multipart request larger than
``UPLOAD_MAX_REQUEST_SIZE`` from its ``Content-Length`` before anything is read, and counts
what arrives in case that header understates it. ``RequestDataTooBig`` is answered by our 400
page (``config.errors.bad_request``) with the limit.

A view may allow larger files with ``upload_max_file_size`` (the restore page: a backup of a
400-player evening is 4.3 MB, ``output.backup.document.MAX_BYTES`` allows 50 MB). That cap
holds only for a logged-in user (anyone else gets the ordinary one, so strangers cannot make the
server spool 50 MB), plus ``DATA_UPLOAD_MAX_MEMORY_SIZE`` for the rest of the form. Files above
``FILE_UPLOAD_MAX_MEMORY_SIZE`` are streamed to a temporary file, not kept in memory.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.core.files.uploadhandler import FileUploadHandler


class UploadTooBig(RequestDataTooBig):
    """A multipart request over its cap; ``limit`` (bytes) is what the page tells the user."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"Upload exceeded the request size limit ({limit} bytes).")
        self.limit = limit


def upload_limits(request: Any) -> tuple[int, int]:
    """``(cap of the whole request, limit shown to the user)`` in bytes for ``request``."""
    default = int(settings.UPLOAD_MAX_REQUEST_SIZE)
    match = getattr(request, "resolver_match", None)  # resolved before any view middleware
    view_class = getattr(getattr(match, "func", None), "view_class", None)
    file_limit = getattr(view_class, "upload_max_file_size", None)
    user = getattr(request, "user", None)
    if file_limit and user is not None and user.is_authenticated and _may_use(view_class, user):
        return int(file_limit) + int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE), int(file_limit)
    return default, default


def _may_use(view_class: Any, user: Any) -> bool:
    """Whether ``user`` may use the view at all: a Helfer, who gets the restore page's 403
    anyway, keeps the ordinary cap instead of uploading 50 MB to be refused."""
    if not getattr(view_class, "starts_tournament", False):
        return True
    from tournament.permissions import may_start_tournaments

    return may_start_tournaments(user)


class RequestSizeLimitHandler(FileUploadHandler):
    def __init__(self, request: Any = None) -> None:
        super().__init__(request)
        self.limit, self.shown_limit = upload_limits(request)
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
            raise UploadTooBig(self.shown_limit)

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        self.received += len(raw_data)
        if self.received > self.limit:
            raise UploadTooBig(self.shown_limit)
        return raw_data  # the next handler stores it

    def file_complete(self, file_size: int) -> None:
        return None
