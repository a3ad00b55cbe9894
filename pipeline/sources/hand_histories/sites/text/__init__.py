"""The text sites: each file one site's grammar declared as a
:class:`~pipeline.sources.hand_histories.text_site.TextSite`, read by the one text engine."""
