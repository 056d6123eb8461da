"""The pages, by audience, with their URLs, forms, listings, filters and exports; thin views, no
write of their own. Design: docs/site.md#the-pages"""
