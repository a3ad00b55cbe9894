/*
 * The rows: a hand read whole becomes a row per seat, its text columns as indexes into one
 * list of distinct texts; a hand handed back becomes (first line, hand text) for the line
 * reader.
 */
#include "_pokerstars_scan.h"

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
    T_HEADER,
    N_TEXT_COLUMNS
};
static const char *const TEXT_COLUMNS[N_TEXT_COLUMNS] = {
    "hand_id", "tournament", "table",         "date",    "player",  "hole",
    "stated_hand", "board",  "variant", "folded_street", "_header",
};
enum {
    C_LINE,
    C_SEAT,
    C_STACK,
    C_PUT_IN,
    C_WON,
    C_BUTTON,
    C_MUCKED,
    C_FOLDED,
    C_ANTE,
    C_TABLE_SIZE,
    N_OTHER_COLUMNS
};
static const char *const OTHER_COLUMNS[N_OTHER_COLUMNS] = {
    "line", "seat", "stack", "put_in", "won", "button", "mucked", "folded", "ante", "table_size",
};
static const int BOARD_AT_STREET[4] = {0, 3, 4, 5}; /* cards out at each street */
static const char *const STREETS[] = {"preflop", "flop", "turn", "river"};

struct Rows {
    const char *end; /* of the whole text */
    Strings strings;
    Buf text_columns[N_TEXT_COLUMNS];
    Buf other_columns[N_OTHER_COLUMNS];
    PyObject *handed_back;
    uint32_t *variants; /* the code of each of read_variants' words */
    uint32_t streets[4], no_board;
    Buf scratch, key;
    /* The actions column, distinct on nearly every row: its texts end to end and where each
     * row's ends (Arrow's large string layout, no lookup, no Python object per row). */
    Buf actions, action_ends;
};

static int
put_code(Rows *out, int column, uint32_t code)
{
    return buf_put(&out->text_columns[column], &code, sizeof code);
}

static int
put_int(Rows *out, int column, int64_t value)
{
    return buf_put(&out->other_columns[column], &value, sizeof value);
}

static int
put_float(Rows *out, int column, int64_t hundredths)
{
    double value = (double)hundredths / 100.0; /* the nearest double, as round(x, 2) gives */
    return buf_put(&out->other_columns[column], &value, sizeof value);
}

static int
put_double(Rows *out, int column, double value)
{
    return buf_put(&out->other_columns[column], &value, sizeof value);
}

static int
put_flag(Rows *out, int column, int flag)
{
    unsigned char value = flag ? 1 : 0;
    return buf_put(&out->other_columns[column], &value, 1);
}

/* The rows of a hand read whole (a row per seat, in seat order), or the hand handed back with
 * its text: from its header line to the line before `next_header` (NULL: the end). */
