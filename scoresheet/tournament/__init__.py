"""Tournaments: many tables, seats drawn by lot, signed table sheets, live standings.

The pure parts (the draw, premium points, standings) are in :mod:`rules.tournament`; this
package keeps the tournament in the database (:mod:`.models`) and runs its evening
(:mod:`.logic`).  docs/tournament.md describes the evening.
"""
