"""Function views, one module per screen.  Access to a sheet goes through :mod:`.access`."""
