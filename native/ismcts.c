/* Information-set Monte Carlo tree search (single observer) for one seat's decision.
 *
 * PIMC values each action in each sampled world as if both sides saw every card, so
 * its plans rely on knowing what it cannot know (strategy fusion). Here one tree is
 * grown over what the searching seat (the observer) can tell apart: every iteration
 * draws a world consistent with its view (a determinization), walks the tree with
 * the actions legal in that world, and each edge is labelled with what the observer
 * sees: the action, and the card it drew with it, if any. The observer's later
 * choices therefore cannot depend on hidden cards; the opponent's nodes pool his
 * choices over all the worlds (he plays one strategy for every hand he may hold,
 * as the observer sees him).
 *
 * Selection is UCB1 with availability counts (a child is scored against the number
 * of iterations in which it was legal, not its parent's visits). A new node is
 * valued by a playout of the chosen policy to the end of phase one, then by the
 * exact search of that world (solve.c): once the talon is exhausted every card is
 * known to both seats, so the exact value is what sound players get; past a close
 * it is an estimate that the tree corrects as it grows there. With `leaf` set, a new node in
 * phase one takes the learned value instead (value.c, LEAF_MODEL) or the mean of the two
 * (LEAF_MIX).
 *
 * Values are game points for seat 1; a node keeps the sum of its iterations' values.
 * With `chance` set, the card an action makes the observer draw is a node below the
 * action's (no choice there: the world deals it), so a decision is not made knowing the
 * card it will draw; without it, an action has one child per card drawn and the
 * selection between them sees the stock (the observer "peeks" at its next card).
 */
#include <math.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sixtysix.h"

typedef struct {
    int32_t first_child, next_sibling;
    uint32_t visits, avail;
    double total; /* sum of values for seat 1 */
    uint16_t label; /* action | (card drawn by the observer + 1) << 8 */
    int8_t mover;   /* the seat whose action leads here */
} Node;

typedef struct {
    Node *nodes;
    int32_t count, cap;
} Tree;

static int32_t tree_add(Tree *t, int32_t parent, uint16_t label, int mover) {
    if (t->count == t->cap) {
        int32_t cap = t->cap ? 2 * t->cap : 1024;
        Node *nodes = realloc(t->nodes, (size_t)cap * sizeof(Node));
        if (!nodes) return -1;
        t->nodes = nodes;
        t->cap = cap;
    }
    int32_t id = t->count++;
    Node *n = &t->nodes[id];
    memset(n, 0, sizeof *n);
    n->label = label;
    n->mover = (int8_t)mover;
    n->first_child = -1;
    n->next_sibling = -1;
    if (parent >= 0) {
        n->next_sibling = t->nodes[parent].first_child;
        t->nodes[parent].first_child = id;
    }
    return id;
}

static int32_t child_with(const Tree *t, int32_t parent, uint16_t label) {
    for (int32_t c = t->nodes[parent].first_child; c >= 0; c = t->nodes[c].next_sibling)
        if (t->nodes[c].label == label) return c;
    return -1;
}

/* The actions worth trying: a claim only when it is right (then nothing else). */
static int search_actions(const Rules *r, const Pos *p, int seat, uint8_t *acts) {
    int n = legal_ids(r, p, seat, acts), m = 0;
    for (int i = 0; i < n; i++) {
        if (acts[i] != A_CLAIM) {
            acts[m++] = acts[i];
        } else if (p->score[seat] >= r->target) {
            acts[0] = A_CLAIM;
            return 1;
        }
    }
    return m;
}

/* What the observer sees of `action` taken in `before`, leading to `after`. */
static uint16_t edge_label(const Pos *before, const Pos *after, int observer, int action) {
    uint32_t gained = after->hand[observer] & ~before->hand[observer];
    return (uint16_t)(action | (gained ? (__builtin_ctz(gained) + 1) << 8 : 0));
}

/* The value for seat 1 of a world from a new node: the policy plays phase one out, the
 * exact search does the rest. */
static double leaf_value(Core *c, Pos *p, const IsmctsArgs *a, Rng *g) {
    const Rules *r = &c->rules;
    if (a->leaf != LEAF_PLAYOUT && p->stage != S_OVER && !phase2(p)) {
        double learned = model_value(c, p);
        if (a->leaf == LEAF_MODEL) return learned;
        Pos q = *p;
        return 0.5 * (learned + leaf_value(c, &q, &(IsmctsArgs){.policy = a->policy}, g));
    }
    int policy = a->policy;
    while (p->stage != S_OVER && !phase2(p)) {
        int seat = to_act(p);
        apply_with_window(r, p, seat, policy_action(r, p, seat, policy, g));
    }
    if (p->stage == S_OVER) return outcome_value(p);
    return solve_value(c, p);
}

