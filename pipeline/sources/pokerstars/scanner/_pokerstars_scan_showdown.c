/*
 * The cards and the pots of a hand: hole cards dealt ("Dealt to") and shown ("shows"), and
 * the pots collected ("collected X from pot"), whatever the game: Hold'em's two hole cards,
 * Omaha's four; a hi/lo pot is collected in halves, a line each, and the halves are summed.
 */
#include "_pokerstars_scan.h"

/* "Ann: shows [Ah Kh] (a pair of Kings)", "Di: shows [Jd 7d 5s Td] (HI: a straight, Three to
 * Seven; LO: 7,6,5,4,3)": the first [...] is the hole, _SHOWN_AS \] \((.+)\)$ the log's name
 * of the hand (both halves' names for hi/lo). */
void
read_shows(Seat *s, const char *a, const char *end)
{
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
}

/* "Dealt to Ann [Ah Kh]", "Dealt to Ann [Ah Kh Qd Jc]" (Omaha): the hole of a seated name.
 * _DEALT: ^Dealt to (.*?) \[([^\]]*)\]  -- 1 when the line is a "Dealt to" line. */
int
read_dealt(Hand *h, const char *p, const char *end)
{
    if (!STARTS(p, end, "Dealt to ")) {
        return 0;
    }
    const char *name = p + 9, *open = FIND(name, end, " [");
    const char *close = open ? find_char(open + 2, end, ']') : NULL;
    int who = close ? seat_of(h, name, (size_t)(open - name)) : -1;
    if (who >= 0) {
        Seat *s = &h->seats[who];
        s->hole = open + 2;
        s->hole_len = (size_t)(close - s->hole);
        s->has_hole = 1;
    }
    return 1;
}

/* "Ann collected $3.50 from pot", "Bob collected 600 from side pot-1", and for hi/lo one line
 * per half: "Di collected $1.67 from pot" twice when Di scoops both.  What is collected adds
 * up in the won column.
 * _COLLECTED: ^(.*) collected (\S+) from -- the last " collected " with "AMOUNT from " after */
void
read_collected(Hand *h, const char *p, const char *end)
{
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

