"""Forms check the shape of what was typed; the scoring engine checks the rules."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.db import models
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

import scoring
from clubs.models import Club, Partnership, Player, variant_choices
from clubs.selectors import club_federation_now
from clubs.services import PairRequest, pair_requests_from_text
from clubs.text import NameFormField
from clubs.variants import variant_notes
from clubs.viewer import shown_player_name
from tournaments import selectors
from tournaments.display.labels import (
    card_kind_label,
    card_kind_name,
    entry_field_hint,
    entry_field_label,
    house_rule_label,
    special_hand_label,
)
from tournaments.display.messages import describe_rules
from tournaments.display.numbers import MAX_DIGITS, NumberRefused, parse_whole_number
from tournaments.models import Event
from tournaments.services import EventInput, HandInput
from tournaments.web.house_rules import PREFIX as HOUSE_RULE_PREFIX
from tournaments.web.house_rules import (
    HouseRuleGroup,
    first_field,
    house_rule_fields,
    house_rule_groups,
    house_rules,
)


def model_choice_field(form: forms.BaseForm, name: str) -> forms.ModelChoiceField[Any]:
    """`form`'s field `name`, a choice of rows whose rows the form sets (typed for mypy)."""
    field = form.fields[name]
    assert isinstance(field, forms.ModelChoiceField), name
    return field


def choice_field(form: forms.BaseForm, name: str) -> forms.ChoiceField:
    """`form`'s field `name`, a choice among values that the form sets (see model_choice_field)."""
    field = form.fields[name]
    assert isinstance(field, forms.ChoiceField), name
    return field