/* The weights of the opponent's hands met so far (a hand's weight depends on nothing else). */
#define CACHE_SIZE 2048
typedef struct {
    uint32_t hand[CACHE_SIZE];
    uint8_t used[CACHE_SIZE];
    double weight[CACHE_SIZE];
} HandCache;

/* How well the opponent's last card play fits his hand `hand` now (IsmctsArgs.play_*). */
double play_weight(const Rules *r, const IsmctsArgs *a, uint32_t hand) {
    const CView *tpl = a->play_view;
    uint32_t drawn = a->play_drew ? hand & ~a->known : 0;
    if (a->play_drew && !drawn) return 1.0; /* every card of his is known: nothing to weigh */
    int phase2_follow = tpl->stage == S_FOLLOW && (tpl->closer != 0 || tpl->face_up < 0);
    int fits = 0, cases = 0;
    do {
        uint32_t d = drawn & -drawn; /* each card he may have drawn since, or none */
        CView v = *tpl;
        v.hand = (hand & ~d) | BIT(a->play_card);
        v.unseen = a->play_pool & ~v.hand;
        v.forbidden = tpl->forbidden & v.unseen;
        uint32_t cards = phase2_follow ? follow_cards(r, v.hand, tpl->led, tpl->trump) : v.hand;
        v.n_legal = 0;
        for (uint32_t m = cards; m; m &= m - 1) v.legal[v.n_legal++] = (uint8_t)__builtin_ctz(m);
        fits += counter_choose(r, a->play_params, &v, NULL) == a->play_card;
        cases++;
        drawn &= ~d;
    } while (drawn);
    return a->play_factor + (1.0 - a->play_factor) * fits / cases;
}

/* The chance to keep a world whose opponent holds `hand`: the product of the factors of the (mask,
 * factor) soft facts it meets, and of how well his last card play fits it. */
static double hand_weight(const Rules *r, const IsmctsArgs *a, uint32_t hand, HandCache *cache) {
    double weight = 1.0;
    for (int i = 0; i < a->soft_count; i++)
        if (hand & a->soft_masks[i]) weight *= a->soft_factors[i];
    if (a->play_card < 0 || weight <= 0.0) return weight;
    unsigned slot = (unsigned)(((uint64_t)hand * 0x9E3779B97F4A7C15ull) >> 53) & (CACHE_SIZE - 1);
    if (cache->used[slot] && cache->hand[slot] == hand) return cache->weight[slot];
    weight *= play_weight(r, a, hand);
    cache->used[slot] = 1;
    cache->hand[slot] = hand;
    cache->weight[slot] = weight;
    return weight;
}

/* A world for the observer: the opponent's hidden cards redealt (sample_world), kept with
 * probability hand_weight; after 16 refusals the likeliest world seen is taken. */
static void draw_world(const Rules *r, const Pos *root, const IsmctsArgs *a, Rng *g, HandCache *cache, Pos *out) {
    double best_weight = -1.0;
    if (a->clairvoyant) {
        *out = *root;
        return;
    }
    for (int t = 0; t < 16; t++) {
        Pos w = *root;
        sample_world(&w, a->seat, a->known, a->forbidden, g);
        double weight = hand_weight(r, a, w.hand[3 - a->seat], cache);
        if (weight >= 1.0 || (double)(rng_next(g) >> 11) * 0x1.0p-53 < weight) {
            *out = w;
            return;
        }
        if (weight > best_weight) {
            best_weight = weight;
            *out = w;
        }
    }
}

/* The opponent's own statistics at his nodes, by the hand he holds (IsmctsArgs.keyed): one entry per
 * (node, hand, action). At his node he scores an action by its mean over his iterations there with the
 * world's hand, drawn towards the mean pooled over all his hands (worth KEYED_PRIOR of his own visits),
 * with the pooled exploration term: with few visits he plays as the single-observer tree has him play,
 * with many as one who sees his hand. */
typedef struct {
    uint64_t key; /* 0: empty */
    uint32_t visits;
    double total; /* sum of values for seat 1 */
} KeyedEntry;

typedef struct {
    KeyedEntry *entries;
    uint32_t mask, count;
} Keyed;

enum { KEYED_BITS = 18, KEYED_MAX_NODE = 1 << 25 };
#define KEYED_PRIOR 4.0 /* the pooled mean counts as this many of his own visits */

