"""The API of a player's way in (issue 23): a player's own requests (bye, withdrawal, check-in), registrations,
the event's way-in settings and schedule, and the calendar URL. Mounted under /api/ by tournaments.urls_api."""
