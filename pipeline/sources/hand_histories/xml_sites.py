"""The XML sites together: the sniff that picks one by content (:data:`XML_SITES`, in the
sites' table), and the one clear issue for an XML document of no site we read.  Each XML site
is a source of its own (:data:`pipeline.sources.hand_histories.reader.SITE_SOURCES`); an XML of
no site comes to :func:`read_xml` through the ``xml`` source, after every site.

>>> looks_like_xml('<?xml version="1.0"?>\\n<session sessioncode="1">'), looks_like_xml("a,b")
(True, False)
>>> site_of('<description type="Holdem" stakes="No Limit ($1/$2)"/>').name
'Merge'
>>> log = read_xml(b"<?xml version='1.0'?><inventory><item/></inventory>", "stock.xml")
>>> log.issues.row(0, named=True)["message"]
"stock.xml: looks like XML, but no hand-history site we read: first element '<inventory>'"
"""

from __future__ import annotations

import re

from pipeline.records import HandLog, Issues
from pipeline.sources.hand_histories.sites import XML_SITES
from pipeline.sources.hand_histories.xml_engine import XmlSite, text_of

__all__ = ["XML_SITES", "looks_like_xml", "read_xml", "site_of"]
_XML_START = re.compile(r"\A[\s\ufeff]*<[?!A-Za-z]")
_FIRST_ELEMENT = re.compile(r"<([A-Za-z][\w.:-]*)")


def site_of(head: str) -> XmlSite | None:
    """The site whose mark is in the head, or None."""
    return next((site for site in XML_SITES if site.looks_like(head)), None)


def looks_like_xml(head: str) -> bool:
    """True when the head is a site's XML, or any XML (which :func:`read_xml` then names as
    no site of ours rather than let it be read as a CSV)."""
    return site_of(head) is not None or _XML_START.match(head) is not None


def read_xml(data: bytes, file: str) -> HandLog:
    """Every hand of a site's XML file; an XML document of no site we read is one
    ``unknown_xml`` issue naming its first element."""
    head = text_of(data[: 64 * 1024])
    site = site_of(head)
    if site is not None:
        return site.read_log(data, file)
    issues = Issues()
    first = _FIRST_ELEMENT.search(head)
    named = f"'<{first.group(1)}>'" if first is not None else repr(head.strip()[:40])
    issues.add(
        None,
        None,
        "unknown_xml",
        f"{file}: looks like XML, but no hand-history site we read: first element {named}",
    )
    return HandLog(HandLog.empty().rows, issues.frame())