class EventForm(forms.ModelForm):
    """A new event. `cleaned_data["pair_requests"]` holds the typed `pairs` and picked partners
    (`partner_<player id>`) as clubs.services.PairRequest for `services.event_create` to check;
    `cleaned_data["options"]` the house rules' controls for the chosen variant; `new_player` a
    name added to the roster without leaving the form (`redisplayed`)."""

    players = forms.ModelMultipleChoiceField(
        queryset=Player.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        label=_("Players"),
        required=False,
        help_text=_(
            "For fixed partnerships, pick each player's partner beside their name, or type the pairs "
            "below; a player ticked must be in a pair."
        ),
    )
    pairs = forms.CharField(
        label=_("Pairs (fixed-partnership formats)"),
        required=False,
        max_length=10000,
        widget=forms.Textarea(attrs={"rows": 6, "dir": "auto", "autocomplete": "off", "spellcheck": "false"}),
        help_text=_(
            "One pair a line, the two names as on the roster joined by &, +, / or a dash (–), for "
            "example “Amira & Bob”; capitals and accents do not matter. Pairs are numbered in the "
            "order given: these lines, then the partners picked above, then the partnerships ticked "
            "below."
        ),
    )
    partnerships = forms.ModelMultipleChoiceField(
        queryset=Partnership.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        label=_("The club's partnerships (fixed-partnership formats)"),
        required=False,
    )

    # Three ways, so that "as the kind says" reaches the service (on for tournaments): a
    # checkbox cannot tell "left as it was" from "turned off".
    confirmation_required = forms.TypedChoiceField(
        label=_("The other side confirms each hand"),
        choices=(
            ("", _("As the kind of event says: on for tournaments, off for league nights")),
            ("yes", _("Yes")),
            ("no", _("No")),
        ),
        coerce=lambda value: value == "yes",
        empty_value=None,
        required=False,
        help_text=_("Standings then count only confirmed hands."),
    )

    class Meta:
        model = Event
        fields = (
            "name",
            "date",
            "kind",
            "format",
            "variant",
            "table_shape",
            "hands_per_round",
            "minutes_per_round",
            "warning_minutes",
            "confirmation_required",
            "three_player_tables",
            "five_player_tables",
            "play_to_target_across_tables",
            "missed_round_policy",
            "sit_out_victory_points",
            "season",
            "avoid_season_partners",
            "keep_clubs_apart",
            "ranked",
        )
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    # Drawn by the template in their own places: the roster with its partner picks, the pairs.
    PAIR_FIELDS = ("players", "pairs", "partnerships")

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        roster = club.players.filter(active=True)
        model_choice_field(self, "players").queryset = roster
        self.roster = list(roster)
        choices = [("", "—"), *((str(p.pk), p.name) for p in self.roster)]
        for player in self.roster:
            self.fields[f"partner_{player.pk}"] = forms.TypedChoiceField(
                label=_("Partner of %(name)s") % {"name": player.name},
                choices=[c for c in choices if c[0] != str(player.pk)],
                coerce=int,
                empty_value=None,
                required=False,
            )
        partnerships = club.partnerships.select_related("first", "second")
        model_choice_field(self, "partnerships").queryset = partnerships
        if not partnerships.exists():
            del self.fields["partnerships"]
        self.fields["variant"].initial = club.default_variant
        self.fields["variant"].help_text = variant_notes()
        seasons = club.seasons.all()
        model_choice_field(self, "season").queryset = seasons
        if not seasons.exists():
            del self.fields["season"]
            del self.fields["avoid_season_partners"]
        if club_federation_now(club=club) is None:
            # Only a federation's clubs host championships, whose entrants come from several
            # clubs; for one club's players the option changes nothing (docs/federation.md).
            del self.fields["keep_clubs_apart"]
        for name in self._DEFAULTED:
            self.fields[name].required = False
        self.fields.update(house_rule_fields())
        self.fields["new_player"] = NameFormField(
            label=_("Add a player to the club's roster"),
            required=False,
            max_length=Player._meta.get_field("name").max_length,
            help_text=_("Type a name and press Add: the player joins the roster, ticked present."),
        )

    @classmethod
    def redisplayed(
        cls, data: Mapping[str, Any], *, club: Club, tick: Sequence[int] = (), everyone: bool = False
    ) -> EventForm:
        """The form as the director left it (`data`), unbound so nothing is marked wrong yet, with `tick`
        (or everyone, with `everyone`) ticked and the new player's name emptied."""
        blank = cls(club=club)
        initial: dict[str, Any] = {}
        for name, field in blank.fields.items():
            value = field.widget.value_from_datadict(data, MultiValueDict(), blank.add_prefix(name))
            if value not in (None, "") and name != "new_player":
                initial[name] = value
        ticked = [str(pk) for pk in initial.get("players") or []]
        if everyone:
            ticked = [str(player.pk) for player in blank.roster]
        initial["players"] = [*ticked, *(str(pk) for pk in tick if str(pk) not in ticked)]
        return cls(club=club, initial=initial)

    def current(self, name: str) -> Any:
        """The value field `name` shows now: as typed for a bound form, else its initial."""
        return self[name].value()

    def pair_formats(self) -> str:
        """The fixed-partnership formats, space-separated, for the page's script."""
        return " ".join(Event.PARTNERSHIP_FORMATS)

    def pairs_shown(self) -> bool:
        """Whether the format shown is a fixed-partnership one (partner column, pairs, partnerships)."""
        return self.current("format") in Event.PARTNERSHIP_FORMATS

    def house_rule_groups(self) -> list[HouseRuleGroup]:
        """The house-rule controls by option, those of the variant shown now drawn visible."""
        return house_rule_groups(self, str(self.current("variant") or ""))

    # Optional in the form: an empty value takes the model's default.
    _DEFAULTED = ("format", "missed_round_policy", "sit_out_victory_points", "warning_minutes")

    def roster_rows(self) -> list[tuple[Any, forms.BoundField]]:
        """Each active player's checkbox with the field picking their partner, by name."""
        return list(zip(self["players"], (self[f"partner_{p.pk}"] for p in self.roster), strict=True))

    def other_fields(self) -> list[forms.BoundField]:
        """The fields in the page's order, less those drawn in a place of their own."""
        return [
            field
            for field in self
            if field.name not in self.PAIR_FIELDS
            and field.name != "new_player"
            and not field.name.startswith(("partner_", HOUSE_RULE_PREFIX))
        ]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        for name in self._DEFAULTED:
            if data.get(name) in (None, ""):
                field = Event._meta.get_field(name)
                assert isinstance(field, models.Field), name
                data[name] = field.default
        by_id = {player.pk: player for player in self.roster}
        picked: list[PairRequest] = []
        seen: set[frozenset[int]] = set()
        for player in self.roster:
            partner = by_id.get(data.get(f"partner_{player.pk}") or 0)
            if partner is None or frozenset((player.pk, partner.pk)) in seen:
                continue  # no pick, or the partner's own pick named this pair already
            seen.add(frozenset((player.pk, partner.pk)))
            where = _("Partner of %(name)s") % {"name": player.name}
            picked.append(PairRequest(where=str(where), players=(player, partner)))
        data["pair_requests"] = [*pair_requests_from_text(data.get("pairs") or ""), *picked]
        self._house_rules_check(data)
        if data.get("new_player"):
            # A name typed but not added: the director meant the player to play.
            message = _("Press Add to put %(name)s on the roster, or empty this box.")
            self.add_error("new_player", message % {"name": data["new_player"]})
        chosen = data["pair_requests"] or data.get("partnerships")
        if not data.get("players") and not chosen:
            self.add_error("players", _("Choose the players (or the pairs)."))
        elif data.get("format") in Event.PARTNERSHIP_FORMATS and not chosen:
            # The page lists the players by name: pairing them in that order would pair them
            # alphabetically, which nobody means.
            self.add_error("pairs", _("Type the pairs, or pick each player's partner."))
        return data

    def _house_rules_check(self, data: dict[str, Any]) -> None:
        """`data["options"]` checked by the engine as the service checks them; a refusal goes to its field."""
        variant = data.get("variant") or ""
        data["options"] = house_rules(variant, data)
        if variant not in scoring.VARIANTS:
            return  # the variant's own field says so
        try:
            scoring.rules_for(variant, data["options"])
        except scoring.InvalidRules as exc:
            # The engine's refusal, naming the rule as its control is labelled (the API names
            # its key).
            params = dict(exc.params)
            if exc.option:
                params["option"] = house_rule_label(exc.option)
                parts = params.get("parts")
                if isinstance(parts, list):  # a record's parts, as their controls say
                    params["parts"] = [house_rule_label(exc.option, part) for part in parts]
            named = scoring.InvalidRules(str(exc), code=exc.code, params=params, option=exc.option)
            self.add_error(first_field(exc.option), describe_rules(named))

    def event_input(self) -> EventInput:
        """The event asked for, for `services.event_create` (after `is_valid()`)."""
        data = self.cleaned_data
        return EventInput.from_fields(
            data,
            players=list(data["players"]),
            options=data["options"],
            partnerships=list(data.get("partnerships") or ()),
            pairs=data["pair_requests"],
        )


