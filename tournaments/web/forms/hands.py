"""The table page's form of a hand: the engine's fields in each entry mode."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

import scoring
from tournaments.display.labels import (
    card_kind_label,
    card_kind_name,
    entry_field_hint,
    entry_field_label,
    special_hand_label,
)
from tournaments.display.numbers import MAX_DIGITS, NumberRefused, parse_whole_number
from tournaments.services import HandInput
from tournaments.web.forms.fields import choice_field

ENTRY_MODES = ("summary", "cards", "total")
# Fields a card-count entry computes from the cards, and those a total-only entry allows.
_COMPUTED_FROM_CARDS = ("melded_points", "hand_points")
_TOTAL_MODE_FIELDS = ("went_out", "penalty_points")
# Fields most hands leave empty: the table page keeps them one tap away ("More"), opened by
# itself when one of them has a value or an error. Names of the engine's fields
# (scoring.entry_fields); a field not named here is always shown.
RARE_FIELDS = frozenset(
    {
        "red_threes_in_hand",
        "concealed",
        "penalty_points",
        "acaba",
        "deuce_canastas",
        "joker_canastas",
        "concealed_natural_canastas",
        "concealed_mixed_canastas",
        "unfinished_aces",
        "unfinished_sevens",
        "unfinished_wild",
        "players_with_three_aces",
        "players_with_three_sevens",
        "special_hand",
        "short_sequences",
        "captured_black_threes",
    }
)


@dataclass(frozen=True, slots=True)
class _FormField:
    """A side's input: name suffix, builder, place in the entry; `kind`, `choices` as scoring.EntryField."""

    name: str
    kind: str
    path: tuple[str, ...]
    label: str
    choices: tuple[str, ...] = ()
    maximum: int | None = None
    hint: str = ""  # one line under the field, where scorers go wrong

    @property
    def rare(self) -> bool:
        return self.name in RARE_FIELDS


@dataclass(frozen=True, slots=True)
class EntryRow:
    """A line of the hand form: a field with every side's input side by side (`cells`)."""

    name: str
    label: str
    hint: str
    kind: str
    cells: list[tuple[str, forms.BoundField]]
    # The points left in hand of a side that went out are its partners' cards: said beside the
    # field of each side (`went_out`: whether it is said now; static/js/table.js follows).
    note: str = ""
    went_out: Mapping[str, bool] = dataclasses.field(default_factory=dict)

    @property
    def errors(self) -> list[tuple[str, str, str]]:
        """(side, error element's id, message) for this line's errors; one with no side for a shared one."""
        found = [
            (side, _error_id(field), " ".join(map(str, field.errors)))
            for side, field in self.cells
            if field.errors
        ]
        return [("", found[0][1], found[0][2])] if _shared(found) else found


def _shared(errors: list[tuple[str, str, str]]) -> bool:
    """Whether a line's errors are one reason given for every side of it."""
    return len(errors) > 1 and len({message for _side, _id, message in errors}) == 1


@dataclass(frozen=True, slots=True)
class CardRow:
    """A kind of card in *Count the cards*: each side's count melded and in hand (`cells`: side,
    place, bound field; None where the kind cannot be melded)."""

    kind: str
    label: str
    cells: list[tuple[str, str, forms.BoundField | None]]

    @property
    def errors(self) -> list[tuple[str, str, str]]:
        """(side, the error element's id, message) for each count's errors on this line."""
        return [
            (side, _error_id(field), f"{field.label}: {' '.join(map(str, field.errors))}")
            for side, _place, field in self.cells
            if field is not None and field.errors
        ]


def _error_id(field: forms.BoundField) -> str:
    return f"{field.auto_id}-error"


