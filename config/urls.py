"""URL map: public pages at the root, the organiser's pages under /verwaltung/."""

from django.contrib.auth import views as auth_views
from django.urls import include, path

from config.login import ThrottledLoginView

urlpatterns = [
    path("", include("tournament.urls_public")),
    path("konto/anmelden/", ThrottledLoginView.as_view(), name="login"),
    path("konto/abmelden/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("verwaltung/", include("tournament.urls")),
    path("verwaltung/", include("scoring.urls")),
    path("verwaltung/", include("scoring.urls_exports")),
    path("api/", include("scoring.urls_api")),
    path("e/", include("scoring.urls_captain")),
]
