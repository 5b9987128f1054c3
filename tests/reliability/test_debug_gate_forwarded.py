"""The debug gate looks at the real peer address: a forged X-Forwarded-For unlocks nothing."""

import pytest
from django.test import Client


@pytest.mark.django_db
def test_forwarded_for_loopback_does_not_unlock_debug_pages_for_another_device(settings):
    settings.DEBUG = True
    settings.TRUST_X_FORWARDED_FOR = True
    phone = Client(REMOTE_ADDR="192.168.1.50", HTTP_X_FORWARDED_FOR="127.0.0.1")
    refused = phone.get("/gibt-es-nicht/")
    assert refused.status_code == 403
    assert "make serve" in refused.content.decode()
    assert "URLconf" not in refused.content.decode()


@pytest.mark.django_db
def test_a_local_proxy_forwarding_another_device_gets_no_debug_pages(settings):
    settings.DEBUG = True
    settings.TRUST_X_FORWARDED_FOR = True
    forged_behind_proxy = Client(
        REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="127.0.0.1, 192.168.1.50"
    )
    assert forged_behind_proxy.get("/").status_code == 403
    assert Client(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="::1").get("/").status_code == 200
    assert Client(REMOTE_ADDR="127.0.0.1").get("/").status_code == 200
