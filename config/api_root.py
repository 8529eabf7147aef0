from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.reverse import reverse


@extend_schema(exclude=True)
@api_view(["GET"])
@permission_classes([AllowAny])
def api_root(request):
    """The API's entry points; the full list is in the OpenAPI schema."""
    return Response(
        {
            "schema": reverse("schema", request=request),
            "docs": reverse("swagger-ui", request=request),
            "events": request.build_absolute_uri("/api/events/"),
            "token": request.build_absolute_uri("/api/auth/token/"),
            "my_games": request.build_absolute_uri("/api/me/games/"),
        }
    )