/* The entry of (node, hand, action), added if `add` (NULL when absent, or when the table is full). */
static KeyedEntry *keyed_entry(Keyed *k, int32_t node, uint32_t hand, int action, int add) {
    if (!k->entries || node >= KEYED_MAX_NODE) return NULL;
    uint64_t key = 1ull << 63 | (uint64_t)node << 38 | (uint64_t)hand << 6 | (uint64_t)action;
    uint64_t h = key * 0x9E3779B97F4A7C15ull;
    for (uint32_t i = (uint32_t)(h >> 40) & k->mask;; i = (i + 1) & k->mask) {
        KeyedEntry *e = &k->entries[i];
        if (e->key == key) return e;
        if (!e->key) {
            if (!add || k->count >= k->mask / 4 * 3) return NULL;
            k->count++;
            e->key = key;
            return e;
        }
    }
}

static double thread_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* One iteration: a world, a walk down the tree, one new node, its value backed up. */
static int iterate(Core *c, Tree *t, const Pos *root, const IsmctsArgs *a, Rng *g, HandCache *cache, Keyed *keyed) {
    const Rules *r = &c->rules;
    Pos w;
    draw_world(r, root, a, g, cache, &w);
    int32_t path[160];
    KeyedEntry *updates[160]; /* the opponent's entries this iteration passes */
    int depth = 0, n_updates = 0;
    double value;
    int32_t node = 0;
    path[depth++] = 0;
    for (;;) {
        if (w.stage == S_OVER) {
            value = outcome_value(&w);
            break;
        }
        if (phase2(&w) && !w.closer) { /* the talon is exhausted: nothing is hidden any more */
            value = solve_value(c, &w);
            break;
        }
        int seat = to_act(&w);
        uint8_t acts[MAX_ACTIONS];
        int n = search_actions(r, &w, seat, acts);
        Pos next[MAX_ACTIONS];
        int32_t kids[MAX_ACTIONS];
        uint16_t labels[MAX_ACTIONS], drawn[MAX_ACTIONS];
        int untried[MAX_ACTIONS], fresh = 0;
        for (int i = 0; i < n; i++) {
            next[i] = w;
            apply_with_window(r, &next[i], seat, acts[i]);
            labels[i] = edge_label(&w, &next[i], a->seat, acts[i]);
            drawn[i] = 0;
            if (a->chance) { /* the card drawn is a chance node below the action, not part of its label */
                drawn[i] = labels[i] & 0xFF00;
                labels[i] &= 0xFF;
            }
            kids[i] = child_with(t, node, labels[i]);
            if (kids[i] < 0) untried[fresh++] = i;
        }
        int his = keyed->entries && seat != a->seat; /* the opponent's node, searched with his own statistics */
        if (fresh) {
            int i = untried[rng_below(g, (unsigned)fresh)];
            if (his) {
                KeyedEntry *e = keyed_entry(keyed, node, w.hand[seat], acts[i], 1);
                if (e && n_updates < 160) updates[n_updates++] = e;
            }
            int32_t id = tree_add(t, node, labels[i], seat);
            if (id < 0) return -1;
            for (int j = 0; j < n; j++)
                if (kids[j] >= 0) t->nodes[kids[j]].avail++;
            t->nodes[id].avail++;
            path[depth++] = id;
            if (drawn[i]) {
                int32_t card = tree_add(t, id, drawn[i], seat);
                if (card < 0) return -1;
                path[depth++] = card;
            }
            w = next[i];
            value = leaf_value(c, &w, a, g);
            break;
        }
        int best = 0;
        double best_score = -1e300, sign = seat == 1 ? 1.0 : -1.0, scale = (double)r->scale[WIN_SCHWARZ];
        for (int i = 0; i < n; i++) {
            Node *k = &t->nodes[kids[i]];
            k->avail++;
            double mean = sign * k->total / (scale * k->visits); /* in [-1, 1] */
            if (his) { /* his mean with this hand here, drawn towards the pooled one while it rests on few visits */
                KeyedEntry *e = keyed_entry(keyed, node, w.hand[seat], acts[i], 0);
                if (e && e->visits)
                    mean = (sign * e->total / scale + KEYED_PRIOR * mean) / (e->visits + KEYED_PRIOR);
            }
            double score = mean + a->exploration * sqrt(log((double)k->avail) / k->visits);
            if (score > best_score) {
                best_score = score;
                best = i;
            }
        }
        if (his) {
            KeyedEntry *e = keyed_entry(keyed, node, w.hand[seat], acts[best], 1);
            if (e && n_updates < 160) updates[n_updates++] = e;
        }
        node = kids[best];
        w = next[best];
        if (depth < 160) path[depth++] = node;
        if (drawn[best]) { /* the card this world deals: no choice, a new node if it is new */
            int32_t card = child_with(t, node, drawn[best]);
            int added = card < 0;
            if (added && (card = tree_add(t, node, drawn[best], seat)) < 0) return -1;
            node = card;
            if (depth < 160) path[depth++] = node;
            if (added) {
                value = leaf_value(c, &w, a, g);
                break;
            }
        }
    }
    for (int i = 0; i < depth; i++) {
        t->nodes[path[i]].visits++;
        t->nodes[path[i]].total += value;
    }
    for (int i = 0; i < n_updates; i++) {
        updates[i]->visits++;
        updates[i]->total += value;
    }
    return 0;
}

