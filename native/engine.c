/* The rules of a two-player deal: a line-by-line port of core/game.py.
 *
 * Each function names the method of game.py it mirrors. The differential tests
 * (tests/native/) compare legal actions, states after each action, perft counts
 * and whole playouts with the Python engine.
 */
#include "sixtysix.h"

/* What follows from the options and the facts (r->points and the rest already set). */
void rules_derive(Rules *r) {
    int ranks = r->deck == 20 ? 5 : r->deck == 24 ? 6 : 8;
    uint32_t per_suit = (1u << ranks) - 1u;
    r->pack = per_suit | per_suit << 8 | per_suit << 16 | per_suit << 24;
    for (int suit = 0; suit < 4; suit++)
        for (int byte = 0; byte < 256; byte++) {
            int total = 0;
            for (int rank = 0; rank < 8; rank++)
                if (byte >> rank & 1) total += r->points[suit * 8 + rank];
            r->byte_points[suit][byte] = (uint8_t)total;
        }
}

/* Deal.talon_size */
int talon_size(const Pos *p) { return p->stock_len - p->stock_pos + (p->face_up >= 0); }

/* Deal.phase2 */
int phase2(const Pos *p) { return p->closer != 0 || p->face_up < 0; }

/* Deal.to_act */
int to_act(const Pos *p) {
    if (p->stage == S_OVER) return 0;
    return p->stage == S_FOLLOW ? 3 - p->leader : p->leader;
}

static inline int exchange_card(const Rules *r, const Pos *p) { return p->trump * 8 + r->exchange_rank; }

/* facts.follow_mask: the cards of `hand` that may follow `led` in phase 2 */
uint32_t follow_cards(const Rules *r, uint32_t hand, int led, int trump) {
    uint32_t same = hand & SUIT_MASK(led >> 3);
    if (same) {
        if (r->must_head_trick) {
            uint32_t higher = same & HIGHER(led);
            if (higher) return higher;
        }
        return same;
    }
    if (r->must_trump_when_void) {
        uint32_t trumps = hand & SUIT_MASK(trump);
        if (trumps) return trumps;
    }
    return hand;
}

/* Deal._follow_mask */
uint32_t follow_mask(const Rules *r, const Pos *p, uint32_t hand) {
    return phase2(p) ? follow_cards(r, hand, p->led, p->trump) : hand;
}

/* Deal._may_exchange */
static int may_exchange(const Rules *r, const Pos *p, int seat, int follower) {
    if (!(p->hand[seat] & BIT(exchange_card(r, p))) || phase2(p)) return 0;
    if (talon_size(p) < r->exchange_min_talon) return 0;
    if (p->trick_count == 0) return r->first_lead_exchange && !follower;
    int rule = r->nine_exchange_rule;
    if (follower) return rule == NINE_EXCHANGE_RULE_TRICK_ANYTIME && p->tricks[seat] > 0;
    return rule != NINE_EXCHANGE_RULE_LEADER_WITH_TRICK || p->tricks[seat] > 0;
}

/* Deal._window_after_draw */
static int window_after_draw(const Rules *r, const Pos *p) {
    int other = 3 - p->leader;
    int rule = r->nine_exchange_rule;
    if ((rule == NINE_EXCHANGE_RULE_SEED || rule == NINE_EXCHANGE_RULE_TRICK_ANYTIME) && p->tricks[other] > 0 &&
        (p->hand[other] & BIT(exchange_card(r, p))) && p->face_up >= 0 && talon_size(p) >= r->exchange_min_talon)
        return other;
    return 0;
}

/* Deal._may_close */
static int may_close(const Rules *r, const Pos *p, int before_draw) {
    if (!r->close_allowed || phase2(p) || talon_size(p) < r->close_min_talon) return 0;
    if (before_draw) return r->close_before_draw;
    return p->trick_count > 0 || r->first_lead_close;
}

