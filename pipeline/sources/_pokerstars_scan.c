/*
 * One pass over a PokerStars hand history: the compiled path of
 * pipeline.sources.pokerstars.read_pokerstars.
 *
 * scan(text) walks the UTF-8 bytes of the text once, line by line, and reads each hand as the
 * line reader (pipeline/sources/pokerstars_lines.py, the reference) reads it: the same header,
 * table and seat patterns, the same actor rule, the same sums.  Each pattern below is written
 * out by hand and names the regular expression of the line reader it stands for; where Python
 * and a byte test could disagree (a Unicode digit or space, an amount with more than two
 * decimals, a name seated twice), the hand is not read here but handed back with its text, and
 * the line reader reads it and reports its issues.  So a hand read here gives the line reader's
 * rows, and every issue still comes from the line reader.
 *
 * Amounts are summed in integer hundredths, exactly; the line reader sums floats and rounds
 * to two places, which gives the same number for amounts of at most two decimals.
 *
 * Out: (strings, columns, handed_back).  strings is a list of distinct texts, None first;
 * columns maps each column of the rows to a bytes buffer: the text columns hold uint32
 * indexes into strings (0 for null), the others int64, float64 or 0/1 bytes; handed_back lists
 * (first line, hand text) for the hands left to the line reader.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define MAX_SEATS 32
#define MAX_BOARD_CARDS 16
#define MAX_BOARD_BYTES 128
#define MAX_PHRASES 8
#define MAX_CENT_DIGITS 15 /* hundredths below 10**15 are exact in a double */

/* ------------------------------------------------------------------ growable buffers */

typedef struct {
    char *data;
    size_t len, cap;
} Buf;

static int
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

static int
buf_put(Buf *b, const void *src, size_t n)
{
    if (b->len + n > b->cap && buf_reserve(b, n) < 0) {
        return -1;
    }
    memcpy(b->data + b->len, src, n);
    b->len += n;
    return 0;
}

/* ------------------------------------------------------------------ distinct texts */

typedef struct {
    uint64_t hash;
    size_t offset, len;
    uint32_t index;
} Slot;

typedef struct {
    Slot *slots;
    size_t mask, used;
    Buf bytes;      /* the texts' bytes, end to end */
    PyObject *list; /* the texts as str, None first */
} Strings;

static uint64_t
hash_bytes(const char *p, size_t n)
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++) {
        h = (h ^ (unsigned char)p[i]) * 1099511628211ULL;
    }
    return h;
}

static int
strings_init(Strings *s)
{
    s->mask = 4095;
    s->used = 0;
    s->slots = PyMem_Calloc(s->mask + 1, sizeof(Slot));
    s->list = PyList_New(0);
    if (s->slots == NULL || s->list == NULL || PyList_Append(s->list, Py_None) < 0) {
        if (s->slots == NULL) {
            PyErr_NoMemory();
        }
        return -1;
    }
    return 0;
}

static void
strings_free(Strings *s)
{
    PyMem_Free(s->slots);
    PyMem_Free(s->bytes.data);
    Py_XDECREF(s->list);
}

