"""The public sign-up pages of a tournament (no login): the form, the short code's lookup and
the personal page behind the link."""

from django.urls import path

from tournament.signup import views

app_name = "signup"

urlpatterns = [
    path("t/<slug:slug>/anmeldung/", views.SignupView.as_view(), name="form"),
    path("t/<slug:slug>/anmeldung/code/", views.CodeView.as_view(), name="code"),
    path(
        "t/<slug:slug>/anmeldung/<str:signup_token>/", views.PersonalView.as_view(), name="personal"
    ),
]
