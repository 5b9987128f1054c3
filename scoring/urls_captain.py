"""The captains' private entry links."""

from django.urls import path

from scoring.sheets import views_captain

app_name = "captain"

urlpatterns = [
    path("", views_captain.code_entry, name="code"),
    path("sw.js", views_captain.service_worker, name="service_worker"),
    path("<str:token>/", views_captain.CaptainSheetView.as_view(), name="sheet"),
    path("<str:token>/vorschau/", views_captain.CaptainPreviewView.as_view(), name="preview"),
    path("<str:token>/bewerten/", views_captain.CaptainScoreGameView.as_view(), name="score"),
    path("<str:token>/uhr/", views_captain.CaptainClockView.as_view(), name="clock"),
    path("<str:token>/zeit/", views_captain.CaptainTimeUpView.as_view(), name="time_up"),
    path("<str:token>/sichern/", views_captain.CaptainAutosaveView.as_view(), name="autosave"),
    path(
        "<str:token>/manifest.webmanifest",
        views_captain.CaptainManifestView.as_view(),
        name="manifest",
    ),
]