static int cards_into(uint32_t mask, uint8_t *out) {
    int n = 0;
    while (mask) {
        out[n++] = (uint8_t)__builtin_ctz(mask);
        mask &= mask - 1;
    }
    return n;
}

/* Deal._legal_ids: the actions of `actor` (the seat to act), in id order */
int legal_ids(const Rules *r, const Pos *p, int actor, uint8_t *out) {
    int n;
    switch (p->stage) {
    case S_FOLLOW:
        n = cards_into(follow_mask(r, p, p->hand[actor]), out);
        if (r->nine_exchange_rule == NINE_EXCHANGE_RULE_TRICK_ANYTIME && may_exchange(r, p, actor, 1)) out[n++] = A_EXCHANGE;
        return n;
    case S_LEAD: {
        uint32_t hand = p->hand[actor];
        n = cards_into(hand, out);
        int may_marry = !phase2(p) || r->marriage_in_phase2;
        if (may_marry && (p->trick_count || r->first_lead_marriage)) {
            /* in id order: every 20 (32 + suit) before the 40 (36 + trump) */
            for (int suit = 0; suit < 4; suit++) {
                uint32_t pair = BIT(suit * 8 + KING) | BIT(suit * 8 + QUEEN);
                if ((hand & pair) == pair && suit != p->trump) out[n++] = (uint8_t)(A_MARRIAGE_20 + suit);
            }
            uint32_t tpair = BIT(p->trump * 8 + KING) | BIT(p->trump * 8 + QUEEN);
            if ((hand & tpair) == tpair) out[n++] = (uint8_t)(A_MARRIAGE_40 + p->trump);
        }
        if (may_exchange(r, p, actor, 0)) out[n++] = A_EXCHANGE;
        if (may_close(r, p, 0)) out[n++] = A_CLOSE;
        if (!r->auto_claim) out[n++] = A_CLAIM;
        return n;
    }
    case S_MARRIAGE:
        n = 0;
        out[n++] = (uint8_t)(p->marriage_suit * 8 + KING);
        if (r->marriage_lead_card == MARRIAGE_LEAD_CARD_EITHER) out[n++] = (uint8_t)(p->marriage_suit * 8 + QUEEN);
        if (r->marriage_claim_without_lead && !r->auto_claim) out[n++] = A_CLAIM;
        return n;
    case S_BEFORE_DRAW:
        n = 0;
        out[n++] = A_CLOSE_BEFORE_DRAW;
        if (!r->auto_claim) out[n++] = A_CLAIM;
        out[n++] = A_DRAW;
        return n;
    default:
        return 0;
    }
}

/* Deal._legal_for */
int legal_for(const Rules *r, const Pos *p, int seat, uint8_t *out) {
    if (p->stage == S_OVER) return 0;
    int actor = to_act(p);
    if (seat != actor) {
        if (seat && seat == p->window) {
            out[0] = A_EXCHANGE;
            out[1] = A_PASS;
            return 2;
        }
        return 0;
    }
    return legal_ids(r, p, actor, out);
}

/* facts.game_points */
static int scale_points(const Rules *r, int loser_points, int loser_tricks) {
    if (loser_tricks == 0) return r->scale[WIN_SCHWARZ];
    return r->scale[loser_points < r->schneider ? WIN_SCHNEIDER : WIN_SIMPLE];
}

