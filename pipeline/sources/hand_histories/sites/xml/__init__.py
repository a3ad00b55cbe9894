"""The XML sites: each file one site's elements declared for the one streaming XML engine
(:mod:`pipeline.sources.hand_histories.xml_engine`)."""
