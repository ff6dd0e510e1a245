"""The device cookie is signed (scoresheet/protect/device.py): a made-up or forged one is no
cookie (a new id, and the address's cookie-less budget until the phone sends the new one back);
an older release's bare id is kept and signed; budgets are keyed by the signed id only."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import signing
from django.test import Client, RequestFactory, override_settings

from scoresheet.protect import ratelimit
from scoresheet.protect.device import DEVICE_COOKIE, SALT, signed, verified
from scoresheet.sheets.models import EntryChange
from tests.protect.devices import device_cookie, device_id
from tests.sheets.helpers import page, write_fields

pytestmark = pytest.mark.django_db


def issued(response: Any) -> str:
    """The device id the response set, read through its signature."""
    value = response.cookies[DEVICE_COOKIE].value
    return str(signing.get_cookie_signer(salt=DEVICE_COOKIE + SALT).unsign(value))


def test_a_new_phone_gets_a_signed_id_that_round_trips() -> None:
    client = Client()
    first = client.get("/")
    device = issued(first)
    assert len(device) == 16 and first.cookies[DEVICE_COOKIE].value != device  # signed
    assert first.cookies[DEVICE_COOKIE]["httponly"]
    again = client.get("/")  # sent back as it was set: accepted, not set again
    assert DEVICE_COOKIE not in again.cookies
    request = RequestFactory().get("/")
    request.COOKIES[DEVICE_COOKIE] = first.cookies[DEVICE_COOKIE].value
    assert verified(request) == device


@pytest.mark.parametrize("forged", [
    "0123456789abcdef:forgedsignaturexxxxxxxxxxxxxxxxxxxxxxxxxx",  # a made-up signature
    "ffffffffffffffff",  # no signature: an older release's form, kept as an id, never a budget
    "not a device id",
    signing.get_cookie_signer(salt="another purpose").sign("0123456789abcdef"),
], ids=["made-up signature", "bare id", "no id", "signed for another purpose"])
def test_a_cookie_the_site_did_not_sign_gets_no_budget_of_its_own(forged: str) -> None:
    request = RequestFactory().get("/")
    request.COOKIES[DEVICE_COOKIE] = forged
    assert verified(request) is None
    assert ratelimit.device_bucket(request, "cost-device") is None  # its address's budget


def test_a_forged_cookie_is_replaced_by_a_new_id() -> None:
    client = Client()
    client.cookies[DEVICE_COOKIE] = "0123456789abcdef:forgedsignaturexxxxxxxxxxxxxxxxx"
    device = issued(client.get("/"))
    assert device != "0123456789abcdef"
    assert DEVICE_COOKIE not in client.get("/").cookies  # the new one is kept from now on


def test_an_older_releases_unsigned_cookie_keeps_its_id_and_is_signed() -> None:
    client = Client()
    client.cookies[DEVICE_COOKIE] = "00c0ffee00c0ffee"  # as the release before signed none
    assert issued(client.get("/")) == "00c0ffee00c0ffee"
    assert DEVICE_COOKIE not in client.get("/").cookies


def test_budgets_are_keyed_by_the_signed_id() -> None:
    request = RequestFactory().get("/")
    request.COOKIES[DEVICE_COOKIE] = device_cookie("k")
    bucket = ratelimit.device_bucket(request, "cost-device")
    unsigned = RequestFactory().get("/")
    unsigned.COOKIES[DEVICE_COOKIE] = device_id("k")
    assert bucket is not None and bucket.startswith("cost-device:")
    assert device_id("k") not in bucket  # hashed
    assert ratelimit.device_bucket(unsigned, "cost-device") is None
    other = RequestFactory().get("/")
    other.COOKIES[DEVICE_COOKIE] = signed(device_id("l"))
    assert ratelimit.device_bucket(other, "cost-device") not in (None, bucket)


@override_settings(RATELIMIT_HEAVY=2, RATELIMIT_HEAVY_ADDRESS=100, RATELIMIT_CLIENT=1000)
def test_made_up_device_ids_share_their_addresss_cookie_less_limit(
        make_sheet, mid_window: float) -> None:
    link = f"/v/{make_sheet().view_token}/export.csv"
    answers = []
    for n in range(3):  # a new unsigned id for every request: one cookie-less phone
        client = Client(REMOTE_ADDR="203.0.113.90")
        client.cookies[DEVICE_COOKIE] = f"{n:016x}"
        answers.append(client.get(link).status_code)
    assert answers == [200, 200, 429]
    signed_phone = Client(REMOTE_ADDR="203.0.113.90")
    signed_phone.cookies[DEVICE_COOKIE] = device_cookie("m")  # a phone the site knows
    assert signed_phone.get(link).status_code == 200


def test_the_history_names_the_phone_by_its_id_not_its_signature(make_sheet) -> None:
    sheet = make_sheet()
    client = Client()
    client.cookies[DEVICE_COOKIE] = device_cookie("n")
    url = f"/s/{sheet.edit_token}/entries/new/deal/"
    fields = {**write_fields(page(client.get(url))), "declarer": "1", "contract": "100",
              "points_0": "50", "points_1": "20", "points_2": "50"}
    assert client.post(url, fields).status_code in (200, 302)
    assert EntryChange.objects.get(sheet=sheet).device == device_id("n")
