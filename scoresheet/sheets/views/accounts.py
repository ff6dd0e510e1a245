"""Optional accounts: sign up, and keep a sheet in the account's list."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from scoresheet.sheets.views.access import HtmxHttpRequest, forget, get_sheet_for_edit


def _next_url(request: HtmxHttpRequest) -> str:
    url = request.POST.get("next") or request.GET.get("next") or ""
    if url and url_has_allowed_host_and_scheme(url, {request.get_host()}, request.is_secure()):
        return url
    return reverse("home")


@require_http_methods(["GET", "POST"])
def signup(request: HtmxHttpRequest) -> HttpResponse:
    """A name and a password; nothing else is asked."""
    form: UserCreationForm[Any] = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        messages.success(request, _("Welcome! Sheets you start or keep now stay in your list."))
        return HttpResponseRedirect(_next_url(request))
    status = 400 if request.method == "POST" else 200
    return render(request, "registration/signup.html", {"form": form, "next": _next_url(request)},
                  status=status)


@require_POST
def keep(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Add the sheet to the account's list (a visitor is sent to log in first)."""
    sheet = get_sheet_for_edit(token)
    url = reverse("sheet", args=[token])
    if not request.user.is_authenticated:
        return HttpResponseRedirect(reverse("login") + f"?next={url}")
    sheet.keepers.add(request.user)
    messages.success(request, _("This sheet is now in your list."))
    return HttpResponseRedirect(url)


@require_POST
def drop(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Take the sheet off this phone's list and the account's (the sheet itself stays)."""
    sheet = get_sheet_for_edit(token)
    forget(request, sheet)
    if request.user.is_authenticated:
        sheet.keepers.remove(request.user)
    messages.info(request, _("The sheet is off your list; its links still work."))
    return HttpResponseRedirect(reverse("home"))
