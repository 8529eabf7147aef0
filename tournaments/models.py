"""Events, players, registrations, rounds, variant blocks and the standings snapshot.

A paired board is a :class:`Game`: one row per pairing holding its variant start, its result of record and the
live state the games app keeps while it is played, so results have one home and a live move writes one row.
Byes are :class:`Bye` rows (tournaments.models_record).
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from pairing.systems import SWISS, PairingSystem, system_choices
from pairing.systems import system as pairing_system
from record import game_states
from scoring.profiles import Profile
from scoring.registry import DEFAULT_KEY, KEY_MAX_LENGTH, get_profile, profile_choices
from scoring.tiebreak_codes import EDITIONS, default_tiebreaks, parse_tiebreaks
from tournaments.fide import FIDE_TITLES, no_control_characters
from variants import policies
from variants.draw import DrawReading, read_dice
from variants.drawn_start import drawn_start
from variants.registry import get_engine, rolled_key


def sees_every_event(user) -> bool:
    """Staff in the contract's sense: superusers and staff users holding the global ``tournaments.change_event``
    permission. Not the bare ``is_staff`` flag: every organizer needs that to log in to the admin."""
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    return bool(user.is_superuser or (user.is_staff and user.has_perm("tournaments.change_event")))


class EventQuerySet(models.QuerySet):
    def visible_to(self, user) -> EventQuerySet:
        """The one visibility rule: the public sees public events once announced (never a draft); an event's
        organizer and arbiters see it at every stage, its registered players once announced (a private event is
        theirs too), staff (:func:`sees_every_event`) see every event."""
        announced = ~models.Q(status=Event.Status.DRAFT)
        public = models.Q(is_public=True) & announced
        if user is None or not user.is_authenticated:
            return self.filter(public)
        if sees_every_event(user):
            return self.all()
        playing = announced & models.Q(pk__in=Registration.objects.filter(player__user=user).values("event_id"))
        return self.filter(public | playing | models.Q(organizer=user) | models.Q(arbiters=user)).distinct()


class RegistrationMode(models.TextChoices):
    CLOSED = "closed", "Closed (the director enters players)"
    OPEN = "open", "Open"
    APPROVAL = "approval", "Open, with the director's approval"


# What a requested bye scores: a share of one game's points (0, a draw's, a win's).
BYE_SHARES = [(Decimal("0"), "0"), (Decimal("0.5"), "½"), (Decimal("1"), "1")]


class Event(models.Model):
    class Format(models.TextChoices):  # the built-in systems' keys, for callers naming one; the choices are the registry's
        MATCH = "match", "Match of N games"
        ROUND_ROBIN = "rr", "Single round-robin"
        DOUBLE_ROUND_ROBIN = "rr2", "Double round-robin in two-game mini-matches"
        SWISS = "swiss", "Swiss"

    class VariantPolicy(models.TextChoices):
        # Policies name no variant (variants.policies): the variant is variant_key, the draw's options options.
        FIXED = policies.FIXED, policies.POLICY_LABELS[policies.FIXED]
        DICE = policies.DICE, policies.POLICY_LABELS[policies.DICE]
        POOL = policies.POOL, policies.POLICY_LABELS[policies.POOL]

    class SeedBy(models.TextChoices):  # issue 28: where the seeding reads a player's rating
        TYPED = "typed", "The typed rating"
        RATING = "rating", "The rating list"

    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        ANNOUNCED = "announced", "Announced"
        RUNNING = "running", "Running"
        CLOSED = "closed", "Closed"

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=100, unique=True)
    # The pairing system, a key of pairing.systems (callable choices: a registered system needs no migration).
    format = models.CharField(max_length=16, choices=system_choices, default=SWISS.key)
    rounds_planned = models.PositiveSmallIntegerField(default=5, help_text="Rounds (Swiss) or games (match).")
    variant_policy = models.CharField(max_length=8, choices=VariantPolicy.choices, default=VariantPolicy.DICE)
    variant_key = models.CharField(
        max_length=16, default=rolled_key, blank=True,
        help_text="The variant played (a key of variants.registry); empty under a pool, whose blocks draw theirs.",
    )  # fmt: skip
    variant_options = models.JSONField(
        default=dict, blank=True, help_text='The options of the draw, e.g. {"rolls": 2} (variants.policies).'
    )
    time_control = models.CharField(max_length=64, default="90+30", help_text="e.g. 90+30, 40/5400:1800+30, d5")
    # A key of scoring.registry: the choices are read from it at each use, so a new profile needs no migration.
    scoring = models.CharField(max_length=KEY_MAX_LENGTH, choices=profile_choices, default=DEFAULT_KEY)
    baku_acceleration = models.BooleanField(
        default=False,
        help_text="Baku acceleration (FIDE C.04.5) for a Swiss paired by the FIDE Dutch system (a fixed variant).",
    )
    tiebreaks = models.JSONField(
        default=default_tiebreaks, blank=True,
        help_text="Tie-break codes in order, e.g. BH-C1, BH, SB, DE, WIN, BPG (docs/rules/tiebreaks.md).",
    )  # fmt: skip
    tiebreak_edition = models.CharField(
        max_length=4, blank=True, default="", choices=[(e, f"C.07 of {e}") for e in EDITIONS],
        help_text="The C.07 text the tie-breaks follow; empty: the one in force on the event's first day.",
    )  # fmt: skip
    organizer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organized_events")
    arbiters = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="arbitrated_events")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    is_public = models.BooleanField(default=True)
    starts_on = models.DateField(null=True, blank=True)
    # Where the event is held: the FIDE TRF-16 header's 022 (city) and 032 (federation, a three-letter code).
    city = models.CharField(max_length=100, blank=True)
    federation = models.CharField(max_length=3, blank=True, help_text="Three-letter FIDE federation code, e.g. AUT.")
    # The TRF's 102. A name, not an account: the chief arbiter often runs no part of the event here.
    chief_arbiter = models.CharField(
        max_length=100,
        blank=True,
        validators=[no_control_characters],
        help_text="The chief arbiter's name, as FIDE's reports give it (TRF record 102). Blank: the first arbiter's name.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Issue 28: its finished games count for the rating lists (the ratings app), which may also seed it.
    rated = models.BooleanField(default=False, help_text="Its finished games count for the rating lists (forfeits excluded).")
    seed_by = models.CharField(max_length=8, choices=SeedBy.choices, default=SeedBy.TYPED,
                               help_text="The rating the starting ranks follow: the list's is the event's variant's "
                               "(a player without one keeps the typed rating).")  # fmt: skip
    # A player's way in (issue 23): self-registration, check-in and the players' own bye requests.
    registration = models.CharField(max_length=8, choices=RegistrationMode.choices, default=RegistrationMode.CLOSED)
    registration_closes_at = models.DateTimeField(null=True, blank=True)
    max_players = models.PositiveIntegerField(null=True, blank=True, help_text="Past it, registrations wait on a list.")
    check_in_required = models.BooleanField(default=False)
    check_in_opens_minutes = models.PositiveIntegerField(default=60, help_text="Check-in opens this long before a round.")
    requested_bye_points = models.DecimalField(
        max_digits=2, decimal_places=1, choices=BYE_SHARES, default=Decimal("0.5"), help_text="A game's share."
    )
    max_requested_byes = models.PositiveSmallIntegerField(default=1)
    # Team events (issue 27; tournaments.models_teams): who is paired, the boards of a match, its match points.
    competitor = models.CharField(max_length=6, choices=[("player", "Players"), ("team", "Teams")], default="player")
    boards = models.PositiveSmallIntegerField(default=0, help_text="Boards of a team match (team events).")
    match_points = models.CharField(max_length=20, default="2,1,0", help_text="A team match's points: win, draw, loss.")

    objects = EventQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        wrong = policies.problems(self.variant_policy, self.variant_key, self.variant_options)
        try:
            self.tiebreaks = parse_tiebreaks(self.tiebreaks or [])
        except ValueError as exc:
            wrong = {**(wrong or {}), "tiebreaks": str(exc)}
        if wrong:
            raise ValidationError(wrong)

    @property
    def system(self) -> PairingSystem:
        """The event's registered pairing system, whose properties the services ask (never its key)."""
        return pairing_system(self.format)

    @property
    def draw(self) -> policies.Draw:
        """How the event's games start, as people name it (its public name and label)."""
        return policies.draw_of(self.variant_policy, self.variant_key, self.variant_options)

    @property
    def profile(self) -> Profile:
        """The scoring profile of the event (ValueError when its key is no longer registered)."""
        return get_profile(self.scoring)


