/* Exact equity of hands whose every hole card may play (Hold'em, short deck): every completion
 * of the board from the deck left, each player's best hand on it, the pots counted.  The
 * compiled path of pipeline/core/probability/equity_loop.py (pipeline equity's cold path, which
 * imports no numpy); pipeline/core/probability/equity.py is the numpy path the tests compare it
 * with, board by board counts included.
 *
 * The deck is sorted, so the ranks of a completion never decrease and its rank multiset has an
 * index in the combinatorial number system, summed one card at a time (offsets[j][r] =
 * C(r + j, j + 1)).  Each player gets a table over those multisets (a few thousand entries:
 * one rank-table look-up each, then the table stays in cache), so a board costs one look-up
 * per player.  A suit with three or more board cards may make a flush: only then are the
 * players holding enough of it rescored from the flush table.  Nothing here knows a poker
 * rule: the rank weights, the rank table and the flush table come from hand_tables.py.
 *
 * Counts are exact integers: a pot split n ways adds SHARE_UNIT / n to each winner's share
 * (SHARE_UNIT is divisible by every n up to MAX_PLAYERS).
 */
#include "_kernel.h"

#define MAX_PLAYERS 10
#define BOARD_CARDS 5
#define SHARE_UNIT 2520 /* lcm(1..10) */
#define MAX_MULTISETS 6188 /* C(12 + 5, 5): multisets of five ranks */

typedef struct {
    int players, missing, n_deck;
    const uint8_t *deck;
    uint32_t offsets[BOARD_CARDS][13];
    uint16_t *table; /* players x MAX_MULTISETS */
    const uint16_t *flush_strength;
    uint16_t hole_bits[MAX_PLAYERS][4];
    uint8_t hole_count[MAX_PLAYERS][4];
    uint64_t wins[MAX_PLAYERS], ties[MAX_PLAYERS], shares[MAX_PLAYERS], boards;
} walk_t;

static uint32_t choose(uint32_t n, uint32_t k)
{
    if (k > n) return 0;
    uint64_t result = 1;
    for (uint32_t i = 1; i <= k; i++) result = result * (n - k + i) / i;
    return (uint32_t)result;
}

/* Each multiset of `missing` ranks, by index: the weight sum of its ranks, from rank `low` up. */
static void multiset_weights(const walk_t *w, const uint32_t *weights, int depth, int low,
                             uint32_t index, uint32_t sum, uint32_t *out)
{
    if (depth == w->missing) {
        out[index] = sum;
        return;
    }
    for (int r = low; r < 13; r++)
        multiset_weights(w, weights, depth + 1, r, index + w->offsets[depth][r], sum + weights[r],
                         out);
}

/* suits: the board's count of each suit, a byte each; bits: its rank bits, 16 a suit. */
static inline void score_board(walk_t *w, uint32_t index, uint32_t suits, uint64_t bits)
{
    uint16_t strength[MAX_PLAYERS];
    for (int p = 0; p < w->players; p++) strength[p] = w->table[p * MAX_MULTISETS + index];
    if (((suits + 0x7D7D7D7Du) & 0x80808080u) != 0) { /* a suit holds three or more */
        for (int s = 0; s < 4; s++) {
            unsigned count = (suits >> (8 * s)) & 0xFF;
            if (count < 3) continue;
            uint16_t board_bits = (uint16_t)((bits >> (16 * s)) & 0x1FFF);
            for (int p = 0; p < w->players; p++) {
                if (count + w->hole_count[p][s] < 5) continue;
                uint16_t flush = w->flush_strength[board_bits | w->hole_bits[p][s]];
                if (flush > strength[p]) strength[p] = flush;
            }
        }
    }
    uint16_t best = 0;
    int winners = 0, winner = 0;
    for (int p = 0; p < w->players; p++) {
        if (strength[p] > best) {
            best = strength[p];
            winners = 1;
            winner = p;
        } else if (strength[p] == best) {
            winners++;
        }
    }
    w->boards++;
    if (winners == 1) {
        w->wins[winner]++;
        w->shares[winner] += SHARE_UNIT;
        return;
    }
    for (int p = 0; p < w->players; p++) {
        if (strength[p] == best) {
            w->ties[p]++;
            w->shares[p] += SHARE_UNIT / winners;
        }
    }
}

static void walk(walk_t *w, int depth, int start, uint32_t index, uint32_t suits, uint64_t bits)
{
    if (depth == w->missing) {
        score_board(w, index, suits, bits);
        return;
    }
    for (int i = start; i <= w->n_deck - (w->missing - depth); i++) {
        unsigned card = w->deck[i], rank = card >> 2, suit = card & 3;
        walk(w, depth + 1, i + 1, index + w->offsets[depth][rank], suits + (1u << (8 * suit)),
             bits | (1ull << (16 * suit + rank)));
    }
}

