"""One part of a workbook's zip inflated in bounded steps, before any XML parser sees it.

Nothing here trusts the zip directory: the part is inflated from its raw compressed bytes,
:data:`CHUNK` bytes at a time, and refused (:class:`RefusedPartError`, its message saying why)
when it inflates to more than the directory says (a zip bomb) or than the memory cap, when its
prolog declares a ``DOCTYPE`` (entities are never expanded: a part that declares any is
refused, as defusedxml does), or when its header or compression is not one we read.

>>> import io, zipfile
>>> buffer = io.BytesIO()
>>> with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
...     archive.writestr("ok.xml", "<root/>")
...     archive.writestr("dtd.xml", '<!DOCTYPE x [<!ENTITY a "b">]><root/>')
>>> data = buffer.getvalue()
>>> items = {item.filename: item for item in zipfile.ZipFile(buffer).infolist()}
>>> check_part(data, items["ok.xml"], memory_cap=1 << 20, scan=None)
7
>>> check_part(data, items["dtd.xml"], memory_cap=1 << 20, scan=None)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pipeline.sources.xlsx.part_stream.RefusedPartError: declares a DOCTYPE (...): refused
"""

from __future__ import annotations

import re
import struct
import zipfile
import zlib
from typing import Protocol

CHUNK = 4 << 20  # inflated bytes looked at per step: memory stays bounded whatever the part
PROLOG_LIMIT = 64 << 10  # an XML declaration and comments fit; a root further down is suspect
_LOCAL_HEADER = struct.Struct("<4s5H3L2H")
_PROLOG_ROOT = re.compile(rb"<[A-Za-z_]")
_DTD = re.compile(rb"<!\s*(?:DOCTYPE|ENTITY)", re.IGNORECASE)

__all__ = ["CHUNK", "PROLOG_LIMIT", "PartScan", "RefusedPartError", "check_part"]


class RefusedPartError(Exception):
    """A part that must not reach a parser, and why."""


class PartScan(Protocol):
    """What reads a part's XML on the way, a piece at a time (cut after a ``</row>`` where
    there is one, so that no row is split across two pieces)."""

    def feed(self, text: bytes) -> None: ...


def check_part(data: bytes, item: zipfile.ZipInfo, memory_cap: int, scan: PartScan | None) -> int:
    """Inflate one part in bounded steps (never holding more than a step), checking its size
    and its prolog and feeding ``scan``; the bytes it inflates to."""
    if item.file_size > memory_cap:
        msg = (
            f"inflates to {item.file_size / 2**20:,.0f} MB: over the memory cap of "
            f"{memory_cap >> 20} MB"
        )
        raise RefusedPartError(msg)
    inflated = 0
    head = b""
    carry = b""
    for block in _inflate(data, item):
        inflated += len(block)
        if inflated > item.file_size:
            msg = (
                f"inflates to more than the {item.file_size:,} bytes the zip directory says "
                "(a zip bomb): refused"
            )
            raise RefusedPartError(msg)
        if len(head) < PROLOG_LIMIT:
            head += block[: PROLOG_LIMIT - len(head)]
            _check_prolog(head)
        if scan is not None:
            text = carry + block
            cut = text.rfind(b"</row>")
            cut = text.rfind(b">") if cut < 0 else cut + len(b"</row>")
            if cut < 0 or len(text) - cut > CHUNK:
                cut = len(text)
            scan.feed(text[:cut])
            carry = text[cut:]
    if scan is not None and carry:
        scan.feed(carry)
    return inflated


def _check_prolog(head: bytes) -> None:
    """A DTD may only sit before the root element, so the prolog is all there is to check."""
    root = _PROLOG_ROOT.search(head)
    prolog = head if root is None else head[: root.start()]
    if _DTD.search(prolog):
        msg = "declares a DOCTYPE (entities that could expand without end): refused"
        raise RefusedPartError(msg)
    if root is None and len(head) >= PROLOG_LIMIT:
        msg = f"has no XML element in its first {PROLOG_LIMIT >> 10} KB: refused"
        raise RefusedPartError(msg)


def _inflate(data: bytes, item: zipfile.ZipInfo) -> list[bytes] | _Blocks:
    """The part's bytes in steps of at most :data:`CHUNK`, inflated from its raw compressed
    data, so that nothing trusts the sizes the directory declares."""
    offset = item.header_offset
    header = data[offset : offset + _LOCAL_HEADER.size]
    if len(header) < _LOCAL_HEADER.size or header[:4] != b"PK\x03\x04":
        msg = "has a broken zip header: refused"
        raise RefusedPartError(msg)
    name_length, extra_length = _LOCAL_HEADER.unpack(header)[-2:]
    start = offset + _LOCAL_HEADER.size + name_length + extra_length
    raw = memoryview(data)[start : start + item.compress_size]
    if item.compress_type == zipfile.ZIP_STORED:
        return [bytes(raw[index : index + CHUNK]) for index in range(0, len(raw), CHUNK)]
    if item.compress_type != zipfile.ZIP_DEFLATED:
        msg = f"uses a compression this reader does not know ({item.compress_type}): refused"
        raise RefusedPartError(msg)
    return _Blocks(raw)


class _Blocks:
    """Raw deflate data inflated :data:`CHUNK` bytes at a time."""

    def __init__(self, raw: memoryview) -> None:
        self.raw = raw

    def __iter__(self) -> _Blocks:
        self.inflater = zlib.decompressobj(-zlib.MAX_WBITS)
        self.pending: bytes | memoryview = self.raw
        return self

    def __next__(self) -> bytes:
        while True:
            try:
                block = self.inflater.decompress(self.pending, CHUNK)
            except zlib.error as error:
                msg = f"cannot be inflated ({error}): refused"
                raise RefusedPartError(msg) from None
            self.pending = self.inflater.unconsumed_tail
            if block:
                return block
            if not self.pending or self.inflater.eof:
                raise StopIteration