static int
strings_grow(Strings *s)
{
    size_t mask = s->mask * 2 + 1;
    Slot *slots = PyMem_Calloc(mask + 1, sizeof(Slot));
    if (slots == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (size_t i = 0; i <= s->mask; i++) {
        if (s->slots[i].index == 0) {
            continue;
        }
        size_t at = s->slots[i].hash & mask;
        while (slots[at].index != 0) {
            at = (at + 1) & mask;
        }
        slots[at] = s->slots[i];
    }
    PyMem_Free(s->slots);
    s->slots = slots;
    s->mask = mask;
    return 0;
}

/* The index of a text among the distinct texts, adding it when new; 0 on error. */
static uint32_t
strings_index(Strings *s, const char *p, size_t n)
{
    uint64_t h = hash_bytes(p, n);
    size_t at = h & s->mask;
    while (s->slots[at].index != 0) {
        Slot *slot = &s->slots[at];
        if (slot->hash == h && slot->len == n && memcmp(s->bytes.data + slot->offset, p, n) == 0) {
            return slot->index;
        }
        at = (at + 1) & s->mask;
    }
    PyObject *text = PyUnicode_DecodeUTF8(p, (Py_ssize_t)n, "strict");
    if (text == NULL) {
        return 0;
    }
    int failed = PyList_Append(s->list, text);
    Py_DECREF(text);
    if (failed) {
        return 0;
    }
    size_t offset = s->bytes.len;
    if (buf_put(&s->bytes, p, n) < 0) {
        return 0;
    }
    uint32_t index = (uint32_t)(PyList_GET_SIZE(s->list) - 1);
    s->slots[at] = (Slot){h, offset, n, index};
    if (++s->used * 2 > s->mask && strings_grow(s) < 0) {
        return 0;
    }
    return index;
}

/* ------------------------------------------------------------------ characters */

/* Python's str.isspace() over ASCII: \t \n \v \f \r, \x1c-\x1f and the space. */
static int
ascii_space(unsigned char c)
{
    return c == ' ' || (c >= 9 && c <= 13) || (c >= 28 && c <= 31);
}

/* The code point at p (valid UTF-8, as the text came from a str) and its length in bytes. */
static Py_UCS4
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
static int
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
static const char *
nonspace_end(const char *p, const char *end)
{
    int len;
    while (p < end && !space_at(p, end, &len)) {
        p += len;
    }
    return p;
}

/* str.rstrip(): the end of the line without its trailing whitespace. */
static const char *
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
static int
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

static int
is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* The value of at most nine ASCII digits. */
static long
decimal(const char *p, const char *end)
{
    long value = 0;
    for (; p < end; p++) {
        value = value * 10 + (*p - '0');
    }
    return value;
}

static int
starts(const char *p, const char *end, const char *text, size_t n)
{
    return (size_t)(end - p) >= n && memcmp(p, text, n) == 0;
}

#define STARTS(p, end, literal) starts((p), (end), (literal), sizeof(literal) - 1)

static const char *
find(const char *p, const char *end, const char *text, size_t n)
{
    while ((size_t)(end - p) >= n) {
        const char *hit = memchr(p, text[0], (size_t)(end - p) - n + 1);
        if (hit == NULL) {
            return NULL;
        }
        if (memcmp(hit, text, n) == 0) {
            return hit;
        }
        p = hit + 1;
    }
    return NULL;
}

#define FIND(p, end, literal) find((p), (end), (literal), sizeof(literal) - 1)

static const char *
find_char(const char *p, const char *end, char c)
{
    return p < end ? memchr(p, c, (size_t)(end - p)) : NULL;
}

/* ------------------------------------------------------------------ amounts */

enum { MONEY_OK, MONEY_BAD, MONEY_UNSURE };

/* The line reader's _money: the first run of [-\d.,] in the text, commas dropped, read as a
 * float.  MONEY_BAD where Python's float() would fail (the line reader calls the hand
 * malformed); MONEY_UNSURE where hundredths could not hold it exactly (a minus sign, more than
 * two decimals, a Unicode digit, a huge number): that hand goes to the line reader. */
static int
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
static const char *
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

/* ------------------------------------------------------------------ one hand */

typedef struct {
    const char *name;
    size_t name_len;
    long number;
    int64_t stack, put_in, street_bet, won; /* hundredths */
    int folded_street;                      /* -1: did not fold */
    const char *hole;
    size_t hole_len;
    int has_hole;
    const char *stated;
    size_t stated_len;
    int has_stated;
    int shown, sitting_out, acted;
} Seat;

enum { EXPECT_TABLE, SEATS, BODY, SUMMARY };
enum { NO_LIMIT, POT_LIMIT, LIMIT };

typedef struct {
    const char *start; /* the header line's first byte */
    Py_ssize_t line;   /* its line number, from 1 */
    int state, handed_back;
    const char *hand_id;
    size_t hand_id_len;
    const char *tournament; /* NULL: none */
    size_t tournament_len;
    char date[32];
    int date_len; /* -1: none */
    int variant;
    int dead_small_read; /* MONEY_*: the small blind of the header, for dead blinds */
    int64_t dead_small;
    const char *table;
    size_t table_len;
    long button;
    Seat seats[MAX_SEATS];
    int n_seats;
    int street;
    char board[MAX_BOARD_BYTES];
    size_t board_len;
    size_t card_at[MAX_BOARD_CARDS], card_len[MAX_BOARD_CARDS];
    int n_cards;
} Hand;

/* ^\ufeff?PokerStars (?:Zoom |Home Game )?(?:Hand|Game) # */
static int
is_header(const char *p, const char *end)
{
    if (STARTS(p, end, "\xEF\xBB\xBF")) {
        p += 3;
    }
    if (!STARTS(p, end, "PokerStars ")) {
        return 0;
    }
    p += 11;
#define HAND_OR_GAME(q) (STARTS((q), end, "Hand #") || STARTS((q), end, "Game #"))
    return HAND_OR_GAME(p) || (STARTS(p, end, "Zoom ") && HAND_OR_GAME(p + 5)) ||
           (STARTS(p, end, "Home Game ") && HAND_OR_GAME(p + 10));
#undef HAND_OR_GAME
}

/* The leftmost "<word> #<digits>" (HAND_ID, _TOURNAMENT): its digits, or NULL. */
static const char *
number_after(const char *p, const char *end, const char *word, size_t word_len, size_t *len)
{
    for (const char *q = p; (q = find_char(q, end, '#')) != NULL; q++) {
        if ((size_t)(q - p) >= word_len && memcmp(q - word_len, word, word_len) == 0 &&
            q + 1 < end && is_digit(q[1])) {
            const char *e = q + 1;
            while (e < end && is_digit(*e)) {
                e++;
            }
            *len = (size_t)(e - q - 1);
            return q + 1;
        }
    }
    return NULL;
}

/* \d{1,2} followed by sep (a non-digit): greedy is exact, as the separator is no digit. */
static int
small_number(const char **q, const char *end, char sep, int *value)
{
    const char *s = *q;
    if (s >= end || !is_digit(*s)) {
        return 0;
    }
    int v = *s++ - '0';
    if (s < end && is_digit(*s)) {
        v = v * 10 + (*s++ - '0');
    }
    if (sep && (s >= end || *s != sep)) {
        return 0;
    }
    *value = v;
    *q = sep ? s + 1 : s;
    return 1;
}

/* _DATE: (\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2}), leftmost, as ISO text. */
static void
read_date(Hand *h, const char *p, const char *end)
{
    h->date_len = -1;
    for (const char *slash = p; (slash = find_char(slash, end, '/')) != NULL; slash++) {
        if (slash - p < 4 || !is_digit(slash[-4]) || !is_digit(slash[-3]) ||
            !is_digit(slash[-2]) || !is_digit(slash[-1])) {
            continue;
        }
        int year = (slash[-4] - '0') * 1000 + (slash[-3] - '0') * 100 + (slash[-2] - '0') * 10 +
                   (slash[-1] - '0');
        int month, day, hour, minute, second;
        const char *q = slash + 1;
        if (!small_number(&q, end, '/', &month) || !small_number(&q, end, ' ', &day) ||
            !small_number(&q, end, ':', &hour)) {
            continue;
        }
        if (end - q < 5 || !is_digit(q[0]) || !is_digit(q[1]) || q[2] != ':' ||
            !is_digit(q[3]) || !is_digit(q[4])) {
            continue;
        }
        minute = (q[0] - '0') * 10 + (q[1] - '0');
        second = (q[3] - '0') * 10 + (q[4] - '0');
        /* f"{y:04d}-{mo:02d}-{d:02d}T{h:02d}:{mi:02d}:{s:02d}", every field below 10,000 */
        int fields[6] = {year, month, day, hour, minute, second};
        static const char separators[6] = {'-', '-', 'T', ':', ':', 0};
        char *out = h->date;
        for (int i = 0; i < 6; i++) {
            if (i == 0) {
                *out++ = (char)('0' + fields[0] / 1000);
                *out++ = (char)('0' + fields[0] / 100 % 10);
            }
            *out++ = (char)('0' + fields[i] / 10 % 10);
            *out++ = (char)('0' + fields[i] % 10);
            if (separators[i]) {
                *out++ = separators[i];
            }
        }
        h->date_len = (int)(out - h->date);
        return;
    }
}

static int
not_paren_or_slash(char c)
{
    return c != '(' && c != ')' && c != '/';
}

/* _STAKES: \(([^()/]*)/([^()/]*?)(?: [A-Z]{3})?\), leftmost: the small blind, read as the
 * line reader reads it (an amount that does not read is 0). */
static void
read_stakes(Hand *h, const char *p, const char *end)
{
    h->dead_small_read = MONEY_OK;
    h->dead_small = 0;
    for (const char *open = p; (open = find_char(open, end, '(')) != NULL; open++) {
        const char *slash = open + 1;
        while (slash < end && not_paren_or_slash(*slash)) {
            slash++;
        }
        if (slash >= end || *slash != '/') {
            continue;
        }
        const char *close = slash + 1;
        while (close < end && not_paren_or_slash(*close)) {
            close++;
        }
        if (close >= end || *close != ')') {
            continue;
        }
        h->dead_small_read = money(open + 1, slash, &h->dead_small);
        if (h->dead_small_read == MONEY_BAD) {
            h->dead_small_read = MONEY_OK;
            h->dead_small = 0;
        }
        return;
    }
}

static void
read_header(Hand *h, const char *p, const char *end)
{
    /* With no Unicode digit in the line, Python's \d is [0-9] throughout. */
    if (has_unicode_digit(p, end)) {
        h->handed_back = 1;
        return;
    }
    /* HAND_ID: (?:Hand|Game) #(\d+), the leftmost of either */
    size_t game_len;
    h->hand_id = number_after(p, end, "Hand ", 5, &h->hand_id_len);
    const char *game = number_after(p, end, "Game ", 5, &game_len);
    if (game != NULL && (h->hand_id == NULL || game < h->hand_id)) {
        h->hand_id = game;
        h->hand_id_len = game_len;
    }
    if (h->hand_id == NULL) {
        h->handed_back = 1; /* no hand number: malformed */
        return;
    }
    if (FIND(p, end, "Hold'em") == NULL) {
        h->handed_back = 1; /* another game: unsupported_variant */
        return;
    }
    h->variant = FIND(p, end, "No Limit")    ? NO_LIMIT
                 : FIND(p, end, "Pot Limit") ? POT_LIMIT
                                             : LIMIT;
    h->tournament = number_after(p, end, "Tournament ", 11, &h->tournament_len);
    read_date(h, p, end);
    read_stakes(h, p, end);
}

/* _TABLE: ^Table '(.*)' (?:\d+-max )?.*?Seat #(\d+) is the button.  The name runs to the last
 * "' " that still has a "Seat #N is the button" after it; the button is the first of those. */
static void
read_table(Hand *h, const char *p, const char *end)
{
    if (!STARTS(p, end, "Table '") || has_unicode_digit(p, end)) {
        h->handed_back = 1;
        return;
    }
    const char *name = p + 7;
    const char *phrase[MAX_PHRASES];
    long button[MAX_PHRASES];
    int n = 0;
    for (const char *q = name; (q = FIND(q, end, "Seat #")) != NULL; q++) {
        const char *d = q + 6, *e = d;
        while (e < end && is_digit(*e)) {
            e++;
        }
        if (e == d || !STARTS(e, end, " is the button")) {
            continue;
        }
        if (n == MAX_PHRASES || e - d > 9) {
            h->handed_back = 1;
            return;
        }
        phrase[n] = q;
        button[n] = decimal(d, e);
        n++;
    }
    const char *quote = NULL;
    for (const char *q = n ? phrase[n - 1] - 2 : NULL; q != NULL && q >= name; q--) {
        if (q[0] == '\'' && q[1] == ' ') {
            quote = q;
            break;
        }
    }
    if (quote == NULL) {
        h->handed_back = 1;
        return;
    }
    for (int i = 0; i < n; i++) {
        if (phrase[i] >= quote + 2) {
            h->button = button[i];
            break;
        }
    }
    h->table = name;
    h->table_len = (size_t)(quote - name);
}

static int
seat_of(const Hand *h, const char *name, size_t len)
{
    for (int i = 0; i < h->n_seats; i++) {
        if (h->seats[i].name_len == len && memcmp(h->seats[i].name, name, len) == 0) {
            return i;
        }
    }
    return -1;
}

/* _SEAT: ^Seat (\d+): (.*) \(([^()]*?) in chips -- the name runs to the last " (" whose text
 * up to the first " in chips" holds no parenthesis.  A line that does not match, an amount
 * that does not read, a seat number or name seen twice: the hand goes to the line reader. */
static void
read_seat(Hand *h, const char *p, const char *end)
{
    const char *d = p + 5, *e = d;
    while (e < end && is_digit(*e)) {
        e++;
    }
    if (e == d || e - d > 9 || !STARTS(e, end, ": ") || h->n_seats == MAX_SEATS) {
        h->handed_back = 1;
        return;
    }
    const char *name = e + 2, *open = NULL, *chips = NULL;
    for (const char *q = end - 2; q >= name && chips == NULL; q--) {
        if (q[0] != ' ' || q[1] != '(') {
            continue;
        }
        for (const char *m = q + 2; m < end; m++) {
            if (STARTS(m, end, " in chips")) {
                open = q;
                chips = m;
                break;
            }
            if (*m == '(' || *m == ')') {
                break;
            }
        }
    }
    Seat *s = &h->seats[h->n_seats];
    if (chips == NULL || money(open + 2, chips, &s->stack) != MONEY_OK) {
        h->handed_back = 1;
        return;
    }
    long number = decimal(d, e);
    size_t name_len = (size_t)(open - name);
    for (int i = 0; i < h->n_seats; i++) {
        if (h->seats[i].number == number) {
            h->handed_back = 1;
            return;
        }
    }
    if (seat_of(h, name, name_len) >= 0) {
        h->handed_back = 1;
        return;
    }
    s->name = name;
    s->name_len = name_len;
    s->number = number;
    s->put_in = s->street_bet = s->won = 0;
    s->folded_street = -1;
    s->has_hole = s->has_stated = s->shown = s->acted = 0;
    s->sitting_out = FIND(chips + 9, end, "sitting out") != NULL;
    h->n_seats++;
}

/* The first [...] of the text (_CARDS.search): 1 and its inside, or 0. */
static int
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

/* Cards as the line reader writes them (_cards): split at whitespace, a leading "10" as "T",
 * joined by one space.  Returns the length written to out (never longer than the input). */
static size_t
canonical_cards(const char *p, const char *end, char *out)
{
    size_t n = 0;
    int len;
    while (p < end) {
        if (space_at(p, end, &len)) {
            p += len;
            continue;
        }
        const char *token_end = nonspace_end(p, end);
        if (n) {
            out[n++] = ' ';
        }
        if (STARTS(p, token_end, "10")) {
            out[n++] = 'T';
            p += 2;
        }
        memcpy(out + n, p, (size_t)(token_end - p));
        n += (size_t)(token_end - p);
        p = token_end;
    }
    return n;
}

/* The cards of one [...] of a street marker, each added to the board unless already on it. */
static void
add_to_board(Hand *h, const char *p, const char *end)
{
    char card[MAX_BOARD_BYTES];
    int len;
    while (p < end) {
        if (space_at(p, end, &len)) {
            p += len;
            continue;
        }
        const char *token_end = nonspace_end(p, end);
        if ((size_t)(token_end - p) >= sizeof card) {
            h->handed_back = 1;
            return;
        }
        size_t n = canonical_cards(p, token_end, card);
        p = token_end;
        int seen = 0;
        for (int i = 0; i < h->n_cards && !seen; i++) {
            seen = h->card_len[i] == n && memcmp(h->board + h->card_at[i], card, n) == 0;
        }
        if (seen) {
            continue;
        }
        size_t at = h->board_len ? h->board_len + 1 : 0;
        if (h->n_cards == MAX_BOARD_CARDS || at + n > MAX_BOARD_BYTES) {
            h->handed_back = 1;
            return;
        }
        if (h->board_len) {
            h->board[h->board_len] = ' ';
        }
        memcpy(h->board + at, card, n);
        h->card_at[h->n_cards] = at;
        h->card_len[h->n_cards++] = n;
        h->board_len = at + n;
    }
}

static void
read_marker(Hand *h, const char *p, const char *end)
{
    if (STARTS(p, end, "*** SUMMARY")) {
        h->state = SUMMARY;
        return;
    }
    if (FIND(p, end, "FLOP ***") == NULL && FIND(p, end, "TURN ***") == NULL &&
        FIND(p, end, "RIVER ***") == NULL) {
        return;
    }
    int street = FIND(p, end, "FLOP") ? 1 : FIND(p, end, "TURN") ? 2 : 3;
    if (street > h->street) {
        h->street = street;
    }
    const char *inside, *inside_end;
    while (bracketed(p, end, &inside, &inside_end)) {
        add_to_board(h, inside, inside_end);
        p = inside_end + 1;
    }
    for (int i = 0; i < h->n_seats; i++) {
        h->seats[i].street_bet = 0;
    }
}

/* What a seated player did ("name: action"), as HandState's branches read it. */
static void
read_action(Hand *h, Seat *s, const char *a, const char *end)
{
    int64_t amount;
    s->acted = 1;
    if (STARTS(a, end, "folds")) {
        s->folded_street = h->street;
        const char *inside, *inside_end;
        if (bracketed(a, end, &inside, &inside_end)) {
            s->hole = inside;
            s->hole_len = (size_t)(inside_end - inside);
            s->has_hole = 1;
        }
        return;
    }
    static const char *const quiet[] = {
        "checks",          "sits out",     "is sitting out", "doesn't show",
        "is disconnected", "is connected", "has timed out",  "mucks",
        "leaves",          "joins",        "said",
    };
    for (size_t i = 0; i < sizeof quiet / sizeof quiet[0]; i++) {
        if (starts(a, end, quiet[i], strlen(quiet[i]))) {
            return;
        }
    }
    if (STARTS(a, end, "calls ") || STARTS(a, end, "bets ")) {
        /* action.split(" ", 2)[1] */
        const char *token = find_char(a, end, ' ') + 1;
        const char *token_end = find_char(token, end, ' ');
        if (money(token, token_end ? token_end : end, &amount) != MONEY_OK) {
            h->handed_back = 1;
            return;
        }
        s->put_in += amount;
        s->street_bet += amount;
        return;
    }
    if (STARTS(a, end, "raises ")) {
        /* _RAISE: raises (\S+) to (\S+) */
        const char *by = a + 7, *by_end = nonspace_end(by, end);
        const char *to = by_end + 4, *to_end;
        if (by_end == by || !STARTS(by_end, end, " to ") || (to_end = nonspace_end(to, end)) == to ||
            money(to, to_end, &amount) != MONEY_OK) {
            h->handed_back = 1;
            return;
        }
        s->put_in += amount - s->street_bet;
        s->street_bet = amount;
        return;
    }
    if (STARTS(a, end, "posts ")) {
        const char *last = end;
        if (FIND(a, end, "and is all-in") != NULL) {
            const char *all_in = FIND(a, end, " and is all-in");
            if (all_in != NULL) {
                last = all_in;
            }
        }
        const char *token = last;
        while (token > a && token[-1] != ' ') {
            token--;
        }
        if (money(token, last, &amount) != MONEY_OK) {
            h->handed_back = 1;
            return;
        }
        s->put_in += amount;
        if (FIND(a, end, "ante") != NULL) {
            return;
        }
        if (FIND(a, end, "small & big") != NULL) {
            if (h->dead_small_read != MONEY_OK) {
                h->handed_back = 1;
                return;
            }
            s->street_bet += amount > h->dead_small ? amount - h->dead_small : 0;
            return;
        }
        s->street_bet += amount;
        return;
    }
    if (STARTS(a, end, "shows ")) {
        const char *inside, *inside_end;
        if (!bracketed(a, end, &inside, &inside_end)) {
            return;
        }
        s->hole = inside;
        s->hole_len = (size_t)(inside_end - inside);
        s->has_hole = 1;
        s->shown = 1;
        /* _SHOWN_AS: \] \((.+)\)$ */
        const char *said = FIND(a, end, "] (");
        if (said != NULL && end[-1] == ')' && said + 3 < end - 1) {
            s->stated = said + 3;
            s->stated_len = (size_t)(end - 1 - s->stated);
            s->has_stated = 1;
        }
        return;
    }
    if (STARTS(a, end, "bringsin") || STARTS(a, end, "brings in") ||
        STARTS(a, end, "discards") || STARTS(a, end, "stands pat")) {
        h->handed_back = 1; /* not a hold'em action: malformed */
    }
}

/* A line of the hand's body, after its seats and before its summary. */
static void
read_body_line(Hand *h, const char *p, const char *end)
{
    if (STARTS(p, end, "*** ")) {
        read_marker(h, p, end);
        return;
    }
    /* HandState.actor: the text before the last ": " when it is a seated name, else the
     * longest seated name followed by ": ". */
    const char *colon = NULL;
    for (const char *q = end - 2; q >= p; q--) {
        if (q[0] == ':' && q[1] == ' ') {
            colon = q;
            break;
        }
    }
    if (colon != NULL) {
        int who = seat_of(h, p, (size_t)(colon - p));
        const char *action = colon + 2;
        if (who < 0) {
            size_t longest = 0;
            for (int i = 0; i < h->n_seats; i++) {
                size_t n = h->seats[i].name_len;
                if ((size_t)(end - p) >= n + 2 && memcmp(p, h->seats[i].name, n) == 0 &&
                    p[n] == ':' && p[n + 1] == ' ' && (who < 0 || n > longest)) {
                    who = i;
                    longest = n;
                }
            }
            action = p + longest + 2;
        }
        if (who >= 0) {
            read_action(h, &h->seats[who], action, end);
            return;
        }
    }
    if (STARTS(p, end, "Uncalled bet")) {
        /* _UNCALLED: ^Uncalled bet \((\S+)\) returned to (.*)$ */
        const char *amount_at = p + 14, *run_end = amount_at;
        int64_t amount;
        int who = -1;
        if (STARTS(p, end, "Uncalled bet (")) {
            run_end = nonspace_end(amount_at, end);
        }
        if (run_end - amount_at >= 2 && run_end[-1] == ')' && STARTS(run_end, end, " returned to ")) {
            who = seat_of(h, run_end + 13, (size_t)(end - run_end - 13));
        }
        if (who < 0 || money(amount_at, run_end - 1, &amount) != MONEY_OK) {
            h->handed_back = 1;
            return;
        }
        h->seats[who].put_in -= amount;
        return;
    }
    if (STARTS(p, end, "Dealt to ")) {
        /* _DEALT: ^Dealt to (.*?) \[([^\]]*)\] */
        const char *name = p + 9, *open = FIND(name, end, " [");
        const char *close = open ? find_char(open + 2, end, ']') : NULL;
        int who = close ? seat_of(h, name, (size_t)(open - name)) : -1;
        if (who >= 0) {
            Seat *s = &h->seats[who];
            s->hole = open + 2;
            s->hole_len = (size_t)(close - s->hole);
            s->has_hole = 1;
        }
        return;
    }
    /* _COLLECTED: ^(.*) collected (\S+) from -- the last " collected " with "AMOUNT from " after */
    const char *collected = NULL, *amount_end = NULL;
    for (const char *q = p; (q = FIND(q, end, " collected ")) != NULL; q++) {
        const char *run_end = nonspace_end(q + 11, end);
        if (run_end > q + 11 && STARTS(run_end, end, " from ")) {
            collected = q;
            amount_end = run_end;
        }
    }
    if (collected != NULL) {
        int who = seat_of(h, p, (size_t)(collected - p));
        int64_t amount;
        if (who < 0) {
            return;
        }
        if (money(collected + 11, amount_end, &amount) != MONEY_OK) {
            h->handed_back = 1;
            return;
        }
        h->seats[who].won += amount;
    }
}

/* _SUMMARY_SHOWN_AS: \] and (?:won \([^)]*\)|lost|collected \([^)]*\)) with (.+)$ */
static const char *
summary_shown_as(const char *p, const char *end)
{
    for (const char *q = p; (q = FIND(q, end, "] and ")) != NULL; q++) {
        const char *k = q + 6, *close;
        if (STARTS(k, end, "won (") && (close = find_char(k + 5, end, ')')) != NULL) {
            k = close + 1;
        }
        else if (STARTS(k, end, "lost")) {
            k += 4;
        }
        else if (STARTS(k, end, "collected (") && (close = find_char(k + 11, end, ')')) != NULL) {
            k = close + 1;
        }
        else {
            continue;
        }
        if (STARTS(k, end, " with ") && k + 6 < end) {
            return k + 6;
        }
    }
    return NULL;
}

static int
ends_with(const char *p, const char *end, const char *text, size_t n)
{
    return (size_t)(end - p) >= n && memcmp(end - n, text, n) == 0;
}

#define ENDS_WITH(p, end, literal) ends_with((p), (end), (literal), sizeof(literal) - 1)

/* A summary line: only "Seat N: name ... showed|mucked [cards]" carries something.
 * _SUMMARY_SEAT: ^Seat (\d+): (.*?) (?:\((?:button|small blind|big blind)\) )*
 *                (showed|mucked) \[([^\]]*)\]  -- the shortest name that fits. */
static void
read_summary_line(Hand *h, const char *p, const char *end)
{
    if (!STARTS(p, end, "Seat ")) {
        return;
    }
    int unsure = 0;
    const char *e = digits_end(p + 5, end, &unsure);
    if (unsure) {
        h->handed_back = 1;
        return;
    }
    if (e == p + 5 || !STARTS(e, end, ": ")) {
        return;
    }
    const char *name = e + 2;
    for (const char *j = name; j < end; j++) {
        if (*j != ' ') {
            continue;
        }
        const char *k = j + 1;
        for (;;) {
            if (STARTS(k, end, "(button) ")) {
                k += 9;
            }
            else if (STARTS(k, end, "(small blind) ")) {
                k += 14;
            }
            else if (STARTS(k, end, "(big blind) ")) {
                k += 12;
            }
            else {
                break;
            }
        }
        int showed = STARTS(k, end, "showed [");
        if (!showed && !STARTS(k, end, "mucked [")) {
            continue;
        }
        const char *close = find_char(k + 8, end, ']');
        if (close == NULL) {
            continue;
        }
        int who = seat_of(h, name, (size_t)(j - name));
        if (who < 0) {
            return;
        }
        Seat *s = &h->seats[who];
        s->hole = k + 8;
        s->hole_len = (size_t)(close - s->hole);
        s->has_hole = 1;
        if (showed) {
            s->shown = 1;
            const char *said = s->has_stated ? NULL : summary_shown_as(p, end);
            if (said != NULL) {
                s->stated = said;
                s->stated_len = (size_t)(end - said);
                s->has_stated = 1;
            }
        }
        if (ENDS_WITH(p, end, "(pot not awarded as player cashed out)")) {
            h->handed_back = 1; /* a cash-out: the line reader reports it */
        }
        return;
    }
}

static void
read_line(Hand *h, const char *p, const char *line_end)
{
    const char *end = rstrip_end(p, line_end);
    if (end == p) {
        return; /* blank lines are not lines of the hand */
    }
    switch (h->state) {
    case EXPECT_TABLE:
        read_table(h, p, line_end);
        h->state = SEATS;
        return;
    case SEATS:
        if (STARTS(p, line_end, "Seat ")) {
            read_seat(h, p, line_end);
            return;
        }
        if (h->n_seats == 0) {
            h->handed_back = 1;
            return;
        }
        h->state = BODY;
        read_body_line(h, p, end);
        return;
    case BODY:
        read_body_line(h, p, end);
        return;
    default:
        read_summary_line(h, p, end);
    }
}

/* ------------------------------------------------------------------ the rows */

enum {
    T_HAND_ID,
    T_TOURNAMENT,
    T_TABLE,
    T_DATE,
    T_PLAYER,
    T_HOLE,
    T_STATED_HAND,
    T_BOARD,
    T_VARIANT,
    T_FOLDED_STREET,
    N_TEXT_COLUMNS
};
static const char *const TEXT_COLUMNS[N_TEXT_COLUMNS] = {
    "hand_id", "tournament", "table",   "date",    "player",
    "hole",    "stated_hand", "board", "variant", "folded_street",
};
enum { C_LINE, C_SEAT, C_STACK, C_PUT_IN, C_WON, C_BUTTON, C_MUCKED, C_FOLDED, N_OTHER_COLUMNS };
static const char *const OTHER_COLUMNS[N_OTHER_COLUMNS] = {
    "line", "seat", "stack", "put_in", "won", "button", "mucked", "folded",
};
static const char *const VARIANTS[] = {"Hold'em No Limit", "Hold'em Pot Limit", "Hold'em Limit"};
static const char *const STREETS[] = {"preflop", "flop", "turn", "river"};

typedef struct {
    const char *end; /* of the whole text */
    Strings strings;
    Buf text_columns[N_TEXT_COLUMNS];
    Buf other_columns[N_OTHER_COLUMNS];
    PyObject *handed_back;
    uint32_t variants[3], streets[4];
    Buf scratch;
} Scan;

static int
put_code(Scan *out, int column, uint32_t code)
{
    return buf_put(&out->text_columns[column], &code, sizeof code);
}

static int
put_int(Scan *out, int column, int64_t value)
{
    return buf_put(&out->other_columns[column], &value, sizeof value);
}

static int
put_float(Scan *out, int column, int64_t hundredths)
{
    double value = (double)hundredths / 100.0; /* the nearest double, as round(x, 2) gives */
    return buf_put(&out->other_columns[column], &value, sizeof value);
}

static int
put_flag(Scan *out, int column, int flag)
{
    unsigned char value = flag ? 1 : 0;
    return buf_put(&out->other_columns[column], &value, 1);
}

/* The rows of a hand read whole (a row per seat, in seat order), or the hand handed back with
 * its text: from its header line to the line before `next_header` (NULL: the end). */
static int
finish_hand(Scan *out, Hand *h, const char *next_header)
{
    if (!h->handed_back && h->state != SUMMARY) {
        h->handed_back = 1; /* no summary (cut short), no table line or no seats */
    }
    if (h->handed_back) {
        /* Without the line end before the next header (the line reader drops blank lines). */
        const char *text_end = next_header ? next_header - 1 : out->end;
        if (next_header && text_end > h->start && text_end[-1] == '\r') {
            text_end--;
        }
        PyObject *text = PyUnicode_DecodeUTF8(h->start, text_end - h->start, "strict");
        if (text == NULL) {
            return -1;
        }
        PyObject *item = Py_BuildValue("(nN)", h->line, text);
        if (item == NULL || PyList_Append(out->handed_back, item) < 0) {
            Py_XDECREF(item);
            return -1;
        }
        Py_DECREF(item);
        return 0;
    }
    Strings *strings = &out->strings;
    uint32_t hand_id = strings_index(strings, h->hand_id, h->hand_id_len);
    uint32_t tournament =
        h->tournament ? strings_index(strings, h->tournament, h->tournament_len) : 0;
    uint32_t table = strings_index(strings, h->table, h->table_len);
    uint32_t date = h->date_len >= 0 ? strings_index(strings, h->date, (size_t)h->date_len) : 0;
    uint32_t board = strings_index(strings, h->board, h->board_len);
    if (PyErr_Occurred()) {
        return -1;
    }
    int order[MAX_SEATS];
    for (int i = 0; i < h->n_seats; i++) {
        int j = i;
        while (j > 0 && h->seats[order[j - 1]].number > h->seats[i].number) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    for (int i = 0; i < h->n_seats; i++) {
        Seat *s = &h->seats[order[i]];
        if (s->sitting_out && !s->acted && s->put_in == 0) {
            continue; /* sat out, said nothing, put nothing in: not dealt in */
        }
        uint32_t hole = 0, stated = 0;
        if (s->has_hole) {
            out->scratch.len = 0;
            if (buf_put(&out->scratch, s->hole, s->hole_len) < 0) {
                return -1;
            }
            size_t n = canonical_cards(s->hole, s->hole + s->hole_len, out->scratch.data);
            hole = strings_index(strings, out->scratch.data, n);
        }
        if (s->has_stated) {
            stated = strings_index(strings, s->stated, s->stated_len);
        }
        uint32_t player = strings_index(strings, s->name, s->name_len);
        if (PyErr_Occurred()) {
            return -1;
        }
        uint32_t folded_street = s->folded_street >= 0 ? out->streets[s->folded_street] : 0;
        if (put_code(out, T_HAND_ID, hand_id) < 0 || put_code(out, T_TOURNAMENT, tournament) < 0 ||
            put_code(out, T_TABLE, table) < 0 || put_code(out, T_DATE, date) < 0 ||
            put_code(out, T_PLAYER, player) < 0 || put_code(out, T_HOLE, hole) < 0 ||
            put_code(out, T_STATED_HAND, stated) < 0 || put_code(out, T_BOARD, board) < 0 ||
            put_code(out, T_VARIANT, out->variants[h->variant]) < 0 ||
            put_code(out, T_FOLDED_STREET, folded_street) < 0 ||
            put_int(out, C_LINE, h->line) < 0 || put_int(out, C_SEAT, s->number) < 0 ||
            put_float(out, C_STACK, s->stack) < 0 || put_float(out, C_PUT_IN, s->put_in) < 0 ||
            put_float(out, C_WON, s->won) < 0 || put_flag(out, C_BUTTON, s->number == h->button) < 0 ||
            put_flag(out, C_MUCKED, !s->shown) < 0 ||
            put_flag(out, C_FOLDED, s->folded_street >= 0) < 0) {
            return -1;
        }
    }
    return 0;
}

static void
begin_hand(Hand *h, const char *p, const char *end, Py_ssize_t line)
{
    h->start = p;
    h->line = line;
    h->state = EXPECT_TABLE;
    h->handed_back = 0;
    h->tournament = NULL;
    h->date_len = -1;
    h->table = NULL;
    h->button = 0;
    h->n_seats = 0;
    h->street = 0;
    h->board_len = 0;
    h->n_cards = 0;
    read_header(h, p, end);
}

static void
scan_free(Scan *out)
{
    strings_free(&out->strings);
    for (int i = 0; i < N_TEXT_COLUMNS; i++) {
        PyMem_Free(out->text_columns[i].data);
    }
    for (int i = 0; i < N_OTHER_COLUMNS; i++) {
        PyMem_Free(out->other_columns[i].data);
    }
    PyMem_Free(out->scratch.data);
    Py_XDECREF(out->handed_back);
}

static PyObject *
result(Scan *out)
{
    PyObject *columns = PyDict_New();
    if (columns == NULL) {
        return NULL;
    }
    for (int i = 0; i < N_TEXT_COLUMNS + N_OTHER_COLUMNS; i++) {
        Buf *b = i < N_TEXT_COLUMNS ? &out->text_columns[i] : &out->other_columns[i - N_TEXT_COLUMNS];
        const char *name = i < N_TEXT_COLUMNS ? TEXT_COLUMNS[i] : OTHER_COLUMNS[i - N_TEXT_COLUMNS];
        PyObject *bytes = PyBytes_FromStringAndSize(b->data ? b->data : "", (Py_ssize_t)b->len);
        if (bytes == NULL || PyDict_SetItemString(columns, name, bytes) < 0) {
            Py_XDECREF(bytes);
            Py_DECREF(columns);
            return NULL;
        }
        Py_DECREF(bytes);
    }
    return Py_BuildValue("(ONO)", out->strings.list, columns, out->handed_back);
}

/* Whether the bytes are UTF-8 as Python's strict decoder takes it (no overlong forms, no
 * surrogates, nothing past U+10FFFF). */
static int
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

PyDoc_STRVAR(scan_doc,
             "scan(text, /)\n--\n\n"
             "Read the hands of a PokerStars hand history (str, or bytes in UTF-8) in one pass\n"
             "over its bytes.\n\n"
             "Returns (strings, columns, handed_back): the distinct texts of the rows (None\n"
             "first); per column of the rows a bytes buffer (text columns as uint32 indexes\n"
             "into strings, line and seat int64, stack, put_in and won float64, button, mucked\n"
             "and folded 0/1 bytes); and (first line, hand text) of each hand left to the line\n"
             "reader.  Bytes that are not UTF-8 give None.");

static PyObject *
scan(PyObject *module, PyObject *arg)
{
    (void)module;
    Py_ssize_t size;
    const char *text;
    if (PyBytes_Check(arg)) {
        text = PyBytes_AS_STRING(arg);
        size = PyBytes_GET_SIZE(arg);
        if (!is_utf8((const unsigned char *)text, (const unsigned char *)text + size)) {
            Py_RETURN_NONE;
        }
    }
    else if (PyUnicode_Check(arg)) {
        text = PyUnicode_AsUTF8AndSize(arg, &size);
        if (text == NULL) {
            return NULL;
        }
    }
    else {
        PyErr_Format(PyExc_TypeError, "scan() takes str or bytes, not %.100s",
                     Py_TYPE(arg)->tp_name);
        return NULL;
    }
    Scan out;
    memset(&out, 0, sizeof out);
    Hand *h = PyMem_Malloc(sizeof(Hand));
    PyObject *answer = NULL;
    out.end = text + size;
    out.handed_back = PyList_New(0);
    if (h == NULL || out.handed_back == NULL || strings_init(&out.strings) < 0) {
        if (h == NULL) {
            PyErr_NoMemory();
        }
        goto done;
    }
    for (int i = 0; i < 3; i++) {
        out.variants[i] = strings_index(&out.strings, VARIANTS[i], strlen(VARIANTS[i]));
    }
    for (int i = 0; i < 4; i++) {
        out.streets[i] = strings_index(&out.strings, STREETS[i], strlen(STREETS[i]));
    }
    if (PyErr_Occurred()) {
        goto done;
    }
    if (buf_reserve(&out.scratch, 256) < 0) {
        goto done;
    }
    /* Room for the rows a file of this size holds (about 180 bytes a row), grown if need be. */
    size_t rows_guess = (size_t)size / 128 + 64;
    for (int i = 0; i < N_TEXT_COLUMNS; i++) {
        if (buf_reserve(&out.text_columns[i], rows_guess * sizeof(uint32_t)) < 0) {
            goto done;
        }
    }
    for (int i = 0; i < N_OTHER_COLUMNS; i++) {
        if (buf_reserve(&out.other_columns[i], rows_guess * sizeof(int64_t)) < 0) {
            goto done;
        }
    }
    int in_hand = 0;
    Py_ssize_t line = 0;
    const char *p = text, *end = out.end;
    /* Lines end at "\n", "\r\n" or a lone "\r", as after the line reader's replacements;
     * a line is searched for "\r" only where the text holds one. */
    int has_cr = memchr(text, '\r', (size_t)size) != NULL;
    for (;;) {
        const char *newline = memchr(p, '\n', (size_t)(end - p)), *next = NULL;
        if (has_cr) {
            const char *cr = memchr(p, '\r', (size_t)((newline ? newline : end) - p));
            if (cr != NULL) {
                next = cr + 1 == newline ? newline + 1 : cr + 1; /* "\r\n", or a lone "\r" */
                newline = cr;
            }
        }
        if (newline != NULL && next == NULL) {
            next = newline + 1;
        }
        const char *line_end = newline ? newline : end;
        line++;
        if (is_header(p, line_end)) {
            if (in_hand && finish_hand(&out, h, p) < 0) {
                goto done;
            }
            begin_hand(h, p, line_end, line);
            in_hand = 1;
        }
        else if (in_hand && !h->handed_back) {
            read_line(h, p, line_end);
        }
        if (next == NULL) {
            break;
        }
        p = next;
    }
    if (in_hand && finish_hand(&out, h, NULL) < 0) {
        goto done;
    }
    answer = result(&out);
done:
    PyMem_Free(h);
    scan_free(&out);
    return answer;
}

static PyMethodDef methods[] = {
    {"scan", scan, METH_O, scan_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    "_pokerstars_scan",
    "The compiled one-pass scanner of PokerStars hand histories (see scan).",
    0,
    methods,
};

PyMODINIT_FUNC
PyInit__pokerstars_scan(void)
{
    return PyModule_Create(&module);
}