class _Entrant(forms.ModelChoiceField):
    """A player to add; in a championship (`with_club`), shown with their club and member number."""

    with_club = False

    def label_from_instance(self, obj: Any) -> str:
        if not self.with_club:
            return shown_player_name(obj)
        # Two people of one name are told apart by their member numbers.
        return f"{shown_player_name(obj)} ({obj.club.name}, {obj.person.member_number})"


class ParticipantAddForm(forms.Form):
    """A club player who is not yet in the event (a late arrival); in a fixed-partnership event,
    with their partner (a late pair)."""

    player = _Entrant(queryset=Player.objects.none(), label=_("Add a player"))
    # Not required here: the service says why a pair event needs one (and a pair coming back does not).
    partner = _Entrant(queryset=Player.objects.none(), label=_("Partner"), required=False)

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        newcomers = selectors.entrant_candidates(event=event).exclude(
            pk__in=event.participants.values("player_id")
        )
        model_choice_field(self, "player").queryset = newcomers
        for name in ("player", "partner"):
            field = self.fields[name]
            assert isinstance(field, _Entrant)
            field.with_club = event.federation_id is not None
        if event.format in Event.PARTNERSHIP_FORMATS:
            self.fields["player"].label = _("Player")
            model_choice_field(self, "partner").queryset = newcomers
        else:
            del self.fields["partner"]


class PartnershipForm(forms.Form):
    """Two players of the club who play as a partnership (the club's partnerships page)."""

    first = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("Player"))
    second = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("Partner"))

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        model_choice_field(self, "first").queryset = club.players.filter(active=True)
        model_choice_field(self, "second").queryset = club.players.filter(active=True)


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
    """One input of a side: its name suffix, how to build it, where it goes in the entry; `kind` and
    `choices` are the engine's (scoring.EntryField), so the form offers what the engine accepts."""

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
    """One hand: every side's entry, fields named `<side>-<field>`, in one of three `mode`s
    (summary, card count, total only). Whole numbers only: anything else is refused."""

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
        """What was typed, valid or not, as (label, each side's value as typed: "✓" for a ticked box),
        for the lines with a value: a refused hand's values are not lost."""
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


