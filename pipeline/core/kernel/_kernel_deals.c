/* Hole and board cards dealt together (Omaha and every game that deals a hand in two parts):
 * their check, and the strength of the best hand of exactly `used` hole cards and 5 - used
 * board cards.  Part of the extension pipeline.core.kernel._kernel (see _kernel.c); the numpy paths
 * they speed up are pipeline/core/evaluation/hand_checks.py (_check_deals_numpy) and
 * pipeline/core/evaluation/combination.py (_evaluate_numpy), the references the tests compare them with.
 */
#include "_kernel.h"

/* The first row of n deals (hole_size hole cards, board_size board cards, each array row-major)
 * holding a card twice or a card off the deck, or -1: the same pair_bits entries as check_words,
 * summed over the row's hole pairs and board pairs (a single card for an odd count).  Looked at
 * once per block, as in evaluate_hands; the row itself is then found by redoing the block. */
static inline void deal_words(const uint8_t *cards, int size, const uint64_t *pair_bits,
                              uint64_t *sum, uint64_t *all)
{
    int j = 0;
    for (; j + 1 < size; j += 2) {
        uint64_t e = pair_bits[cards[j] | (unsigned)cards[j + 1] << 8];
        *sum += e;
        *all |= e;
    }
    if (j < size) {
        uint64_t e = pair_bits[PAIR_ENTRIES | cards[j]];
        *sum += e;
        *all |= e;
    }
}

static inline int deal_is_bad(const uint8_t *hole, int hole_size, const uint8_t *board,
                              int board_size, const uint64_t *pair_bits)
{
    uint64_t sum = 0, all = 0;
    deal_words(hole, hole_size, pair_bits, &sum, &all);
    deal_words(board, board_size, pair_bits, &sum, &all);
    return IS_BAD(sum ^ all, all);
}

static inline __attribute__((always_inline)) Py_ssize_t first_bad_row(
    const uint8_t *holes, int hole_size, const uint8_t *boards, int board_size, Py_ssize_t n,
    const uint64_t *pair_bits)
{
    for (Py_ssize_t start = 0; start < n; start += BLOCK) {
        Py_ssize_t end = start + BLOCK < n ? start + BLOCK : n;
        uint64_t overlap = 0, any = 0;
        for (Py_ssize_t i = start; i < end; i++) {
            uint64_t sum = 0, all = 0;
            deal_words(holes + hole_size * i, hole_size, pair_bits, &sum, &all);
            deal_words(boards + board_size * i, board_size, pair_bits, &sum, &all);
            overlap |= sum ^ all;
            any |= all;
        }
        for (Py_ssize_t i = start; IS_BAD(overlap, any) && i < end; i++)
            if (deal_is_bad(holes + hole_size * i, hole_size, boards + board_size * i,
                            board_size, pair_bits))
                return i;
    }
    return -1;
}

/* PLO on a full board gets a copy of the loop with its sizes as constants (loops unrolled). */
static Py_ssize_t first_bad_deal(const uint8_t *holes, int hole_size, const uint8_t *boards,
                                 int board_size, Py_ssize_t n, const uint64_t *pair_bits)
{
    if (hole_size == 4 && board_size == 5) return first_bad_row(holes, 4, boards, 5, n, pair_bits);
    return first_bad_row(holes, hole_size, boards, board_size, n, pair_bits);
}

PyObject *kernel_check_deals(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer holes, boards, pair_bits;
    Py_ssize_t n;
    int hole_size, board_size;
    if (!PyArg_ParseTuple(args, "y*iy*iny*", &holes, &hole_size, &boards, &board_size, &n,
                          &pair_bits))
        return NULL;
    Py_ssize_t result = -2;
    /* At most 16 cards a row: 16 entries of bit 52 still sum below 2**64. */
    if (hole_size < 0 || board_size < 0 || hole_size + board_size > 16 || n < 0) {
        PyErr_Format(PyExc_ValueError, "cannot check %d hole and %d board cards a row",
                     hole_size, board_size);
    } else if (holes.len != n * hole_size || boards.len != n * board_size) {
        PyErr_Format(PyExc_ValueError, "expected %zd rows of %d and %d cards, got %zd and %zd "
                     "bytes", n, hole_size, board_size, holes.len, boards.len);
    } else if (kernel_need(&pair_bits, (PAIR_ENTRIES + 256) * 8, 8, "pair_bits")) {
        Py_BEGIN_ALLOW_THREADS
        result = first_bad_deal(holes.buf, hole_size, boards.buf, board_size, n, pair_bits.buf);
        Py_END_ALLOW_THREADS
    }
    PyBuffer_Release(&holes);
    PyBuffer_Release(&boards);
    PyBuffer_Release(&pair_bits);
    if (result == -2) return NULL;
    return PyLong_FromSsize_t(result);
}

