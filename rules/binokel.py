"""Binokel for three players with a Dapp: RULES.md section 3."""