class SwapForm(forms.Form):
    """Two players of a round whose places the director exchanges."""

    first = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("Swap"))
    second = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("with"))

    def __init__(self, *args: Any, players: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        model_choice_field(self, "first").queryset = players
        model_choice_field(self, "second").queryset = players


class ChampionshipForm(forms.ModelForm):
    """A federation's new championship (`services.championship_create`): the event's own fields and
    its host member club; the house rules are the variant's own."""

    host = forms.ModelChoiceField(
        queryset=Club.objects.none(),
        label=_("Held at"),
        help_text=_("A member club: its directors help run the room, as the federation's officers do."),
    )

    class Meta:
        model = Event
        fields = [
            "name",
            "date",
            "variant",
            "format",
            "hands_per_round",
            "minutes_per_round",
            "confirmation_required",
            "keep_clubs_apart",
            "ranked",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}
        labels = {"ranked": _("Counts in the federation's ranking")}
        help_texts = {
            "date": _("The host club's local date."),
            "ranked": _("Its games count in the federation's ranking; no club's own ranking counts them."),
        }

    def __init__(self, *args: Any, members: models.QuerySet[Club], **kwargs: Any) -> None:
        kwargs.setdefault("initial", {}).update(
            {"confirmation_required": True, "keep_clubs_apart": True, "ranked": True}
        )
        kwargs["initial"].setdefault("variant", "classic")
        super().__init__(*args, **kwargs)
        model_choice_field(self, "host").queryset = members
        choice_field(self, "variant").choices = variant_choices()  # no "---------": Classic first
        self.order_fields(["name", "date", "host"])

    def event_input(self) -> EventInput:
        return EventInput.from_fields(self.cleaned_data, kind=Event.Kind.TOURNAMENT)


class QualifyForm(forms.Form):
    """Qualify a championship's entrants by a ranking (`services.championship_qualify`)."""

    source = forms.ChoiceField(
        label=_("Qualify from"),
        widget=forms.RadioSelect,
        choices=[
            ("clubs", _("each member club's own ranking: its top players")),
            ("federation", _("the federation's ranking: its top people")),
        ],
        initial="clubs",
    )
    top = forms.IntegerField(label=_("How many (from each club, or in all)"), min_value=1, max_value=500)
    start = forms.DateField(
        label=_("Nights from"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    end = forms.DateField(label=_("to"), required=False, widget=forms.DateInput(attrs={"type": "date"}))


class _RankedPlayers(forms.ModelMultipleChoiceField):
    """Players to tick, each shown with their place in the club's ranking (`ranks`)."""

    ranks: Mapping[int, tuple[int, bool]] = {}

    def label_from_instance(self, obj: Any) -> str:
        if obj.pk not in self.ranks:
            return str(obj.name)
        place, provisional = self.ranks[obj.pk]
        if provisional:
            label = _("%(name)s · no. %(place)s in the club's ranking, provisional")
        else:
            label = _("%(name)s · no. %(place)s in the club's ranking")
        return str(label) % {"name": obj.name, "place": place}


class EntriesForm(forms.Form):
    """A club director's entrants in a championship: players with a federation member number (with
    their club ranking: `ranks`), or pairs typed one a line."""

    players = _RankedPlayers(
        queryset=Player.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        label=_("Players to enter"),
        required=False,
    )
    pairs = forms.CharField(
        label=_("Pairs to enter"),
        required=False,
        max_length=5000,
        widget=forms.Textarea(attrs={"rows": 4, "dir": "auto", "autocomplete": "off", "spellcheck": "false"}),
        help_text=_(
            "One pair a line, the two names as on the roster joined by &, for example “Amira & Bob”."
        ),
    )

    def __init__(
        self,
        *args: Any,
        candidates: models.QuerySet[Player],
        paired: bool,
        ranks: Mapping[int, tuple[int, bool]],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        players = self.fields["players"]
        assert isinstance(players, _RankedPlayers)
        players.queryset, players.ranks = candidates, ranks
        self.candidates = candidates
        if paired:
            del self.fields["players"]
        else:
            del self.fields["pairs"]

    def clean_pairs(self) -> list[tuple[Player, Player]]:
        """The typed pairs as two candidates each; a name that is not one says so, by line."""
        exact = {player.name: player for player in self.candidates}
        folded: dict[str, list[Player]] = {}
        for player in self.candidates:
            folded.setdefault(player.name.casefold(), []).append(player)

        def find(name: str) -> Player | None:
            # The name as typed first; else the one player whose name differs only by capitals
            # (two such players, "Bix" and "bix", and neither typed exactly: none).
            alike = folded.get(name.casefold(), [])
            return exact.get(name) or (alike[0] if len(alike) == 1 else None)

        pairs: list[tuple[Player, Player]] = []
        errors: list[str] = []
        for request in pair_requests_from_text(self.cleaned_data.get("pairs", "")):
            names = [str(name) for name in request.players]
            found = [find(name) for name in names]
            if len(names) != 2 or None in found:
                errors.append(
                    str(_("%(where)s: two players of the club with a member number, joined by &."))
                    % {"where": request.where}
                )
                continue
            first, second = found
            assert first is not None and second is not None
            pairs.append((first, second))
        if errors:
            raise forms.ValidationError(errors)
        return pairs
