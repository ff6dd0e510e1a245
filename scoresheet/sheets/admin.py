"""The admin: sheets and entries to look at; the history can only be read."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from scoresheet.sheets.models import Entry, EntryChange, Sheet


class EntryInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Entry
    fields = ("position", "data")
    readonly_fields = ("position", "data")
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # rows are written through the sheet page (scoresheet.sheets.services) only


@admin.register(Sheet)
class SheetAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("id", "ruleset", "__str__", "revision", "created", "finished")
    list_filter = ("game", "ruleset")
    search_fields = ("players",)
    inlines = [EntryInline]

    # A sheet changes only through the sheet page (scoresheet.sheets.services): here it is only read
    # (or deleted as a whole).
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(EntryChange)
class EntryChangeAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("sheet", "revision", "action", "position", "at", "device")
    list_filter = ("action",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # the history is append-only
