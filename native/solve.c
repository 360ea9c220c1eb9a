/* Exact search of a two-player deal with every card placed (the talon order too).
 *
 * The same game tree as ai/solver.py and as a plain minimax over engine.c, with
 * one convention: a correct claim is taken at once where that is never worse than
 * playing on (patient_seat says where it may be). A seat that may exchange out of
 * turn (the window) chooses: its exchange or its pass is a node of its own, before
 * the seat to act moves (declining can be worth up to 2 game points more).
 * Values are game points for seat 1, small integers.
 *
 * Two levels, as in the Python solver. Phase 2 (talon closed or exhausted) is
 * searched one trick per node on a compact state (p2_node), with a transposition
 * table that lives as long as the caller's session: the key holds everything a
 * phase-2 value depends on (hands, scores, pending marriages, whether each seat
 * has a trick, the leader, the trump suit, who closed and what the opponent had
 * then), so one table serves every world of one set of rules. Everything else
 * (phase 1 with its draws, marriages, exchanges, both forms of closing, claims)
 * is searched action by action through engine.c (search), with a table valid
 * for one call (its positions depend on the stock order).
 */
#include <stdlib.h>
#include <string.h>

#include "sixtysix.h"

#define INF 100
/* Phase-2 nodes with at most this many cards in a hand do not use the table: searching the last
 * tricks again is cheaper than a cache miss. */
#define P2_TT_MIN_CARDS 2
enum { F_EXACT = 0, F_LOWER = 1, F_UPPER = 2 };

/* -- transposition table -------------------------------------------------------- */

int core_init(Core *c, const Rules *r, int table_bits) {
    memset(c, 0, sizeof *c);
    c->rules = *r;
    size_t buckets = (size_t)1 << table_bits;
    /* 2 entries of 32 bytes per bucket: one cache line */
    c->table = aligned_alloc(64, buckets * 2 * sizeof(TTEntry));
    if (!c->table) return -1;
    memset(c->table, 0, buckets * 2 * sizeof(TTEntry));
    c->mask = buckets - 1;
    c->next_gen = 1;
    core_new_session(c);
    return 0;
}

void core_free(Core *c) {
    free(c->table);
    c->table = NULL;
    free(c->model);
    c->model = NULL;
}

void core_new_session(Core *c) { c->session = c->next_gen++; }