int
finish_hand(Rows *out, Hand *h, const char *next_header)
{
    if (!h->handed_back && h->state != SUMMARY) {
        h->handed_back = 1; /* no summary (cut short), no table line or no seats */
    }
    int dealt_in = 0;
    for (int i = 0; i < h->n_seats; i++) {
        Seat *s = &h->seats[i];
        dealt_in += !(s->sitting_out && !s->acted && s->put_in == 0);
        end_actions(h, s);
    }
    if (h->summary_seats < dealt_in) {
        h->handed_back = 1; /* a summary without every seat: cut short, the reference says */
    }
    if (h->handed_back) {
        /* Up to the next header, as split_hands cuts (its line ends made "\n" in Python). */
        const char *text_end = next_header ? next_header : out->end;
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
    /* The header line without its hand number, its date a NUL (header_key in
     * header.py): one text for the hands of a table and level, read once. */
    const char *id_end = h->hand_id + h->hand_id_len;
    out->key.len = 0;
    if (h->date_at == NULL) {
        if (buf_put(&out->key, h->start, (size_t)(h->hand_id - h->start)) < 0 ||
            buf_put(&out->key, id_end, (size_t)(h->header_end - id_end)) < 0) {
            return -1;
        }
    }
    else if (id_end <= h->date_at) {
        if (buf_put(&out->key, h->start, (size_t)(h->hand_id - h->start)) < 0 ||
            buf_put(&out->key, id_end, (size_t)(h->date_at - id_end)) < 0 ||
            buf_put(&out->key, "", 1) < 0 ||
            buf_put(&out->key, h->date_end, (size_t)(h->header_end - h->date_end)) < 0) {
            return -1;
        }
    }
    else if (buf_put(&out->key, h->start, (size_t)(h->header_end - h->start)) < 0) {
        return -1; /* a date before the hand number: the whole line, as header_key does */
    }
    uint32_t header = strings_index(strings, out->key.data, out->key.len);
    /* The board each player saw: to the street of a fold, else all of it (looked up when a
     * player folded there). */
    uint32_t board = strings_index(strings, h->board, h->board_len);
    uint32_t boards[4] = {h->n_cards ? out->no_board : board, 0, 0, 0};
    double ante = h->ante >= 0 ? (double)h->ante / 100.0 : Py_NAN;
    int64_t table_size = h->table_size >= 0 ? h->table_size : dealt_in;
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
        int64_t action_end = (int64_t)(out->actions.len + s->actions_len);
        if (buf_put(&out->actions, s->actions, s->actions_len) < 0 ||
            buf_put(&out->action_ends, &action_end, sizeof action_end) < 0) {
            return -1;
        }
        if (PyErr_Occurred()) {
            return -1;
        }
        uint32_t folded_street = s->folded_street >= 0 ? out->streets[s->folded_street] : 0;
        if (s->folded_street > 0 && boards[s->folded_street] == 0) {
            int cards = BOARD_AT_STREET[s->folded_street];
            size_t len = cards >= h->n_cards ? h->board_len
                                             : h->card_at[cards - 1] + h->card_len[cards - 1];
            boards[s->folded_street] = strings_index(strings, h->board, len);
            if (PyErr_Occurred()) {
                return -1;
            }
        }
        if (put_code(out, T_HAND_ID, hand_id) < 0 || put_code(out, T_TOURNAMENT, tournament) < 0 ||
            put_code(out, T_TABLE, table) < 0 || put_code(out, T_DATE, date) < 0 ||
            put_code(out, T_PLAYER, player) < 0 || put_code(out, T_HOLE, hole) < 0 ||
            put_code(out, T_STATED_HAND, stated) < 0 ||
            put_code(out, T_BOARD, s->folded_street >= 0 ? boards[s->folded_street] : board) < 0 ||
            put_code(out, T_HEADER, header) < 0 ||
            put_double(out, C_ANTE, ante) < 0 || put_int(out, C_TABLE_SIZE, table_size) < 0 ||
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

void
rows_free(Rows *out)
{
    if (out == NULL) {
        return;
    }
    strings_free(&out->strings);
    for (int i = 0; i < N_TEXT_COLUMNS; i++) {
        PyMem_Free(out->text_columns[i].data);
    }
    for (int i = 0; i < N_OTHER_COLUMNS; i++) {
        PyMem_Free(out->other_columns[i].data);
    }
    PyMem_Free(out->scratch.data);
    PyMem_Free(out->key.data);
    PyMem_Free(out->actions.data);
    PyMem_Free(out->action_ends.data);
    PyMem_Free(out->variants);
    Py_XDECREF(out->handed_back);
    PyMem_Free(out);
}

PyObject *
rows_result(Rows *out)
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
    static const char *const ACTION_BUFFERS[2] = {"actions", "action_ends"};
    Buf *action_buffers[2] = {&out->actions, &out->action_ends};
    for (int i = 0; i < 2; i++) {
        Buf *b = action_buffers[i];
        PyObject *bytes = PyBytes_FromStringAndSize(b->data ? b->data : "", (Py_ssize_t)b->len);
        if (bytes == NULL || PyDict_SetItemString(columns, ACTION_BUFFERS[i], bytes) < 0) {
            Py_XDECREF(bytes);
            Py_DECREF(columns);
            return NULL;
        }
        Py_DECREF(bytes);
    }
    return Py_BuildValue("(ONO)", out->strings.list, columns, out->handed_back);
}

/* Empty rows for a text ending at `end`, with room for the rows `size` bytes hold (about 180
 * bytes a row), grown if need be; NULL with an exception set. */
Rows *
rows_new(const char *end, size_t size)
{
    Rows *out = PyMem_Calloc(1, sizeof(Rows));
    if (out == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    out->end = end;
    out->handed_back = PyList_New(0);
    if (out->handed_back == NULL || strings_init(&out->strings) < 0) {
        rows_free(out);
        return NULL;
    }
    out->variants = PyMem_Calloc((size_t)n_read_variants + 1, sizeof(uint32_t));
    if (out->variants == NULL) {
        PyErr_NoMemory();
        rows_free(out);
        return NULL;
    }
    for (int i = 0; i < n_read_variants && !PyErr_Occurred(); i++) {
        out->variants[i] = strings_index(&out->strings, read_variants[i].words, read_variants[i].len);
    }
    for (int i = 0; i < 4; i++) {
        out->streets[i] = strings_index(&out->strings, STREETS[i], strlen(STREETS[i]));
    }
    out->no_board = strings_index(&out->strings, "", 0);
    int64_t start = 0;
    if (PyErr_Occurred() || buf_reserve(&out->scratch, 256) < 0 ||
        buf_put(&out->action_ends, &start, sizeof start) < 0) {
        rows_free(out);
        return NULL;
    }
    size_t rows_guess = size / 128 + 64;
    for (int i = 0; i < N_TEXT_COLUMNS; i++) {
        if (buf_reserve(&out->text_columns[i], rows_guess * sizeof(uint32_t)) < 0) {
            rows_free(out);
            return NULL;
        }
    }
    for (int i = 0; i < N_OTHER_COLUMNS; i++) {
        if (buf_reserve(&out->other_columns[i], rows_guess * sizeof(int64_t)) < 0) {
            rows_free(out);
            return NULL;
        }
    }
    return out;
}
