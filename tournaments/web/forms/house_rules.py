"""The house rules as form controls, drawn from `scoring.OPTION_SPECS`, giving back the options
as the API takes them. Design: docs/site.md#the-pages"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

import scoring
from scoring.rules.options import BANDS, BOOLEAN, CHOICE, NUMBER, RECORD, RECORDS, SERIES
from tournaments.display.labels import house_rule_choice_label, house_rule_label

PREFIX = "rule_"
BAND_ROWS = 5  # initial-meld bands a page offers before the open-ended last one


def _variants_of() -> dict[str, tuple[str, ...]]:
    """Option name -> the variants that accept it, in the engine's order."""
    found: dict[str, list[str]] = {}
    for key, rules in scoring.VARIANTS.items():
        for spec in scoring.option_specs(rules):
            found.setdefault(spec.name, []).append(key)
    return {name: tuple(keys) for name, keys in found.items()}


def _series_length(name: str) -> int:
    """The most numbers an option of one number a deal takes, over the variants."""
    return max((r.deals for r in scoring.VARIANTS.values() if name in r.options), default=0)


def _number(label: Any, spec: scoring.OptionSpec, *, minimum: bool = True) -> forms.IntegerField:
    attrs = {"step": spec.step, "inputmode": "numeric"}
    if minimum and not spec.signed:  # a signed number may be below 0 where the variant says
        attrs["min"] = spec.minimum
    # The engine checks the value (its minimum, its step): the widget only helps the typing.
    return forms.IntegerField(label=label, required=False, widget=forms.NumberInput(attrs=attrs))


def _choice(spec: scoring.OptionSpec) -> forms.TypedChoiceField:
    by_text = {str(choice): choice for choice in spec.choices}
    return forms.TypedChoiceField(
        label=house_rule_label(spec.name),
        choices=[
            ("", _("As the variant's rules say")),
            *((str(c), house_rule_choice_label(spec.name, c)) for c in spec.choices),
        ],
        coerce=by_text.__getitem__,
        empty_value=None,
        required=False,
    )


def _fields_of(spec: scoring.OptionSpec) -> dict[str, forms.Field]:
    """The form fields of one option, by name (PREFIX + the option's name, and its part)."""
    name = PREFIX + spec.name
    if spec.kind == CHOICE:
        return {name: _choice(spec)}
    if spec.kind == BOOLEAN:
        return {name: forms.BooleanField(label=house_rule_label(spec.name), required=False)}
    if spec.kind == NUMBER:
        return {name: _number(house_rule_label(spec.name), spec)}
    if spec.kind == RECORD:
        return {f"{name}_{part}": _number(house_rule_label(spec.name, part), spec) for part in spec.parts}
    if spec.kind == SERIES:
        return {
            f"{name}_{n}": _number(house_rule_label(spec.name, n), spec)
            for n in range(1, _series_length(spec.name) + 1)
        }
    if spec.kind == RECORDS:
        return {
            f"{name}_{n}_{part}": _number(house_rule_label(spec.name, part, deal=n), spec)
            for n in range(1, _series_length(spec.name) + 1)
            for part in spec.parts
        }
    assert spec.kind == BANDS, spec.kind
    fields: dict[str, forms.Field] = {}
    for n in range(1, BAND_ROWS + 1):
        fields[f"{name}_below_{n}"] = _number(
            _("Band %(number)s: a score below") % {"number": n}, spec, minimum=False
        )
        fields[f"{name}_minimum_{n}"] = _number(_("Band %(number)s: minimum") % {"number": n}, spec)
    fields[f"{name}_top"] = _number(_("From the last band's score up: minimum"), spec)
    return fields


def house_rule_fields() -> dict[str, forms.Field]:
    """Every option's form fields, by name, in the engine's order of its options."""
    fields: dict[str, forms.Field] = {}
    for spec in scoring.OPTION_SPECS.values():
        fields.update(_fields_of(spec))
    return fields