class HandForm(forms.Form):
    """One hand: each side's entry (`<side>-<field>`), `mode` summary, cards or total; whole numbers only."""

    submission_id = forms.UUIDField(widget=forms.HiddenInput)
    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    expected_version = forms.IntegerField(widget=forms.HiddenInput, required=False)
    mode = forms.ChoiceField(
        widget=forms.HiddenInput, choices=[(m, m) for m in ENTRY_MODES], initial="summary", required=False
    )
    entered_by_side = forms.ChoiceField(
        label=_("Entered by"), required=False, widget=forms.RadioSelect, choices=()
    )

    reason = forms.CharField(
        label=_("Why is this hand changed?"),
        required=False,
        max_length=200,
        help_text=_("The results are final: the reason is kept with the change and shown in the audit."),
    )

    def __init__(
        self,
        *args: Any,
        rules: scoring.RuleSet,
        sides: list[str],
        mode: str = "summary",
        ask_reason: bool = False,
        players: int = 2,
        **kwargs: Any,
    ) -> None:
        """`players`: each side's players in one hand."""
        super().__init__(*args, **kwargs)
        self.partners = players - 1
        if not ask_reason:
            del self.fields["reason"]
        if self.is_bound:
            mode = self.data.get("mode", mode)
        self.entry_mode = mode if mode in ENTRY_MODES else "summary"
        self.initial.setdefault("mode", self.entry_mode)
        self.sides = sides
        choice_field(self, "entered_by_side").choices = [(side, side) for side in sides]
        self.books = rules.canastas_called_books  # Hand and Foot's words: books, not canastas
        # Whether the table has chosen its way of entering (it entered a hand): the ways are
        # then offered below the form, not above it (`_hand_form_for`).
        self.mode_chosen = False
        self.inputs = _inputs(rules, self.entry_mode)
        for side in sides:
            for spec in self.inputs:
                self.fields[f"{side}-{spec.name}"] = _form_field(spec)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        for side in self.sides:
            # "Went out concealed" is a way of going out (rules.md §4 #5): ticking it says both.
            if data.get(f"{side}-concealed") and f"{side}-went_out" in self.fields:
                data[f"{side}-went_out"] = True
        return data

    def hand_input(self) -> HandInput:
        """The hand as typed, for `services.hand_record` (after `is_valid()`)."""
        data = self.cleaned_data
        return HandInput(
            number=data["number"],
            entries=self.entries(),
            submission_id=data["submission_id"],
            expected_version=data["expected_version"],
            entered_by_side=data.get("entered_by_side") or "",
            reason=data.get("reason") or "",
        )

    def side_fields(self) -> list[tuple[str, list[forms.BoundField]]]:
        return [(side, [self[f"{side}-{spec.name}"] for spec in self.inputs]) for side in self.sides]

    def rows(self) -> list[EntryRow]:
        """The fields most hands need, a line each (the card counts apart: `card_rows`)."""
        return [self._row(spec) for spec in self.inputs if not spec.rare and spec.kind != "card"]

    def more_rows(self) -> list[EntryRow]:
        """The rare fields (`RARE_FIELDS`), shown one tap away."""
        return [self._row(spec) for spec in self.inputs if spec.rare]

    def card_rows(self) -> list[CardRow]:
        """In *Count the cards*, a line per kind of card in the engine's order; else an empty list."""
        kinds = list(dict.fromkeys(spec.path[2] for spec in self.inputs if spec.kind == "card"))
        rows = []
        for kind in kinds:
            cells: list[tuple[str, str, forms.BoundField | None]] = []
            for index, side in enumerate(self.sides):
                for place in ("melded", "in_hand"):
                    name = f"{side}-cards.{place}.{kind}"
                    field = self[name] if name in self.fields else None
                    if field is not None:
                        # Named by the kind's line, the side's column and the place's.
                        attrs = field.field.widget.attrs
                        attrs["aria-labelledby"] = (
                            f"row-cards-{kind} pad-side-{index} pad-place-{index}-{place}"
                        )
                        if field.errors:
                            attrs["aria-describedby"] = _error_id(field)
                            attrs["aria-invalid"] = "true"
                    cells.append((side, place, field))
            rows.append(CardRow(kind, card_kind_name(kind), cells))
        return rows

    @property
    def show_hints(self) -> bool:
        """Whether the one-line hints show: for a game's first hand (later, as descriptions)."""
        return str(self["number"].value()) == "1"

    @property
    def more_open(self) -> bool:
        """Whether the rare fields are shown open: one of them has a value or an error."""
        for row in self.more_rows():
            for _side, field in row.cells:
                if field.errors or field.value() not in (None, "", False, 0, "0"):
                    return True
        return False

    def typed(self) -> list[tuple[str, list[str]]]:
        """Typed, valid or not: (label, each side's value as typed, "✓" if ticked), lines with one."""
        lines = []
        for spec in self.inputs:
            values = []
            for side in self.sides:
                value = self[f"{side}-{spec.name}"].value()
                if spec.kind == "flag":
                    values.append("✓" if value else "")
                else:
                    values.append("" if value in (None, "") else str(value).strip())
            if any(values):
                lines.append((str(spec.label), values))
        return lines

    @property
    def marked_fields(self) -> bool:
        """Whether a field shown in the form carries an error (marked in red)."""
        return any(field.errors for field in self.visible_fields())

    @property
    def partners_note(self) -> str:
        """What a side that went out has left in hand: its partners' cards ("" for sides of one)."""
        if self.partners < 1:
            return ""
        return ngettext("the partner's cards", "the partners' cards", self.partners)

    def went_out(self, side: str) -> bool:
        """Whether `side` is marked as having gone out (concealed is a way of going out)."""
        return any(
            name in self.fields and bool(self[name].value())
            for name in (f"{side}-went_out", f"{side}-concealed")
        )

    def _row(self, spec: _FormField) -> EntryRow:
        hint = spec.hint
        note = self.partners_note if spec.name == "hand_points" else ""
        cells = []
        fields = [self[f"{side}-{spec.name}"] for side in self.sides]
        errors = [("", _error_id(f), " ".join(map(str, f.errors))) for f in fields if f.errors]
        shared_id = errors[0][1] if _shared(errors) else None  # one reason for every side
        for index, (side, field) in enumerate(zip(self.sides, fields, strict=True)):
            # Named by the line's label and the side's column head (the template's ids);
            # described by the line's hint and by the field's own error.
            attrs = field.field.widget.attrs
            attrs["aria-labelledby"] = f"row-{spec.name} pad-side-{index}" + (f" note-{side}" if note else "")
            if spec.name == "total":
                # The quick path: the keyboard's key moves to the next side's total, then saves;
                # a new hand's first total ready to type.
                attrs["enterkeyhint"] = "go" if index == len(self.sides) - 1 else "next"
                if index == 0 and self["expected_version"].value() in (None, ""):
                    attrs["autofocus"] = ""
            described = [f"hint-{spec.name}"] if hint else []
            if field.errors:
                described.append(shared_id or _error_id(field))
                attrs["aria-invalid"] = "true"
            if described:
                attrs["aria-describedby"] = " ".join(described)
            cells.append((side, field))
        went_out = {side: self.went_out(side) for side in self.sides} if note else {}
        return EntryRow(spec.name, str(spec.label), hint, spec.kind, cells, note, went_out)

    def entries(self) -> dict[str, dict[str, Any]]:
        """The entries as score-sheet entries (side -> field -> value), after is_valid()."""
        result: dict[str, dict[str, Any]] = {}
        for side in self.sides:
            entry: dict[str, Any] = {}
            for spec in self.inputs:
                value = self.cleaned_data.get(f"{side}-{spec.name}")
                if value in (None, ""):
                    continue
                target = entry
                for key in spec.path[:-1]:
                    target = target.setdefault(key, {})
                target[spec.path[-1]] = value
            result[side] = entry
        return result

    def add_engine_errors(self, message_dict: dict[str, list[str]]) -> None:
        """Place the engine's errors (keyed `<side>.<field>`) next to their fields."""
        for key, messages in message_dict.items():
            side, _dot, name = key.partition(".")
            form_field = key if key in self.fields else f"{side}-{name}"
            target = form_field if form_field in self.fields else None
            for message in messages:
                if target is None and key != "__all__":
                    message = f"{side}: {message}"
                self.add_error(target, message)

    @staticmethod
    def mode_of(entries: dict[str, dict[str, Any]]) -> str:
        """The entry mode a stored hand was entered in."""
        return scoring.entry_mode(next(iter(entries.values()), {}))

    @staticmethod
    def initial_for(entries: dict[str, dict[str, Any]]) -> dict[str, Any]:
        initial: dict[str, Any] = {}
        for side, entry in entries.items():
            for name, value in entry.items():
                if name == "cards":
                    for place, counts in value.items():
                        for kind, count in counts.items():
                            initial[f"{side}-cards.{place}.{kind}"] = count
                else:
                    initial[f"{side}-{name}"] = value
        return initial


