/*
 * One pass over a PokerStars hand history: the compiled path of
 * pipeline.sources.pokerstars.reader.read_pokerstars.  This part is the module and the pass over the
 * lines; _pokerstars_scan.h lists the parts that read each kind of line.
 *
 * scan(text) walks the UTF-8 bytes of the text once, line by line, and reads each hand as the
 * reference (the text engine over sites/text/pokerstars.py, PokerStars' declaration) reads it: the same header,
 * table and seat patterns, the same actor rule, the same sums.  Each pattern below is written
 * out by hand and names the regular expression of the reference it stands for; where Python
 * and a byte test could disagree (a Unicode digit or space, an amount with more than two
 * decimals, a name seated twice), the hand is not read here but handed back with its text, and
 * the reference reads it and reports its issues.  So a hand read here gives the reference's
 * rows, and every issue still comes from the reference.
 *
 * Amounts are summed in integer hundredths, exactly; the reference sums floats and rounds
 * to two places, which gives the same number for amounts of at most two decimals.
 *
 * Out: (strings, columns, handed_back).  strings is a list of distinct texts, None first;
 * columns maps each column of the rows to a bytes buffer: the text columns hold uint32
 * indexes into strings (0 for null), the others int64, float64 or 0/1 bytes; handed_back lists
 * (first line, hand text) for the hands left to the reference.
 */
#include "_pokerstars_scan.h"

static void
begin_hand(Hand *h, const char *p, const char *end, Py_ssize_t line)
{
    h->start = p;
    h->header_end = end;
    h->line = line;
    h->table_size = -1;
    h->ante = -1;
    h->sequence = 0;
    h->summary_seats = 0;
    h->state = EXPECT_TABLE;
    h->handed_back = 0;
    h->small_blind_posted = 0;
    h->tournament = NULL;
    h->date_len = -1;
    h->table = NULL;
    h->button = 0;
    h->n_seats = 0;
    h->street = 0;
    h->board_len = 0;
    h->n_cards = 0;
    h->variant = -1;
    read_header(h, p, end);
}

/* A line of the hand under way, by where the hand is (Hand.state). */
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
    Hand *h = PyMem_Malloc(sizeof(Hand));
    if (h == NULL) {
        return PyErr_NoMemory();
    }
    Rows *out = rows_new(text + size, (size_t)size);
    PyObject *answer = NULL;
    if (out == NULL) {
        goto done;
    }
    int in_hand = 0;
    Py_ssize_t line = 0;
    const char *p = text, *end = text + size;
    /* Lines end at "\n", "\r\n" or a lone "\r", as after the reference's replacements;
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
            if (in_hand && finish_hand(out, h, p) < 0) {
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
    if (in_hand) {
        /* A text that does not end with a line end may end inside a line (a client still
         * writing it): the last hand goes to the reference, which tells. */
        if (size > 0 && text[size - 1] != '\n' && text[size - 1] != '\r') {
            h->handed_back = 1;
        }
        if (finish_hand(out, h, NULL) < 0) {
            goto done;
        }
    }
    answer = rows_result(out);
done:
    PyMem_Free(h);
    rows_free(out);
    return answer;
}

/* The games read: the table of games' PokerStars words, given by set_variants at import. */
Variant *read_variants = NULL;
int n_read_variants = 0;

static void
free_variants(Variant *table, int n)
{
    for (int i = 0; i < n; i++) {
        PyMem_Free(table[i].words);
    }
    PyMem_Free(table);
}

PyDoc_STRVAR(set_variants_doc,
             "set_variants(variants, /)\n--\n\n"
             "Set the games read: (words, hole cards) for each, the words as a header writes\n"
             "the game and its limit ('... Pot Limit').  pipeline.sources.pokerstars gives\n"
             "the table of games' words once, at import; until then no game is read here\n"
             "and every hand is left to the reference.");

static PyObject *
set_variants(PyObject *module, PyObject *arg)
{
    (void)module;
    PyObject *items = PySequence_Fast(arg, "set_variants() takes a sequence of (words, hole cards)");
    if (items == NULL) {
        return NULL;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(items);
    Variant *table = n < 1024 ? PyMem_Calloc((size_t)n + 1, sizeof(Variant)) : NULL;
    if (table == NULL) {
        Py_DECREF(items);
        return n < 1024 ? PyErr_NoMemory()
                        : PyErr_Format(PyExc_ValueError, "%zd variants: at most 1023", n);
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        const char *words;
        Py_ssize_t len;
        int hole_cards;
        PyObject *item = PySequence_Fast_GET_ITEM(items, i);
        if (!PyTuple_Check(item) || !PyArg_ParseTuple(item, "s#i", &words, &len, &hole_cards)) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_TypeError, "each variant is a (words, hole cards) tuple");
            }
            goto fail;
        }
        if (len == 0 || hole_cards < 1 || hole_cards > MAX_BOARD_CARDS) {
            PyErr_Format(PyExc_ValueError, "variant %zd: empty words or %d hole cards", i,
                         hole_cards);
            goto fail;
        }
        table[i].words = PyMem_Malloc((size_t)len);
        if (table[i].words == NULL) {
            PyErr_NoMemory();
            goto fail;
        }
        memcpy(table[i].words, words, (size_t)len);
        table[i].len = (size_t)len;
        table[i].hole_cards = hole_cards;
    }
    Py_DECREF(items);
    free_variants(read_variants, n_read_variants);
    read_variants = table;
    n_read_variants = (int)n;
    Py_RETURN_NONE;
fail:
    Py_DECREF(items);
    free_variants(table, (int)n);
    return NULL;
}

static PyMethodDef methods[] = {
    {"scan", scan, METH_O, scan_doc},
    {"set_variants", set_variants, METH_O, set_variants_doc},
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
