"""A club's member registry (under /verwaltung/vereine/<club>/mitglieder/)."""

from django.urls import path

from tournament.members import views

app_name = "clubs"

urlpatterns = [
    path("<slug:club>/mitglieder/", views.MemberListView.as_view(), name="members"),
    path("<slug:club>/mitglieder/<slug:member>/", views.MemberEditView.as_view(), name="member"),
]
