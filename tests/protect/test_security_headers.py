"""Security headers on every page, and HTTPS behaviour of the production settings behind a TLS
proxy (gunicorn with DJANGO_HTTPS=true and DJANGO_PROXY_HTTPS_HEADER=true)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client

from tests.protect.live import Database, Phone, Server

CSP = "Content-Security-Policy"


def directives(policy: str) -> dict[str, list[str]]:
    out = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


@pytest.mark.parametrize("path", ["/", "/new/", "/import/", "/accounts/login/", "/stats/"])
def test_every_page_sends_the_security_headers(client: Client, db: None, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    policy = directives(response[CSP])
    assert policy["script-src"] == ["'self'"]  # only the app's own script files
    assert policy["style-src"] == ["'self'"]  # no inline style either
    assert policy["default-src"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'none'"] and policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'none'"] and policy["form-action"] == ["'self'"]
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"  # tokens in URLs never leave the site
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"
    assert "camera=()" in response["Permissions-Policy"]


def test_a_sheet_page_sends_the_policy_and_no_inline_script(client: Client, make_sheet) -> None:
    sheet = make_sheet()
    response = client.get(f"/s/{sheet.edit_token}/")
    html = response.content.decode()
    assert CSP in response
    assert "<script>" not in html and "<script " not in html.replace("<script src=", "")
    assert 'name="htmx-config"' in html and '"includeIndicatorStyles": false' in html


def test_behind_a_tls_proxy_production_redirects_to_https_and_sends_hsts(
    server_db: Database, start_server: Callable[..., Server]
) -> None:
    server = start_server(server_db, DJANGO_HTTPS="true", DJANGO_PROXY_HTTPS_HEADER="true")
    phone = Phone(server.port)
    plain = phone.get("/")
    assert plain.status == 301 and plain.location.startswith("https://")
    secure = phone.get("/new/", headers={"X-Forwarded-Proto": "https"})
    assert secure.status == 200
    hsts = secure.headers["strict-transport-security"]
    assert "max-age=31536000" in hsts and "includeSubDomains" in hsts
    # The CSRF and session cookies a phone gets are Secure: never sent over plain HTTP.
    raw = [c for c in _set_cookies(server.port) if c.startswith(("csrftoken", "sessionid"))]
    assert raw and all("; Secure" in c and "SameSite=Lax" in c for c in raw)


def _set_cookies(port: int) -> list[str]:
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", "/new/", headers={"X-Forwarded-Proto": "https"})
    response = conn.getresponse()
    response.read()
    conn.close()
    return response.msg.get_all("Set-Cookie") or []
