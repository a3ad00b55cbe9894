"""The hand-history sites, one declaration per file, read by the shared engines.

The XML sites (:mod:`.ipoker`, :mod:`.merge`, :mod:`.microgaming`, :mod:`.everest`,
:mod:`.boss`) are :class:`~pipeline.sources.hand_histories.xml_engine.XmlSite` declarations,
listed in :data:`XML_SITES`.
"""
