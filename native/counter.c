/* The level-3 card counter and its rollouts: a line-by-line port of ai/heuristic.py's
 * CountingPlayer (the two-player deal) and of ai/rollout.py's Rollouts.
 *
 * The counter sees only a seat's view (CView: what PlayerView holds and the counter reads),
 * and weighs its cards with the same double arithmetic in the same order as the Python, so
 * both choose the same action: ties go to the first legal action (Python's min and max), and
 * the tie-break noise (`self.rng.random() * 0.01`) is drawn from the player's own generator,
 * a copy of Python's random.Random (the Mersenne Twister, PyRng) that crosses the bridge with
 * the Python player's state. Its tuning constants, the talon's size and every rule value come
 * from Python (CounterParams, Rules). tests/native/test_native_counter.py holds the two together.
 */
#include <math.h>
#include <string.h>

#include "sixtysix.h"

/* -- Python's random.Random (Modules/_randommodule.c) ------------------------------ */

enum { MT_N = 624, MT_M = 397 };

static uint32_t pyrng_next32(PyRng *g) {
    static const uint32_t mag01[2] = {0x0u, 0x9908b0dfu};
    uint32_t y;
    if (g->index >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (g->mt[kk] & 0x80000000u) | (g->mt[kk + 1] & 0x7fffffffu);
            g->mt[kk] = g->mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 0x1u];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (g->mt[kk] & 0x80000000u) | (g->mt[kk + 1] & 0x7fffffffu);
            g->mt[kk] = g->mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 0x1u];
        }
        y = (g->mt[MT_N - 1] & 0x80000000u) | (g->mt[0] & 0x7fffffffu);
        g->mt[MT_N - 1] = g->mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1u];
        g->index = 0;
    }
    y = g->mt[g->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= (y >> 18);
    return y;
}

