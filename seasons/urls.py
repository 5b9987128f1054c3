"""A club's season pages for its logins (under /verwaltung/vereine/<club>/saisons/)."""

from django.urls import path

from seasons import views

app_name = "seasons"

SEASON = "<slug:club>/saisons/<slug:season>/"

urlpatterns = [
    path("<slug:club>/saisons/", views.SeasonListView.as_view(), name="list"),
    path("<slug:club>/saisons/neu/", views.SeasonCreateView.as_view(), name="create"),
    path(SEASON, views.SeasonView.as_view(), name="detail"),
    path(SEASON + "einstellungen/", views.SeasonSettingsView.as_view(), name="settings"),
    path(SEASON + "mitglied/<slug:member>/", views.SeasonMemberView.as_view(), name="member"),
    path(SEASON + "jahreswertung.pdf", views.SeasonPdfView.as_view(), name="pdf"),
    path(SEASON + "jahreswertung.xlsx", views.SeasonXlsxView.as_view(), name="xlsx"),
]
