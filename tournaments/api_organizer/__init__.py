"""The organizer API: every step of the director's workflow over HTTP, calling the same services as the admin.

Routes in :mod:`tournaments.api_organizer.urls` (mounted under /api/). ``Authorization: Token …`` of the event's
organizer, one of its arbiters or staff; another organizer's event is 403, no token 401. Every refusal is JSON
naming the field and the row or board, and changes nothing (docs/organizer-guide.md).
"""
