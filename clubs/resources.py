"""The club roster as django-import-export sees it: one row a player, a name and whether active; and
the columns of the files directors upload (the roster, the players' member numbers).

Design: docs/site.md#the-roster-import"""

from __future__ import annotations

import csv
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.text import Truncator
from django.utils.translation import gettext as _
from import_export import fields, resources, widgets

from clubs.models import Club, Player
from clubs.names import name_key
from clubs.text import name_trimmed

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise

ROSTER_COLUMNS = ("name", "active")
MEMBER_NUMBERS_COLUMNS = ("name", "member_number")


@dataclass(frozen=True, slots=True, kw_only=True)
class RosterWords:
    """How one language writes the uploads' columns (`name`, `active`, `member_number`) and the
    roster's yes and no."""

    name: tuple[str, ...]
    active: tuple[str, ...]
    member_number: tuple[str, ...]
    yes: tuple[str, ...]
    no: tuple[str, ...]


# Keyed by the codes of settings.LANGUAGES. Compared after roster_fold, so capitals, accents and
# surrounding spaces do not matter: "sí" also accepts "si" and "SÍ", "όχι" accepts "ΟΧΙ".
ROSTER_WORDS: Mapping[str, RosterWords] = MappingProxyType(
    {
        "en": RosterWords(
            name=("name", "full name"),
            active=("active",),
            member_number=("member number", "number", "membership number", "federation number"),
            yes=("yes", "y", "true", "1"),
            no=("no", "n", "false", "0"),
        ),
        "es": RosterWords(
            name=("nombre", "nombre completo"),
            active=("activo", "activa"),
            member_number=("número de miembro", "número de socio", "número de federado", "número"),
            yes=("sí", "verdadero"),  # VERDADERO and FALSO: a Spanish spreadsheet's booleans
            no=("no", "falso"),
        ),
        "ar": RosterWords(
            name=("الاسم", "اسم", "الاسم الكامل"),
            active=("نشط", "فعال"),
            member_number=("رقم العضوية", "رقم العضو", "الرقم", "رقم"),
            yes=("نعم",),
            no=("لا",),
        ),
        "fa": RosterWords(
            name=("نام", "اسم", "نام و نام خانوادگی"),
            active=("فعال",),
            member_number=("شماره عضویت", "شماره", "شماره‌ی عضویت"),
            yes=("بله", "آره"),
            no=("خیر", "نه"),
        ),
        "el": RosterWords(
            name=("όνομα", "ονοματεπώνυμο"),
            active=("ενεργός", "ενεργή", "ενεργό"),
            member_number=("αριθμός μέλους", "αριθμός μητρώου", "αριθμός"),
            yes=("ναι",),
            no=("όχι",),
        ),
    }
)

# Persian typed on an Arabic keyboard gives the Arabic yeh and kaf: read them as the Persian ones.
_PERSIAN_LETTERS = str.maketrans({"\u064a": "\u06cc", "\u0649": "\u06cc", "\u0643": "\u06a9"})


def roster_fold(text: str) -> str:
    """`text` as the roster compares words: casefolded, compatibility forms decomposed, combining
    marks and format characters dropped, runs of spaces made one."""
    decomposed = unicodedata.normalize("NFKD", text)
    kept = "".join(ch for ch in decomposed if unicodedata.category(ch) not in ("Mn", "Cf"))
    return " ".join(kept.translate(_PERSIAN_LETTERS).casefold().split())


def _headers(columns: tuple[str, ...]) -> Mapping[str, str]:
    """Each heading word of `columns`, as roster_fold leaves it, to its column."""
    return MappingProxyType(
        {
            roster_fold(word): column
            for words in ROSTER_WORDS.values()
            for column in columns
            for word in getattr(words, column)
        }
    )