class Player(models.Model):
    """A person who plays; the same Player may register for many events. Sex, title and birth date are optional:
    the TRF's player record carries them when known (FIDE C.04 Annex 2, columns 10, 11-13, 70-79)."""

    class Sex(models.TextChoices):  # the TRF's codes
        MAN = "m", "Man"
        WOMAN = "w", "Woman"

    name = models.CharField(max_length=200)
    rating = models.PositiveSmallIntegerField(default=0)
    federation = models.CharField(max_length=3, blank=True)
    fide_id = models.CharField(max_length=12, blank=True)
    sex = models.CharField(max_length=1, blank=True, choices=Sex.choices)
    title = models.CharField(max_length=3, blank=True, choices=[(t, t) for t in FIDE_TITLES], help_text="FIDE title.")
    birth_date = models.DateField(null=True, blank=True)
    user = models.OneToOneField(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="player")
    # Issue 23: where the invitation and the event's mails go, and the username the login is offered with.
    email = models.EmailField(blank=True)
    username = models.CharField(max_length=150, blank=True, help_text="The username suggested for the player's login.")

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Registration(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", "Active"
        WITHDRAWN = "withdrawn", "Withdrawn"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    seed = models.PositiveIntegerField(
        default=0, help_text="Starting rank (pairing number). 0: by rating, title and name until round 1 is paired."
    )
    # A seed the organizer gave (an import's seed column, the admin) stays; the others follow the rating order
    # until round 1 is paired (tournaments.services.seeding).
    seed_given = models.BooleanField(default=True, help_text="The organizer gave this starting rank.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    joined_round = models.PositiveSmallIntegerField(default=1, help_text="First round played (late entry > 1).")
    withdrawn_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "seed"]
        constraints = [models.UniqueConstraint(fields=["event", "player"], name="unique_registration")]

    def __str__(self) -> str:
        return f"{self.player} in {self.event}"


class Round(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Not yet paired"
        PAIRED = "paired", "Paired (not published)"
        PUBLISHED = "published", "Published"
        COMPLETE = "complete", "Complete"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    variant_block = models.ForeignKey("VariantBlock", null=True, blank=True, on_delete=models.PROTECT, related_name="rounds")
    published_at = models.DateTimeField(null=True, blank=True)
    starts_at = models.DateTimeField(null=True, blank=True, help_text="When the round starts (shown on the public pages).")

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="unique_round")]

    def __str__(self) -> str:
        return f"{self.event} round {self.number}"


