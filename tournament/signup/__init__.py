"""Players sign up themselves: settings, the public form and personal page, the waiting list,
the organiser's list and the check-in from it."""
