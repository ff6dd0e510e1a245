"""`manage.py check --deploy` is clean with the production settings, and the settings refuse
to start production without a real secret key."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.protect.live import PYTHON, REPO, SECRET_KEY, base_env


def run_manage(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(PYTHON), "manage.py", *args], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def production(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = base_env()
    env.update(
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY=SECRET_KEY,
        DJANGO_ALLOWED_HOSTS="listek.example",
        DJANGO_CSRF_TRUSTED_ORIGINS="https://listek.example",
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
    )
    env.update(extra)
    return env


def test_check_deploy_finds_no_issue_with_the_production_settings(tmp_path: Path) -> None:
    done = run_manage(production(tmp_path), "check", "--deploy", "--fail-level", "DEBUG")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues (0 silenced)." in done.stdout


def test_check_deploy_is_clean_behind_a_tls_proxy_too(tmp_path: Path) -> None:
    env = production(tmp_path, DJANGO_PROXY_HTTPS_HEADER="true")
    done = run_manage(env, "check", "--deploy", "--fail-level", "DEBUG")
    assert done.returncode == 0, done.stdout + done.stderr


def test_check_deploy_flags_plain_http_cookies(tmp_path: Path) -> None:
    # The check can fail: with HTTPS off it names the insecure cookies and the missing redirect.
    done = run_manage(production(tmp_path, DJANGO_HTTPS="false"), "check", "--deploy",
                      "--fail-level", "WARNING")
    assert done.returncode != 0
    assert "security.W012" in done.stderr + done.stdout  # SESSION_COOKIE_SECURE


def test_production_refuses_to_start_without_a_secret_key(tmp_path: Path) -> None:
    env = production(tmp_path)
    del env["DJANGO_SECRET_KEY"]
    done = run_manage(env, "check")
    assert done.returncode != 0
    assert "DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off" in done.stderr


def test_production_refuses_a_short_secret_key(tmp_path: Path) -> None:
    done = run_manage(production(tmp_path, DJANGO_SECRET_KEY="s3cret"), "check")
    assert done.returncode != 0
    assert "at least 50 random characters" in done.stderr
