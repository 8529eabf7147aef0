"""Accounts: how API clients authenticate (token login, revocation and the per-request token check).

The lowest app: it imports neither ``tournaments`` nor ``games``; both use it.
"""
