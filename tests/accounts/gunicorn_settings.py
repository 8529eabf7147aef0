"""The project's settings with a fast password hasher, for the served-app login test (not a test module).

Every wrong password costs a full hash, even for an unknown account (Django evens out the timing), and forty
of them at the production cost would take most of a minute on a shared machine. The throttle is what is tested.
"""

from config.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