/* _score_deal */
static void score_deal_plain(const Rules *r, const int16_t *score, const uint8_t *tricks, int closer, int close_score,
                             int close_tricks, int claimant, int last_winner, int *term, int *winner, int *points) {
#define RESULT(t, w, pts)                                                                                          \
    do {                                                                                                           \
        *term = (t);                                                                                               \
        *winner = (w);                                                                                             \
        *points = (pts);                                                                                           \
        return;                                                                                                    \
    } while (0)
    int closer_win = 0, closer_fails = 0;
    if (closer) {
        closer_win = r->closer_win_basis == CLOSER_WIN_BASIS_AT_CLOSE ? scale_points(r, close_score, close_tricks)
                                              : scale_points(r, score[3 - closer], tricks[3 - closer]);
        if (r->failed_close_points == FAILED_CLOSE_POINTS_ALWAYS_THREE || close_tricks == 0)
            closer_fails = r->scale[WIN_SCHWARZ];
        else if (r->failed_close_points == FAILED_CLOSE_POINTS_HOYLE1895 && score[closer] >= r->schneider)
            closer_fails = r->scale[WIN_SIMPLE];
        else
            closer_fails = r->scale[WIN_SCHNEIDER];
    }
    if (claimant) {
        int other = 3 - claimant;
        if (score[claimant] >= r->target) {
            if (closer == claimant) RESULT(T_CLAIM, claimant, closer_win);
            if (closer)
                RESULT(T_CLAIM, claimant,
                       r->scale[r->beaten_closer_points == BEATEN_CLOSER_POINTS_FLAT_TWO || close_tricks ? WIN_SCHNEIDER
                                                                                                     : WIN_SCHWARZ]);
            RESULT(T_CLAIM, claimant, scale_points(r, score[other], tricks[other]));
        }
        if (closer == claimant && r->closer_false_claim == CLOSER_FALSE_CLAIM_FAILED_CLOSE) RESULT(T_FALSE_CLAIM, other, closer_fails);
        int three = r->false_claim_points == FALSE_CLAIM_POINTS_TWO_OR_THREE && tricks[other] == 0;
        RESULT(T_FALSE_CLAIM, other, r->scale[three ? WIN_SCHWARZ : WIN_SCHNEIDER]);
    }
    if (closer) {
        if (score[closer] < r->target) RESULT(T_CLOSER_FAILED, 3 - closer, closer_fails);
        if (r->strict_claims) RESULT(T_PLAYED_OUT, 3 - closer, closer_fails); /* he never claimed */
        RESULT(T_PLAYED_OUT, closer, closer_win);
    }
    if (r->last_trick_rule == LAST_TRICK_RULE_WINS_DEAL_ONE_POINT) {
        int other = 3 - last_winner; /* the automatic end at the target comes first (VU) */
        if (r->auto_claim && score[last_winner] >= r->target)
            RESULT(T_PLAYED_OUT, last_winner, scale_points(r, score[other], tricks[other]));
        RESULT(T_PLAYED_OUT, last_winner, r->scale[WIN_SIMPLE]);
    }
    if (score[1] == score[2]) RESULT(T_TIE, 0, 0);
    int w = score[1] > score[2] ? 1 : 2;
    RESULT(T_PLAYED_OUT, w, scale_points(r, score[3 - w], tricks[3 - w]));
#undef RESULT
}

/* score_deal */
void score_deal(const Rules *r, const int16_t *score, const uint8_t *tricks, int closer, int close_score,
                int close_tricks, int claimant, int last_winner, int *term, int *winner, int *points) {
    score_deal_plain(r, score, tricks, closer, close_score, close_tricks, claimant, last_winner, term, winner,
                     points);
    if (*winner && closer && r->closed_deal_double) *points *= 2;
}

/* Deal._finish */
static void finish(const Rules *r, Pos *p, int claimant, int last_winner) {
    int term, winner, points;
    score_deal(r, p->score, p->tricks, p->closer, p->close_score, p->close_tricks, claimant, last_winner, &term,
               &winner, &points);
    p->termination = (int8_t)term;
    p->winner = (int8_t)winner;
    p->game_points = (int8_t)points;
    p->claimant = (int8_t)claimant;
    p->stage = S_OVER;
    p->window = 0;
}

/* Deal._auto_claim */
static int auto_claim(const Rules *r, Pos *p, int seat) {
    if (p->score[seat] >= r->target) {
        finish(r, p, seat, 0);
        return 1;
    }
    return 0;
}

