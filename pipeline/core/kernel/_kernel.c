/* The core's compiled loops, one extension (pipeline.core.kernel._kernel) in two files sharing
 * _kernel.h:
 *
 *   _kernel.c        the module, and the evaluator's loop: poker hand strengths from the tables
 *                    of hand_tables.py
 *   _kernel_deals.c  hole and board cards dealt together: their check (check_deals) and
 *                    Omaha-style strengths of exactly two hole and three board cards
 *                    (combination_strengths)
 *   _kernel_equity.c exact equity of hands whose every hole card plays, every board
 *                    completion counted (exact_equity: pipeline equity's cold path)
 *
 * The evaluator's loop does per hand what pipeline/core/evaluation/evaluator.py does per block of hands
 * with numpy (the readable path, and the one used when this module is not built): four look-ups
 * of key sums (card pairs read as one uint16 index), the rank table, the suit table and, for a
 * flush, the flush table indexed by the flush suit's rank bits.  Nothing here knows a poker
 * rule; every table is built in Python from the hand types listed in strength order and passed
 * in.
 *
 * Memory safety does not depend on the cards: every index is in range of its table for any
 * byte value (table sizes are checked on entry), so an unchecked call with bad ids gives wrong
 * strengths, never a bad read, just as numpy's take(mode="clip") does.
 *
 * Hands go in blocks, in two passes: the first reads each hand as one word and sums its keys
 * (tables that stay in the L2 cache), the second looks the sums up in the 16 MB rank table,
 * where many misses can be in flight at once because nothing else waits on them.  The check
 * (ids below 52, no card twice; see check_words) is in the first pass and branch-free: its flag is
 * looked at once per block.  Measured choices, against the alternatives tried, are in
 * bench/README.md ("The compiled loop").
 */
#include "_kernel.h"

#define SINGLE (52 << 8) /* a pair index whose high byte is "no card": one card's key */

typedef struct {
    const uint32_t *pair_key;
    const uint16_t *rank_table;
    const uint8_t *flush_suit;
    const uint16_t *suit_rank_bits;
    const uint16_t *flush_strength;
    const uint64_t *pair_bits;
    uint32_t rank_mask;
    int suit_shift;
    int no_flush;
} tables_t;

/* Card j of a hand read as one little-endian word (see load_hand). */
#define CARD(w, j) ((unsigned)((w) >> (8 * (j))) & 0xFF)
#define PAIR(w, j) ((unsigned)((w) >> (8 * (j))) & 0xFFFF)

/* A hand's bytes as one word, card 0 in the low byte: one load in place of up to seven.  The
 * last hand of the array is copied first, so no byte past the array is read. */
static inline uint64_t load_hand(const uint8_t *h, int hand_size, int last)
{
    uint64_t w = 0;
    if (last) memcpy(&w, h, (size_t)hand_size);
    else memcpy(&w, h, sizeof w);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    if (hand_size < 8) w &= (~0ULL) >> (8 * (8 - hand_size));
    return w;
}

/* The strength of a hand whose key says a flush in suit: from the rank bits of that suit. */
static inline uint16_t flush_strength_of(uint64_t w, int hand_size, int suit, const tables_t *t)
{
    const uint16_t *row = t->suit_rank_bits + (suit << 8);
    uint16_t ranks = 0;
    for (int j = 0; j < hand_size; j++) ranks |= row[CARD(w, j)];
    return t->flush_strength[ranks & (FLUSH_ENTRIES - 1)];
}

static inline uint32_t key_of(uint64_t w, int hand_size, const uint32_t *pair_key)
{
    uint32_t key = pair_key[PAIR(w, 0)] + pair_key[PAIR(w, 2)];
    if (hand_size == 5) return key + pair_key[SINGLE | CARD(w, 4)];
    key += pair_key[PAIR(w, 4)];
    if (hand_size == 6) return key;
    return key + pair_key[SINGLE | CARD(w, 6)];
}

/* A hand's check words: pair_bits[a | b << 8] is 1 << a | 1 << b, pair_bits[65536 + c] is
 * 1 << c, and an entry with a == b or an id of 52 or more is bit 52 alone.  The hand is bad
 * exactly when its entries overlap (their sum differs from their OR: a card repeats across
 * pairs) or their OR has bit 52.  Four look-ups in a table that stays in the L2 cache, three
 * additions, three ORs; the caller ORs *overlap and *any over a block and tests them once. */
