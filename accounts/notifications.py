"""Which mails a person gets: every kind of mail, the ones nobody can turn off, and each person's choice.

The essential mails (an invitation, a password reset, the link that confirms an e-mail address, the director's
answer to a registration) always go out; the others can be turned off at ``/accounts/notifications/``. A player
with no login has made no choice and gets them all.
"""

from __future__ import annotations

from accounts.models import Profile

INVITATION = "invitation"
CONFIRM_EMAIL = "confirm-email"
PASSWORD_RESET = "password-reset"  # noqa: S105 - a kind of mail, not a secret
REGISTRATION = "registration"  # received, approved, refused, waiting, moved up
ROUND_PUBLISHED = "round-published"
RESULT_REPORTED = "result-reported"
DISPUTE_DECIDED = "dispute-decided"

ESSENTIAL = (INVITATION, CONFIRM_EMAIL, PASSWORD_RESET, REGISTRATION)
# The kinds a person may turn off, as the preferences page names them.
OPTIONAL = {
    ROUND_PUBLISHED: "A round is published: your board, colour, opponent, variant and start time",
    RESULT_REPORTED: "Your opponent reported the result of your game (with links to confirm or dispute it)",
    DISPUTE_DECIDED: "An arbiter decided a disputed result of your game",
}
KINDS = (*ESSENTIAL, *OPTIONAL)


def profile_of(user) -> Profile:
    """The person's profile, made on first use."""
    profile, _ = Profile.objects.get_or_create(user=user)
    return profile


def wants(user, kind: str) -> bool:
    """Whether ``user`` (None: a player with no login) gets mail of ``kind``."""
    assert kind in KINDS, kind
    if user is None or kind in ESSENTIAL:
        return True
    muted = Profile.objects.filter(user=user).values_list("muted", flat=True).first() or []
    return kind not in muted


def set_muted(user, muted: list[str]) -> Profile:
    """Turn off exactly the optional kinds in ``muted`` (unknown or essential kinds are refused)."""
    wrong = [kind for kind in muted if kind not in OPTIONAL]
    if wrong:
        raise ValueError(f"not a mail one can turn off: {', '.join(wrong)}")
    profile = profile_of(user)
    profile.muted = sorted(set(muted))
    profile.save(update_fields=["muted"])
    return profile
