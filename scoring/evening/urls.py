"""The round page's actions of a round's life, in the ``tournament`` URL namespace beside the
round page (``config/urls.py`` composes ``tournament.urls`` and these under one namespace)."""

from django.urls import path

from scoring.evening import views, views_substitute

ROUND = "<slug:slug>/durchgang/<int:number>/"

urlpatterns = [
    path(ROUND + "auslosen/", views.DrawRoundView.as_view(), name="draw"),
    path(ROUND + "freigeben/", views.ReleaseRoundView.as_view(), name="release"),
    path(ROUND + "abschliessen/", views.CloseRoundView.as_view(), name="close"),
    path(ROUND + "freigabe-zuruecknehmen/", views.UnreleaseRoundView.as_view(), name="unrelease"),
    path(ROUND + "wieder-oeffnen/", views.ReopenRoundView.as_view(), name="reopen"),
    path(ROUND + "ersatzspieler/", views_substitute.ReplacePlayerView.as_view(), name="replace"),
]
