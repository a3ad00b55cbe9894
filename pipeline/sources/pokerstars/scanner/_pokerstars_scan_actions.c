/*
 * The body of a hand, between its seats and its summary: street markers, what each seated
 * player does (blinds, antes, bets, raises, folds) and uncalled bets; the showdown's lines
 * are read by _pokerstars_scan_showdown.c.
 */
#include "_pokerstars_scan.h"

/* ------------------------------------------------------------------ the actions column */

static void
put_action_bytes(Hand *h, Seat *s, const char *text, size_t n)
{
    if (s->actions_len + n > MAX_ACTION_BYTES) {
        h->handed_back = 1; /* a very long column: the reference writes it */
        return;
    }
    memcpy(s->actions + s->actions_len, text, n);
    s->actions_len += n;
}

/* The " / " parts up to a street's. */
static void
to_segment(Hand *h, Seat *s, int street)
{
    while (s->segment < street) {
        put_action_bytes(h, s, " / ", 3);
        s->segment++;
        s->tokens = 0;
    }
}

/* An amount in hundredths in the shortest decimal form, as amount_text writes it:
 * 120000 -> "1200", 50 -> "0.5", 125 -> "1.25".  Amounts are never negative here. */
static size_t
amount_digits(int64_t hundredths, char *out)
{
    char digits[32];
    int n = 0;
    int64_t whole = hundredths / 100, cents = hundredths % 100;
    do {
        digits[n++] = (char)('0' + whole % 10);
        whole /= 10;
    } while (whole > 0);
    size_t len = 0;
    while (n > 0) {
        out[len++] = digits[--n];
    }
    if (cents) {
        out[len++] = '.';
        out[len++] = (char)('0' + cents / 10);
        if (cents % 10) {
            out[len++] = (char)('0' + cents % 10);
        }
    }
    return len;
}

/* One action of the hand in the actions notation, HandState.act: "<seq>.<verb><amount>[!]",
 * in the part of the hand's street; hundredths < 0: no amount. */
void
act(Hand *h, Seat *s, const char *verb, int64_t hundredths, int all_in)
{
    char token[96];
    size_t n = 0;
    h->sequence++;
    if (s->folded_street >= 0 && h->street > s->folded_street) {
        h->handed_back = 1; /* acts after folding, on a later street: the reference */
        return;
    }
    int seq = h->sequence;
    char digits[16];
    int k = 0;
    do {
        digits[k++] = (char)('0' + seq % 10);
        seq /= 10;
    } while (seq > 0);
    while (k > 0) {
        token[n++] = digits[--k];
    }
    token[n++] = '.';
    size_t verb_len = strlen(verb);
    memcpy(token + n, verb, verb_len);
    n += verb_len;
    if (hundredths >= 0) {
        n += amount_digits(hundredths, token + n);
    }
    if (all_in) {
        token[n++] = '!';
    }
    to_segment(h, s, h->street);
    if (s->tokens++) {
        put_action_bytes(h, s, " ", 1);
    }
    put_action_bytes(h, s, token, n);
}

/* A show or a muck at the showdown: one "sd" token a player, however many lines they show on
 * (the reference's showed_down set). */
static void
show_down(Hand *h, Seat *s)
{
    if (!s->showed_down) {
        s->showed_down = 1;
        act(h, s, "sd", -1, 0);
    }
}

/* The column's last parts: up to the street of the fold, else to the hand's last street;
 * trailing spaces dropped (HandState.actions_of). */
void
end_actions(Hand *h, Seat *s)
{
    to_segment(h, s, s->folded_street >= 0 ? s->folded_street : h->street);
    while (s->actions_len > 0 && s->actions[s->actions_len - 1] == ' ') {
        s->actions_len--;
    }
}

/* ------------------------------------------------------------------ the lines */

/* The cards of one [...] of a street marker, each added to the board unless already on it. */
static void
add_to_board(Hand *h, const char *p, const char *end)
{
    char card[MAX_BOARD_BYTES];
    const char *token;
    while ((token = next_token(&p, end)) != NULL) {
        if ((size_t)(p - token) >= sizeof card) {
            h->handed_back = 1;
            return;
        }
        size_t n = canonical_cards(token, p, card);
        int seen = 0;
        for (int i = 0; i < h->n_cards && !seen; i++) {
            seen = h->card_len[i] == n && memcmp(h->board + h->card_at[i], card, n) == 0;
        }
        if (seen) {
            continue;
        }
        size_t at = h->board_len ? h->board_len + 1 : 0;
        if (h->n_cards == MAX_BOARD_CARDS || at + n > MAX_BOARD_BYTES) {
            h->handed_back = 1;
            return;
        }
        if (h->board_len) {
            h->board[h->board_len] = ' ';
        }
        memcpy(h->board + at, card, n);
        h->card_at[h->n_cards] = at;
        h->card_len[h->n_cards++] = n;
        h->board_len = at + n;
    }
}

