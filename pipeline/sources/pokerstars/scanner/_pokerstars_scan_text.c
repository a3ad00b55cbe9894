/*
 * Bytes as the reference's Python sees them: growable buffers, whitespace and digits in
 * Python's Unicode sense, amounts (_money), cards (_cards) and the UTF-8 check of bytes.
 */
#include "_pokerstars_scan.h"

/* ------------------------------------------------------------------ growable buffers */

int
buf_reserve(Buf *b, size_t n)
{
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n) {
            cap *= 2;
        }
        char *data = PyMem_Realloc(b->data, cap);
        if (data == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        b->data = data;
        b->cap = cap;
    }
    return 0;
}

int
buf_put(Buf *b, const void *src, size_t n)
{
    if (n == 0) {
        /* memcpy from or to a NULL pointer is undefined even for 0 bytes (UBSan under make fuzz
           stopped here on an empty buffer's first put). */
        return 0;
    }
    if (b->len + n > b->cap && buf_reserve(b, n) < 0) {
        return -1;
    }
    memcpy(b->data + b->len, src, n);
    b->len += n;
    return 0;
}
/* ------------------------------------------------------------------ characters */

/* The code point at p (valid UTF-8, as the text came from a str) and its length in bytes. */
Py_UCS4
code_point(const char *p, const char *end, int *len)
{
    const unsigned char *u = (const unsigned char *)p;
    ptrdiff_t room = end - p;
    if (u[0] < 0x80) {
        *len = 1;
        return u[0];
    }
    if (u[0] < 0xE0 && room >= 2) {
        *len = 2;
        return ((Py_UCS4)(u[0] & 0x1F) << 6) | (u[1] & 0x3F);
    }
    if (u[0] < 0xF0 && room >= 3) {
        *len = 3;
        return ((Py_UCS4)(u[0] & 0x0F) << 12) | ((Py_UCS4)(u[1] & 0x3F) << 6) | (u[2] & 0x3F);
    }
    if (room >= 4) {
        *len = 4;
        return ((Py_UCS4)(u[0] & 0x07) << 18) | ((Py_UCS4)(u[1] & 0x3F) << 12) |
               ((Py_UCS4)(u[2] & 0x3F) << 6) | (u[3] & 0x3F);
    }
    *len = 1;
    return 0xFFFD;
}

/* Whether a whitespace character (Python's sense, Unicode included) starts at p. */
int
space_at(const char *p, const char *end, int *len)
{
    unsigned char c = (unsigned char)*p;
    if (c < 0x80) {
        *len = 1;
        return ascii_space(c);
    }
    return Py_UNICODE_ISSPACE(code_point(p, end, len));
}

/* End of the run of non-whitespace characters from p: a regular expression's \S+. */
const char *
nonspace_end(const char *p, const char *end)
{
    int len;
    while (p < end && !space_at(p, end, &len)) {
        p += len;
    }
    return p;
}

/* The next word of str.split() at or after *p: its first byte, *p moved past its last; NULL
 * when only whitespace is left. */
const char *
next_token(const char **p, const char *end)
{
    int len;
    while (*p < end && space_at(*p, end, &len)) {
        *p += len;
    }
    if (*p >= end) {
        return NULL;
    }
    const char *start = *p;
    *p = nonspace_end(start, end);
    return start;
}

/* str.rstrip(): the end of the line without its trailing whitespace. */
const char *
rstrip_end(const char *p, const char *end)
{
    while (end > p) {
        unsigned char c = (unsigned char)end[-1];
        if (c < 0x80) {
            if (!ascii_space(c)) {
                break;
            }
            end--;
            continue;
        }
        const char *q = end - 1;
        while (q > p && ((unsigned char)*q & 0xC0) == 0x80) {
            q--;
        }
        int len;
        if (!Py_UNICODE_ISSPACE(code_point(q, end, &len))) {
            break;
        }
        end = q;
    }
    return end;
}

/* Whether the bytes hold a character Python's \d takes that a byte test would not. */
int
has_unicode_digit(const char *p, const char *end)
{
    while (p < end) {
        if ((unsigned char)*p < 0x80) {
            p++;
            continue;
        }
        int len;
        if (Py_UNICODE_ISDECIMAL(code_point(p, end, &len))) {
            return 1;
        }
        p += len;
    }
    return 0;
}

/* The value of at most nine ASCII digits. */
long
decimal(const char *p, const char *end)
{
    long value = 0;
    for (; p < end; p++) {
        value = value * 10 + (*p - '0');
    }
    return value;
}

/* ------------------------------------------------------------------ amounts */

/* The reference's _money: the first run of [-\d.,] in the text, commas dropped, read as a
 * float.  MONEY_BAD where Python's float() would fail (the reference calls the hand
 * malformed); MONEY_UNSURE where hundredths could not hold it exactly (a minus sign, more than
 * two decimals, a Unicode digit, a huge number): that hand goes to the reference. */