static PyObject *counts_list(const uint64_t *counts, int n)
{
    PyObject *list = PyList_New(n);
    if (list == NULL) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *value = PyLong_FromUnsignedLongLong(counts[i]);
        if (value == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, value);
    }
    return list;
}

PyObject *kernel_exact_equity(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer holes, deck, board, weights, rank_table, flush_strength;
    unsigned int rank_mask;
    if (!PyArg_ParseTuple(args, "y*y*y*y*y*Iy*", &holes, &deck, &board, &weights, &rank_table,
                          &rank_mask, &flush_strength))
        return NULL;
    PyObject *result = NULL;
    uint16_t *table = NULL;
    uint32_t *sums = NULL;
    walk_t *w = PyMem_Calloc(1, sizeof(walk_t));
    const uint8_t *hole = holes.buf, *cards = deck.buf, *known = board.buf;
    int players = (int)(holes.len / 2);
    if (w == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (holes.len % 2 != 0 || players < 2 || players > MAX_PLAYERS || board.len > BOARD_CARDS ||
        deck.len > 52 || deck.len < BOARD_CARDS - board.len) {
        PyErr_SetString(PyExc_ValueError,
                        "exact_equity takes 2 to 10 hands of 2 cards, at most 5 board cards and "
                        "a deck holding the rest of the board");
        goto done;
    }
    for (Py_ssize_t i = 0; i < holes.len + deck.len + board.len; i++) {
        uint8_t card = i < holes.len ? hole[i]
                       : i < holes.len + deck.len ? cards[i - holes.len]
                                                  : known[i - holes.len - deck.len];
        if (card >= 52 || (i >= holes.len && i < holes.len + deck.len - 1 &&
                           cards[i - holes.len] >= cards[i - holes.len + 1])) {
            PyErr_SetString(PyExc_ValueError, "card ids are 0..51 and the deck is sorted");
            goto done;
        }
    }
    if (!kernel_need(&weights, 13 * 4, 4, "weights") ||
        !kernel_need(&rank_table, ((Py_ssize_t)rank_mask + 1) * 2, 2, "rank_table") ||
        !kernel_need(&flush_strength, FLUSH_ENTRIES * 2, 2, "flush_strength"))
        goto done;
    w->players = players;
    w->missing = BOARD_CARDS - (int)board.len;
    w->n_deck = (int)deck.len;
    w->deck = cards;
    w->flush_strength = flush_strength.buf;
    for (int j = 0; j < w->missing; j++)
        for (int r = 0; r < 13; r++) w->offsets[j][r] = choose((uint32_t)(r + j), (uint32_t)(j + 1));
    uint32_t multisets = choose((uint32_t)(12 + w->missing), (uint32_t)w->missing);
    table = PyMem_Malloc((size_t)players * MAX_MULTISETS * sizeof(uint16_t));
    sums = PyMem_Malloc(MAX_MULTISETS * sizeof(uint32_t));
    if (table == NULL || sums == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    w->table = table;
    const uint32_t *weight = weights.buf;
    const uint16_t *ranks = rank_table.buf;
    uint32_t fixed = 0, suits = 0;
    uint64_t bits = 0;
    for (Py_ssize_t i = 0; i < board.len; i++) {
        fixed += weight[known[i] >> 2];
        suits += 1u << (8 * (known[i] & 3));
        bits |= 1ull << (16 * (known[i] & 3) + (known[i] >> 2));
    }
    multiset_weights(w, weight, 0, 0, 0, 0, sums);
    for (int p = 0; p < players; p++) {
        uint32_t base = fixed + weight[hole[2 * p] >> 2] + weight[hole[2 * p + 1] >> 2];
        for (uint32_t m = 0; m < multisets; m++)
            table[p * MAX_MULTISETS + m] = ranks[(base + sums[m]) & rank_mask];
        for (int c = 0; c < 2; c++) {
            unsigned card = hole[2 * p + c];
            w->hole_bits[p][card & 3] |= (uint16_t)(1u << (card >> 2));
            w->hole_count[p][card & 3]++;
        }
    }
    Py_BEGIN_ALLOW_THREADS
    walk(w, 0, 0, 0, suits, bits);
    Py_END_ALLOW_THREADS
    PyObject *wins = counts_list(w->wins, players), *ties = counts_list(w->ties, players),
             *shares = counts_list(w->shares, players);
    if (wins != NULL && ties != NULL && shares != NULL)
        result = Py_BuildValue("(NNNKI)", wins, ties, shares, (unsigned long long)w->boards,
                               (unsigned int)SHARE_UNIT);
    else {
        Py_XDECREF(wins);
        Py_XDECREF(ties);
        Py_XDECREF(shares);
    }
done:
    PyMem_Free(table);
    PyMem_Free(sums);
    PyMem_Free(w);
    PyBuffer_Release(&holes);
    PyBuffer_Release(&deck);
    PyBuffer_Release(&board);
    PyBuffer_Release(&weights);
    PyBuffer_Release(&rank_table);
    PyBuffer_Release(&flush_strength);
    return result;
}