/* A street marker: _CARDS over "*** FLOP *** [2c 7d Kd]", "*** TURN *** [2c 7d Kd] [9s]",
 * "*** RIVER *** [2c 7d Kd 9s] [3h]" (and "*** FIRST FLOP ***"... of a run twice); the street is
 * the highest named, every card not seen yet joins the board.  "*** SUMMARY ***" starts the
 * summary; the other markers ("*** HOLE CARDS ***", "*** SHOW DOWN ***") carry nothing. */
static void
read_marker(Hand *h, const char *p, const char *end)
{
    if (STARTS(p, end, "*** SUMMARY")) {
        h->state = SUMMARY;
        return;
    }
    if (STARTS(p, end, "*** FIRST ") || STARTS(p, end, "*** SECOND ") ||
        STARTS(p, end, "*** THIRD ")) {
        h->handed_back = 1; /* run twice: the reference names it */
        return;
    }
    if (FIND(p, end, "FLOP ***") == NULL && FIND(p, end, "TURN ***") == NULL &&
        FIND(p, end, "RIVER ***") == NULL) {
        return;
    }
    int street = FIND(p, end, "FLOP") ? 1 : FIND(p, end, "TURN") ? 2 : 3;
    if (street > h->street) {
        h->street = street;
    }
    const char *inside, *inside_end;
    while (bracketed(p, end, &inside, &inside_end)) {
        add_to_board(h, inside, inside_end);
        p = inside_end + 1;
    }
    for (int i = 0; i < h->n_seats; i++) {
        h->seats[i].street_bet = 0;
    }
}

/* What a seated player did ("name: action"), as HandState's branches read it:
 *   "Ann: folds" (maybe "folds [Qh]"), "Ann: checks" and the other quiet actions,
 *   "Ann: calls $1" / "Ann: bets $2 and is all-in" (the first token after the verb),
 *   "Ann: raises $1 to $1.50" (_RAISE: raises (\S+) to (\S+), "to" is the street total),
 *   "Ann: posts small blind $0.25", "posts the ante 5", "posts small & big blinds $0.75"
 *   (an ante is not a street bet; the dead small blind of the header is not either),
 *   "Ann: shows [Ah Kh] (a pair of Kings)" (_pokerstars_scan_showdown.c),
 *   and a stud or draw action ("brings in", "discards", "stands pat"): malformed. */
static void
read_action(Hand *h, Seat *s, const char *a, const char *end)
{
    int64_t amount;
    s->acted = 1;
    if (STARTS(a, end, "folds")) {
        /* Cards shown with the fold: in the token ("7.f[9c]"), and the hole when they are
         * the whole hand (2 cards of Hold'em, 4 of Omaha). */
        const char *inside, *inside_end;
        char verb[MAX_BOARD_BYTES + 4] = "f";
        int cards = 0;
        if (bracketed(a, end, &inside, &inside_end)) {
            if (inside_end - inside >= MAX_BOARD_BYTES) {
                h->handed_back = 1;
                return;
            }
            char shown[MAX_BOARD_BYTES];
            size_t n = canonical_cards(inside, inside_end, shown), at = 2;
            if (n > 0) {
                cards = 1;
                verb[1] = '[';
                for (size_t i = 0; i < n; i++) {
                    if (shown[i] == ' ') {
                        cards++;
                    }
                    else {
                        verb[at++] = shown[i];
                    }
                }
                verb[at++] = ']';
                verb[at] = 0;
            }
            if (cards == read_variants[h->variant].hole_cards) {
                s->hole = inside;
                s->hole_len = (size_t)(inside_end - inside);
                s->has_hole = 1;
            }
        }
        act(h, s, verb, -1, 0);
        s->folded_street = h->street;
        return;
    }
    if (STARTS(a, end, "checks")) {
        act(h, s, "x", -1, 0);
        return;
    }
    if (STARTS(a, end, "mucks")) {
        show_down(h, s);
        return;
    }
    static const char *const quiet[] = {
        "sits out",      "is sitting out", "doesn't show", "is disconnected", "is connected",
        "has timed out", "leaves",         "joins",        "said",
    };
    for (size_t i = 0; i < sizeof quiet / sizeof quiet[0]; i++) {
        if (starts(a, end, quiet[i], strlen(quiet[i]))) {
            return;
        }
    }
    if (STARTS(a, end, "calls ") || STARTS(a, end, "bets ")) {
        /* action.split(" ", 2)[1] */
        const char *token = find_char(a, end, ' ') + 1;
        const char *token_end = find_char(token, end, ' ');
        if (money(token, token_end ? token_end : end, &amount) != MONEY_OK) {
            h->handed_back = 1;
            return;
        }
        s->put_in += amount;
        s->street_bet += amount;
        act(h, s, a[0] == 'c' ? "c" : "b", amount, FIND(a, end, "and is all-in") != NULL);
        return;
    }
    if (STARTS(a, end, "raises ")) {
        /* _RAISE: raises (\S+) to (\S+) */
        const char *by = a + 7, *by_end = nonspace_end(by, end);
        const char *to = by_end + 4, *to_end;
        if (by_end == by || !STARTS(by_end, end, " to ") || (to_end = nonspace_end(to, end)) == to ||
            money(to, to_end, &amount) != MONEY_OK) {
            h->handed_back = 1;
            return;
        }
        s->put_in += amount - s->street_bet;
        s->street_bet = amount;
        act(h, s, "r", amount, FIND(a, end, "and is all-in") != NULL);
        return;
    }
    if (STARTS(a, end, "posts ")) {
        const char *last = end;
        if (FIND(a, end, "and is all-in") != NULL) {
            const char *all_in = FIND(a, end, " and is all-in");
            if (all_in != NULL) {
                last = all_in;
            }
        }
        const char *token = last;
        while (token > a && token[-1] != ' ') {
            token--;
        }
        if (money(token, last, &amount) != MONEY_OK) {
            h->handed_back = 1;
            return;
        }
        int all_in = FIND(a, end, "and is all-in") != NULL;
        const char *verb = FIND(a, end, "ante")                ? "ante"
                           : FIND(a, end, "small & big")       ? "post"
                           : STARTS(a, end, "posts small blind") ? "sb"
                           : STARTS(a, end, "posts big blind")   ? "bb"
                           : FIND(a, end, "straddle")          ? "st"
                                                               : "post";
        act(h, s, verb, amount, all_in);
        s->put_in += amount;
        if (FIND(a, end, "ante") != NULL) {
            if (amount > h->ante) {
                h->ante = amount;
            }
            return;
        }
        if (FIND(a, end, "small & big") != NULL) {
            if (h->dead_small_read != MONEY_OK) {
                h->handed_back = 1;
                return;
            }
            s->street_bet += amount > h->dead_small ? amount - h->dead_small : 0;
            return;
        }
        if (verb[0] == 's' && verb[1] == 'b') {
            /* A small blind after the hand's first (a player back at the table, out of
             * position) is dead money: not part of the street bet a raise is made to. */
            int late = h->small_blind_posted;
            h->small_blind_posted = 1;
            if (late) {
                return;
            }
        }
        s->street_bet += amount;
        return;
    }
    if (STARTS(a, end, "shows ")) {
        show_down(h, s);
        read_shows(s, a, end);
        return;
    }
    if (STARTS(a, end, "bringsin") || STARTS(a, end, "brings in") ||
        STARTS(a, end, "discards") || STARTS(a, end, "stands pat")) {
        h->handed_back = 1; /* a stud or draw action: the reference calls it malformed */
    }
}