class VariantBlock(models.Model):
    """The variant for rounds (or games) 2k-1 and 2k: its roll, how it was made, and the resulting array."""

    class Method(models.TextChoices):
        SERVER = "server", "Server roll (commit-reveal)"
        PHYSICAL = "physical", "Physical dice entered by an arbiter"
        FIXED = "fixed", "Fixed variant, no roll"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="variant_blocks")
    index = models.PositiveSmallIntegerField(help_text="k: the block covers rounds 2k-1 and 2k.")
    method = models.CharField(max_length=10, choices=Method.choices, default=Method.SERVER)
    commitment = models.CharField(max_length=64, blank=True, help_text="SHA-256 of the secret seed, shown before the roll.")
    seed = models.CharField(max_length=64, blank=True, help_text="The secret seed, revealed after the roll.")
    identity = models.CharField(
        max_length=120, blank=True, help_text="What the dice derive from (fairroll.block_id(slug, index) unless set)."
    )
    # What the block's draw produced, read by its engine only (Engine.read_draw), as Game.start_options is: for
    # dice {"roll", "roll2"} in canonical order, {"shown", "shown2"} as physical dice showed, "castling".
    draw = models.JSONField(default=dict, blank=True, help_text="What the block's draw produced (its engine reads it).")
    replaced_reason = models.CharField(
        max_length=300, blank=True, help_text="Why physical dice replaced the committed server seed (the commitment stays)."
    )
    # A pool's block (issue 29): the variant drawn from the pool with the committed seed; empty: the event's.
    variant = models.CharField(max_length=16, blank=True, help_text="The variant drawn for the block (a pool).")
    rolled_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    rolled_at = models.DateTimeField(null=True, blank=True)
    committed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "index"]
        constraints = [models.UniqueConstraint(fields=["event", "index"], name="unique_variant_block")]

    def __str__(self) -> str:
        return f"{self.event} block {self.index}"

    @property
    def variant_key(self) -> str:
        """The variant its rounds are played in: the one drawn from a pool, else the event's (under dice, the
        variant the dice start)."""
        return self.variant or self.event.variant_key

    @property
    def reading(self) -> DrawReading:
        """The block's draw as its engine reads it (an engine no longer registered: read as plain dice)."""
        try:
            engine = get_engine(self.variant_key)
        except (KeyError, ImportError):
            return read_dice(self.draw)
        return engine.read_draw(self.draw)

    first_roll, second_roll, first_shown, second_shown, castling = (  # the names pages, API and admin read
        property(lambda block, key=key: getattr(block.reading, key)) for key in ("roll", "roll2", "shown", "shown2", "castling")
    )

    @property
    def start_position(self) -> str:
        """Its start, derived from the draw (stored once: on the games that play it)."""
        return drawn_start(self.variant_key, self.reading.roll, self.reading.roll2, bool(self.rolled_at))[0]

    @property
    def array(self) -> list[str]:
        """White's back rank the dice gave (piece names, files a..); empty for a variant without dice."""
        return list(drawn_start(self.variant_key, self.reading.roll, self.reading.roll2, bool(self.rolled_at))[1])

    def games_start_options(self) -> dict[str, object]:
        """What its games start from: the options the variant's engine makes of the block's dice."""
        return get_engine(self.variant_key).start_options(self.reading.roll, self.reading.roll2)


