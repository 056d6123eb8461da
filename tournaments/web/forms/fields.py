"""Typed look-ups of a form's choice fields, shared by the page forms."""

from __future__ import annotations

from typing import Any

from django import forms


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
