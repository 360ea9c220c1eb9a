/* The learned value of a phase-one position (ai/learned.py is its Python reference).
 *
 * A small network (one hidden layer of rectified units) trained by bench/learned_value.py on
 * exact solves of positions from self-play: its input describes the world from the side to
 * act (each card by where it lies, suits renamed so that trumps come first; the points, the
 * tricks, the talon, the stage), its output is the side to act's expected game points over the
 * talon's orders. The weights come from Python (Core.set_model); nothing here is trained.
 */
#include <stdlib.h>
#include <string.h>

#include "sixtysix.h"

/* the suit of `s` as the model sees it: trumps 0, the other suits 1..3 in their order */
static inline int relative_suit(int s, int trump) { return s == trump ? 0 : (s < trump ? s + 1 : s); }

/* the points of the cards of a mask */
static int mask_points(const Rules *r, uint32_t m) {
    int total = 0;
    for (int s = 0; s < 4; s++) total += r->byte_points[s][(m >> (8 * s)) & 0xFF];
    return total;
}

/* the marriages (king and queen of one suit) in a mask: [0] other suits, [1] trumps */
static void marriages(uint32_t m, int trump, int *plain, int *trumps) {
    *plain = *trumps = 0;
    for (int s = 0; s < 4; s++)
        if ((m & BIT(8 * s + KING)) && (m & BIT(8 * s + QUEEN))) {
            if (s == trump)
                (*trumps)++;
            else
                (*plain)++;
        }
}

int value_features(const Rules *r, const Pos *p, float *x) {
    int me = to_act(p), him = 3 - me;
    memset(x, 0, VALUE_INPUTS * sizeof *x);
    uint32_t pool = 0;
    for (int i = p->stock_pos; i < p->stock_len; i++) pool |= BIT(p->stock[i]);
    if (p->face_up >= 0) pool |= BIT(p->face_up);
    uint32_t where[4] = {p->hand[me], p->hand[him], pool, p->led >= 0 ? BIT(p->led) : 0};
    for (int k = 0; k < 4; k++)
        for (uint32_t m = where[k]; m; m &= m - 1) {
            int c = __builtin_ctz(m);
            x[32 * k + 8 * relative_suit(c >> 3, p->trump) + (c & 7)] = 1.0f;
        }
    int i = 128;
    if (p->face_up >= 0) x[i + (p->face_up & 7)] = 1.0f;
    i += 8;
    x[i++] = (float)p->score[me] / (float)r->target;
    x[i++] = (float)p->score[him] / (float)r->target;
    x[i++] = (float)p->pending[me] / (float)r->target;
    x[i++] = (float)p->pending[him] / (float)r->target;
    x[i++] = p->tricks[me] > 0;
    x[i++] = p->tricks[him] > 0;
    x[i++] = (float)talon_size(p) / 12.0f;
    x[i + (p->stage < 4 ? p->stage : 0)] = 1.0f;
    i += 4;
    x[i++] = p->leader == me;
    int plain, trumps;
    marriages(p->hand[me], p->trump, &plain, &trumps);
    x[i++] = (float)plain;
    x[i++] = (float)trumps;
    marriages(p->hand[him], p->trump, &plain, &trumps);
    x[i++] = (float)plain;
    x[i++] = (float)trumps;
    x[i++] = r->deck == 24;
    x[i++] = (float)mask_points(r, p->hand[me]) / (float)r->target;
    x[i++] = (float)mask_points(r, p->hand[him]) / (float)r->target;
    return me;
}

/* c->model: the hidden units' input weights by input (inputs x hidden: module.c's set_model turns
 * Python's rows by unit around, so that the sparse inputs read contiguous rows), then the
 * hidden biases, the hidden units' output weights and the output bias */
double model_value(const Core *c, const Pos *p) {
    float x[VALUE_INPUTS];
    int me = value_features(&c->rules, p, x), h = c->model_hidden;
    const float *w = c->model, *b1 = w + (size_t)h * VALUE_INPUTS, *w2 = b1 + h;
    double a[1024];
    for (int j = 0; j < h; j++) a[j] = b1[j];
    for (int k = 0; k < VALUE_INPUTS; k++) {
        if (x[k] == 0.0f) continue;
        const float *row = w + (size_t)k * h;
        for (int j = 0; j < h; j++) a[j] += (double)row[j] * x[k];
    }
    double out = w2[h];
    for (int j = 0; j < h; j++)
        if (a[j] > 0) out += (double)w2[j] * a[j];
    return me == 1 ? out : -out;
}
