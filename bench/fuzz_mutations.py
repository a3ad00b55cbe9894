"""How bench.fuzz_extensions mutates PokerStars hands: byte flips, truncation, lines deleted,
duplicated, swapped and spliced, huge numbers, long names and lines, many seats, odd seat
numbers, every line end, NUL bytes, invalid UTF-8, headers only; and the fixed inputs tried
first."""

from __future__ import annotations

import random
from collections.abc import Callable

Mutation = Callable[[random.Random, bytes], bytes]


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def flip_bytes(rng: random.Random, data: bytes) -> bytes:
    buf = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if buf:
            buf[rng.randrange(len(buf))] = rng.randrange(256)
    return bytes(buf)


def flip_to_interesting(rng: random.Random, data: bytes) -> bytes:
    buf = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if buf:
            at = rng.randrange(len(buf))
            piece = rng.choice(INTERESTING)
            buf[at : at + rng.randint(0, 2)] = piece
    return bytes(buf)


INTERESTING = [
    b"\x00",
    b"\r",
    b"\r\n",
    b"\n",
    b"\xff",
    b"\xc3",
    b"\xe2\x82",
    b"\xf0\x9f\x98",
    b"\xed\xa0\x80",
    b"$",
    b"(",
    b")",
    b":",
    b"#",
    b"[",
    b"]",
    b" ",
    b"\t",
    b".",
    b",",
    b"-",
    b"9",
    b"0",
    b"\xd9\xa3",  # an Arabic-Indic digit
    b"\xef\xbc\x91",  # a fullwidth digit
    b"99999999999999999999999",
    b"1e308",
    b"-1",
    b"0.001",
    b"\xe2\x80\xa8",
]


def truncate(rng: random.Random, data: bytes) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def delete_line(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def duplicate_line(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    at = rng.randrange(len(lines))
    lines[at:at] = [lines[at]] * rng.choice([1, 1, 2, 20])
    return b"\n".join(lines)


def swap_lines(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[a], lines[b] = lines[b], lines[a]
    return b"\n".join(lines)


def line_from_elsewhere(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    lines.insert(rng.randrange(len(lines) + 1), rng.choice(lines))
    return b"\n".join(lines)


def huge_number(rng: random.Random, data: bytes) -> bytes:
    digits = [i for i, byte in enumerate(data) if 48 <= byte <= 57]
    if not digits:
        return data
    at = rng.choice(digits)
    number = rng.choice(
        [
            b"9" * rng.choice([10, 11, 19, 20, 40, 400]),
            b"4294967296",
            b"2147483648",
            b"18446744073709551616",
            b"0" * 50 + b"1",
            b"1." + b"5" * 30,
            b"1,000,000,000,000,000",
            b"",
        ]
    )
    return data[:at] + number + data[at + 1 :]


def long_name(rng: random.Random, data: bytes) -> bytes:
    name = rng.choice([b"x" * 100_000, "é".encode() * 5000, b"a b c " * 3000, b" ", b""])
    lines = _lines(data)
    for i, line in enumerate(lines):
        if line.startswith(b"Seat ") and b": " in line:
            head, _, tail = line.partition(b": ")
            lines[i] = head + b": " + name + b" (" + tail.partition(b" (")[2]
            break
    return b"\n".join(lines)


def long_line(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    at = rng.randrange(len(lines))
    lines[at] = lines[at] + rng.choice([b"x", b" ", b"$1", b"\xc3\xa9"]) * 100_000
    return b"\n".join(lines)


def many_seats(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    seats = [
        i for i, line in enumerate(lines) if line.startswith(b"Seat ") and b" in chips" in line
    ]
    if not seats:
        return data
    count = rng.choice([11, 50, 300, 1000])
    extra = [
        b"Seat %d: p%d ($%d in chips)" % (n, n, rng.randint(1, 10**6))
        for n in range(rng.randint(1, 3), count)
    ]
    lines[seats[-1] + 1 : seats[-1] + 1] = extra
    return b"\n".join(lines)


def seat_numbers(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    for i, line in enumerate(lines):
        if line.startswith(b"Seat ") and rng.random() < 0.5:
            number = rng.choice([b"0", b"-1", b"10", b"99999999999", b"4294967297", b"", b"1a"])
            lines[i] = b"Seat " + number + line[line.find(b":") :]
    return b"\n".join(lines)


def line_ends(rng: random.Random, data: bytes) -> bytes:
    end = rng.choice([b"\r\n", b"\r", b"\n\r", b"\r\r\n", b"\n\n"])
    if rng.random() < 0.5:
        return data.replace(b"\n", end)
    lines = _lines(data)
    return b"".join(line + rng.choice([b"\n", end]) for line in lines)


def nul_bytes(rng: random.Random, data: bytes) -> bytes:
    at = rng.randrange(len(data) + 1)
    return data[:at] + b"\x00" * rng.choice([1, 2, 100]) + data[at:]


def invalid_utf8(rng: random.Random, data: bytes) -> bytes:
    at = rng.randrange(len(data) + 1)
    return (
        data[:at]
        + rng.choice([b"\xff", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80", b"\x80"])
        + data[at:]
    )


def only_headers(rng: random.Random, data: bytes) -> bytes:
    header = _lines(data)[0]
    return b"\n".join([header] * rng.randint(1, 50)) + rng.choice([b"", b"\n"])


def splice(rng: random.Random, data: bytes) -> bytes:
    a, b = sorted((rng.randrange(len(data) + 1), rng.randrange(len(data) + 1)))
    return data[:a] + data[b:] + data[a:b]


def strip_spaces(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    at = rng.randrange(len(lines))
    lines[at] = rng.choice(
        [lines[at].strip(), b"  " + lines[at] + b"  ", lines[at].replace(b" ", b"")]
    )
    return b"\n".join(lines)


MUTATIONS: list[Mutation] = [
    flip_bytes,
    flip_to_interesting,
    truncate,
    delete_line,
    duplicate_line,
    swap_lines,
    line_from_elsewhere,
    huge_number,
    long_name,
    long_line,
    many_seats,
    seat_numbers,
    line_ends,
    nul_bytes,
    invalid_utf8,
    only_headers,
    splice,
    strip_spaces,
]

FIXED_INPUTS = [
    b"",
    b"\n",
    b"\r",
    b"\x00",
    b"\xef\xbb\xbf",
    b"\xef\xbb\xbf\xef\xbb\xbf",
    b"PokerStars Hand #",
    b"PokerStars Hand #1:",
    b"x" * 100_000,
    b"\n" * 100_000,
    b"\r" * 1000,
]


def mutated(rng: random.Random, hands: list[bytes]) -> bytes:
    """One or a few hands, mutated one to four times."""
    data = b"\n\n".join(rng.choice(hands) for _ in range(rng.choice([1, 1, 1, 2, 3])))
    for _ in range(rng.choice([1, 1, 2, 4])):
        if data:
            data = rng.choice(MUTATIONS)(rng, data)
    return data