def _inputs(rules: scoring.RuleSet, mode: str) -> list[_FormField]:
    books = rules.canastas_called_books
    summary = [
        _FormField(
            f.name,
            f.kind,
            (f.name,),
            entry_field_label(f.name, books=books),
            f.choices,
            f.maximum,
            entry_field_hint(f.name, books=books),
        )
        for f in scoring.entry_fields(rules)
    ]
    if mode == "total":
        total = _FormField("total", "signed", ("total",), str(_("Hand score (points)")))
        return [total, *(f for f in summary if f.name in _TOTAL_MODE_FIELDS)]
    if mode == "cards":
        cards = []
        for kind in scoring.card_count_fields(rules):
            if kind.meldable:
                cards.append(
                    _FormField(
                        f"cards.melded.{kind.name}",
                        "card",
                        ("cards", "melded", kind.name),
                        card_kind_label(kind.name, in_hand=False),
                    )
                )
            cards.append(
                _FormField(
                    f"cards.in_hand.{kind.name}",
                    "card",
                    ("cards", "in_hand", kind.name),
                    card_kind_label(kind.name, in_hand=True),
                )
            )
        return [*cards, *(f for f in summary if f.name not in _COMPUTED_FROM_CARDS)]
    return summary


NUMBER_MESSAGES = {
    "empty": _("Enter a number."),
    "separator": _("Type the number without separators or decimals (for example 1250, not %(typed)s)."),
    "minus_position": _("A minus sign can only stand in front of the number."),
    "not_a_number": _("“%(typed)s” is not a whole number."),
    "too_long": _("Type at most %(digits)s digits."),
}