/* random.random() */
double pyrng_random(PyRng *g) {
    uint32_t a = pyrng_next32(g) >> 5, b = pyrng_next32(g) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

/* `self.rng.random() * 0.01`, or nothing without a generator (CountingPlayer(jitter=False)) */
static double noise(PyRng *g) { return g ? pyrng_random(g) * 0.01 : 0.0; }

/* -- the counter (heuristic.py) -------------------------------------------------------- */

#define WIN_DEAL 100.0 /* _WIN_DEAL */
#define KINGS_MASK (BIT(KING) | BIT(8 + KING) | BIT(16 + KING) | BIT(24 + KING))

typedef struct {
    uint32_t out, opp;
    int opp_size, exact;
} Count; /* _Count */

static int has(const CView *v, int action) {
    for (int i = 0; i < v->n_legal; i++)
        if (v->legal[i] == action) return 1;
    return 0;
}

static int view_phase2(const CView *v) { return v->closer != 0 || v->face_up < 0; }
static int gain_if_won(const CView *v) { return v->score + v->pending; }
static int marriages_possible(const Rules *r, const CView *v) { return !view_phase2(v) || r->marriage_in_phase2; }
static int highest_id(uint32_t mask) { return 31 - __builtin_clz(mask); } /* cards_of(mask)[-1] */
static int lowest_id(uint32_t mask) { return __builtin_ctz(mask); }      /* cards_of(mask)[0] */

/* facts.beats */
static int beats(int card, int best, int trump) {
    if ((card >> 3) == (best >> 3)) return card < best;
    return (card >> 3) == trump;
}

/* _count */
static Count count_of(const CView *v) {
    Count c;
    c.out = v->unseen | v->opp_known;
    c.opp_size = v->opp_hand_size;
    if (v->face_up < 0 && !v->closer) {
        c.opp = c.out;
        c.exact = 1;
        return c;
    }
    c.opp = v->closer ? ((c.out & ~v->forbidden) | v->opp_known) : c.out;
    c.exact = 0;
    return c;
}

/* CountingPlayer._safe_from_trumps */
static int safe_from_trumps(const CView *v, const Count *c, int card) {
    int suit = card >> 3;
    if (suit == v->trump || !(c->opp & SUIT_MASK(v->trump))) return 1;
    return c->exact && (c->opp & SUIT_MASK(suit)) != 0;
}

/* CountingPlayer.sure_tricks: the first card to lead (-1: none) and the points */
static int sure_tricks(const Rules *r, const CounterParams *k, const CView *v, uint32_t hand, const Count *c,
                       double *points_out) {
    uint32_t trump_mask = SUIT_MASK(v->trump);
    uint32_t opp = c->opp, opp_trumps = opp & trump_mask;
    int n_trumps = c->exact ? popcount32(opp_trumps) : (popcount32(opp_trumps) < c->opp_size ? popcount32(opp_trumps) : c->opp_size);
    int first = -1, seq_points = 0, seq_len = 0;
    double taken = 0.0;
    uint32_t own = hand;
#define PUSH(card)                                                                                                 \
    do {                                                                                                           \
        if (first < 0) first = (card);                                                                             \
        seq_points += r->points[card];                                                                             \
        seq_len++;                                                                                                 \
    } while (0)
    for (;;) {
        int card = -1;
        for (uint32_t m = own & trump_mask; m; m &= m - 1) {
            int c2 = lowest_id(m);
            if (!(HIGHER(c2) & opp_trumps)) {
                card = c2;
                break;
            }
        }
        if (card < 0) break;
        PUSH(card);
        own &= ~BIT(card);
        if (n_trumps > 0) {
            n_trumps--;
            int low = highest_id(opp_trumps);
            opp_trumps &= ~BIT(low);
            opp &= ~BIT(low);
            taken += c->exact ? (double)r->points[low] : k->opponent_share;
        } else {
            taken += !c->exact ? k->opponent_share : 0.0;
        }
    }
    for (int suit = 0; suit < 4; suit++) {
        if (suit == v->trump) continue;
        uint32_t suit_mask = SUIT_MASK(suit), theirs = opp & suit_mask;
        if (n_trumps > 0 && !c->exact) break;
        uint32_t mine = own & suit_mask;
        int follows = n_trumps > 0 ? popcount32(theirs) : popcount32(mine);
        for (uint32_t m = mine; m; m &= m - 1) {
            int card = lowest_id(m);
            if (follows <= 0 || (HIGHER(card) & theirs)) break;
            PUSH(card);
            own &= ~BIT(card);
            follows--;
            if (theirs) {
                int low = highest_id(theirs);
                theirs &= ~BIT(low);
                taken += c->exact ? (double)r->points[low] : k->opponent_share;
            } else {
                taken += c->exact ? 0.0 : k->opponent_share / 2;
            }
        }
    }
    if (n_trumps == 0 && seq_len)
        for (uint32_t m = own & trump_mask; m; m &= m - 1) PUSH(lowest_id(m));
#undef PUSH
    *points_out = (double)seq_points + taken;
    return first;
}

/* CountingPlayer.close_is_sound */
static int close_is_sound(const Rules *r, const CounterParams *k, const CView *v) {
    Count c = count_of(v);
    uint32_t opp = c.opp;
    if (v->face_up >= 0 && r->exchange_on_close && (c.out & BIT(v->trump * 8 + r->exchange_rank))) opp |= BIT(v->face_up);
    c.opp = opp;
    c.exact = 0;
    double sure;
    if (sure_tricks(r, k, v, v->hand, &c, &sure) < 0) return 0;
    double margin = r->last_trick_rule == LAST_TRICK_RULE_WINS_DEAL_ONE_POINT ? k->close_margin_last_trick : k->close_margin;
    double total = (double)(v->score + v->pending) + sure + margin;
    if (r->marriage_in_phase2)
        for (int suit = 0; suit < 4; suit++) {
            uint32_t pair = BIT(suit * 8 + KING) | BIT(suit * 8 + QUEEN);
            if ((v->hand & pair) == pair) total += r->marriage[suit == v->trump];
        }
    return total >= r->target;
}

/* CountingPlayer.keep_value */
static double keep_value(const Rules *r, const CounterParams *k, const CView *v, int card, const Count *c) {
    int p = r->points[card], suit = card >> 3, rank = card & 7;
    uint32_t higher_out = HIGHER(card) & c->out;
    double value;
    if (suit == v->trump) {
        value = k->trump_keep + 0.5 * p + (!higher_out ? k->master_trump_keep : 0.0);
    } else if (!higher_out) {
        value = k->master_keep + 0.4 * p;
    } else {
        value = 0.2 * p;
        if (rank == TEN && !(v->hand & SUIT_MASK(suit) & ~BIT(card))) value -= 3.0;
    }
    if ((rank == KING || rank == QUEEN) && marriages_possible(r, v)) {
        int partner = card ^ (KING ^ QUEEN);
        if (v->hand & BIT(partner))
            value += 0.8 * r->marriage[suit == v->trump];
        else if ((c->out & BIT(partner)) && !view_phase2(v))
            value += 2.0;
    }
    return value;
}

/* CountingPlayer._trick_value */
static double trick_value(const Rules *r, const CView *v, int mine, int theirs, int they_win) {
    int trick = r->points[mine] + r->points[theirs];
    if (they_win) {
        if (v->opp_score + v->opp_pending + trick >= r->target) return -WIN_DEAL - trick;
        return -(double)trick;
    }
    if (gain_if_won(v) + trick >= r->target) return WIN_DEAL + trick;
    return (double)trick;
}

/* CountingPlayer._lead_value */
static double lead_value(const Rules *r, const CounterParams *k, const CView *v, int card, const Count *c, PyRng *g) {
    uint32_t answers = follow_cards(r, c->opp, card, v->trump);
    double keep = keep_value(r, k, v, card, c);
    double worst = 0.0;
    if (!answers) {
        worst = trick_value(r, v, card, card, beats(card, card, v->trump));
    } else {
        int first = 1;
        for (uint32_t m = answers; m; m &= m - 1) {
            int answer = lowest_id(m);
            double t = trick_value(r, v, card, answer, beats(answer, card, v->trump));
            if (first || t < worst) worst = t;
            first = 0;
        }
    }
    return worst - keep + noise(g);
}

/* CountingPlayer._closed_lead_value */
static double none_held(uint32_t cards, uint32_t known, uint32_t unknown, double share) {
    if (cards & known) return 0.0;
    return pow(1.0 - share, (double)popcount32(cards & unknown));
}

static double closed_lead_value(const Rules *r, const CounterParams *k, const CView *v, int card, const Count *c,
                                PyRng *g) {
    uint32_t known = v->opp_known, unknown = c->opp & ~known;
    int free = popcount32(unknown);
    double share = free ? (double)(c->opp_size - popcount32(known)) / (double)free : 0.0;
    share = share > 0.0 ? share : 0.0;
    share = share < 1.0 ? share : 1.0;
    int suit = card >> 3;
    uint32_t trump_mask = SUIT_MASK(v->trump);
    double p_win = none_held(HIGHER(card) & c->opp, known, unknown, share);
    if (suit != v->trump)
        p_win *= 1.0 - none_held(c->opp & SUIT_MASK(suit), known, unknown, share) *
                           (1.0 - none_held(c->opp & trump_mask, known, unknown, share));
    double trick = r->points[card] + k->opponent_share;
    double win = gain_if_won(v) + trick >= r->target ? WIN_DEAL : trick;
    double lose = v->opp_score + v->opp_pending + trick >= r->target ? WIN_DEAL : trick;
    double value = p_win * win - (1.0 - p_win) * lose - keep_value(r, k, v, card, c);
    return value + noise(g);
}

static int card_actions(const CView *v, uint8_t *cards) {
    int n = 0;
    for (int i = 0; i < v->n_legal; i++)
        if (v->legal[i] < 32) cards[n++] = v->legal[i];
    return n;
}

/* CountingPlayer._lead_phase1 */
static int lead_phase1(const Rules *r, const CounterParams *k, const CView *v, const uint8_t *cards, int n,
                       const Count *c, PyRng *g) {
    uint32_t opp_trumps = c->opp & SUIT_MASK(v->trump);
    int best = -1;
    double best_cost = 0.0;
    for (int i = 0; i < n; i++) {
        int card = cards[i];
        int unbeatable = !(HIGHER(card) & c->opp) && ((card >> 3) == v->trump || !opp_trumps);
        double cost;
        if (unbeatable && gain_if_won(v) + r->points[card] >= r->target) {
            cost = -WIN_DEAL;
        } else {
            double risk = unbeatable ? -k->unbeatable_lead * r->points[card] : (double)r->points[card];
            cost = keep_value(r, k, v, card, c) + risk + noise(g);
        }
        if (best < 0 || cost < best_cost) best = card, best_cost = cost;
    }
    return best;
}

/* CountingPlayer._lead_phase2 */
static int lead_phase2(const Rules *r, const CounterParams *k, const CView *v, const uint8_t *cards, int n,
                       const Count *c, PyRng *g) {
    double sure;
    int first = sure_tricks(r, k, v, v->hand, c, &sure);
    if (first >= 0 && (!c->exact || gain_if_won(v) + sure >= r->target)) return first;
    int best = -1;
    double best_value = 0.0;
    for (int i = 0; i < n; i++) {
        int card = cards[i];
        double value;
        if (c->exact)
            value = lead_value(r, k, v, card, c, g);
        else if (k->estimate_closed_leads)
            value = closed_lead_value(r, k, v, card, c, g);
        else /* the cheapest: the lowest of keep + points, as the highest of its negation */
            value = -(keep_value(r, k, v, card, c) + r->points[card] + noise(g));
        if (best < 0 || value > best_value) best = card, best_value = value;
    }
    return best;
}

/* CountingPlayer._follow_value */
static double follow_value(const Rules *r, const CounterParams *k, const CView *v, int card, const Count *c,
                           int has_face_up, double face_up, PyRng *g) {
    int wins = beats(card, v->led, v->trump);
    double value = trick_value(r, v, card, v->led, !wins);
    value -= keep_value(r, k, v, card, c);
    if (!view_phase2(v)) {
        if (wins) value += k->win_lead_bonus;
        uint32_t hand = v->hand & ~BIT(card);
        if (wins && (hand & (hand >> 1) & KINGS_MASK)) value += 4.0; /* _holds_marriage */
        if (has_face_up) value += (5.0 - face_up) * (wins ? 0.5 : -0.5);
    }
    return value + noise(g);
}

/* CountingPlayer.follow */
static int follow_card(const Rules *r, const CounterParams *k, const CView *v, PyRng *g) {
    uint8_t cards[MAX_ACTIONS];
    int n = card_actions(v, cards);
    Count c = count_of(v);
    int has_face_up = 0;
    double face_up = 0.0;
    if (!view_phase2(v) && v->face_up >= 0 && v->talon_size == k->cards_per_trick) {
        has_face_up = 1;
        face_up = keep_value(r, k, v, v->face_up, &c) + r->points[v->face_up] * 0.5;
    }
    int best = -1;
    double best_value = 0.0;
    for (int i = 0; i < n; i++) {
        double value = follow_value(r, k, v, cards[i], &c, has_face_up, face_up, g);
        if (best < 0 || value > best_value) best = cards[i], best_value = value;
    }
    return best;
}

/* CountingPlayer.marriage_card */
static int marriage_card(const Rules *r, const CounterParams *k, const CView *v) {
    int suit = v->marriage_suit, king = suit * 8 + KING, queen = suit * 8 + QUEEN;
    (void)k;
    if (!has(v, queen)) return king;
    Count c = count_of(v);
    if (view_phase2(v) && !(HIGHER(king) & c.opp) && safe_from_trumps(v, &c, king)) return king;
    (void)r;
    return queen;
}

/* BeginnerPlayer.lead with the counter's lead_card and wants_close */
static int lead(const Rules *r, const CounterParams *k, const CView *v, PyRng *g) {
    if (has(v, A_EXCHANGE)) return A_EXCHANGE;
    int best = -1;
    for (int i = 0; i < v->n_legal; i++) {
        int a = v->legal[i];
        if (a >= A_MARRIAGE_20 && a < A_EXCHANGE && (best < 0 || r->marriage[a >= A_MARRIAGE_40] > r->marriage[best >= A_MARRIAGE_40]))
            best = a;
    }
    if (best >= 0 && v->own_tricks && v->score + r->marriage[best >= A_MARRIAGE_40] >= r->target) return best;
    if (has(v, A_CLOSE) && close_is_sound(r, k, v)) return A_CLOSE;
    if (best >= 0) return best;
    uint8_t cards[MAX_ACTIONS];
    int n = card_actions(v, cards);
    Count c = count_of(v);
    return view_phase2(v) ? lead_phase2(r, k, v, cards, n, &c, g) : lead_phase1(r, k, v, cards, n, &c, g);
}

/* CountingPlayer.choose */
int counter_choose(const Rules *r, const CounterParams *k, const CView *v, PyRng *g) {
    if (v->n_legal == 1) return v->legal[0];
    if (has(v, A_CLAIM) && v->score >= r->target) return A_CLAIM;
    if (v->window == v->seat) return has(v, A_EXCHANGE) ? A_EXCHANGE : A_PASS;
    switch (v->stage) {
    case S_BEFORE_DRAW:
        return has(v, A_CLOSE_BEFORE_DRAW) && close_is_sound(r, k, v) ? A_CLOSE_BEFORE_DRAW : A_DRAW;
    case S_MARRIAGE:
        return marriage_card(r, k, v);
    case S_FOLLOW:
        return has(v, A_EXCHANGE) ? A_EXCHANGE : follow_card(r, k, v, g);
    default:
        return lead(r, k, v, g);
    }
}

/* -- the rollouts (rollout.py) ----------------------------------------------------------- */

/* Deal.view for `seat`, as far as the counter reads it */
void rollout_view(const Rules *r, const Rollout *w, int seat, CView *v) {
    const Pos *p = &w->pos;
    int other = 3 - seat;
    uint32_t face_up = p->face_up >= 0 ? BIT(p->face_up) : 0;
    v->seat = seat;
    v->stage = p->stage;
    v->leader = p->leader;
    v->led = p->led;
    v->marriage_suit = p->stage == S_MARRIAGE ? p->marriage_suit : -1;
    v->window = p->window == seat ? seat : 0;
    v->closer = p->closer;
    v->face_up = p->face_up;
    v->trump = p->trump;
    v->talon_size = talon_size(p);
    v->hand = p->hand[seat];
    v->opp_known = w->known[other];
    v->unseen = r->pack & ~(v->hand | w->played | face_up | v->opp_known | BIT(w->trump_card));
    v->forbidden = w->proofs[other] & v->unseen; /* forbidden_cards */
    v->score = p->score[seat];
    v->pending = p->pending[seat];
    v->opp_score = p->score[other];
    v->opp_pending = p->pending[other];
    v->own_tricks = p->tricks[seat];
    int own = popcount32(v->hand);
    v->opp_hand_size = p->led < 0 ? own : (p->leader == seat ? own + 1 : own - 1);
    v->n_legal = legal_for(r, p, seat, v->legal);
}

/* sampling._proof: what a phase-2 follower's card proves he did not hold */
static uint32_t proof(const Rules *r, int led, int played, int trump) {
    uint32_t suit = SUIT_MASK(led >> 3);
    if (BIT(played) & suit) return r->must_head_trick && !(BIT(played) & HIGHER(led)) ? HIGHER(led) : 0;
    uint32_t found = suit;
    if (r->must_trump_when_void && !(BIT(played) & SUIT_MASK(trump))) found |= SUIT_MASK(trump);
    return found;
}

/* Deal._do with what the deal keeps beside the position: the cards each seat is known to hold,
 * the cards played, and forbidden_cards' reading of the history since the rollout began */
void rollout_do(const Rules *r, const CounterParams *k, Rollout *w, int seat, int action) {
    Pos *p = &w->pos;
    int face_before = p->face_up;
    if (action < 32) {
        w->played |= BIT(action);
        w->known[seat] &= ~BIT(action);
        if (w->scan_led < 0) {
            w->scan_led = action;
        } else {
            int talon = k->talon_size - k->cards_per_trick * w->scan_tricks; /* facts.talon_after */
            if (w->scan_closed || talon <= 0) w->proofs[seat] |= proof(r, w->scan_led, action, p->trump);
            w->scan_led = -1;
            w->scan_tricks++;
        }
    } else if (action < A_EXCHANGE) {
        int suit = (action - A_MARRIAGE_20) & 3;
        w->known[seat] |= BIT(suit * 8 + KING) | BIT(suit * 8 + QUEEN);
    } else if (action == A_EXCHANGE) {
        w->known[seat] = (w->known[seat] & ~BIT(p->trump * 8 + r->exchange_rank)) | BIT(face_before);
    } else if (action == A_CLOSE || action == A_CLOSE_BEFORE_DRAW) {
        w->scan_closed = 1;
    }
    apply_action(r, p, seat, action);
    if (face_before >= 0 && p->face_up < 0) w->known[3 - p->leader] |= BIT(face_before); /* the last draw */
}

/* Rollouts.value: the counters play both seats while the talon is open (or closed), then the exact value; with
   solve_from >= 0 they stop once the talon is closed or has at most solve_from cards, and the exact value is the
   world's from there */
int rollout_value(Core *core, const CounterParams *k, Rollout *w, PyRng *rng1, PyRng *rng2, int solve_from) {
    const Rules *r = &core->rules;
    Pos *p = &w->pos;
    CView v;
    while (p->stage != S_OVER && (p->closer || !phase2(p))) {
        if (solve_from >= 0 && (p->closer || talon_size(p) <= solve_from)) break;
        int seat = p->window ? p->window : to_act(p);
        rollout_view(r, w, seat, &v);
        int action = counter_choose(r, k, &v, seat == 1 ? rng1 : rng2);
        int legal = 0;
        for (int i = 0; i < v.n_legal; i++) legal |= v.legal[i] == action;
        if (!legal) action = v.legal[0]; /* never happens in a checked position; the engine stays safe */
        rollout_do(r, k, w, seat, action);
    }
    return p->stage == S_OVER ? outcome_value(p) : solve_value(core, p);
}

/* Rollouts.action_values: values for seat 1 of each action (legal for `seat`) played on */
void rollout_action_values(Core *core, const CounterParams *k, const Rollout *world, int seat, const uint8_t *actions,
                           int n, PyRng *rng1, PyRng *rng2, int solve_from, int *values) {
    const Rules *r = &core->rules;
    for (int i = 0; i < n; i++) {
        Rollout child = *world;
        rollout_do(r, k, &child, seat, actions[i]);
        int window = child.pos.window;
        if (window && window != seat) rollout_do(r, k, &child, window, A_EXCHANGE); /* he always exchanges */
        values[i] = rollout_value(core, k, &child, rng1, rng2, solve_from);
    }
}