/* Deal._draw */
static void draw(const Rules *r, Pos *p) {
    int winner = p->leader;
    int pos = p->stock_pos;
    int first = p->stock[pos], second;
    if (pos + 1 < p->stock_len) {
        second = p->stock[pos + 1];
        p->stock_pos = (int8_t)(pos + 2);
    } else {
        second = p->face_up;
        p->stock_pos = (int8_t)(pos + 1);
        p->face_up = -1;
    }
    p->hand[winner] |= BIT(first);
    p->hand[3 - winner] |= BIT(second);
    p->stage = S_LEAD;
    p->window = (int8_t)window_after_draw(r, p);
}

/* Deal._follow */
static void follow(const Rules *r, Pos *p, int seat, int card) {
    int led = p->led;
    p->hand[seat] ^= BIT(card);
    int leader = p->leader, winner;
    if (((card >> 3) == (led >> 3) && card < led) || ((card >> 3) == p->trump && (led >> 3) != p->trump))
        winner = seat;
    else
        winner = leader;
    p->score[winner] += r->points[card] + r->points[led] + p->pending[winner];
    p->pending[winner] = 0;
    p->tricks[winner]++;
    p->trick_count++;
    p->led = -1;
    p->leader = (int8_t)winner;
    p->window = 0;
    if (!p->hand[seat]) { /* the last trick of the deal */
        if (p->closer == 0 && r->last_trick_rule == LAST_TRICK_RULE_TEN_POINTS) p->score[winner] += (int16_t)r->last_trick_bonus;
        finish(r, p, 0, winner);
        return;
    }
    p->stage = S_LEAD;
    if (r->auto_claim && auto_claim(r, p, winner)) return;
    if (!phase2(p)) {
        if (may_close(r, p, 1))
            p->stage = S_BEFORE_DRAW;
        else
            draw(r, p);
    }
}

/* Deal._do: `action` is legal for `seat` */
void apply_action(const Rules *r, Pos *p, int seat, int action) {
    if (action < 32) {
        if (p->stage == S_FOLLOW) {
            follow(r, p, seat, action);
        } else { /* Deal._lead */
            p->hand[seat] ^= BIT(action);
            p->led = (int8_t)action;
            p->stage = S_FOLLOW;
            p->window = 0;
        }
    } else if (action < A_EXCHANGE) { /* Deal._declare */
        int suit = (action - A_MARRIAGE_20) & 3;
        int value = r->marriage[action >= A_MARRIAGE_40];
        if (p->tricks[seat] && r->marriage_credit == MARRIAGE_CREDIT_SEED)
            p->score[seat] += value;
        else
            p->pending[seat] += value;
        p->marriage_suit = (int8_t)suit;
        p->stage = S_MARRIAGE;
        p->window = 0;
        if (r->auto_claim && r->marriage_claim_without_lead) auto_claim(r, p, seat);
    } else if (action == A_EXCHANGE) { /* Deal._exchange */
        int ex = exchange_card(r, p), up = p->face_up;
        p->hand[seat] ^= BIT(ex) | BIT(up);
        p->face_up = (int8_t)ex;
        if (seat == p->window) p->window = 0;
    } else if (action == A_CLOSE || action == A_CLOSE_BEFORE_DRAW) { /* Deal._close */
        if (action == A_CLOSE_BEFORE_DRAW) p->stage = S_LEAD;
        int other = 3 - seat;
        p->closer = (int8_t)seat;
        p->close_score = p->score[other];
        p->close_tricks = (int8_t)p->tricks[other];
        if (r->exchange_on_close && (p->hand[other] & BIT(exchange_card(r, p))) &&
            talon_size(p) >= r->exchange_min_talon)
            p->window = (int8_t)other;
        else
            p->window = 0;
    } else if (action == A_CLAIM) {
        finish(r, p, seat, 0);
    } else if (action == A_DRAW) {
        draw(r, p);
    } else { /* A_PASS: the seat not on lead declines its exchange */
        p->window = 0;
    }
}