static inline uint64_t mix(uint64_t k0, uint64_t k1) {
    uint64_t h = k0 * 0x9E3779B97F4A7C15ull ^ (k1 + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 29;
    return h;
}

static inline TTEntry *tt_probe(Core *c, uint64_t k0, uint64_t k1, uint64_t gen) {
    TTEntry *b = c->table + 2 * (mix(k0, k1) & c->mask);
    if (b[0].k0 == k0 && b[0].k1 == k1 && b[0].gen == gen) return &b[0];
    if (b[1].k0 == k0 && b[1].k1 == k1 && b[1].gen == gen) return &b[1];
    return NULL;
}

/* An entry's bound applied to the window: 1 when it decides the node (its value is the answer),
 * else the window is narrowed to it. */
static inline int tt_bound(const TTEntry *e, int *alpha, int *beta) {
    int v = e->value;
    if (e->flag == F_EXACT) return 1;
    if (e->flag == F_LOWER) {
        if (v >= *beta) return 1;
        if (v > *alpha) *alpha = v;
    } else {
        if (v <= *alpha) return 1;
        if (v < *beta) *beta = v;
    }
    return 0;
}

static inline void tt_store(Core *c, uint64_t k0, uint64_t k1, uint64_t gen, int value, int flag, int best,
                            int size) {
    TTEntry *b = c->table + 2 * (mix(k0, k1) & c->mask);
    TTEntry *e;
    if (b[0].k0 == k0 && b[0].k1 == k1 && b[0].gen == gen)
        e = &b[0];
    else if (b[1].k0 == k0 && b[1].k1 == k1 && b[1].gen == gen)
        e = &b[1];
    else if (b[0].gen != gen || b[0].size <= size) /* the first slot keeps the larger subtree */
        e = &b[0];
    else
        e = &b[1];
    e->k0 = k0;
    e->k1 = k1;
    e->gen = gen;
    e->value = (int8_t)value;
    e->flag = (uint8_t)flag;
    e->best = (uint8_t)best;
    e->size = (uint8_t)size;
}

/* -- phase 2, one trick per node ------------------------------------------------ */

typedef struct {
    uint32_t h[3];
    int16_t s[3], q[3]; /* counted points, pending marriage points */
    uint8_t t[3];       /* whether the seat has a trick (only that counts for the result) */
    int leader;
} P2;

typedef struct {
    Core *core;
    const Rules *r;
    uint64_t call;
    /* constants of the phase-2 subtree being searched */
    int trump, closer, close_score, close_tricks, bonus;
    int patient; /* the seat that may do better than claim its 66 at once (patient_seat) */
    uint64_t context; /* their bits in the phase-2 key */
} Search;

/* A correct claim is taken at once: its value can only fall later, as the opponent's points and
 * tricks grow. The one exception is the closer's opponent where a failed close costs the closer
 * more than being beaten (always_three, or flat_two against a closer's opponent without a trick
 * at the close): he may rather let the closer fail. Returns that seat, or 0. */
static int patient_seat(const Rules *r, const Pos *p) {
    if (!p->closer || r->auto_claim) return 0;
    if (p->close_tricks ? r->failed_close_points == FAILED_CLOSE_POINTS_ALWAYS_THREE
                         : r->beaten_closer_points == BEATEN_CLOSER_POINTS_FLAT_TWO)
        return 3 - p->closer;
    return 0;
}

static int terminal(const Search *S, int claimant, int last_winner, const int16_t *s, const uint8_t *t) {
    int term, winner, points;
    score_deal(S->r, s, t, S->closer, S->close_score, S->close_tricks, claimant, last_winner, &term, &winner,
               &points);
    return winner == 0 ? 0 : winner == 1 ? points : -points;
}

/* The leads of a phase-2 node, best first: high cards first (they decide most tricks). */
static int lead_order(const Rules *r, uint32_t hand, uint8_t *out) {
    int n = 0;
    for (int pts = 11; pts >= 0; pts--) {
        uint32_t m = hand;
        while (m) {
            int c = __builtin_ctz(m);
            m &= m - 1;
            if (r->points[c] == pts) out[n++] = (uint8_t)c;
        }
    }
    return n;
}

static int p2_node(Search *S, const P2 *st, int alpha, int beta);

/* The follower's cards to try first: those that win the trick (the most points first, trumps
 * last), then the cheapest of the others. */
static int follow_order(const Rules *r, int trump, int lead, uint32_t allowed, uint8_t *out) {
    int prio[16], n = 0;
    while (allowed) {
        int c = __builtin_ctz(allowed);
        allowed &= allowed - 1;
        int is_trump = (c >> 3) == trump;
        int wins = ((c >> 3) == (lead >> 3) && c < lead) || (is_trump && (lead >> 3) != trump);
        int pr = wins ? 100 + r->points[c] - 20 * is_trump : 50 - r->points[c] - 20 * is_trump;
        int j = n++;
        while (j > 0 && prio[j - 1] < pr) { /* insertion: equal priorities keep card order */
            prio[j] = prio[j - 1];
            out[j] = out[j - 1];
            j--;
        }
        prio[j] = pr;
        out[j] = (uint8_t)c;
    }
    return n;
}

/* The value of leading `lead` from `st` (marriage points already in `st`): the follower's best answer. */
static inline uint64_t p2_key1(const Search *S, const P2 *st);

static inline TTEntry *tt_bucket(const Core *c, uint64_t k0, uint64_t k1) {
    return c->table + 2 * (mix(k0, k1) & c->mask);
}

static int p2_trick(Search *S, const P2 *st, int lead, int alpha, int beta) {
    const Rules *r = S->r;
    int L = st->leader, F = 3 - L;
    int maximise = L == 1; /* the leader maximises: the follower minimises */
    uint32_t fh = st->h[F];
    uint32_t same = fh & SUIT_MASK(lead >> 3), allowed;
    if (same) {
        uint32_t higher = r->must_head_trick ? same & HIGHER(lead) : 0;
        allowed = higher ? higher : same;
    } else if (r->must_trump_when_void && (fh & SUIT_MASK(S->trump))) {
        allowed = fh & SUIT_MASK(S->trump);
    } else {
        allowed = fh;
    }
    int value = maximise ? INF : -INF;
    int lead_suit = lead >> 3, gain0 = r->points[lead];
    uint8_t cards[16];
    int n = follow_order(r, S->trump, lead, allowed, cards);
    P2 children[16];
    int big = popcount32(fh) - 1 > P2_TT_MIN_CARDS; /* the children look the table up */
    for (int i = 0; i < n; i++) { /* every answer's position first, and its table line on its way */
        int card = cards[i];
        int winner = (((card >> 3) == lead_suit && card < lead) || ((card >> 3) == S->trump && lead_suit != S->trump))
                         ? F
                         : L;
        P2 *ch = &children[i];
        *ch = *st;
        ch->h[L] ^= BIT(lead);
        ch->h[F] ^= BIT(card);
        ch->s[winner] += (int16_t)(gain0 + r->points[card] + ch->q[winner]);
        ch->q[winner] = 0;
        ch->t[winner] = 1;
        ch->leader = winner;
        if (big) __builtin_prefetch(tt_bucket(S->core, (uint64_t)ch->h[1] | (uint64_t)ch->h[2] << 32, p2_key1(S, ch)));
    }
    for (int i = 0; i < n; i++) {
        P2 *ch = &children[i];
        int child;
        if (!ch->h[F]) { /* the last trick */
            ch->s[ch->leader] += (int16_t)S->bonus;
            child = terminal(S, 0, ch->leader, ch->s, ch->t);
        } else if (maximise) {
            child = p2_node(S, ch, alpha, beta < value ? beta : value);
        } else {
            child = p2_node(S, ch, alpha > value ? alpha : value, beta);
        }
        if (maximise) {
            if (child < value) {
                value = child;
                if (value <= alpha) break;
            }
        } else if (child > value) {
            value = child;
            if (value >= beta) break;
        }
    }
    return value;
}

static inline uint64_t p2_key1(const Search *S, const P2 *st) {
    return (uint64_t)st->s[1] | (uint64_t)st->s[2] << 10 | (uint64_t)st->q[1] << 20 | (uint64_t)st->q[2] << 28 |
           (uint64_t)st->t[1] << 36 | (uint64_t)st->t[2] << 37 | (uint64_t)(st->leader - 1) << 38 | S->context;
}

static inline int mask_points(const Rules *r, uint32_t m) {
    return r->byte_points[0][m & 255] + r->byte_points[1][(m >> 8) & 255] + r->byte_points[2][(m >> 16) & 255] +
           r->byte_points[3][m >> 24];
}

/* The most marriage points a hand may still declare in phase 2. */
static int marriage_potential(const Search *S, uint32_t hand) {
    if (!S->r->marriage_in_phase2) return 0;
    int total = 0;
    for (int suit = 0; suit < 4; suit++) {
        uint32_t pair = BIT(suit * 8 + KING) | BIT(suit * 8 + QUEEN);
        if ((hand & pair) == pair) total += S->r->marriage[suit == S->trump];
    }
    return total;
}

/* The card points of the trumps of `hand` that beat every trump of `other`: each wins its trick,
 * whoever leads, so `other` never takes them. */
static int sure_trump_points(const Search *S, uint32_t hand, uint32_t other) {
    uint32_t suit = SUIT_MASK(S->trump), theirs = other & suit;
    uint32_t above = theirs ? (BIT(__builtin_ctz(theirs)) - 1u) & suit : suit;
    return mask_points(S->r, hand & above);
}

/* facts.game_points for a loser with `points` now, at most `most` at the end, and `trick` (whether
 * he has one): the set of values it may still give, as bits 1-3. */
static int scale_set(const Rules *r, int points, int most, int trick) {
    int simple = 1 << r->scale[WIN_SIMPLE], schneider = 1 << r->scale[WIN_SCHNEIDER];
    int set = most < r->schneider ? schneider : points >= r->schneider ? simple : (simple | schneider);
    return trick ? set : set | 1 << r->scale[WIN_SCHWARZ];
}

/* Bounds on a phase-2 value without search, when one side can no longer reach 66 and so must
 * lose: the winner's game points are then one of a few values (the loser's false claim, the
 * winner's claim, the result played out), all listed here as bits. Returns 0 when the side
 * to win is not known yet, else the seat that wins and the bits of its possible game points. */
static int p2_sure_winner(const Search *S, const P2 *st, int *values) {
    const Rules *r = S->r;
    int in_play = mask_points(r, st->h[1] | st->h[2]);
    if (S->closer) {
        int C = S->closer, O = 3 - C;
        int most = st->s[C] + st->q[C] + in_play + marriage_potential(S, st->h[C]) -
                   sure_trump_points(S, st->h[O], st->h[C]);
        if (most >= r->target) return 0;
        int simple = 1 << r->scale[WIN_SIMPLE], two = 1 << r->scale[WIN_SCHNEIDER], three = 1 << r->scale[WIN_SCHWARZ];
        int fails; /* closer_fails with the closer's score at the end */
        if (r->failed_close_points == FAILED_CLOSE_POINTS_ALWAYS_THREE || S->close_tricks == 0)
            fails = three;
        else if (r->failed_close_points == FAILED_CLOSE_POINTS_HOYLE1895)
            fails = st->s[C] >= r->schneider ? simple : most < r->schneider ? two : (simple | two);
        else
            fails = two;
        int set = fails;
        if (st->s[O] + st->q[O] + in_play + marriage_potential(S, st->h[O]) >= r->target) /* he may claim */
            set |= r->beaten_closer_points == BEATEN_CLOSER_POINTS_FLAT_TWO || S->close_tricks ? two : three;
        if (!r->auto_claim) { /* the closer's wrong claim */
            if (r->closer_false_claim == CLOSER_FALSE_CLAIM_FAILED_CLOSE)
                set |= fails;
            else
                set |= r->false_claim_points == FALSE_CLAIM_POINTS_TWO_OR_THREE && !st->t[O] ? (two | three) : two;
        }
        *values = set;
        return O;
    }
    if (r->last_trick_rule != LAST_TRICK_RULE_TEN_POINTS) return 0; /* the last trick wins: anyone may */
    for (int X = 1; X <= 2; X++) {
        int O = 3 - X;
        int most = st->s[X] + st->q[X] + in_play + S->bonus + marriage_potential(S, st->h[X]) -
                   sure_trump_points(S, st->h[O], st->h[X]);
        if (most >= r->target || most >= st->s[O]) continue;
        /* X cannot claim and ends below O's points now: O wins, by a claim or played out */
        int set = scale_set(r, st->s[X], most, st->t[X]);
        int two = 1 << r->scale[WIN_SCHNEIDER], three = 1 << r->scale[WIN_SCHWARZ];
        if (!r->auto_claim) set |= r->false_claim_points == FALSE_CLAIM_POINTS_TWO_OR_THREE && !st->t[O] ? (two | three) : two;
        *values = set;
        return O;
    }
    return 0;
}

/* Value for seat 1 at the start of a phase-2 trick: ai/solver.py Solver._node, every action of the engine. */
static int p2_node(Search *S, const P2 *st, int alpha, int beta) {
    const Rules *r = S->r;
    int L = st->leader;
    if (st->s[L] >= r->target && L != S->patient) return terminal(S, L, 0, st->s, st->t); /* a correct claim at once */
    Core *c = S->core;
    c->nodes++;
    int sure = 0;
    int winner = p2_sure_winner(S, st, &sure);
    if (winner) {
        int lo = __builtin_ctz(sure), hi = 31 - __builtin_clz(sure), scale = r->closed_deal_double && S->closer ? 2 : 1;
        lo *= scale;
        hi *= scale;
        if (winner == 2) {
            int t = lo;
            lo = -hi;
            hi = -t;
        }
        if (lo >= beta || lo == hi) return lo;
        if (hi <= alpha) return hi;
        if (lo > alpha) alpha = lo - 1; /* the value is at least lo: no need to prove more than lo - 1 */
        if (hi < beta) beta = hi + 1;
    }
    uint64_t k0 = (uint64_t)st->h[1] | (uint64_t)st->h[2] << 32, k1 = p2_key1(S, st);
    int cards = popcount32(st->h[1]);
    /* the last tricks are cheaper to search again than to look up (a cache miss) */
    TTEntry *e = cards > P2_TT_MIN_CARDS ? tt_probe(c, k0, k1, c->session) : NULL;
    int first = 255;
    if (e) {
        if (tt_bound(e, &alpha, &beta)) return e->value;
        first = e->best;
    }
    int alpha0 = alpha, beta0 = beta;
    int maximise = L == 1;
    int best = maximise ? -INF : INF, best_move = 255;
    /* Options, coded: a card (0-31) led plainly; 32 + 4 * suit + k: declare the marriage of `suit`
     * and then lead its king (k = 0) or queen (k = 1) or claim (k = 2); 200: claim now. */
    uint8_t options[MAX_ACTIONS + 12];
    int n = 0;
    if (first != 255) options[n++] = (uint8_t)first;
    int may_marry = r->marriage_in_phase2 && (st->t[1] || st->t[2] || r->first_lead_marriage);
    if (may_marry) {
        for (int suit = 3; suit >= 0; suit--) {
            uint32_t pair = BIT(suit * 8 + KING) | BIT(suit * 8 + QUEEN);
            if ((st->h[L] & pair) != pair) continue;
            options[n++] = (uint8_t)(32 + 4 * suit + 2);
            options[n++] = (uint8_t)(32 + 4 * suit);
            if (r->marriage_lead_card == MARRIAGE_LEAD_CARD_EITHER) options[n++] = (uint8_t)(32 + 4 * suit + 1);
        }
    }
    n += lead_order(r, st->h[L], options + n);
    if (!r->auto_claim) options[n++] = 200;
    for (int i = 0; i < n; i++) {
        int o = options[i];
        if (i > 0 && o == first) continue;
        int value;
        if (o == 200) {
            value = terminal(S, L, 0, st->s, st->t); /* a false claim: it pays now and then */
        } else if (o >= 32) {
            int suit = (o - 32) >> 2, k = (o - 32) & 3;
            P2 m = *st;
            int points = r->marriage[suit == S->trump];
            if (m.t[L] && r->marriage_credit == MARRIAGE_CREDIT_SEED)
                m.s[L] += (int16_t)points;
            else
                m.q[L] += (int16_t)points;
            if (r->auto_claim && r->marriage_claim_without_lead && m.s[L] >= r->target) {
                if (k != 2) continue; /* the engine claims at once: one option */
                value = terminal(S, L, 0, m.s, m.t);
            } else if (k == 2) {
                if (!r->marriage_claim_without_lead || r->auto_claim) continue;
                value = terminal(S, L, 0, m.s, m.t);
            } else {
                if (r->marriage_claim_without_lead && !r->auto_claim && m.s[L] >= r->target && L != S->patient)
                    continue; /* the claim (option k = 2) is at least as good */
                int lo = maximise ? (alpha > best ? alpha : best) : alpha;
                int hi = maximise ? beta : (beta < best ? beta : best);
                value = p2_trick(S, &m, suit * 8 + (k ? QUEEN : KING), lo, hi);
            }
        } else {
            int lo = maximise ? (alpha > best ? alpha : best) : alpha;
            int hi = maximise ? beta : (beta < best ? beta : best);
            value = p2_trick(S, st, o, lo, hi);
        }
        if (maximise) {
            if (value > best) {
                best = value;
                best_move = o;
                if (best >= beta) break;
            }
        } else if (value < best) {
            best = value;
            best_move = o;
            if (best <= alpha) break;
        }
    }
    int flag = best <= alpha0 ? F_UPPER : best >= beta0 ? F_LOWER : F_EXACT;
    if (cards > P2_TT_MIN_CARDS) tt_store(c, k0, k1, c->session, best, flag, best_move, cards);
    return best;
}

static int p2_entry(Search *S, const Pos *p, int alpha, int beta) {
    S->trump = p->trump;
    S->closer = p->closer;
    S->close_score = p->close_score;
    S->close_tricks = p->close_tricks;
    S->bonus = !p->closer && S->r->last_trick_rule == LAST_TRICK_RULE_TEN_POINTS ? S->r->last_trick_bonus : 0;
    S->patient = patient_seat(S->r, p);
    S->context = (uint64_t)p->trump << 39 | (uint64_t)p->closer << 41;
    if (p->closer)
        S->context |= (uint64_t)(p->close_score < S->r->schneider) << 43 | (uint64_t)(p->close_tricks > 0) << 44;
    S->context |= (uint64_t)1 << 63;
    P2 st;
    for (int i = 0; i < 3; i++) {
        st.h[i] = p->hand[i];
        st.s[i] = p->score[i];
        st.q[i] = p->pending[i];
        st.t[i] = p->tricks[i] > 0;
    }
    st.leader = p->leader;
    return p2_node(S, &st, alpha, beta);
}

/* -- everything else, one engine action per node ----------------------------------- */

/* Deal._do, then the out-of-turn exchange of the window seat, always taken: the players' searches
 * (ismcts.c) use it; the exact search here lets the window seat choose (search). */
void apply_with_window(const Rules *r, Pos *p, int seat, int action) {
    apply_action(r, p, seat, action);
    if (p->window && p->window != seat) apply_action(r, p, p->window, A_EXCHANGE);
}

static inline uint64_t engine_key1(const Rules *r, const Pos *p) {
    int aux = p->stage == S_FOLLOW ? p->led + 1 : p->stage == S_MARRIAGE ? p->marriage_suit + 1 : 0;
    uint64_t k = (uint64_t)p->score[1] | (uint64_t)p->score[2] << 10 | (uint64_t)p->pending[1] << 20 |
                 (uint64_t)p->pending[2] << 28 | (uint64_t)(p->tricks[1] > 0) << 36 |
                 (uint64_t)(p->tricks[2] > 0) << 37 | (uint64_t)(p->leader - 1) << 38 | (uint64_t)p->stage << 39 |
                 (uint64_t)aux << 41 | (uint64_t)p->closer << 47 | (uint64_t)p->window << 51 |
                 (uint64_t)p->stock_pos << 53 | (uint64_t)(p->face_up + 1) << 57;
    if (p->closer) k |= (uint64_t)(p->close_score < r->schneider) << 49 | (uint64_t)(p->close_tricks > 0) << 50;
    return k;
}

/* Engine-level move ordering (measured on whole deals): the stored best first, closing (which
 * often decides at once), what usually pays (marriages, the exchange, the draw), cards by a quick
 * judgement, and a claim (a wrong one) last. */
static int action_priority(const Rules *r, const Pos *p, int a) {
    if (a >= A_MARRIAGE_40 && a < A_EXCHANGE) return 900;
    if (a >= A_MARRIAGE_20 && a < A_MARRIAGE_40) return 850;
    if (a == A_EXCHANGE) return 800;
    if (a == A_DRAW) return 700;
    if (a == A_PASS) return 650; /* declining the exchange out of turn: after taking it */
    if (a == A_CLOSE || a == A_CLOSE_BEFORE_DRAW) return 950; /* first: it often decides at once */
    if (a == A_CLAIM) return 100;
    int pts = r->points[a], trump = (a >> 3) == p->trump;
    if (p->stage != S_FOLLOW) return 500 - pts - 20 * trump; /* a lead: low cards, no trumps */
    int led = p->led;
    int wins = ((a >> 3) == (led >> 3) && a < led) || (trump && (led >> 3) != p->trump);
    if (wins && !trump) return 600 + pts; /* take it with the suit's high card */
    if (wins) return 580 - pts;           /* else trump it, cheaply */
    return 500 - pts;                     /* else throw the cheapest */
}

static void order_actions(const Rules *r, const Pos *p, uint8_t *acts, int n, int first) {
    int prio[MAX_ACTIONS];
    for (int i = 0; i < n; i++) prio[i] = acts[i] == first ? 10000 : action_priority(r, p, acts[i]);
    for (int i = 1; i < n; i++) { /* insertion sort, stable */
        int pr = prio[i];
        uint8_t a = acts[i];
        int j = i - 1;
        while (j >= 0 && prio[j] < pr) {
            prio[j + 1] = prio[j];
            acts[j + 1] = acts[j];
            j--;
        }
        prio[j + 1] = pr;
        acts[j + 1] = a;
    }
}

static int search(Search *S, const Pos *p, int alpha, int beta) {
    if (p->stage == S_OVER) return outcome_value(p);
    if (!p->window && phase2(p) && p->stage == S_LEAD) return p2_entry(S, p, alpha, beta);
    Core *c = S->core;
    const Rules *r = S->r;
    c->nodes++; c->engine_nodes++;
    uint64_t k0 = (uint64_t)p->hand[1] | (uint64_t)p->hand[2] << 32, k1 = engine_key1(r, p);
    TTEntry *e = tt_probe(c, k0, k1, S->call);
    int first = 255;
    if (e) {
        if (tt_bound(e, &alpha, &beta)) return e->value;
        first = e->best;
    }
    int alpha0 = alpha, beta0 = beta;
    /* The seat not on lead that may exchange out of turn decides first: exchange or pass. */
    int seat = p->window ? p->window : to_act(p);
    uint8_t acts[MAX_ACTIONS];
    int n = p->window ? legal_for(r, p, seat, acts) : legal_ids(r, p, seat, acts);
    if (!p->window && p->score[seat] >= r->target && seat != patient_seat(r, p)) {
        for (int i = 0; i < n; i++)
            if (acts[i] == A_CLAIM) {
                acts[0] = A_CLAIM;
                n = 1;
                break;
            }
    }
    order_actions(r, p, acts, n, first);
    int maximise = seat == 1;
    int best = maximise ? -INF : INF, best_move = 255;
    for (int i = 0; i < n; i++) {
        Pos ch = *p;
        apply_action(r, &ch, seat, acts[i]);
        int v = search(S, &ch, alpha, beta);
        if (maximise) {
            if (v > best) {
                best = v;
                best_move = acts[i];
                if (best > alpha) alpha = best;
            }
        } else if (v < best) {
            best = v;
            best_move = acts[i];
            if (best < beta) beta = best;
        }
        if (alpha >= beta) break;
    }
    int flag = best <= alpha0 ? F_UPPER : best >= beta0 ? F_LOWER : F_EXACT;
    int size = popcount32(p->hand[1] | p->hand[2]) + talon_size(p);
    tt_store(c, k0, k1, S->call, best, flag, best_move, size);
    return best;
}

static void search_init(Search *S, Core *c) {
    memset(S, 0, sizeof *S);
    S->core = c;
    S->r = &c->rules;
    S->call = c->next_gen++; /* engine-level positions depend on this call's stock order */
}

int solve_window(Core *c, const Pos *p, int alpha, int beta) {
    Search S;
    search_init(&S, c);
    return search(&S, p, alpha, beta);
}

/* The largest value a deal can have under these rules (the top of the game-point scale, doubled for
 * a closed deal). */
static int max_value(const Rules *r) {
    int most = r->scale[WIN_SIMPLE];
    for (int i = WIN_SCHNEIDER; i <= WIN_SCHWARZ; i++)
        if (r->scale[i] > most) most = r->scale[i];
    return r->closed_deal_double ? 2 * most : most;
}

/* MTD(f): the exact value by null-window searches, which cut far more than one wide window;
 * the table carries what each search learnt to the next. */
static int mtdf(Search *S, const Pos *p, int guess) {
    int top = max_value(S->r), lower = -top, upper = top, g = guess;
    while (lower < upper) {
        int beta = g == lower ? g + 1 : g;
        g = search(S, p, beta - 1, beta);
        if (g < beta)
            upper = g;
        else
            lower = g;
    }
    return lower;
}

int solve_value(Core *c, const Pos *p) {
    Search S;
    search_init(&S, c);
    return mtdf(&S, p, 0);
}

void solve_actions(Core *c, const Pos *p, int seat, const uint8_t *actions, int n, int *values) {
    Search S;
    search_init(&S, c); /* one engine-level table for all the actions: they share the stock order */
    int guess = 0;
    for (int i = 0; i < n; i++) {
        Pos ch = *p;
        apply_action(&c->rules, &ch, seat, actions[i]);
        values[i] = guess = mtdf(&S, &ch, guess); /* the actions of one position tend to be worth alike */
    }
}