static inline void check_words(uint64_t w, int hand_size, const uint64_t *pair_bits,
                               uint64_t *overlap, uint64_t *any)
{
    uint64_t a = pair_bits[PAIR(w, 0)], b = pair_bits[PAIR(w, 2)], c;
    if (hand_size == 5) c = pair_bits[PAIR_ENTRIES | CARD(w, 4)];
    else c = pair_bits[PAIR(w, 4)];
    uint64_t sum = a + b + c, all = a | b | c;
    if (hand_size == 7) {
        uint64_t d = pair_bits[PAIR_ENTRIES | CARD(w, 6)];
        sum += d;
        all |= d;
    }
    *overlap |= sum ^ all;
    *any |= all;
}

static inline int is_bad(uint64_t w, int hand_size, const uint64_t *pair_bits)
{
    uint64_t overlap = 0, any = 0;
    check_words(w, hand_size, pair_bits, &overlap, &any);
    return IS_BAD(overlap, any);
}

/* Strengths of n hands of hand_size cards; -1, or the first bad row when checking (out is then
 * written only for the blocks before it). */
static Py_ssize_t evaluate_hands(const uint8_t *hands, Py_ssize_t n, int hand_size,
                                 const tables_t *t, uint16_t *out, int check)
{
    uint32_t keys[BLOCK];
    /* One loop per (size, check) so the compiler sees constants. */
#define LOOP(SIZE, CHECK)                                                              \
    for (Py_ssize_t start = 0; start < n; start += BLOCK) {                            \
        Py_ssize_t end = start + BLOCK < n ? start + BLOCK : n;                        \
        Py_ssize_t whole = end < n ? end : n - 1; /* hands read as whole words */      \
        uint64_t overlap = 0, any = 0;                                                 \
        for (Py_ssize_t i = start; i < end; i++) {                                     \
            uint64_t w = load_hand(hands + (SIZE) * i, (SIZE), i >= whole);            \
            if (CHECK) check_words(w, (SIZE), t->pair_bits, &overlap, &any);           \
            keys[i - start] = key_of(w, (SIZE), t->pair_key);                          \
        }                                                                              \
        for (Py_ssize_t i = start; IS_BAD(overlap, any) && i < end; i++)               \
            if (is_bad(load_hand(hands + (SIZE) * i, (SIZE), i >= whole), (SIZE),      \
                       t->pair_bits))                                                  \
                return i;                                                              \
        for (Py_ssize_t i = start; i < end; i++) {                                     \
            uint32_t key = keys[i - start];                                            \
            int suit = t->flush_suit[key >> t->suit_shift];                            \
            out[i] = suit == t->no_flush                                               \
                         ? t->rank_table[key & t->rank_mask]                           \
                         : flush_strength_of(load_hand(hands + (SIZE) * i, (SIZE),     \
                                                       i >= whole), (SIZE), suit, t);  \
        }                                                                              \
    }                                                                                  \
    return -1;
    if (hand_size == 7) {
        if (check) { LOOP(7, 1) } else { LOOP(7, 0) }
    } else if (hand_size == 6) {
        if (check) { LOOP(6, 1) } else { LOOP(6, 0) }
    } else {
        if (check) { LOOP(5, 1) } else { LOOP(5, 0) }
    }
#undef LOOP
}

int kernel_need(Py_buffer *view, Py_ssize_t bytes, size_t align, const char *name)
{
    if (view->len < bytes) {
        PyErr_Format(PyExc_ValueError, "%s: expected at least %zd bytes, got %zd", name, bytes,
                     view->len);
        return 0;
    }
    if ((uintptr_t)view->buf % align != 0) {
        PyErr_Format(PyExc_ValueError, "%s: not aligned to %zu bytes", name, align);
        return 0;
    }
    return 1;
}

