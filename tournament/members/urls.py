"""A club's pages under /verwaltung/vereine/<club>/: the member registry and the logo."""

from django.urls import path

from tournament.clubs.views import ClubLogoView
from tournament.members import views

app_name = "clubs"

urlpatterns = [
    path("<slug:club>/mitglieder/", views.MemberListView.as_view(), name="members"),
    path("<slug:club>/mitglieder/<slug:member>/", views.MemberEditView.as_view(), name="member"),
    path("<slug:club>/logo/", ClubLogoView.as_view(), name="logo"),
]
