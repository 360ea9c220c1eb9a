/* The native search core of sixtysix: two-player 66 on machine integers.
 *
 * The pure-Python engine (src/sixtysix/core/game.py) is the reference: every
 * function here mirrors one of its methods (named in the comments), and the
 * differential tests (tests/native/) hold the two together. Nothing here knows
 * Python: module.c validates what comes from Python and converts it.
 *
 * Seats are 1 and 2 as in the engine; per-seat arrays have length 3 and index 0
 * is unused, so that `hand[seat]` reads as in game.py.
 */
#ifndef SIXTYSIX_NATIVE_H
#define SIXTYSIX_NATIVE_H

#include <stdint.h>
#include <stddef.h>

#include "choices.h" /* the option values' names, generated from Rules' choices */

/* -- cards (core/cards.py) ------------------------------------------------ */
enum { ACE, TEN, KING, QUEEN, JACK, NINE, EIGHT, SEVEN };
#define BIT(c) ((uint32_t)1 << (c))
#define SUIT_MASK(s) ((uint32_t)0xFFu << (8 * (s)))
/* the cards of the same suit that beat `c` */
#define HIGHER(c) (SUIT_MASK((c) >> 3) & (BIT(c) - 1u))

/* the number of cards in a mask (bit tricks: the builtin calls a library routine unless the
 * compiler may assume the popcnt instruction) */
