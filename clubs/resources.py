"""The club roster as django-import-export sees it: one row a player, `name` and `active`.

A resource is made for one club: it finds and creates players of that club only, matches rows to
players by name, and turns a bad row (no name, a name too long, a name twice in the file, an
`active` it cannot read) into a row-level validation error.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from import_export import fields, resources, widgets

from clubs.models import Club, Player

ROSTER_COLUMNS = ("name", "active")
TRUE_WORDS = {"1", "true", "yes", "y"}
FALSE_WORDS = {"0", "false", "no", "n"}


class PlayerResource(resources.ModelResource):
    name = fields.Field(attribute="name", column_name="name")
    active = fields.Field(attribute="active", column_name="active", widget=widgets.BooleanWidget())

    class Meta:
        model = Player
        fields = ROSTER_COLUMNS
        import_id_fields = ("name",)
        clean_model_instances = True  # full_clean: blank names, names too long, the unique name
        skip_unchanged = True
        report_skipped = True  # unchanged rows show in the preview too
        use_transactions = True

    def __init__(self, *, club: Club, file_lines: list[int] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.club = club
        self.file_lines = file_lines or []  # the file's line of each row, for messages
        self._seen: dict[str, int] = {}

    def get_queryset(self) -> Any:
        return Player.objects.filter(club=self.club)

    def init_instance(self, row: Any = None) -> Player:
        return Player(club=self.club)

    def before_import(self, dataset: Any, **kwargs: Any) -> None:
        self._seen = {}

    def before_import_row(self, row: Any, **kwargs: Any) -> None:
        name = str(row.get("name") or "").strip()
        row["name"] = name
        errors: dict[str, str] = {}
        if not name:
            errors["name"] = _("The name is empty.")
        else:
            key = name.casefold()
            if key in self._seen:
                errors["name"] = _("The name is also on line %(line)s.") % {"line": self._seen[key]}
            else:
                self._seen[key] = self.file_lines[kwargs["row_number"] - 1] if self.file_lines else 0
        if "active" in row:
            word = str(row["active"] if row["active"] is not None else "").strip().casefold()
            if word == "":
                del row["active"]  # an empty cell keeps the player's state (new players: active)
            elif word in TRUE_WORDS:
                row["active"] = "1"
            elif word in FALSE_WORDS:
                row["active"] = "0"
            else:
                errors["active"] = _("Write yes or no, not “%(value)s”.") % {"value": row["active"]}
        if errors:
            raise ValidationError(errors)
