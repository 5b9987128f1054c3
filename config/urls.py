"""URL map: public pages at the root (``public.urls``), the organiser's pages under /verwaltung/,
the JSON API under /api/ (``public.urls_api``), the captains' links under /e/.

A namespace whose pages come from two layers is composed here, at the top, so that no layer
reaches up: ``tournament`` with the round's life (``scoring.evening``), ``scoring`` with the
projector's desk (``public.show``).
"""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from config.login import ThrottledLoginView
from public.show import urls as show_urls
from scoring import urls as scoring_urls
from scoring.evening import urls as evening_urls
from tournament import urls as tournament_urls
from tournament.clubs import login_views as club_logins

urlpatterns = [
    path("", include("public.urls")),
    # Players sign up themselves (tournament/signup/): form, short code, personal page.
    path("", include("tournament.signup.urls")),
    path("konto/anmelden/", ThrottledLoginView.as_view(), name="login"),
    path("konto/abmelden/", auth_views.LogoutView.as_view(), name="logout"),
    # A club's invitation link (tournament/clubs/logins.py): no login needed to open it.
    path("konto/einladung/<str:token>/", club_logins.InvitationView.as_view(), name="invitation"),
    path("i18n/", include("django.conf.urls.i18n")),
    # Club pages first: "vereine" is no tournament's short name (RESERVED_SLUGS).
    path("verwaltung/vereine/", include("seasons.urls")),
    path("verwaltung/vereine/", include("tournament.members.urls")),
    # The organiser's tournament pages and, in the same namespace, the round's life (draw,
    # release, close ...: scoring/evening/), which moves the score sheets too.
    path(
        "verwaltung/",
        include((tournament_urls.urlpatterns + evening_urls.urlpatterns, "tournament")),
    ),
    # The sheets, the board and the standings, and in the same namespace the projector's desk.
    path(
        "verwaltung/",
        include((scoring_urls.urlpatterns + show_urls.urlpatterns, scoring_urls.app_name)),
    ),
    path("verwaltung/", include("output.urls")),
    path("verwaltung/", include("output.prizes.urls")),
    path("api/", include("public.urls_api")),
    path("e/", include("scoring.urls_captain")),
    # Superusers only (config/admin_site.py): logins and who may manage which tournament.
    path("admin/", admin.site.urls),
]

# Our error pages in the base layout (JSON on the JSON endpoints): config/errors.py.
handler400 = "config.errors.bad_request"
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"