/* The root's most visited action's lead in visits over the next one (actions pooled as ismcts() pools them). */
static long root_lead(const Tree *t) {
    long visits[256] = {0};
    long first = 0, second = 0;
    for (int32_t k = t->nodes[0].first_child; k >= 0; k = t->nodes[k].next_sibling)
        visits[t->nodes[k].label & 0xFF] += t->nodes[k].visits;
    for (int action = 0; action < 256; action++) {
        if (visits[action] > first) {
            second = first;
            first = visits[action];
        } else if (visits[action] > second) {
            second = visits[action];
        }
    }
    return first - second;
}

/* At most how many iterations are left: the count's, and at the rate so far (with a margin: later iterations of a
   deeper tree are slower, not faster) the time's. */
static long iterations_left(const IsmctsArgs *a, long done, double started, double deadline) {
    long left = a->iterations > 0 ? a->iterations - done : LONG_MAX;
    if (deadline) {
        double now = thread_seconds(), elapsed = now - started;
        long by_time = elapsed > 0 ? (long)(1.5 * done * (deadline - now) / elapsed) + 16 : LONG_MAX;
        if (by_time < left) left = by_time;
    }
    return left;
}

/* The iterations of one search and its root's statistics, in the buffers ismcts() owns. */
static int search(Core *c, Tree *t, const Pos *root, const IsmctsArgs *a, HandCache *cache, Keyed *keyed,
                  IsmctsStat *stats, int *count, long *iterations, long *nodes) {
    Rng g;
    rng_seed(&g, a->seed);
    double started = thread_seconds();
    double deadline = a->seconds > 0 ? started + a->seconds : 0;
    long done = 0;
    for (; done < a->iterations || (a->iterations <= 0 && deadline); done++) {
        if (deadline && (done & 15) == 0 && thread_seconds() >= deadline && done >= a->min_iterations) break;
        /* the choice is the most visited action: once no other can catch it up, more iterations change nothing */
        if (a->prune && (done & 15) == 0 && done >= a->min_iterations &&
            root_lead(t) > iterations_left(a, done, started, deadline))
            break;
        if (iterate(c, t, root, a, &g, cache, keyed)) return -1;
    }
    /* the root's children, pooled by action (a draw has one child per card drawn) */
    int n = 0;
    for (int32_t k = t->nodes[0].first_child; k >= 0; k = t->nodes[k].next_sibling) {
        Node *node = &t->nodes[k];
        int action = node->label & 0xFF, i = 0;
        while (i < n && stats[i].action != action) i++;
        if (i == n) {
            memset(&stats[n], 0, sizeof stats[n]);
            stats[n++].action = action;
        }
        stats[i].visits += node->visits;
        stats[i].total += node->total;
    }
    *count = n;
    *iterations = done;
    *nodes = t->count;
    return 0;
}

int ismcts(Core *c, const Pos *root, const IsmctsArgs *a, IsmctsStat *stats, int *count, long *iterations,
           long *nodes) {
    Tree t = {0};
    HandCache *cache = a->play_card >= 0 ? calloc(1, sizeof *cache) : NULL;
    Keyed keyed = {0};
    int keying = a->keyed && !a->clairvoyant;
    if (keying) {
        keyed.mask = (1u << KEYED_BITS) - 1;
        keyed.entries = calloc((size_t)keyed.mask + 1, sizeof *keyed.entries);
    }
    int status = -1;
    if (tree_add(&t, -1, 0, 0) >= 0 && (a->play_card < 0 || cache) && (!keying || keyed.entries))
        status = search(c, &t, root, a, cache, &keyed, stats, count, iterations, nodes);
    free(t.nodes);
    free(cache);
    free(keyed.entries);
    return status;
}
