from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The follow-up work of a change hangs on the one hook (docs/architecture.md): the services send the change
        # and never import a task or a view. The receivers import models and views, so they load once ready.
        from django.db.models.signals import m2m_changed, post_save

        from tournaments.models import Event
        from tournaments.models_sections import give_first_section, share_arbiters
        from tournaments.receivers import recompute_standings, warm_pages
        from tournaments.signals import record_changed

        record_changed.connect(recompute_standings, dispatch_uid="tournaments.recompute_standings")
        record_changed.connect(warm_pages, dispatch_uid="tournaments.warm_pages")
        # Every event has at least one section (itself); its other sections' rows share its settings and arbiters.
        post_save.connect(give_first_section, sender=Event, dispatch_uid="tournaments.give_first_section")
        m2m_changed.connect(share_arbiters, sender=Event.arbiters.through, dispatch_uid="tournaments.share_arbiters")
