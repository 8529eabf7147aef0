from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularSwaggerView

from accounts.forms import AdminLoginForm, SiteLoginForm
from config.api_errors import api_not_found
from config.api_root import api_root
from config.health import healthz
from config.schema_view import SchemaView

# The admin's login counts like every login (accounts.forms): the rate per address, the backoff per account.
admin.site.login_form = AdminLoginForm
# The admin is the director's desk: its header names the site, its index opens on the director's events
# (templates/admin/index.html, tournaments.admin.home).
admin.site.site_header = "Variant chess events: the director's desk"
admin.site.site_title = "Variant chess events"
admin.site.index_title = "Your events and the records"

urlpatterns = [
    # First: the live-play API (a move is the request made most often; routes are tried in order).
    path("api/", include("games.urls_api")),
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    # The site login for people (Django's auth views, templates/registration/); the API also takes tokens.
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(redirect_authenticated_user=True, authentication_form=SiteLoginForm),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/password_change/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("accounts/password_change/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    # Invitations, password reset by e-mail, the choice of mails (accounts.urls).
    path("accounts/", include("accounts.urls")),
    path("api/", api_root, name="api-root"),
    path("api/schema/", SchemaView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    path("api/", include("accounts.urls_api")),
    path("api/", include("tournaments.urls_api")),
    path("api/", include("ratings.urls_api")),  # players across events, rating lists, series (issue 28)
    path("", include("games.urls")),
    path("", include("tournaments.urls_editor")),
    path("", include("tournaments.urls")),
    path("", include("ratings.urls")),
    re_path(r"^api/", api_not_found),  # last: what no API route matches is a JSON 404, DEBUG or not
]

# Errors raised outside the API views: JSON under /api/, Django's pages elsewhere (config.api_errors).
handler400 = "config.api_errors.bad_request"
handler403 = "config.api_errors.permission_denied"
handler404 = "config.api_errors.page_not_found"
handler500 = "config.api_errors.server_error"
