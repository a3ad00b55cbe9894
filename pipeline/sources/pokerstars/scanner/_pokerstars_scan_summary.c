/*
 * The summary part of a hand, the lines after "*** SUMMARY ***": cards shown or mucked at the
 * showdown, the log's name of each shown hand, and a cash-out.
 */
#include "_pokerstars_scan.h"

/* The log's own name of a shown hand on a summary line, or NULL:
 *   "Seat 1: Ann (button) showed [Ah Kh] and won (290) with a pair of Kings"
 *   "Seat 3: Di showed [Jd 7d 5s Td] and won ($3.34) with HI: a straight, Three to Seven; LO:
 *    7,6,5,4,3" (hi/lo: both halves' names, as the log writes them)
 *   "Seat 6: Ed showed [Qc Qh 9h Ts] and lost with HI: a straight, Eight to Queen"
 */
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

/* A summary line: only "Seat N: name ... showed|mucked [cards]" carries something,
 *   "Seat 2: Bob Smith (big blind) mucked [Qd Qs]"
 *   "Seat 5: Eve showed [As 2c 6s 5c] and won ($1.67) with HI: three of a kind, Aces"
 * ("collected (X)", "folded before Flop" and the pot lines carry nothing the rows need: what
 * a player won is read from the body's "collected X from pot" lines, one per pot and half).
 * _SUMMARY_SEAT: ^Seat (\d+): (.*?) (?:\((?:button|small blind|big blind)\) )*
 *                (showed|mucked) \[([^\]]*)\]  -- the shortest name that fits. */
void
read_summary_line(Hand *h, const char *p, const char *end)
{
    if (!STARTS(p, end, "Seat ")) {
        return;
    }
    h->summary_seats++; /* a summary names every seat dealt in: fewer, the hand is cut */
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
        if (close > k + 8) { /* "mucked []" gives no cards, as the reference reads it */
            s->hole = k + 8;
            s->hole_len = (size_t)(close - s->hole);
            s->has_hole = 1;
        }
        if (showed) {
            s->shown = s->shown || close > k + 8;
            const char *said = s->has_stated ? NULL : summary_shown_as(p, end);
            if (said != NULL) {
                s->stated = said;
                s->stated_len = (size_t)(end - said);
                s->has_stated = 1;
            }
        }
        if (ENDS_WITH(p, end, "(pot not awarded as player cashed out)")) {
            h->handed_back = 1; /* a cash-out: the reference reports it */
        }
        return;
    }
}
