"""The admin app with our site (``config/admin_site.py``); listed in ``INSTALLED_APPS``.

Apart from the site itself so that loading the app imports nothing that needs the app registry.
"""

from django.contrib.admin.apps import AdminConfig


class SuperuserAdminConfig(AdminConfig):
    default_site = "config.admin_site.SuperuserAdminSite"
