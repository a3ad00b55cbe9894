/*
 * The seat lines after the table line: a seat number, a name, a stack, maybe "is sitting out".
 */
#include "_pokerstars_scan.h"

/* The index of the seat of a name, or -1 (names are compared byte for byte). */
int
seat_of(const Hand *h, const char *name, size_t len)
{
    for (int i = 0; i < h->n_seats; i++) {
        if (h->seats[i].name_len == len && memcmp(h->seats[i].name, name, len) == 0) {
            return i;
        }
    }
    return -1;
}

/* A seat line, "Seat 3: Cy: the [Kid] ($1,000 in chips) is sitting out".
 * _SEAT: ^Seat (\d+): (.*) \(([^()]*?) in chips -- the name runs to the last " (" whose text
 * up to the first " in chips" holds no parenthesis.  A line that does not match, an amount
 * that does not read, a seat number or name seen twice: the hand goes to the reference. */
void
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
    s->has_hole = s->has_stated = s->shown = s->acted = s->showed_down = 0;
    s->actions_len = 0;
    s->segment = s->tokens = 0;
    s->sitting_out = FIND(chips + 9, end, "sitting out") != NULL;
    h->n_seats++;
}