/* A line of the hand's body, after its seats and before its summary: a street marker, a
 * seated player's action (HandState.actor below), "Uncalled bet ($2) returned to Cy",
 * "Dealt to Ann [Ah Kh]", "Ann collected $3.50 from pot"; other lines (chat, "Ann has
 * returned", "Ann leaves the table") carry nothing. */
void
read_body_line(Hand *h, const char *p, const char *end)
{
    if (end - p == 14 && memcmp(p, "Hand cancelled", 14) == 0) {
        h->handed_back = 1; /* a hand called off: the reference leaves it out, saying so */
        return;
    }
    if (STARTS(p, end, "*** ")) {
        read_marker(h, p, end);
        return;
    }
    /* HandState.actor: the text before the last ": " when it is a seated name, else the
     * longest seated name followed by ": ". */
    const char *colon = NULL;
    for (const char *q = end - 2; q >= p; q--) {
        if (q[0] == ':' && q[1] == ' ') {
            colon = q;
            break;
        }
    }
    if (colon != NULL) {
        int who = seat_of(h, p, (size_t)(colon - p));
        const char *action = colon + 2;
        if (who < 0) {
            size_t longest = 0;
            for (int i = 0; i < h->n_seats; i++) {
                size_t n = h->seats[i].name_len;
                if ((size_t)(end - p) >= n + 2 && memcmp(p, h->seats[i].name, n) == 0 &&
                    p[n] == ':' && p[n + 1] == ' ' && (who < 0 || n > longest)) {
                    who = i;
                    longest = n;
                }
            }
            action = p + longest + 2;
        }
        if (who >= 0) {
            read_action(h, &h->seats[who], action, end);
            return;
        }
    }
    if (STARTS(p, end, "Uncalled bet")) {
        /* _UNCALLED: ^Uncalled bet \((\S+)\) returned to (.*)$ */
        const char *amount_at = p + 14, *run_end = amount_at;
        int64_t amount;
        int who = -1;
        if (STARTS(p, end, "Uncalled bet (")) {
            run_end = nonspace_end(amount_at, end);
        }
        if (run_end - amount_at >= 2 && run_end[-1] == ')' && STARTS(run_end, end, " returned to ")) {
            who = seat_of(h, run_end + 13, (size_t)(end - run_end - 13));
        }
        if (who < 0 || money(amount_at, run_end - 1, &amount) != MONEY_OK) {
            h->handed_back = 1;
            return;
        }
        h->seats[who].put_in -= amount;
        return;
    }
    if (read_dealt(h, p, end)) {
        return;
    }
    read_collected(h, p, end);
}
