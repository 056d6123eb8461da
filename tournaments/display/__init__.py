"""The one place that names engine and tournament things for people, in the page's language.

- `labels`: the score sheet's fields, breakdown lines, card kinds, special hands and ranking
  criteria by name.
- `messages`: the rejections of the scoring engine (`scoring.Problem` codes), of house rules
  (`scoring.InvalidRules`) and of victory-point scales (`domain.victory_points.InvalidScale`)
  as translated sentences.
- `numbers`: numbers read exactly as typed (Western, Arabic-Indic or Persian digits, any minus
  sign) or refused with a reason code.

The engine and the domain emit codes and parameters; only this package turns them into words.

May import: `domain/` and `scoring`; nothing that reads the database.
"""
