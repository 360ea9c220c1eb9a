/* Playouts, dealing and perft on the native engine. */
#include <string.h>

#include "sixtysix.h"

/* -- random numbers: xoshiro256** seeded by splitmix64 ------------------------ */

static uint64_t splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void rng_seed(Rng *g, uint64_t seed) {
    for (int i = 0; i < 4; i++) g->s[i] = splitmix(&seed);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t rng_next(Rng *g) {
    uint64_t *s = g->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* uniform in [0, n) (n small: the bias of the multiply-shift is below 2^-58) */
unsigned rng_below(Rng *g, unsigned n) { return (unsigned)(((unsigned __int128)rng_next(g) * n) >> 64); }

/* -- dealing (Deal.__init__, shuffled_deck) ------------------------------------ */

void shuffle_pack(const Rules *r, Rng *g, uint8_t *deck) {
    int n = 0;
    for (int c = 0; c < 32; c++)
        if (r->pack & BIT(c)) deck[n++] = (uint8_t)c;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(g, (unsigned)i + 1);
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
}

void deal_from_deck(const Rules *r, Pos *p, const uint8_t *deck, int dealer) {
    int h = r->hand_size, forehand = 3 - dealer;
    memset(p, 0, sizeof *p);
    for (int i = 0; i < h; i++) p->hand[forehand] |= BIT(deck[i]);
    for (int i = h; i < 2 * h; i++) p->hand[dealer] |= BIT(deck[i]);
    int trump_card = deck[2 * h];
    p->trump = (int8_t)(trump_card >> 3);
    p->face_up = (int8_t)trump_card;
    p->stock_len = (int8_t)(r->deck - 2 * h - 1);
    memcpy(p->stock, deck + 2 * h + 1, (size_t)p->stock_len);
    p->stage = S_LEAD;
    p->leader = (int8_t)forehand;
    p->led = -1;
    p->marriage_suit = -1;
}

/* -- policies -------------------------------------------------------------------- */

/* A quick sound-looking player for playouts: claims when right, declares, exchanges, draws,
 * wins a trick worth taking with its cheapest winner and otherwise throws its cheapest card. */
static int greedy_action(const Rules *r, const Pos *p, int seat, const uint8_t *acts, int n) {
    int best = -1, best_score = -1000;
    for (int i = 0; i < n; i++) {
        int a = acts[i], score;
        if (a == A_CLAIM) {
            score = p->score[seat] >= r->target ? 1000 : -1000;
        } else if (a >= A_MARRIAGE_20 && a < A_EXCHANGE) {
            score = 500 + r->marriage[a >= A_MARRIAGE_40];
        } else if (a == A_EXCHANGE) {
            score = 400;
        } else if (a == A_DRAW) {
            score = 300;
        } else if (a == A_CLOSE || a == A_CLOSE_BEFORE_DRAW || a == A_PASS) {
            score = -500;
        } else if (p->stage == S_FOLLOW) {
            int led = p->led;
            int wins = ((a >> 3) == (led >> 3) && a < led) || ((a >> 3) == p->trump && (led >> 3) != p->trump);
            int worth = r->points[led] + r->points[a];
            int trump_cost = (a >> 3) == p->trump ? 5 : 0;
            score = wins && worth >= 10 ? 200 - r->points[a] - trump_cost : 100 - r->points[a] - trump_cost - 20 * wins;
        } else { /* a lead: a low non-trump card */
            score = 100 - r->points[a] - ((a >> 3) == p->trump ? 10 : 0);
        }
        if (score > best_score) {
            best_score = score;
            best = a;
        }
    }
    return best;
}

int policy_action(const Rules *r, const Pos *p, int seat, int policy, Rng *g) {
    uint8_t acts[MAX_ACTIONS];
    int n = legal_ids(r, p, seat, acts);
    if (policy == POLICY_GREEDY) return greedy_action(r, p, seat, acts, n);
    if (policy == POLICY_TRUE_CLAIMS && p->score[seat] < r->target) { /* never a false claim */
        for (int i = 0; i < n; i++)
            if (acts[i] == A_CLAIM) {
                memmove(acts + i, acts + i + 1, (size_t)(n - i - 1));
                n--;
                break;
            }
    }
    return acts[rng_below(g, (unsigned)n)];
}

int playout(const Rules *r, Pos *p, int policy, Rng *g, uint8_t *log, int cap) {
    int count = 0;
    while (p->stage != S_OVER) {
        int seat = to_act(p);
        int a = policy_action(r, p, seat, policy, g);
        if (log && 2 * count + 1 < cap) {
            log[2 * count] = (uint8_t)seat;
            log[2 * count + 1] = (uint8_t)a;
        }
        apply_action(r, p, seat, a);
        count++;
    }
    return count;
}

/* bench/engine.py perft: distinct action sequences of `depth` plies of the seat to act */
uint64_t perft(const Rules *r, const Pos *p, int depth) {
    if (depth == 0 || p->stage == S_OVER) return 1;
    uint8_t acts[MAX_ACTIONS];
    int seat = to_act(p);
    int n = legal_ids(r, p, seat, acts);
    if (depth == 1) return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        Pos ch = *p;
        apply_action(r, &ch, seat, acts[i]);
        total += perft(r, &ch, depth - 1);
    }
    return total;
}

/* -- worlds consistent with a view ------------------------------------------------ */

/* Redeal the cards of `p` that `seat` cannot see: the opponent keeps the cards he is known to
 * hold (`known`) and as many others as he holds now, drawn uniformly from the unseen cards he
 * is not proven to lack (`forbidden`; all unseen cards if too few are left), and the
 * face-down stock gets the rest in a uniform order (ai/sampling.py sample_world). */
void sample_world(Pos *p, int seat, uint32_t known, uint32_t forbidden, Rng *g) {
    int opponent = 3 - seat;
    uint32_t stock = 0;
    for (int i = p->stock_pos; i < p->stock_len; i++) stock |= BIT(p->stock[i]);
    uint32_t pool = (p->hand[opponent] & ~known) | stock;
    int need = popcount32(p->hand[opponent] & ~known);
    uint32_t allowed = pool & ~forbidden;
    if (popcount32(allowed) < need) allowed = pool;
    uint8_t cards[32];
    int n = 0;
    while (allowed) {
        cards[n++] = (uint8_t)__builtin_ctz(allowed);
        allowed &= allowed - 1;
    }
    uint32_t chosen = 0;
    for (int i = 0; i < need; i++) { /* a partial Fisher-Yates shuffle */
        int j = i + (int)rng_below(g, (unsigned)(n - i));
        uint8_t t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
        chosen |= BIT(cards[i]);
    }
    p->hand[opponent] = known | chosen;
    uint32_t rest = pool & ~chosen;
    int m = 0;
    while (rest) {
        p->stock[m++] = (uint8_t)__builtin_ctz(rest);
        rest &= rest - 1;
    }
    for (int i = m - 1; i > 0; i--) {
        int j = (int)rng_below(g, (unsigned)i + 1);
        uint8_t t = p->stock[i];
        p->stock[i] = p->stock[j];
        p->stock[j] = t;
    }
    p->stock_len = (int8_t)m;
    p->stock_pos = 0;
}
