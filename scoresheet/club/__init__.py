"""A club: its player register, its seasons of tournament evenings, a player's own page.

Above the tournament app in the layers (pyproject.toml): the club reads and creates tournaments
through :mod:`scoresheet.tournament.logic`; nothing below imports the club.
"""