/* Omaha-style strengths: the best hand of exactly `used` (1 or 2) hole cards and 5 - used board
 * cards, per row, as combination.py's numpy path computes them block by block (its docstring
 * explains the tables): the board's words summed (rank-weight sum low, suit counts high), its
 * rank multiset looked up, one part-table look-up per hole part; then, for a row whose suit
 * counts allow a flush, the flush table once per part.  A card's rank is min(id >> 2, 12), the
 * card encoding of cards.py, as in the numpy path.  Every index is masked or clipped to its
 * table, so any bytes give some strength, never a read out of bounds. */
typedef struct {
    const uint16_t *part_table;
    Py_ssize_t part_entries;
    uint64_t part_width;
    const uint64_t *board_words;
    uint32_t sum_mask;
    const uint32_t *multiset_of_sum;
    const uint16_t *suit_field;
    const uint8_t *board_suits;
    const uint8_t *hole_suits;
    const uint16_t *suit_rank_bit;
    const uint8_t *lowest_suit;
    const uint16_t *flush_table;
    Py_ssize_t flush_entries;
    const uint32_t *row_of;
} combination_tables_t;

#define ROW_OF_ENTRIES (2 * FLUSH_ENTRIES)
#define MAX_HOLE 15 /* suit counts are four bits a suit */

static inline unsigned rank_of(uint8_t card) { return card >> 2 < 12 ? card >> 2 : 12; }

static inline uint16_t clipped(const uint16_t *table, Py_ssize_t entries, uint64_t index)
{
    return table[index < (uint64_t)entries ? index : (uint64_t)entries - 1];
}

/* The best part of a row without a flush, from its board's base offset in the part table. */
static inline uint16_t part_strength(const uint8_t *hole, int hole_size, int used, uint64_t base,
                                     const combination_tables_t *t)
{
    uint16_t best = 0, strength;
    for (int i = 0; i < hole_size; i++) {
        if (used == 1) {
            strength = clipped(t->part_table, t->part_entries, base + rank_of(hole[i]));
            if (strength > best) best = strength;
            continue;
        }
        uint64_t leading = base + 13 * rank_of(hole[i]);
        for (int k = i + 1; k < hole_size; k++) {
            strength = clipped(t->part_table, t->part_entries, leading + rank_of(hole[k]));
            if (strength > best) best = strength;
        }
    }
    return best;
}

/* Raise best to the row's best flush, when its suit counts allow one. */
static inline uint16_t with_flush(uint16_t best, const uint8_t *hole, int hole_size,
                                  const uint8_t *board, int board_size, int used,
                                  unsigned board_counts, const combination_tables_t *t)
{
    unsigned hole_counts = 0;
    for (int i = 0; i < hole_size; i++) hole_counts += t->suit_field[hole[i]];
    unsigned flushing = t->board_suits[board_counts & 0xFFFF] & t->hole_suits[hole_counts & 0xFFFF];
    if (!flushing) return best;
    const uint16_t *rank_bit = t->suit_rank_bit + ((t->lowest_suit[flushing & 15] & 3) << 8);
    unsigned board_bits = 0, hole_bits[MAX_HOLE];
    for (int j = 0; j < board_size; j++) board_bits |= rank_bit[board[j]];
    board_bits &= FLUSH_ENTRIES - 1;
    for (int i = 0; i < hole_size; i++) hole_bits[i] = rank_bit[hole[i]];
    for (int i = 0; i < hole_size; i++) {
        for (int k = used == 1 ? i : i + 1; k < (used == 1 ? i + 1 : hole_size); k++) {
            unsigned part = (hole_bits[i] | hole_bits[k]) & (ROW_OF_ENTRIES - 1);
            uint16_t strength = clipped(t->flush_table, t->flush_entries,
                                        (uint64_t)t->row_of[part] + board_bits);
            if (strength > best) best = strength;
        }
    }
    return best;
}

/* Rows go in blocks, in passes, as in evaluate_hands: the boards' words (a 2 KB table), then
 * their multisets (a 2 MB table), then the parts (another 2 MB): within a pass no look-up waits
 * on another, so many cache misses are in flight at once (one row at a time through all three
 * was slower than numpy on a loaded machine). */
static inline __attribute__((always_inline)) void combination_rows(
    const uint8_t *holes, int hole_size, const uint8_t *boards, int board_size, Py_ssize_t n,
    int used, const combination_tables_t *t, uint16_t *out)
{
    uint64_t words[BLOCK], base[BLOCK];
    for (Py_ssize_t start = 0; start < n; start += BLOCK) {
        Py_ssize_t rows = start + BLOCK < n ? BLOCK : n - start;
        const uint8_t *h = holes + hole_size * start, *b = boards + board_size * start;
        for (Py_ssize_t i = 0; i < rows; i++) {
            uint64_t sum = 0;
            for (int j = 0; j < board_size; j++) sum += t->board_words[b[board_size * i + j]];
            words[i] = sum;
        }
        for (Py_ssize_t i = 0; i < rows; i++)
            base[i] = (uint64_t)t->multiset_of_sum[words[i] & t->sum_mask] * t->part_width;
        for (Py_ssize_t i = 0; i < rows; i++) {
            const uint8_t *hole = h + hole_size * i;
            uint16_t best = part_strength(hole, hole_size, used, base[i], t);
            out[start + i] = with_flush(best, hole, hole_size, b + board_size * i, board_size,
                                        used, (unsigned)(words[i] >> 32), t);
        }
    }
}

