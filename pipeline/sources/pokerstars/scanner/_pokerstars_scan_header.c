/*
 * The header part of a hand: its first line (hand number, game, tournament, date, stakes) and
 * the table line after it.  See _pokerstars_scan.h for the parts, and header.py and
 * sites/text/pokerstars.py for the patterns named here.
 */
#include "_pokerstars_scan.h"

/* A line that starts a hand: HEADER, ^\ufeff?PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #
 *   "PokerStars Hand #2001:  Hold'em No Limit ($0.25/$0.50 USD) - 2021/07/30 21:17:00 ET" */
int
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

/* True for a time strptime's "%Y/%m/%d %H:%M:%S" reads: a day of the month (leap years
 * as the Gregorian calendar has them), an hour below 24, a minute below 60, a second to 61. */
static int
real_time(int year, int month, int day, int hour, int minute, int second)
{
    static const int days[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (year < 1 || month < 1 || month > 12 || day < 1 || day > days[month - 1]) {
        return 0;
    }
    int leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    if (month == 2 && day == 29 && !leap) {
        return 0;
    }
    return hour < 24 && minute < 60 && second <= 61;
}

/* The date: "... - 2021/07/30 21:17:00 ET" (the first date of the line, ET or not) as
 * "2021-07-30T21:17:00".
 * _DATE: (\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2}), leftmost, as ISO text. */
static void
read_date(Hand *h, const char *p, const char *end)
{
    h->date_len = -1;
    h->date_at = NULL; /* no date written; date_len -1 with date_at set: a day that never was */
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
        h->date_at = slash - 4;
        h->date_end = q + 5;
        if (!real_time(year, month, day, hour, minute, second)) {
            return; /* "2021/07/00": no such day; the reference's strptime gives no date */
        }
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

/* The stakes: "($0.25/$0.50 USD)", or a tournament's "Level I (10/20)".
 * _STAKES: \(([^()/]*)/([^()/]*?)(?: [A-Z]{3})?\), leftmost: the small blind, read as the
 * reference reads it (an amount that does not read is 0). */
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

/* The variant's words at g, where the reference's _GAME puts its game group: one of the
 * games read (read_variants, the table of games' words) followed by a space, a comma, a
 * parenthesis or the end.  -1 for any other words (another game, 5 Card Omaha...): the line
 * reader names them in an unsupported_variant. */
static int
variant_at(const char *g, const char *end)
{
    for (int i = 0; i < n_read_variants; i++) {
        size_t n = read_variants[i].len;
        if (starts(g, end, read_variants[i].words, n) &&
            (g + n == end || g[n] == ' ' || g[n] == ',' || g[n] == ')')) {
            return i;
        }
    }
    return -1;
}

/* Where _GAME's game group starts, after the hand number's ": " (id_end is the end of its
 * digits), or NULL where this is not the plain form (the reference decides):
 *   _GAME: (?:Hand|Game) #\d+: +(?:\{[^{}\n]*\} +)?
 *          (?:Tournament #\d+, +(?:Freeroll|\S*\d\S*(?: [A-Z]{3})?) +)?
 *          (?:[^()\n]*?\()?(?P<game>[^()\n,]*?(?:No Limit|Pot Limit|Limit))(?=[ ,)]|$)
 * Home game:   "PokerStars Home Game #1: {Club #5} Hold'em No Limit ($0.01/$0.02) - ..."
 * Cash:        "PokerStars Hand #1:  Omaha Pot Limit ($0.25/$0.50 USD) - 2021/07/30 21:19:00 ET"
 * Tournament:  "PokerStars Hand #1: Tournament #9, $1+$0.10 USD Omaha Hi/Lo Pot Limit - Level I
 *               (10/20) - 2020/01/01 12:00:00 ET" (the buy-in one token, a currency after it)
 * A mixed game names the hand's game in parentheses, "HORSE (Razz Limit, $0.10/$0.20 USD)":
 * any "Limit" inside the first parentheses after the game's place hands the hand back. */
static const char *
game_start(const char *id_end, const char *end)
{
    const char *g = id_end;
    if (!STARTS(g, end, ": ")) {
        return NULL;
    }
    g++;
    while (g < end && *g == ' ') {
        g++;
    }
    if (g < end && *g == '{') {
        /* a home game's club, "{Club #5} ", then one or more spaces */
        const char *close = g + 1;
        while (close < end && *close != '}' && *close != '{') {
            close++;
        }
        if (close >= end || *close != '}' || close + 1 >= end || close[1] != ' ') {
            return NULL;
        }
        g = close + 1;
        while (g < end && *g == ' ') {
            g++;
        }
    }
    if (STARTS(g, end, "Tournament #")) {
        const char *d = g + 12, *e = d;
        while (e < end && is_digit(*e)) {
            e++;
        }
        if (e == d || !STARTS(e, end, ", ")) {
            return NULL;
        }
        const char *token = e + 1;
        while (token < end && *token == ' ') {
            token++;
        }
        const char *token_end = nonspace_end(token, end);
        int has_digit = 0;
        for (const char *q = token; q < token_end; q++) {
            has_digit |= is_digit(*q);
        }
        /* "Freeroll" exactly, or a token with a digit ("$1+$0.10") and maybe a currency */
        if (!has_digit && (token_end - token != 8 || !STARTS(token, token_end, "Freeroll"))) {
            return NULL;
        }
        g = token_end;
        if (has_digit && end - g >= 5 && g[0] == ' ' && g[1] >= 'A' && g[1] <= 'Z' && g[2] >= 'A' &&
            g[2] <= 'Z' && g[3] >= 'A' && g[3] <= 'Z' && g[4] == ' ') {
            g += 4; /* the currency: " USD" */
        }
        if (g >= end || *g != ' ') {
            return NULL;
        }
        while (g < end && *g == ' ') {
            g++;
        }
    }
    /* The optional mixed-game group: the first "(" after g, unless a ")" comes first. */
    for (const char *q = g; q < end && *q != ')'; q++) {
        if (*q == '(') {
            const char *span_end = q + 1;
            while (span_end < end && *span_end != '(' && *span_end != ')' && *span_end != ',') {
                span_end++;
            }
            if (FIND(q + 1, span_end, "Limit") != NULL) {
                return NULL;
            }
            break;
        }
    }
    return g;
}

/* The header line, as read_hand reads it: the hand number (HAND_ID), the game (_GAME), the
 * tournament number (_TOURNAMENT), the date (_DATE) and the small blind (_STAKES).
 *   "PokerStars Hand #2001:  Hold'em No Limit ($0.25/$0.50 USD) - 2021/07/30 21:17:00 ET"
 *   "PokerStars Zoom Game #5:  Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD) - 2014/01/06 4:56:52 ET"
 * A hand of a game not read here, or whose header is not the plain form, is handed back. */
void
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
    const char *g = game_start(h->hand_id + h->hand_id_len, end);
    h->variant = g != NULL ? variant_at(g, end) : -1;
    if (h->variant < 0) {
        h->handed_back = 1; /* another game (unsupported_variant), or an unusual header */
        return;
    }
    h->tournament = number_after(p, end, "Tournament ", 11, &h->tournament_len);
    read_date(h, p, end);
    read_stakes(h, p, end);
}

/* The table line, "Table 'Actor II' 6-max Seat #1 is the button" (a tournament's table is
 * "'900 1'").
 * _TABLE: ^Table '(.*)' (?:\d+-max )?.*?Seat #(\d+) is the button.  The name runs to the last
 * "' " that still has a "Seat #N is the button" after it; the button is the first of those. */
void
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
    /* (?:(\d+)-max )? right after the name's "' " */
    const char *d = quote + 2, *e = d;
    while (e < end && is_digit(*e)) {
        e++;
    }
    if (e > d && STARTS(e, end, "-max ")) {
        if (e - d > 9) {
            h->handed_back = 1;
            return;
        }
        h->table_size = decimal(d, e);
    }
}