int
money(const char *p, const char *end, int64_t *hundredths)
{
    while (p < end) {
        unsigned char c = (unsigned char)*p;
        if (c == '-' || c == '.' || c == ',' || is_digit((char)c)) {
            break;
        }
        if (c < 0x80) {
            p++;
            continue;
        }
        int len;
        if (Py_UNICODE_ISDECIMAL(code_point(p, end, &len))) {
            return MONEY_UNSURE;
        }
        p += len;
    }
    if (p == end) {
        return MONEY_BAD;
    }
    int64_t whole = 0;
    int significant = 0, decimals = 0, dots = 0, cents = 0, saw_digit = 0;
    for (; p < end; p++) {
        char c = *p;
        if (c == ',') {
            continue;
        }
        if (c == '-') {
            return MONEY_UNSURE;
        }
        if (c == '.') {
            dots++;
            continue;
        }
        if (!is_digit(c)) {
            break;
        }
        saw_digit = 1;
        if (dots == 0) {
            if (whole > 0 || c != '0') {
                significant++;
            }
            if (significant > MAX_CENT_DIGITS - 2) {
                return MONEY_UNSURE;
            }
            whole = whole * 10 + (c - '0');
        }
        else {
            if (++decimals > 2) {
                return MONEY_UNSURE;
            }
            cents = cents * 10 + (c - '0');
        }
    }
    if (p < end && (unsigned char)*p >= 0x80) {
        int len;
        if (Py_UNICODE_ISDECIMAL(code_point(p, end, &len))) {
            return MONEY_UNSURE;
        }
    }
    if (dots > 1 || !saw_digit) {
        return MONEY_BAD; /* "1.2.3", ".", ",": float() fails */
    }
    if (decimals == 1) {
        cents *= 10;
    }
    *hundredths = whole * 100 + cents;
    return MONEY_OK;
}

/* The end of a run of ASCII digits; *unsure set when a Unicode digit (which Python's \d takes)
 * continues or starts it. */
const char *
digits_end(const char *p, const char *end, int *unsure)
{
    while (p < end && is_digit(*p)) {
        p++;
    }
    if (p < end && (unsigned char)*p >= 0x80) {
        int len;
        if (Py_UNICODE_ISDECIMAL(code_point(p, end, &len))) {
            *unsure = 1;
        }
    }
    return p;
}
int
bracketed(const char *p, const char *end, const char **inside, const char **inside_end)
{
    const char *open = find_char(p, end, '[');
    const char *close = open ? find_char(open + 1, end, ']') : NULL;
    if (close == NULL) {
        return 0;
    }
    *inside = open + 1;
    *inside_end = close;
    return 1;
}

/* Cards as the reference writes them (_cards): split at whitespace, a leading "10" as "T",
 * joined by one space.  Returns the length written to out (never longer than the input). */
size_t
canonical_cards(const char *p, const char *end, char *out)
{
    size_t n = 0;
    const char *token;
    while ((token = next_token(&p, end)) != NULL) {
        if (n) {
            out[n++] = ' ';
        }
        if (STARTS(token, p, "10")) {
            out[n++] = 'T';
            token += 2;
        }
        memcpy(out + n, token, (size_t)(p - token));
        n += (size_t)(p - token);
    }
    return n;
}

/* ------------------------------------------------------------------ UTF-8 */

/* Whether the bytes are UTF-8 as Python's strict decoder takes it (no overlong forms, no
 * surrogates, nothing past U+10FFFF). */
int
is_utf8(const unsigned char *p, const unsigned char *end)
{
    while (p < end) {
        if (end - p >= 8) {
            uint64_t word;
            memcpy(&word, p, 8);
            if ((word & 0x8080808080808080ULL) == 0) {
                p += 8;
                continue;
            }
        }
        unsigned char c = *p;
        if (c < 0x80) {
            p++;
            continue;
        }
        int n;
        unsigned char low = 0x80, high = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) {
            n = 1;
        }
        else if (c >= 0xE0 && c <= 0xEF) {
            n = 2;
            low = c == 0xE0 ? 0xA0 : 0x80;
            high = c == 0xED ? 0x9F : 0xBF;
        }
        else if (c >= 0xF0 && c <= 0xF4) {
            n = 3;
            low = c == 0xF0 ? 0x90 : 0x80;
            high = c == 0xF4 ? 0x8F : 0xBF;
        }
        else {
            return 0;
        }
        if (end - p <= n || p[1] < low || p[1] > high) {
            return 0;
        }
        for (int i = 2; i <= n; i++) {
            if ((p[i] & 0xC0) != 0x80) {
                return 0;
            }
        }
        p += n + 1;
    }
    return 1;
}