/* PLO on a full board gets a copy of the loop with its sizes as constants (loops unrolled). */
static void combination_block(const uint8_t *holes, int hole_size, const uint8_t *boards,
                              int board_size, Py_ssize_t n, int used,
                              const combination_tables_t *t, uint16_t *out)
{
    if (hole_size == 4 && board_size == 5 && used == 2)
        combination_rows(holes, 4, boards, 5, n, 2, t, out);
    else
        combination_rows(holes, hole_size, boards, board_size, n, used, t, out);
}

PyObject *kernel_combination_strengths(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer holes, boards, part_table, board_words, multiset_of_sum, suit_field, board_suits,
        hole_suits, suit_rank_bit, lowest_suit, flush_table, row_of, out;
    int hole_size, board_size, used;
    Py_ssize_t n;
    unsigned long long part_width;
    unsigned int sum_mask;
    if (!PyArg_ParseTuple(args, "y*iy*iniy*Ky*Iy*y*y*y*y*y*y*y*w*", &holes, &hole_size, &boards,
                          &board_size, &n, &used, &part_table, &part_width, &board_words,
                          &sum_mask, &multiset_of_sum, &suit_field, &board_suits, &hole_suits,
                          &suit_rank_bit, &lowest_suit, &flush_table, &row_of, &out))
        return NULL;
    int ok = 0;
    if (used < 1 || used > 2 || hole_size < used || hole_size > MAX_HOLE || board_size < 5 - used
        || board_size > 5 || n < 0) {
        PyErr_Format(PyExc_ValueError, "cannot use exactly %d of %d hole cards and %d of %d board "
                     "cards", used, hole_size, 5 - used, board_size);
    } else if (holes.len != n * hole_size || boards.len != n * board_size) {
        PyErr_Format(PyExc_ValueError, "expected %zd rows of %d and %d cards, got %zd and %zd "
                     "bytes", n, hole_size, board_size, holes.len, boards.len);
    } else if (part_table.len < 2 || flush_table.len < 2) {
        PyErr_SetString(PyExc_ValueError, "part_table and flush_table must not be empty");
    } else if (kernel_need(&part_table, 2, 2, "part_table")
               && kernel_need(&board_words, 256 * 8, 8, "board_words")
               && kernel_need(&multiset_of_sum, ((Py_ssize_t)sum_mask + 1) * 4, 4, "multiset_of_sum")
               && kernel_need(&suit_field, 256 * 2, 2, "suit_field")
               && kernel_need(&board_suits, 65536, 1, "board_suits")
               && kernel_need(&hole_suits, 65536, 1, "hole_suits")
               && kernel_need(&suit_rank_bit, SUIT_RANK_ENTRIES * 2, 2, "suit_rank_bit")
               && kernel_need(&lowest_suit, 16, 1, "lowest_suit")
               && kernel_need(&flush_table, 2, 2, "flush_table")
               && kernel_need(&row_of, ROW_OF_ENTRIES * 4, 4, "row_of")
               && kernel_need(&out, n * 2, 2, "out")) {
        ok = 1;
        combination_tables_t t = {part_table.buf, part_table.len / 2, part_width, board_words.buf,
                                  sum_mask, multiset_of_sum.buf, suit_field.buf, board_suits.buf,
                                  hole_suits.buf, suit_rank_bit.buf, lowest_suit.buf,
                                  flush_table.buf, flush_table.len / 2, row_of.buf};
        Py_BEGIN_ALLOW_THREADS
        combination_block(holes.buf, hole_size, boards.buf, board_size, n, used, &t, out.buf);
        Py_END_ALLOW_THREADS
    }
    PyBuffer_Release(&holes);
    PyBuffer_Release(&boards);
    PyBuffer_Release(&part_table);
    PyBuffer_Release(&board_words);
    PyBuffer_Release(&multiset_of_sum);
    PyBuffer_Release(&suit_field);
    PyBuffer_Release(&board_suits);
    PyBuffer_Release(&hole_suits);
    PyBuffer_Release(&suit_rank_bit);
    PyBuffer_Release(&lowest_suit);
    PyBuffer_Release(&flush_table);
    PyBuffer_Release(&row_of);
    PyBuffer_Release(&out);
    if (!ok) return NULL;
    Py_RETURN_NONE;
}
