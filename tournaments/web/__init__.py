"""The pages: views by audience (events and rounds, the table, the director's tools, rankings,
pairs, the audit), their forms, tables, filters, exports and URLs. Thin: scope the request to
what the user may see (selectors), check shape (forms), call a service, render."""