class WholeNumberField(forms.CharField):
    """A whole number read exactly as typed (tournaments.display.numbers), or refused with a message."""

    def __init__(self, *, min_value: int | None = None, **kwargs: Any) -> None:
        self.min_value = min_value
        super().__init__(**kwargs)

    # The text as a CharField reads it (stripped), then the number: the field's value is an int,
    # where the types of CharField say str.
    def to_python(self, value: Any) -> int | None:  # type: ignore[override]
        text = super().to_python(value)
        if text is None or text in self.empty_values:
            return None
        try:
            number = parse_whole_number(text)
        except NumberRefused as exc:
            template = NUMBER_MESSAGES.get(exc.code)
            message = str(template) % {"typed": text.strip(), "digits": MAX_DIGITS} if template else str(exc)
            raise forms.ValidationError(message, code="invalid") from exc
        if self.min_value is not None and number < self.min_value:
            raise forms.ValidationError(
                _("Enter %(minimum)s or more.") % {"minimum": self.min_value}, code="min_value"
            )
        return number


def _form_field(field: _FormField) -> forms.Field:
    label = field.label
    help_text = field.hint
    if field.kind == "flag":
        return forms.BooleanField(label=label, required=False)
    if field.kind == "choice":
        choices = [("", "—"), *((c, special_hand_label(c)) for c in field.choices)]
        return forms.ChoiceField(label=label, required=False, choices=choices)
    attrs = {"inputmode": "numeric", "autocomplete": "off", "class": f"entry-{field.kind}"}
    if field.kind == "count":
        attrs["data-stepper"] = ""
        if field.maximum is not None:
            attrs["data-max"] = str(field.maximum)  # the stepper stops there; the engine checks it
    if field.kind == "signed":
        # Phone number pads have no minus key: a ± control beside the field (static/js/table.js).
        attrs["data-signed"] = ""
        return WholeNumberField(
            label=label, required=False, help_text=help_text, widget=forms.TextInput(attrs=attrs)
        )
    return WholeNumberField(
        label=label, required=False, min_value=0, help_text=help_text, widget=forms.TextInput(attrs=attrs)
    )
