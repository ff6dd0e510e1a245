from tests.web.conftest import fast_passwords  # noqa: F401  (the same settings as the views)
