"""Lístek's Django project and app: the score sheet on a phone."""