static PyObject *evaluate(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer hands, pair_key, rank_table, flush_suit, suit_rank_bits, flush_strength, pair_bits,
        out;
    int hand_size, suit_shift, no_flush, check;
    unsigned int rank_mask;
    if (!PyArg_ParseTuple(args, "y*iy*y*Iiy*iy*y*y*w*p", &hands, &hand_size, &pair_key,
                          &rank_table, &rank_mask, &suit_shift, &flush_suit, &no_flush,
                          &suit_rank_bits, &flush_strength, &pair_bits, &out, &check))
        return NULL;
    Py_ssize_t result = -2;
    Py_ssize_t n = hand_size > 0 ? hands.len / hand_size : 0;
    if (hand_size < 5 || hand_size > 7 || hands.len % hand_size != 0) {
        PyErr_Format(PyExc_ValueError, "hand size must be 5, 6 or 7, got %d", hand_size);
    } else if (suit_shift < 1 || suit_shift > 31 || no_flush < 4) {
        PyErr_SetString(PyExc_ValueError, "suit_shift must be in 1..31 and no_flush at least 4");
    } else if (kernel_need(&pair_key, PAIR_ENTRIES * 4, 4, "pair_key")
               && kernel_need(&rank_table, ((Py_ssize_t)rank_mask + 1) * 2, 2, "rank_table")
               && kernel_need(&flush_suit, ((Py_ssize_t)1 << (32 - suit_shift)), 1, "flush_suit")
               && kernel_need(&suit_rank_bits, SUIT_RANK_ENTRIES * 2, 2, "suit_rank_bits")
               && kernel_need(&flush_strength, FLUSH_ENTRIES * 2, 2, "flush_strength")
               && kernel_need(&pair_bits, (PAIR_ENTRIES + 256) * 8, 8, "pair_bits")
               && kernel_need(&out, n * 2, 2, "out")) {
        /* flush_suit entries other than no_flush must name a suit 0..3: checked once here. */
        const uint8_t *suits = flush_suit.buf;
        Py_ssize_t bad_suit = -1;
        for (Py_ssize_t s = 0; s < ((Py_ssize_t)1 << (32 - suit_shift)); s++)
            if (suits[s] != no_flush && suits[s] > 3) bad_suit = s;
        if (bad_suit >= 0) {
            PyErr_Format(PyExc_ValueError, "flush_suit[%zd] is not a suit", bad_suit);
        } else {
            tables_t t = {pair_key.buf, rank_table.buf, flush_suit.buf, suit_rank_bits.buf,
                          flush_strength.buf, pair_bits.buf, rank_mask, suit_shift, no_flush};
            Py_BEGIN_ALLOW_THREADS
            result = evaluate_hands(hands.buf, n, hand_size, &t, out.buf, check);
            Py_END_ALLOW_THREADS
        }
    }
    PyBuffer_Release(&hands);
    PyBuffer_Release(&pair_key);
    PyBuffer_Release(&rank_table);
    PyBuffer_Release(&flush_suit);
    PyBuffer_Release(&suit_rank_bits);
    PyBuffer_Release(&flush_strength);
    PyBuffer_Release(&pair_bits);
    PyBuffer_Release(&out);
    if (result == -2) return NULL;
    return PyLong_FromSsize_t(result);
}

static PyMethodDef methods[] = {
    {"evaluate", evaluate, METH_VARARGS,
     "evaluate(hands, hand_size, pair_key, rank_table, rank_mask, suit_shift, flush_suit,\n"
     "         no_flush, suit_rank_bits, flush_strength, pair_bits, out, check) -> int\n\n"
     "Write the strength of each hand into out; return -1, or with check the first row\n"
     "holding an id of 52 or more or a card twice (out is then only partly written)."},
    {"check_deals", kernel_check_deals, METH_VARARGS,
     "check_deals(holes, hole_size, boards, board_size, n, pair_bits) -> int\n\n"
     "The first of n rows of hole and board cards holding a card twice (hole and board\n"
     "together) or a card whose pair_bits entry is bit 52 (off the deck), or -1."},
    {"combination_strengths", kernel_combination_strengths, METH_VARARGS,
     "combination_strengths(holes, hole_size, boards, board_size, n, used, part_table,\n"
     "    part_width, board_words, sum_mask, multiset_of_sum, suit_field, board_suits,\n"
     "    hole_suits, suit_rank_bit, lowest_suit, flush_table, row_of, out) -> None\n\n"
     "Write into out the strength of each row's best hand of exactly used hole cards and\n"
     "5 - used board cards (the tables of pipeline/core/evaluation/combination_tables.py)."},
    {"exact_equity", kernel_exact_equity, METH_VARARGS,
     "exact_equity(holes, deck, board, weights, rank_table, rank_mask, flush_strength)\n"
     "    -> (wins, ties, shares, boards, share_unit)\n\n"
     "Over every completion of the board from the sorted deck: per player the boards won\n"
     "alone, the boards tied for the best hand, and the pots won in share_unit parts (ties\n"
     "split); two hole cards a player, every card may play (pipeline/core/probability/\n"
     "equity_loop.py)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_kernel",
    "The core's compiled loops (see pipeline/core/evaluation/evaluator.py, hand_checks.py).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__kernel(void) { return PyModule_Create(&module); }