def _value(spec: scoring.OptionSpec, data: dict[str, Any]) -> Any:
    """The option's value from the cleaned `data`, as the API gives it; None when left to the
    variant's rules. Half-filled parts are given as they are, for the engine to refuse."""
    name = PREFIX + spec.name
    if spec.kind in (CHOICE, NUMBER):
        return data.get(name)
    if spec.kind == BOOLEAN:
        return True if data.get(name) else None
    if spec.kind == RECORD:
        record = {
            part: data[f"{name}_{part}"] for part in spec.parts if data.get(f"{name}_{part}") is not None
        }
        return record or None
    if spec.kind == SERIES:
        numbers = [data.get(f"{name}_{n}") for n in range(1, _series_length(spec.name) + 1)]
        given = [n for n in numbers if n is not None]
        return given or None
    if spec.kind == RECORDS:
        deals = [
            {part: data[key] for part in spec.parts if data.get(key := f"{name}_{n}_{part}") is not None}
            for n in range(1, _series_length(spec.name) + 1)
        ]
        given = [deal for deal in deals if deal]
        return given or None
    bands: list[dict[str, int]] = []
    for n in range(1, BAND_ROWS + 1):
        band = {
            key: data[f"{name}_{key}_{n}"]
            for key in ("below", "minimum")
            if data.get(f"{name}_{key}_{n}") is not None
        }
        if band:
            bands.append(band)
    if data.get(f"{name}_top") is not None:
        bands.append({"minimum": data[f"{name}_top"]})
    return bands or None


def house_rules(variant: str, data: dict[str, Any]) -> dict[str, Any]:
    """The options of `variant` set in the cleaned `data` (the others' fields are ignored: the
    page hides them), in the engine's order. An unknown variant has none."""
    rules = scoring.VARIANTS.get(variant)
    if rules is None:
        return {}
    options = {}
    for spec in scoring.option_specs(rules):
        value = _value(spec, data)
        if value is not None:
            options[spec.name] = value
    return options


def first_field(option: str | None) -> str | None:
    """The first field of house-rule `option` (where a refusal shows), or None for an unknown one."""
    spec = scoring.OPTION_SPECS.get(option or "")
    return None if spec is None else next(iter(_fields_of(spec)))


@dataclass(frozen=True, slots=True)
class HouseRuleGroup:
    """One option as the page draws it: its `name`, `label` and `kind`, the variants that
    accept it (`variants`, space-separated, for the page's script), whether it is `shown` for
    the variant chosen now, and its bound `fields`."""

    name: str
    label: str
    kind: str
    variants: str
    shown: bool
    fields: list[forms.BoundField]

    @property
    def single(self) -> bool:
        """Whether the option is one control (a choice, a number, a box) rather than several."""
        return self.kind in (CHOICE, NUMBER, BOOLEAN)

    @property
    def deal_rows(self) -> list[list[forms.BoundField]]:
        """An option of several numbers a deal: each deal's numbers."""
        size = len(scoring.OPTION_SPECS[self.name].parts)
        return [self.fields[i : i + size] for i in range(0, len(self.fields), size)]

    @property
    def band_rows(self) -> list[list[forms.BoundField]]:
        """An initial-meld table's rows: each band's score and minimum, then the last minimum."""
        pairs = [self.fields[i : i + 2] for i in range(0, len(self.fields) - 1, 2)]
        return [*pairs, [self.fields[-1]]]


def house_rule_groups(form: forms.BaseForm, variant: str) -> list[HouseRuleGroup]:
    """`form`'s house-rule fields by option, each shown when `variant` accepts it."""
    variants = _variants_of()
    groups = []
    for spec in scoring.OPTION_SPECS.values():
        accepted = variants.get(spec.name, ())
        if not accepted:
            continue  # no variant takes it (not supported yet)
        groups.append(
            HouseRuleGroup(
                name=spec.name,
                label=house_rule_label(spec.name),
                kind=spec.kind,
                variants=" ".join(accepted),
                shown=variant in accepted,
                fields=[form[name] for name in _fields_of(spec)],
            )
        )
    return groups