class Game(models.Model):
    """A paired board: who plays whom with which army, the variant start, the result of record and the live state.

    The games app plays it (moves, clocks, reports) through this one row, so a live move locks and writes one
    row; pairing, standings, exports and pages read it here without depending on the games app.
    """

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", "Scheduled"
        LIVE = "live", "In play"
        FINISHED = "finished", "Finished"

    class ResultStatus(models.TextChoices):
        NONE = "", "No result"
        REPORTED = "reported", "Reported, awaiting confirmation"
        DISPUTED = "disputed", "Disputed"
        FINAL = "final", "Final"

    round = models.ForeignKey("Round", on_delete=models.CASCADE, related_name="games")
    board = models.PositiveSmallIntegerField(default=1)
    white = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="white_games")
    black = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="black_games")

    # The variant and its start: the key of variants.registry and the options its engine starts from (for a rolled
    # variant, what its block's dice gave: Engine.start_options), read by the engine only.
    variant = models.CharField(max_length=16, default=rolled_key)
    start_options = models.JSONField(default=dict, blank=True)
    start_position = models.CharField(max_length=200, blank=True)

    # Result (people's result: "1-0" means the White seat — who started with White — won).
    result = models.CharField(max_length=8, blank=True)  # 1-0, 0-1, 1/2-1/2, or forfeit forms +/-, -/+, -/-
    termination = models.CharField(max_length=32, blank=True)
    white_points = models.DecimalField(max_digits=6, decimal_places=2, null=True, blank=True)
    black_points = models.DecimalField(max_digits=6, decimal_places=2, null=True, blank=True)
    result_status = models.CharField(max_length=10, choices=ResultStatus.choices, default="", blank=True)

    # Live state.
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SCHEDULED)
    position = models.CharField(max_length=300, blank=True)
    moves = models.JSONField(default=list, blank=True)
    clock = models.JSONField(default=dict, blank=True)
    controllers = models.JSONField(default=dict, blank=True)  # army -> seat, for Switch-Side Chain-Chess
    flag_deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    version = models.PositiveIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "board"]
        constraints = [models.UniqueConstraint(fields=["round", "board"], name="unique_board")]

    def __str__(self) -> str:
        return f"{self.white} - {self.black} ({self.round})"

    @property
    def state(self) -> str:
        """Where the game is in its life (record.game_states: paired, in-play, reported, disputed, final),
        read from the columns above: no column of its own, so it can never disagree with them."""
        return game_states.state_of(self.status, self.result_status, self.result)

    def start_rolls(self) -> tuple[str, str]:
        """The dice its start options were made from, as its engine reads them (pages, API, PGN); ("", "") for a
        variant without dice or one no engine is registered under."""
        try:
            return get_engine(self.variant).start_rolls(self.start_options or {})
        except (KeyError, ImportError):
            return ("", "")


# The record kept beside the boards (audit trail, standings snapshot, colour draw) and the models of a player's way
# in, in modules of their own (this one would pass 400 lines); they belong to this app and are imported here.
from tournaments.models_record import Bye, ByeRequest, ColourDraw, ForbiddenPairing, PairingChange, StandingsSnapshot  # noqa: E402, F401
from tournaments.models_sections import Section  # noqa: E402, F401
from tournaments.models_teams import Lineup, Team, TeamMatch, TeamMember  # noqa: E402, F401
from tournaments.models_way_in import CheckIn, SignUp  # noqa: E402, F401