static inline int popcount32(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

/* -- actions (core/actions.py) --------------------------------------------- */
enum {
    A_MARRIAGE_20 = 32,
    A_MARRIAGE_40 = 36,
    A_EXCHANGE = 40,
    A_CLOSE = 41,
    A_CLOSE_BEFORE_DRAW = 42,
    A_CLAIM = 43,
    A_DRAW = 44,
    A_PASS = 45,
    NUM_ACTIONS = 46
};
#define MAX_ACTIONS 48 /* 32 cards + 4 marriages + X, C, the claim would still fit */

/* -- stages (core/game.py Stage) ------------------------------------------- */
enum { S_LEAD = 0, S_MARRIAGE = 1, S_FOLLOW = 2, S_BEFORE_DRAW = 3, S_OVER = 4 };

/* -- terminations (core/game.py Termination) -------------------------------- */
enum { T_NONE = 0, T_CLAIM, T_FALSE_CLAIM, T_PLAYED_OUT, T_CLOSER_FAILED, T_TIE };

/* -- the rules (core/rules.py): each choice is its index in rules.CHOICES, named in choices.h -- */
typedef struct {
    int deck, hand_size, nine_points, exchange_rank; /* exchange_rank: NINE or JACK */
    int nine_exchange_rule;  /* seed, leader_with_trick, trick_anytime, leader_any */
    int first_lead_exchange, exchange_on_close, exchange_min_talon;
    int first_lead_marriage, marriage_in_phase2;
    int marriage_credit;     /* seed, next_trick_won */
    int marriage_claim_without_lead;
    int marriage_lead_card;  /* either, king */
    int close_allowed, first_lead_close, close_before_draw, close_min_talon;
    int closer_win_basis;    /* at_close, at_end */
    int failed_close_points; /* two_or_three, hoyle1895, always_three */
    int beaten_closer_points;/* two_or_three, flat_two */
    int closer_false_claim;  /* failed_close, false_claim */
    int false_claim_points;  /* flat_two, two_or_three */
    int auto_claim, strict_claims, must_head_trick, must_trump_when_void;
    int last_trick_rule;     /* ten_points, wins_deal_one_point */
    int closed_deal_double;
    /* the rule facts, from core/facts.py (module.c's parse_facts) */
    int8_t points[32];
    int marriage[2]; /* a marriage's points: [0] in another suit, [1] in trumps */
    int last_trick_bonus, schneider;
    int target;   /* facts.DEAL_TARGET: the card points that win a deal */
    int scale[4]; /* facts.game_point_scale, indexed by WIN_SIMPLE, WIN_SCHNEIDER, WIN_SCHWARZ */
    /* derived */
    uint32_t pack;
    uint8_t byte_points[4][256]; /* byte_points[suit][byte]: the points of one suit's cards of a mask */
} Rules;

/* the steps of the game-point scale (facts.SIMPLE_WIN, SCHNEIDER_WIN, SCHWARZ_WIN): indices of Rules.scale */
enum { WIN_SIMPLE = 1, WIN_SCHNEIDER = 2, WIN_SCHWARZ = 3 };

#define MAX_STOCK 16

/* One deal in play (core/game.py Deal, without the history, `known` and `won`). */
typedef struct {
    uint32_t hand[3];
    int16_t score[3], pending[3];
    uint8_t tricks[3];
    uint8_t stock[MAX_STOCK];
    int8_t stock_len, stock_pos;
    int8_t face_up; /* -1 once drawn */
    int8_t trump;
    int8_t stage, leader, led, marriage_suit;
    int8_t closer, close_tricks;
    int16_t close_score;
    int8_t window;
    uint8_t trick_count;
    /* the outcome, once stage == S_OVER */
    int8_t winner, game_points, termination, claimant;
} Pos;

/* engine.c */
void rules_derive(Rules *r);
int talon_size(const Pos *p);
int phase2(const Pos *p);
int to_act(const Pos *p); /* 0 when over */
uint32_t follow_mask(const Rules *r, const Pos *p, uint32_t hand);
uint32_t follow_cards(const Rules *r, uint32_t hand, int led, int trump); /* facts.follow_mask (phase 2) */
int legal_ids(const Rules *r, const Pos *p, int actor, uint8_t *out);
int legal_for(const Rules *r, const Pos *p, int seat, uint8_t *out);
void apply_action(const Rules *r, Pos *p, int seat, int action);
/* the result of a deal ending now (claim by `claimant`, or played out with `last_winner`) */
void score_deal(const Rules *r, const int16_t *score, const uint8_t *tricks, int closer, int close_score,
                int close_tricks, int claimant, int last_winner, int *termination, int *winner, int *points);
/* game points for seat 1 of a finished deal */
static inline int outcome_value(const Pos *p) {
    return p->winner == 0 ? 0 : (p->winner == 1 ? p->game_points : -p->game_points);
}

/* -- search (solve.c) -------------------------------------------------------- */
typedef struct {
    uint64_t k0, k1;
    uint64_t gen;
    int8_t value;
    uint8_t flag, best, size;
} TTEntry;

typedef struct {
    Rules rules;
    TTEntry *table; /* 2 entries per bucket: depth-preferred, always-replace */
    uint64_t mask;  /* buckets - 1 */
    uint64_t session; /* generation of the phase-2 entries valid now */
    uint64_t call;    /* generation of the engine-level entries valid now (one search call) */
    uint64_t next_gen;
    uint64_t nodes;
    uint64_t engine_nodes; /* of which engine-level (phase 1 and the rest of a trick) */
    float *model;     /* the learned value's weights (value.c), NULL until Core.set_model */
    int model_hidden; /* its hidden units */
} Core;

int core_init(Core *c, const Rules *r, int table_bits); /* 0 on success, -1 out of memory */
void core_free(Core *c);
void core_new_session(Core *c);
int solve_value(Core *c, const Pos *p);
int solve_window(Core *c, const Pos *p, int alpha, int beta); /* fail-soft value for seat 1 */
/* values for seat 1 of taking each of `actions` (legal for `seat`) in `p` */
void solve_actions(Core *c, const Pos *p, int seat, const uint8_t *actions, int n, int *values);
void apply_with_window(const Rules *r, Pos *p, int seat, int action);

/* -- playouts (playout.c) ---------------------------------------------------- */
typedef struct {
    uint64_t s[4];
} Rng;
void rng_seed(Rng *g, uint64_t seed);
uint64_t rng_next(Rng *g);
unsigned rng_below(Rng *g, unsigned n);
enum { POLICY_RANDOM = 0, POLICY_TRUE_CLAIMS = 1, POLICY_GREEDY = 2 };
int policy_action(const Rules *r, const Pos *p, int seat, int policy, Rng *g);
/* play `p` to the end; record up to `cap` (seat, action) pairs in `log` if not NULL; return the actions taken */
int playout(const Rules *r, Pos *p, int policy, Rng *g, uint8_t *log, int cap);
void deal_from_deck(const Rules *r, Pos *p, const uint8_t *deck, int dealer);
void shuffle_pack(const Rules *r, Rng *g, uint8_t *deck);
uint64_t perft(const Rules *r, const Pos *p, int depth);
void sample_world(Pos *p, int seat, uint32_t known, uint32_t forbidden, Rng *g);

/* -- the learned value (value.c) ---------------------------------------------- */
#define VALUE_INPUTS 155
/* the model's inputs for `p` (phase one, in play) into x[VALUE_INPUTS]; returns the side to act */
int value_features(const Rules *r, const Pos *p, float *x);
/* the model's value of `p` for seat 1, in game points (c->model must be set) */
double model_value(const Core *c, const Pos *p);
enum { LEAF_PLAYOUT = 0, LEAF_MODEL = 1, LEAF_MIX = 2 };

/* -- information-set MCTS (ismcts.c) ------------------------------------------- */
#define MAX_SOFT 16
typedef struct {
    int seat;                    /* the observer: the seat to decide */
    uint32_t known, forbidden;   /* cards the opponent is known to hold / proven to lack */
    int soft_count;              /* soft facts: a world whose opponent holds a card of */
    uint32_t soft_masks[MAX_SOFT]; /* soft_masks[i] is kept with probability soft_factors[i] */
    double soft_factors[MAX_SOFT];
    long iterations, min_iterations; /* iterations > 0: at most that many */
    double seconds;              /* > 0: stop once the thread has used this much CPU time */
    uint64_t seed;
    int policy;                  /* the playout policy of new nodes, up to the end of phase one */
    double exploration;          /* UCB1's constant, values scaled to [-1, 1] */
    int clairvoyant;             /* 1: every iteration searches the root world itself (nothing redealt) */
    int leaf;                    /* LEAF_PLAYOUT, LEAF_MODEL (the learned value instead), LEAF_MIX (their mean) */
    int prune;                   /* 1: stop once no action can overtake the most visited in the iterations left */
    int chance;                  /* 1: a card drawn by the observer is a chance node below its action's node */
    int keyed;                   /* 1: the opponent chooses at his nodes by his statistics for the hand he holds */
    /* The opponent's last card play read as evidence (`play_card` >= 0): a world is kept with chance
     * `play_factor` + (1 - `play_factor`) * the share of his possible hands then (the world's, or with `play_drew`
     * the world's less each card he may have drawn since, those not in `known`) with which the card counter would
     * have played `play_card` too, in `play_view` (his view then, but for the hand, the unseen cards `play_pool`
     * less the hand, and the legal actions: the hand's cards, or in phase two those that follow the lead). */
    int play_card, play_drew;
    double play_factor;
    uint32_t play_pool;
    const struct CViewS *play_view;
    const struct CounterParamsS *play_params;
} IsmctsArgs;
typedef struct {
    int action;
    long visits;
    double total; /* sum of the iterations' values for seat 1 */
} IsmctsStat;
/* how well the opponent's last card play (a->play_*) fits his hand `hand` now: the chance to keep the world */
double play_weight(const Rules *r, const IsmctsArgs *a, uint32_t hand);
/* the observer's actions at the root with their visits and value sums; -1 out of memory */
int ismcts(Core *c, const Pos *root, const IsmctsArgs *a, IsmctsStat *stats, int *count, long *iterations,
           long *nodes);

/* -- the card counter and its rollouts (counter.c) ------------------------------ */
/* Python's random.Random (the Mersenne Twister): the state of getstate(), 624 words and the index */
typedef struct {
    uint32_t mt[624];
    uint32_t index;
} PyRng;
double pyrng_random(PyRng *g); /* random.random() */

/* CountingPlayer's tuning constants and the talon's size (from Python: heuristic.counter_params) */
typedef struct CounterParamsS {
    double close_margin, close_margin_last_trick, opponent_share, trump_keep, master_trump_keep, master_keep,
        unbeatable_lead, win_lead_bonus;
    int estimate_closed_leads;
    int talon_size, cards_per_trick; /* Rules.talon_size, Rules.cards_per_trick */
} CounterParams;

/* What the counter reads of a PlayerView */
typedef struct CViewS {
    int seat, stage, leader, led, marriage_suit, window, closer, face_up, trump, talon_size;
    uint32_t hand, unseen, opp_known, forbidden; /* forbidden: forbidden_cards(view) (read once the talon is closed) */
    int score, pending, opp_score, opp_pending, own_tricks, opp_hand_size;
    int n_legal;
    uint8_t legal[MAX_ACTIONS];
} CView;
/* CountingPlayer.choose; `g` NULL: no tie-break noise (CountingPlayer(jitter=False)) */
int counter_choose(const Rules *r, const CounterParams *k, const CView *v, PyRng *g);

/* A world in a rollout: the position and what the Deal keeps beside it that a view shows */
typedef struct {
    Pos pos;
    int trump_card;
    uint32_t known[3]; /* Deal.known: the cards each seat is publicly known to hold */
    uint32_t played;   /* the cards in tricks and the led card */
    int scan_led, scan_tricks, scan_closed; /* sampling.forbidden_cards' reading of the history so far */
    uint32_t proofs[3]; /* proofs[s]: what seat s's phase-2 follows proved he lacks */
} Rollout;
void rollout_view(const Rules *r, const Rollout *w, int seat, CView *v);
void rollout_do(const Rules *r, const CounterParams *k, Rollout *w, int seat, int action);
int rollout_value(Core *core, const CounterParams *k, Rollout *w, PyRng *rng1, PyRng *rng2, int solve_from);
void rollout_action_values(Core *core, const CounterParams *k, const Rollout *world, int seat, const uint8_t *actions,
                           int n, PyRng *rng1, PyRng *rng2, int solve_from, int *values);

#endif
