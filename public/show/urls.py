"""The organiser's desk of the projector's show (login required), in the ``scoring`` namespace
beside the sheets and the standings (``config/urls.py`` composes it)."""

from django.urls import path

from public.show import views

urlpatterns = [
    path("<slug:slug>/beamer/ansagen/", views.AnnouncementsView.as_view(), name="announcements"),
    path(
        "<slug:slug>/beamer/ansagen/<int:pk>/",
        views.AnnouncementActionView.as_view(),
        name="announcement",
    ),
]
