/*
 * The compiled PokerStars scanner, shared by its parts (setup.py builds them as one extension,
 * pipeline.sources.pokerstars.scanner._pokerstars_scan):
 *
 *   _pokerstars_scan.c          the module: scan(), the pass over the lines, which part reads
 *                               each line
 *   _pokerstars_scan_header.c   the header line and the table line
 *   _pokerstars_scan_seats.c    the seat lines
 *   _pokerstars_scan_actions.c  street markers and what a seated player does
 *   _pokerstars_scan_showdown.c hole cards dealt and shown, pots collected
 *   _pokerstars_scan_summary.c  the lines after *** SUMMARY ***
 *   _pokerstars_scan_rows.c     a hand read whole as rows, or handed back with its text
 *   _pokerstars_scan_text.c     bytes as Python sees them: spaces, digits, amounts, cards, UTF-8
 *
 * Each part reads a line as the reference (the text engine over PokerStars' declaration,
 * sites/text/pokerstars.py) reads it, and names the regular expression it stands for; where Python and a
 * byte test could disagree, the hand is handed back (Hand.handed_back) and the reference
 * reads it and reports its issues.  To change the grammar: change the reference first, then
 * the part here, then run the tests and `make fuzz`.
 */
#ifndef POKERSTARS_SCAN_H
#define POKERSTARS_SCAN_H

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
#define MAX_ACTION_BYTES 480 /* a player's actions column; a longer one: the reference */

/* ------------------------------------------------------------------ a hand while it is read */

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
    int showed_down; /* an "sd" token written: a player shows down once */
    /* The actions column being written: "1.sb50 5.r300 / 8.b400"; segment is the street of
     * the text's last " / " part, tokens the actions in it. */
    char actions[MAX_ACTION_BYTES];
    size_t actions_len;
    int segment, tokens;
} Seat;

/* Where the hand is: after its header the table line, then the seat lines, then the body
 * (actions, streets, showdown), then the summary. */
enum { EXPECT_TABLE, SEATS, BODY, SUMMARY };

/* The games read here, as the header names them (the variant column holds these words), and
 * the hole cards each player is dealt in them.  The scanner holds no game names of its own: the
 * table of games (pipeline/records/game_names.py) gives them once, at import, through
 * set_variants() (pipeline/sources/pokerstars/scanner/compiled.py); before that there are none, and
 * every hand is handed back to the reference.  Each word ends in its limit ("No Limit", "Pot
 * Limit", "Limit") and holds "Limit" nowhere else, so at most one matches a header (the line
 * reader's _GAME takes the shortest game words ending in a limit). */
typedef struct {
    char *words;
    size_t len;
    int hole_cards;
} Variant;

typedef struct {
    const char *start; /* the header line's first byte */
    const char *header_end;
    Py_ssize_t line;   /* its line number, from 1 */
    int state, handed_back;
    const char *hand_id;
    size_t hand_id_len;
    const char *tournament; /* NULL: none */
    size_t tournament_len;
    char date[32];
    int date_len; /* -1: none */
    const char *date_at, *date_end; /* the date's text in the header line (NULL: none) */
    int variant;  /* an index into read_variants */
    int dead_small_read; /* MONEY_*: the small blind of the header, for dead blinds */
    int64_t dead_small;
    int small_blind_posted; /* a later "posts small blind" is a late, dead one */
    const char *table;
    size_t table_len;
    long button;
    long table_size; /* "9-max": 9; -1 where the table line does not say */
    int64_t ante;    /* the largest ante posted, hundredths; -1: none */
    int sequence;    /* the hand's actions so far */
    int summary_seats;
    Seat seats[MAX_SEATS];
    int n_seats;
    int street;
    char board[MAX_BOARD_BYTES];
    size_t board_len;
    size_t card_at[MAX_BOARD_CARDS], card_len[MAX_BOARD_CARDS];
    int n_cards;
} Hand;

/* ------------------------------------------------------------------ byte tests, inline */

/* Python's str.isspace() over ASCII: \t \n \v \f \r, \x1c-\x1f and the space. */
static inline int
ascii_space(unsigned char c)
{
    return c == ' ' || (c >= 9 && c <= 13) || (c >= 28 && c <= 31);
}

static inline int
is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static inline int
starts(const char *p, const char *end, const char *text, size_t n)
{
    return (size_t)(end - p) >= n && memcmp(p, text, n) == 0;
}

#define STARTS(p, end, literal) starts((p), (end), (literal), sizeof(literal) - 1)

static inline int
ends_with(const char *p, const char *end, const char *text, size_t n)
{
    return (size_t)(end - p) >= n && memcmp(end - n, text, n) == 0;
}

#define ENDS_WITH(p, end, literal) ends_with((p), (end), (literal), sizeof(literal) - 1)

static inline const char *
find_char(const char *p, const char *end, char c)
{
    return p < end ? memchr(p, c, (size_t)(end - p)) : NULL;
}

static inline const char *
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

/* ------------------------------------------------------------------ shared by the parts */

#if defined(__GNUC__)
#pragma GCC visibility push(hidden) /* none of these is the module's own symbol */
#endif

/* _pokerstars_scan.c: the games read (set_variants) */
extern Variant *read_variants;
extern int n_read_variants;

/* _pokerstars_scan_text.c: growable buffers */
typedef struct {
    char *data;
    size_t len, cap;
} Buf;
int buf_reserve(Buf *b, size_t n);
int buf_put(Buf *b, const void *src, size_t n);

/* _pokerstars_scan_text.c: characters as Python's str methods and \d, \s, \S see them */
Py_UCS4 code_point(const char *p, const char *end, int *len);
int space_at(const char *p, const char *end, int *len);
const char *nonspace_end(const char *p, const char *end);
const char *next_token(const char **p, const char *end);
const char *rstrip_end(const char *p, const char *end);
int has_unicode_digit(const char *p, const char *end);
long decimal(const char *p, const char *end);
const char *digits_end(const char *p, const char *end, int *unsure);
int is_utf8(const unsigned char *p, const unsigned char *end);

/* _pokerstars_scan_text.c: amounts (the reference's _money) and cards (its _cards) */
enum { MONEY_OK, MONEY_BAD, MONEY_UNSURE };
int money(const char *p, const char *end, int64_t *hundredths);
int bracketed(const char *p, const char *end, const char **inside, const char **inside_end);
size_t canonical_cards(const char *p, const char *end, char *out);

/* _pokerstars_scan_header.c */
int is_header(const char *p, const char *end);
void read_header(Hand *h, const char *p, const char *end);
void read_table(Hand *h, const char *p, const char *end);

/* _pokerstars_scan_seats.c */
int seat_of(const Hand *h, const char *name, size_t len);
void read_seat(Hand *h, const char *p, const char *end);

/* _pokerstars_scan_actions.c */
void read_body_line(Hand *h, const char *p, const char *end);
void act(Hand *h, Seat *s, const char *verb, int64_t hundredths, int all_in);
void end_actions(Hand *h, Seat *s);

/* _pokerstars_scan_showdown.c */
void read_shows(Seat *s, const char *a, const char *end);
int read_dealt(Hand *h, const char *p, const char *end);
void read_collected(Hand *h, const char *p, const char *end);

/* _pokerstars_scan_rows.c */
typedef struct Rows Rows;
Rows *rows_new(const char *end, size_t size);
int finish_hand(Rows *out, Hand *h, const char *next_header);
PyObject *rows_result(Rows *out);
void rows_free(Rows *out);

/* _pokerstars_scan_summary.c */
void read_summary_line(Hand *h, const char *p, const char *end);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif
