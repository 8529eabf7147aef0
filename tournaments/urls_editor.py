"""The board editor's JSON, shared by the players' report page and the director's result grid."""

from django.urls import path

from tournaments import views_editor

urlpatterns = [
    path("games/<int:game_id>/board-editor/", views_editor.board_editor_view, name="board-editor"),
]
