"""A hand as the table page's form posts it: each side's fields, a box ticked as "on"."""

from __future__ import annotations


def _form_data(game, number, hand, **extra):
    data = {"submission_id": "6f1c2a1e-2b51-4f0a-9d3c-5a0f5d8c7e11", "number": number, **extra}
    for side, entry in hand.items():
        for field, value in entry.items():
            if value is True:
                data[f"{side}-{field}"] = "on"
            elif value is not False:
                data[f"{side}-{field}"] = str(value)
    return data