ROSTER_HEADERS = _headers(ROSTER_COLUMNS)
ROSTER_ANSWERS: Mapping[str, bool] = MappingProxyType(
    {
        roster_fold(word): answer
        for words in ROSTER_WORDS.values()
        for answer, said in ((True, words.yes), (False, words.no))
        for word in said
    }
)


def roster_words_by_language() -> list[tuple[str, StrPromise, RosterWords]]:
    """(code, name, words) of each language of the site, in the order of settings.LANGUAGES (the
    name translated when shown)."""
    return [(code, name, ROSTER_WORDS[code]) for code, name in settings.LANGUAGES if code in ROSTER_WORDS]


def _isolated(text: str) -> str:
    # First-strong isolates: an Arabic column name keeps its place in a Greek or English sentence.
    return f"\u2068{text}\u2069"


def _accepted(column: str) -> str:
    words = dict.fromkeys(word for words in ROSTER_WORDS.values() for word in getattr(words, column))
    return ", ".join(_isolated(word) for word in words)


@dataclass(frozen=True, slots=True, kw_only=True)
class UploadColumns:
    """A kind of uploaded file's columns: each heading word (as roster_fold leaves it) to its column,
    the columns it needs, and the sentences that refuse a heading and name those it accepts."""

    headers: Mapping[str, str]
    needed: tuple[str, ...]
    unknown: Callable[[int, str], str]  # (column number, heading) -> the refusal
    missing: Callable[[str], str]  # a needed column -> the refusal
    hint: Callable[[], str]


def _roster_unknown(number: int, heading: str) -> str:
    message = _("Column %(number)s, “%(header)s”, is not a roster column.")
    return message % {"number": number, "header": heading}


def _no_name_column(column: str) -> str:
    return _("The file has no name column.")


def _columns_hint() -> str:
    return _(
        "The first line names the columns: the player's name (%(name)s) and, optionally, "
        "whether they are active (%(active)s)."
    ) % {"name": _accepted("name"), "active": _accepted("active")}


ROSTER_FILE = UploadColumns(
    headers=ROSTER_HEADERS,
    needed=("name",),
    unknown=_roster_unknown,
    missing=_no_name_column,
    hint=_columns_hint,
)


def _numbers_unknown(number: int, heading: str) -> str:
    return _("Column %(number)s, “%(header)s”, is neither the name nor the member number.") % {
        "number": number,
        "header": heading,
    }


def _numbers_missing(column: str) -> str:
    if column == "name":
        return _("The file has no name column.")
    return _("The file has no member number column.")


def _numbers_hint() -> str:
    return _(
        "The first line names the columns: the player's name (%(name)s) and their member number (%(number)s)."
    ) % {"name": _accepted("name"), "number": _accepted("member_number")}


MEMBER_NUMBERS_FILE = UploadColumns(
    headers=_headers(MEMBER_NUMBERS_COLUMNS),
    needed=MEMBER_NUMBERS_COLUMNS,
    unknown=_numbers_unknown,
    missing=_numbers_missing,
    hint=_numbers_hint,
)


def roster_columns(header: list[str], kind: UploadColumns = ROSTER_FILE) -> list[str]:
    """The column (of `kind`: the roster's `name` or `active` by default) of each cell of the first line.

    Raises ValidationError naming each column it cannot read (an unknown heading or none, a column
    given twice) and each missing needed column, then the headings it accepts."""
    columns: list[str] = []
    errors: list[str] = []
    first: dict[str, int] = {}
    for number, cell in enumerate(header, start=1):
        column = kind.headers.get(roster_fold(cell), "")
        columns.append(column)
        heading = _isolated(Truncator(cell.strip()).chars(40))
        if not cell.strip():
            errors.append(_("Column %(number)s has no heading.") % {"number": number})
        elif not column:
            errors.append(kind.unknown(number, heading))
        elif column in first:
            errors.append(
                _("Column %(number)s, “%(header)s”, repeats column %(first)s.")
                % {"number": number, "header": heading, "first": first[column]}
            )
        else:
            first[column] = number
    errors.extend(kind.missing(column) for column in kind.needed if column not in columns)
    if errors:
        raise ValidationError([*errors, kind.hint()])
    return columns


# Excel writes "CSV" with the list separator of the computer's region: a comma in English, a
# semicolon where the comma is the decimal separator (Spanish, Greek and most of Europe).
ROSTER_DELIMITERS = (",", ";", "\t")


def roster_delimiter(heading: str, kind: UploadColumns = ROSTER_FILE) -> str:
    """The delimiter (comma, semicolon or tab) of a CSV file of `kind` whose first line is `heading`:
    the only one on the line (none: the comma), else the one splitting it into the most column names.
    Raises ValidationError if no one of them does."""
    present = [delimiter for delimiter in ROSTER_DELIMITERS if delimiter in heading]
    if len(present) <= 1:
        return present[0] if present else ","
    known = {
        delimiter: sum(
            roster_fold(cell) in kind.headers for cell in next(csv.reader([heading], delimiter=delimiter))
        )
        for delimiter in present
    }
    best = max(known.values())
    if best and list(known.values()).count(best) == 1:
        return max(present, key=known.__getitem__)
    raise ValidationError(
        [
            _(
                "The columns of the first line could not be told apart: it has more than one of "
                "comma, semicolon and tab, and none of them separates the roster's column names. "
                "Separate the columns with one of them."
            ),
            kind.hint(),
        ]
    )


def _same_name(name: str) -> str:
    """What two lines of a roster naming one player share: `name_key` without the invisible
    format characters (a joiner, a direction mark) that look like nothing on a page."""
    return "".join(c for c in name_key(name) if unicodedata.category(c) != "Cf")


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

    def __init__(
        self,
        *,
        club: Club,
        file_lines: list[int] | None = None,
        imported_by: User | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.club = club
        self.file_lines = file_lines or []  # the file's line of each row, for messages
        self.imported_by = imported_by
        self._seen: dict[str, int] = {}
        self._roster: dict[str, str] = {}

    def get_queryset(self) -> Any:
        return Player.objects.filter(club=self.club)

    def init_instance(self, row: Any = None) -> Player:
        return Player(club=self.club)

    def before_import(self, dataset: Any, **kwargs: Any) -> None:
        self._seen = {}
        self._roster = {_same_name(player.name): player.name for player in self.get_queryset()}

    def before_save_instance(self, instance: Player, row: Any, **kwargs: Any) -> None:
        # The player's history names the director, not whoever the request (if any) was for.
        if self.imported_by is not None:
            instance._history_user = self.imported_by

    def before_import_row(self, row: Any, **kwargs: Any) -> None:
        name = name_trimmed(str(row.get("name") or ""))  # the rest is the model's to refuse
        row["name"] = name
        errors: dict[str, str] = {}
        if not name:
            errors["name"] = _("The name is empty.")
        else:
            key = _same_name(name)
            on_roster = self._roster.get(key)
            if key in self._seen:
                errors["name"] = _("The name is also on line %(line)s.") % {"line": self._seen[key]}
            elif on_roster is not None and on_roster != name:
                message = _("The roster has this player written “%(roster)s”: write the name the same way.")
                errors["name"] = message % {"roster": on_roster}
            else:
                self._seen[key] = self.file_lines[kwargs["row_number"] - 1] if self.file_lines else 0
        if "active" in row:
            word = roster_fold(str(row["active"] if row["active"] is not None else ""))
            if word == "":
                del row["active"]  # an empty cell keeps the player's state (new players: active)
            elif word in ROSTER_ANSWERS:
                row["active"] = "1" if ROSTER_ANSWERS[word] else "0"
            else:
                errors["active"] = _("Write yes or no, not “%(value)s”.") % {"value": row["active"]}
        if errors:
            raise ValidationError(errors)
