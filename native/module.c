/* sixtysix.ai._native: the Python face of the native search core.
 *
 * Everything that comes from Python is checked here before the core sees it:
 * a malformed rules tuple or position raises ValueError (TypeError for a wrong
 * type), never undefined behaviour. The bridge is src/sixtysix/ai/native.py;
 * the formats are documented there and in _native.pyi.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sixtysix.h"

/* -- the rules ------------------------------------------------------------------ */

static int bad(const char *message) {
    PyErr_SetString(PyExc_ValueError, message);
    return -1;
}

static PyObject *bad_null(const char *message) {
    bad(message);
    return NULL;
}

/* Each rule field takes the index of its value in this table (the bridge maps Rules to
 * indices through the same table, read from RULE_FIELDS, so the two cannot disagree). */
typedef struct {
    const char *name;
    int kind; /* 0: ints, 1: strings, 2: bools */
    int count;
    int ints[4];
    const char *strings[8];
    size_t offset;
} RuleField;

#define F_INTS(field, n, ...) {#field, 0, n, {__VA_ARGS__}, {0}, offsetof(Rules, field)}
#define F_STRS_(field, n, ...) {#field, 1, n, {0}, {__VA_ARGS__}, offsetof(Rules, field)}
/* a string option: its values from choices.h (CHOICES_FIELD: their count, then the values in order) */
#define F_STRS(field, choices) F_STRS_(field, choices)
#define F_BOOL(field) {#field, 2, 2, {0, 1}, {0}, offsetof(Rules, field)}

static const RuleField RULE_FIELDS[] = {
    F_INTS(deck, 2, 20, 24),
    F_INTS(hand_size, 2, 5, 6),
    F_INTS(nine_points, 2, 0, 1),
    F_STRS(exchange_rank, CHOICES_EXCHANGE_RANK),
    F_STRS(nine_exchange_rule, CHOICES_NINE_EXCHANGE_RULE),
    F_BOOL(first_lead_exchange),
    F_BOOL(exchange_on_close),
    F_INTS(exchange_min_talon, 2, 2, 4),
    F_BOOL(first_lead_marriage),
    F_BOOL(marriage_in_phase2),
    F_STRS(marriage_credit, CHOICES_MARRIAGE_CREDIT),
    F_BOOL(marriage_claim_without_lead),
    F_STRS(marriage_lead_card, CHOICES_MARRIAGE_LEAD_CARD),
    F_BOOL(close_allowed),
    F_BOOL(first_lead_close),
    F_BOOL(close_before_draw),
    F_INTS(close_min_talon, 2, 2, 4),
    F_STRS(closer_win_basis, CHOICES_CLOSER_WIN_BASIS),
    F_STRS(failed_close_points, CHOICES_FAILED_CLOSE_POINTS),
    F_STRS(beaten_closer_points, CHOICES_BEATEN_CLOSER_POINTS),
    F_STRS(closer_false_claim, CHOICES_CLOSER_FALSE_CLAIM),
    F_STRS(false_claim_points, CHOICES_FALSE_CLAIM_POINTS),
    F_BOOL(auto_claim),
    F_BOOL(strict_claims),
    F_BOOL(must_head_trick),
    F_BOOL(must_trump_when_void),
    F_STRS(last_trick_rule, CHOICES_LAST_TRICK_RULE),
    F_BOOL(closed_deal_double),
};
#define N_RULE_FIELDS ((Py_ssize_t)(sizeof RULE_FIELDS / sizeof RULE_FIELDS[0]))

static PyObject *rule_fields_object(void) {
    PyObject *fields = PyTuple_New(N_RULE_FIELDS);
    if (!fields) return NULL;
    for (Py_ssize_t i = 0; i < N_RULE_FIELDS; i++) {
        const RuleField *f = &RULE_FIELDS[i];
        PyObject *values = PyTuple_New(f->count);
        if (!values) goto fail;
        for (int j = 0; j < f->count; j++) {
            PyObject *v = f->kind == 0   ? PyLong_FromLong(f->ints[j])
                          : f->kind == 1 ? PyUnicode_FromString(f->strings[j])
                                         : PyBool_FromLong(j);
            if (!v) {
                Py_DECREF(values);
                goto fail;
            }
            PyTuple_SET_ITEM(values, j, v);
        }
        PyObject *pair = Py_BuildValue("(sN)", f->name, values);
        if (!pair) goto fail;
        PyTuple_SET_ITEM(fields, i, pair);
    }
    return fields;
fail:
    Py_DECREF(fields);
    return NULL;
}

static long item_long(PyObject *seq, Py_ssize_t i, const char *what, long lo, long hi) {
    PyObject *o = PyTuple_GET_ITEM(seq, i);
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_ValueError, "%s must be an int, not %.80s", what, Py_TYPE(o)->tp_name);
        return LONG_MIN;
    }
    int overflow = 0;
    long v = PyLong_AsLongAndOverflow(o, &overflow);
    if (overflow || v < lo || v > hi) {
        if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "%s must be from %ld to %ld", what, lo, hi);
        return LONG_MIN;
    }
    return v;
}

/* The rule facts of core/facts.py: (card points of the 32 cards, a marriage in another suit, a
 * marriage in trumps, the last trick's bonus, the Schneider line, the deal target, the game-point
 * scale: the game points of a simple win, in Schneider and in Schwarz). */
static int parse_facts(PyObject *obj, Rules *r) {
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 7) return bad("facts must be a tuple of 7 (see native.facts_of)");
    PyObject *points = PyTuple_GET_ITEM(obj, 0);
    if (!PyTuple_Check(points) || PyTuple_GET_SIZE(points) != 32) return bad("facts: 32 card points");
    for (Py_ssize_t c = 0; c < 32; c++) {
        long v = item_long(points, c, "card points", 0, 20);
        if (v == LONG_MIN) return -1;
        r->points[c] = (int8_t)v;
    }
    long m20 = item_long(obj, 1, "marriage points", 0, 60), m40 = item_long(obj, 2, "marriage points", 0, 60);
    long bonus = item_long(obj, 3, "last trick bonus", 0, 20), schneider = item_long(obj, 4, "schneider", 0, 250);
    if (m20 == LONG_MIN || m40 == LONG_MIN || bonus == LONG_MIN || schneider == LONG_MIN) return -1;
    r->marriage[0] = (int)m20;
    r->marriage[1] = (int)m40;
    r->last_trick_bonus = (int)bonus;
    r->schneider = (int)schneider;
    long target = item_long(obj, 5, "deal target", 1, 250);
    if (target == LONG_MIN) return -1;
    r->target = (int)target;
    PyObject *scale = PyTuple_GET_ITEM(obj, 6);
    if (!PyTuple_Check(scale) || PyTuple_GET_SIZE(scale) != 3) return bad("facts: a game-point scale of 3");
    r->scale[0] = 0;
    for (Py_ssize_t i = 0; i < 3; i++) { /* small: the search keeps sets of game points as bits */
        long v = item_long(scale, i, "game points of the scale", 1, 12);
        if (v == LONG_MIN) return -1;
        r->scale[WIN_SIMPLE + i] = (int)v;
    }
    return 0;
}

static int parse_rules(PyObject *obj, Rules *r) {
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != N_RULE_FIELDS) {
        PyErr_Format(PyExc_ValueError, "rules must be a tuple of %zd indices (see RULE_FIELDS)", N_RULE_FIELDS);
        return -1;
    }
    for (Py_ssize_t i = 0; i < N_RULE_FIELDS; i++) {
        const RuleField *f = &RULE_FIELDS[i];
        long index = item_long(obj, i, f->name, 0, f->count - 1);
        if (index == LONG_MIN) return -1;
        int value = f->kind == 0 ? f->ints[index] : (int)index;
        *(int *)((char *)r + f->offset) = value;
    }
    r->exchange_rank = r->exchange_rank == EXCHANGE_RANK_9 ? NINE : JACK;
    if (r->deck == 20 && (r->hand_size != 5 || r->exchange_rank == NINE)) {
        PyErr_SetString(PyExc_ValueError, "a 20-card pack is played with hands of 5 and the jack exchange");
        return -1;
    }
    rules_derive(r);
    return 0;
}

/* -- positions ------------------------------------------------------------------ */

/* (hand1, hand2, stock, stock_pos, face_up, trump, score1, score2, pending1, pending2, tricks1, tricks2,
 *  stage, leader, led, marriage_suit, closer, close_score, close_tricks, window) */
#define POS_FIELDS 20
static const char *POS_NAMES[POS_FIELDS] = {
    "hand1",  "hand2",   "stock",  "stock_pos", "face_up", "trump",         "score1", "score2",      "pending1",
    "pending2", "tricks1", "tricks2", "stage", "leader",  "led", "marriage_suit", "closer", "close_score",
    "close_tricks", "window"};

static int check_hand_sizes(const Rules *r, const Pos *p) {
    int n1 = popcount32(p->hand[1]), n2 = popcount32(p->hand[2]);
    if (n1 > r->hand_size || n2 > r->hand_size) return bad("position: a hand holds more cards than the rules deal");
    if (p->stage == S_FOLLOW) {
        int nl = p->leader == 1 ? n1 : n2, nf = p->leader == 1 ? n2 : n1;
        if (nf != nl + 1) return bad("position: the follower must hold one card more than the leader");
    } else {
        if (n1 != n2) return bad("position: both hands must hold as many cards");
        if (n1 == 0) return bad("position: the hands are empty (the deal is over)");
    }
    return 0;
}

static int check_cards(const Rules *r, const Pos *p) {
    uint32_t seen = 0;
    for (int seat = 1; seat <= 2; seat++) {
        if (p->hand[seat] & ~r->pack) return bad("position: a hand holds a card that is not in the pack");
        if (p->hand[seat] & seen) return bad("position: a card is in both hands");
        seen |= p->hand[seat];
    }
    for (int i = p->stock_pos; i < p->stock_len; i++) {
        int c = p->stock[i];
        if (c >= 32 || !(r->pack & BIT(c))) return bad("position: a stock card is not in the pack");
        if (seen & BIT(c)) return bad("position: a card of the stock is also elsewhere");
        seen |= BIT(c);
    }
    if (p->face_up >= 0) {
        if (!(r->pack & BIT(p->face_up))) return bad("position: face_up is not in the pack");
        if (seen & BIT(p->face_up)) return bad("position: the face-up card is also elsewhere");
        seen |= BIT(p->face_up);
    }
    if (p->stage == S_FOLLOW) {
        if (p->led < 0 || !(r->pack & BIT(p->led))) return bad("position: at the follow, led must be a card of the pack");
        if (seen & BIT(p->led)) return bad("position: the led card is also elsewhere");
    } else if (p->led != -1) {
        return bad("position: led must be -1 unless a card was led (stage FOLLOW)");
    }
    return 0;
}

static int check_talon(const Rules *r, const Pos *p) {
    int remaining = p->stock_len - p->stock_pos;
    if (p->face_up < 0 && remaining) return bad("position: stock cards remain under a drawn face-up card");
    if (p->face_up >= 0 && remaining % 2 == 0) return bad("position: the talon must hold an even number of cards");
    if (p->stage == S_BEFORE_DRAW && phase2(p)) return bad("position: nothing to draw in phase 2 (stage BEFORE_DRAW)");
    (void)r;
    return 0;
}

static int check_turn(const Rules *r, const Pos *p) {
    if (p->stage == S_MARRIAGE) {
        int suit = p->marriage_suit;
        if (suit < 0) return bad("position: stage MARRIAGE needs the marriage_suit");
        uint32_t pair = BIT(suit * 8 + KING) | BIT(suit * 8 + QUEEN);
        if ((p->hand[p->leader] & pair) != pair) return bad("position: the leader must hold the declared marriage");
    }
    return 0;
}

/* A window that cannot be used (its seat is to act, lacks the exchange card, or the face-up card is
 * gone: a puzzle position rebuilt under another trump) is no window: the engine would never offer it. */
static void drop_dead_window(const Rules *r, Pos *p) {
    if (!p->window) return;
    int ex = p->trump * 8 + r->exchange_rank;
    if (p->window == to_act(p) || p->face_up < 0 || !(p->hand[p->window] & BIT(ex))) p->window = 0;
}

static int parse_pos(PyObject *obj, const Rules *r, Pos *p) {
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != POS_FIELDS) {
        PyErr_Format(PyExc_ValueError, "a position is a tuple of %d fields", POS_FIELDS);
        return -1;
    }
    memset(p, 0, sizeof *p);
    static const long lo[POS_FIELDS] = {0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 1, -1, -1, 0, 0, 0, 0};
    static const long hi[POS_FIELDS] = {0xFFFFFFFFL, 0xFFFFFFFFL, 0, MAX_STOCK, 31, 3, 400, 400, 120, 120, 16, 16,
                                        3,           2,           31, 3, 2, 400, 16, 2};
    long v[POS_FIELDS];
    for (int i = 0; i < POS_FIELDS; i++) {
        if (i == 2) continue;
        v[i] = item_long(obj, i, POS_NAMES[i], lo[i], hi[i]);
        if (v[i] == LONG_MIN) return -1;
    }
    PyObject *stock = PyTuple_GET_ITEM(obj, 2);
    if (!PyBytes_Check(stock)) return bad("position: stock must be bytes (the face-down stock, top first)");
    Py_ssize_t len = PyBytes_GET_SIZE(stock);
    if (len > MAX_STOCK) return bad("position: the stock holds too many cards");
    if (v[3] > len) return bad("position: stock_pos is beyond the stock");
    memcpy(p->stock, PyBytes_AS_STRING(stock), (size_t)len);
    p->stock_len = (int8_t)len;
    p->hand[1] = (uint32_t)v[0];
    p->hand[2] = (uint32_t)v[1];
    p->stock_pos = (int8_t)v[3];
    p->face_up = (int8_t)v[4];
    p->trump = (int8_t)v[5];
    p->score[1] = (int16_t)v[6];
    p->score[2] = (int16_t)v[7];
    p->pending[1] = (int16_t)v[8];
    p->pending[2] = (int16_t)v[9];
    p->tricks[1] = (uint8_t)v[10];
    p->tricks[2] = (uint8_t)v[11];
    p->trick_count = (uint8_t)(v[10] + v[11]);
    p->stage = (int8_t)v[12];
    p->leader = (int8_t)v[13];
    p->led = (int8_t)v[14];
    p->marriage_suit = (int8_t)v[15];
    p->closer = (int8_t)v[16];
    p->close_score = (int16_t)v[17];
    p->close_tricks = (int8_t)v[18];
    p->window = (int8_t)v[19];
    if (p->trick_count > 16) return bad("position: more than 16 tricks");
    if (check_cards(r, p) || check_talon(r, p) || check_hand_sizes(r, p) || check_turn(r, p)) return -1;
    drop_dead_window(r, p);
    return 0;
}

static PyObject *pos_object(const Pos *p) {
    return Py_BuildValue("(kky#iiiiiiiiiiiiiiiii)", (unsigned long)p->hand[1], (unsigned long)p->hand[2],
                         (const char *)p->stock, (Py_ssize_t)p->stock_len, p->stock_pos, p->face_up, p->trump,
                         p->score[1], p->score[2], p->pending[1], p->pending[2], p->tricks[1], p->tricks[2], p->stage,
                         p->leader, p->led, p->marriage_suit, p->closer, p->close_score, p->close_tricks, p->window);
}

static PyObject *outcome_object(const Pos *p) {
    if (p->stage != S_OVER) Py_RETURN_NONE;
    return Py_BuildValue("(iiiiiiii)", p->termination, p->winner, p->game_points, p->claimant, p->score[1],
                         p->score[2], p->tricks[1], p->tricks[2]);
}

/* -- the Core object ------------------------------------------------------------ */

typedef struct {
    PyObject_HEAD Core core;
    int ready;
    PyThread_type_lock lock; /* held by the thread that searches this core's tables */
} CoreObject;

/* Searches run without the GIL, so that a program's other threads (a web server's) go on
 * meanwhile; the core's own lock keeps a second thread out of its tables until the first
 * is done. `session` (0: keep the current one) is the table generation the search uses. */
static PyThreadState *enter(CoreObject *self, unsigned long long session) {
    PyThreadState *state = PyEval_SaveThread();
    PyThread_acquire_lock(self->lock, WAIT_LOCK);
    if (session) self->core.session = session;
    return state;
}

static void leave(CoreObject *self, PyThreadState *state) {
    PyThread_release_lock(self->lock);
    PyEval_RestoreThread(state);
}

static int Core_init(CoreObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"rules", "facts", "table_bits", NULL};
    PyObject *rules_obj, *facts_obj;
    int bits = 15;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO|i", kwlist, &rules_obj, &facts_obj, &bits)) return -1;
    if (bits < 8 || bits > 26) return bad("table_bits must be from 8 to 26");
    Rules r;
    memset(&r, 0, sizeof r);
    if (parse_facts(facts_obj, &r) || parse_rules(rules_obj, &r)) return -1;
    if (!self->lock && !(self->lock = PyThread_allocate_lock())) {
        PyErr_NoMemory();
        return -1;
    }
    PyThreadState *state = enter(self, 0);
    if (self->ready) core_free(&self->core);
    self->ready = !core_init(&self->core, &r, bits);
    leave(self, state);
    if (!self->ready) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void Core_dealloc(CoreObject *self) {
    if (self->ready) core_free(&self->core);
    if (self->lock) PyThread_free_lock(self->lock);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int ready(CoreObject *self) {
    if (!self->ready) {
        PyErr_SetString(PyExc_RuntimeError, "Core was not initialised");
        return 0;
    }
    return 1;
}

static int parse_session(CoreObject *self, unsigned long long session) {
    if (session == 0 || session >= self->core.next_gen) return bad("not a session of this core (use new_session())");
    return 0;
}

static int parse_seat(int seat) {
    if (seat != 1 && seat != 2) return bad("seat must be 1 or 2");
    return 0;
}

static int is_legal(const Rules *r, const Pos *p, int seat, long action) {
    uint8_t acts[MAX_ACTIONS];
    int n = legal_for(r, p, seat, acts);
    for (int i = 0; i < n; i++)
        if (acts[i] == action) return 1;
    return 0;
}

static PyObject *Core_new_session(CoreObject *self, PyObject *Py_UNUSED(ignored)) {
    if (!ready(self)) return NULL;
    PyThreadState *state = enter(self, 0);
    core_new_session(&self->core);
    unsigned long long session = self->core.session;
    leave(self, state);
    return PyLong_FromUnsignedLongLong(session);
}

static PyObject *Core_value(CoreObject *self, PyObject *args) {
    PyObject *pos_obj;
    unsigned long long session;
    Pos p;
    if (!ready(self) || !PyArg_ParseTuple(args, "OK", &pos_obj, &session)) return NULL;
    if (parse_session(self, session) || parse_pos(pos_obj, &self->core.rules, &p)) return NULL;
    PyThreadState *state = enter(self, session);
    int value = solve_value(&self->core, &p);
    leave(self, state);
    return PyLong_FromLong(value);
}

static PyObject *Core_window(CoreObject *self, PyObject *args) {
    PyObject *pos_obj;
    unsigned long long session;
    int alpha, beta;
    Pos p;
    if (!ready(self) || !PyArg_ParseTuple(args, "OKii", &pos_obj, &session, &alpha, &beta)) return NULL;
    if (parse_session(self, session) || parse_pos(pos_obj, &self->core.rules, &p)) return NULL;
    if (alpha < -100 || beta > 100 || alpha >= beta) return PyErr_Format(PyExc_ValueError, "need -100 <= alpha < beta <= 100");
    PyThreadState *state = enter(self, session);
    int value = solve_window(&self->core, &p, alpha, beta);
    leave(self, state);
    return PyLong_FromLong(value);
}

static PyObject *Core_test(CoreObject *self, PyObject *args) {
    PyObject *pos_obj;
    unsigned long long session;
    int seat, threshold;
    Pos p;
    if (!ready(self) || !PyArg_ParseTuple(args, "OKii", &pos_obj, &session, &seat, &threshold)) return NULL;
    if (parse_session(self, session) || parse_seat(seat) || parse_pos(pos_obj, &self->core.rules, &p)) return NULL;
    if (threshold < -50 || threshold > 50) return PyErr_Format(PyExc_ValueError, "threshold must be from -50 to 50");
    /* value for seat >= threshold, by one null-window search */
    int ok;
    PyThreadState *state = enter(self, session);
    if (seat == 1)
        ok = solve_window(&self->core, &p, threshold - 1, threshold) >= threshold;
    else
        ok = solve_window(&self->core, &p, -threshold, -threshold + 1) <= -threshold;
    leave(self, state);
    return PyBool_FromLong(ok);
}

/* actions: a sequence of ints, each legal for `seat` in `p` */
static int parse_actions(PyObject *obj, const Rules *r, const Pos *p, int seat, uint8_t *out, int *count) {
    PyObject *seq = PySequence_Fast(obj, "actions must be a sequence of action ids");
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > MAX_ACTIONS) {
        Py_DECREF(seq);
        return bad("too many actions");
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *o = PySequence_Fast_GET_ITEM(seq, i);
        long a = PyLong_Check(o) ? PyLong_AsLong(o) : -1;
        if (a == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (!is_legal(r, p, seat, a)) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "action %ld is not legal for seat %d", a, seat);
            return -1;
        }
        out[i] = (uint8_t)a;
    }
    *count = (int)n;
    Py_DECREF(seq);
    return 0;
}

static PyObject *action_values_list(CoreObject *self, unsigned long long session, const Pos *p,
                                    const uint8_t *acts, int n, int seat) {
    int sign = seat == 1 ? 1 : -1, v[MAX_ACTIONS];
    PyThreadState *state = enter(self, session);
    solve_actions(&self->core, p, seat, acts, n, v);
    leave(self, state);
    PyObject *values = PyList_New(n);
    if (!values) return NULL;
    for (int i = 0; i < n; i++) PyList_SET_ITEM(values, i, PyLong_FromLong(sign * v[i]));
    return values;
}

static PyObject *Core_action_values(CoreObject *self, PyObject *args) {
    PyObject *pos_obj, *actions_obj;
    unsigned long long session;
    int seat, n;
    uint8_t acts[MAX_ACTIONS];
    Pos p;
    if (!ready(self) || !PyArg_ParseTuple(args, "OKOi", &pos_obj, &session, &actions_obj, &seat)) return NULL;
    if (parse_session(self, session) || parse_seat(seat) || parse_pos(pos_obj, &self->core.rules, &p)) return NULL;
    if (parse_actions(actions_obj, &self->core.rules, &p, seat, acts, &n)) return NULL;
    return action_values_list(self, session, &p, acts, n, seat);
}

static PyObject *Core_worlds_action_values(CoreObject *self, PyObject *args) {
    PyObject *worlds_obj, *actions_obj;
    unsigned long long session;
    int seat;
    if (!ready(self) || !PyArg_ParseTuple(args, "OKOi", &worlds_obj, &session, &actions_obj, &seat)) return NULL;
    if (parse_session(self, session) || parse_seat(seat)) return NULL;
    PyObject *worlds = PySequence_Fast(worlds_obj, "worlds must be a sequence of positions");
    if (!worlds) return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(worlds);
    PyObject *result = PyList_New(count);
    if (!result) goto fail;
    for (Py_ssize_t w = 0; w < count; w++) {
        Pos p;
        uint8_t acts[MAX_ACTIONS];
        int n;
        if (parse_pos(PySequence_Fast_GET_ITEM(worlds, w), &self->core.rules, &p) ||
            parse_actions(actions_obj, &self->core.rules, &p, seat, acts, &n))
            goto fail;
        PyObject *values = action_values_list(self, session, &p, acts, n, seat);
        if (!values) goto fail;
        PyList_SET_ITEM(result, w, values);
    }
    Py_DECREF(worlds);
    return result;
fail:
    Py_XDECREF(result);
    Py_DECREF(worlds);
    return NULL;
}

static PyObject *Core_legal(CoreObject *self, PyObject *args) {
    PyObject *pos_obj;
    int seat = 0;
    Pos p;
    if (!ready(self) || !PyArg_ParseTuple(args, "O|i", &pos_obj, &seat)) return NULL;
    if (parse_pos(pos_obj, &self->core.rules, &p)) return NULL;
    if (seat == 0) seat = to_act(&p);
    if (parse_seat(seat)) return NULL;
    uint8_t acts[MAX_ACTIONS];
    int n = legal_for(&self->core.rules, &p, seat, acts);
    PyObject *list = PyList_New(n);
    if (!list) return NULL;
    for (int i = 0; i < n; i++) PyList_SET_ITEM(list, i, PyLong_FromLong(acts[i]));
    return list;
}

static PyObject *Core_apply(CoreObject *self, PyObject *args) {
    PyObject *pos_obj;
    long action;
    int seat = 0;
    Pos p;
    if (!ready(self) || !PyArg_ParseTuple(args, "Ol|i", &pos_obj, &action, &seat)) return NULL;
    if (parse_pos(pos_obj, &self->core.rules, &p)) return NULL;
    if (seat == 0) seat = to_act(&p);
    if (parse_seat(seat)) return NULL;
    if (!is_legal(&self->core.rules, &p, seat, action))
        return PyErr_Format(PyExc_ValueError, "action %ld is not legal for seat %d", action, seat);
    apply_action(&self->core.rules, &p, seat, (int)action);
    return Py_BuildValue("(NN)", pos_object(&p), outcome_object(&p));
}

static PyObject *Core_perft(CoreObject *self, PyObject *args) {
    PyObject *pos_obj;
    int depth;
    Pos p;
    if (!ready(self) || !PyArg_ParseTuple(args, "Oi", &pos_obj, &depth)) return NULL;
    if (depth < 0 || depth > 40) return PyErr_Format(PyExc_ValueError, "depth must be from 0 to 40");
    if (parse_pos(pos_obj, &self->core.rules, &p)) return NULL;
    return PyLong_FromUnsignedLongLong(perft(&self->core.rules, &p, depth));
}

static int parse_policy(int policy) {
    if (policy < POLICY_RANDOM || policy > POLICY_GREEDY) return bad("policy must be 0 (random), 1 (true-claims) or 2 (greedy)");
    return 0;
}

static PyObject *Core_playout(CoreObject *self, PyObject *args) {
    PyObject *pos_obj;
    unsigned long long seed;
    int policy;
    Pos p;
    if (!ready(self) || !PyArg_ParseTuple(args, "OKi", &pos_obj, &seed, &policy)) return NULL;
    if (parse_policy(policy) || parse_pos(pos_obj, &self->core.rules, &p)) return NULL;
    Rng g;
    rng_seed(&g, seed);
    uint8_t log[2 * 128];
    int n = playout(&self->core.rules, &p, policy, &g, log, (int)sizeof log);
    if (n > 128) return PyErr_Format(PyExc_RuntimeError, "a playout of %d actions", n);
    PyObject *actions = PyList_New(n);
    if (!actions) return NULL;
    for (int i = 0; i < n; i++) PyList_SET_ITEM(actions, i, Py_BuildValue("(ii)", log[2 * i], log[2 * i + 1]));
    return Py_BuildValue("(NN)", actions, outcome_object(&p));
}

static PyObject *Core_playout_values(CoreObject *self, PyObject *args) {
    PyObject *pos_obj;
    unsigned long long seed;
    int policy;
    Py_ssize_t count;
    Pos p;
    if (!ready(self) || !PyArg_ParseTuple(args, "OnKi", &pos_obj, &count, &seed, &policy)) return NULL;
    if (count < 0 || count > 100000000) return PyErr_Format(PyExc_ValueError, "count must be from 0 to 10**8");
    if (parse_policy(policy) || parse_pos(pos_obj, &self->core.rules, &p)) return NULL;
    Rng g;
    rng_seed(&g, seed);
    PyObject *values = PyList_New(count);
    if (!values) return NULL;
    for (Py_ssize_t i = 0; i < count; i++) {
        Pos q = p;
        playout(&self->core.rules, &q, policy, &g, NULL, 0);
        PyList_SET_ITEM(values, i, PyLong_FromLong(outcome_value(&q)));
    }
    return values;
}

static PyObject *Core_playouts(CoreObject *self, PyObject *args) {
    Py_ssize_t deals;
    unsigned long long seed;
    int policy;
    if (!ready(self) || !PyArg_ParseTuple(args, "nKi", &deals, &seed, &policy)) return NULL;
    if (deals < 0) return PyErr_Format(PyExc_ValueError, "deals must not be negative");
    if (parse_policy(policy)) return NULL;
    const Rules *r = &self->core.rules;
    Rng g;
    rng_seed(&g, seed);
    unsigned long long actions = 0;
    uint8_t deck[32];
    for (Py_ssize_t i = 0; i < deals; i++) {
        Pos p;
        shuffle_pack(r, &g, deck);
        deal_from_deck(r, &p, deck, 2 - (int)(i & 1));
        actions += (unsigned long long)playout(r, &p, policy, &g, NULL, 0);
    }
    return PyLong_FromUnsignedLongLong(actions);
}

static int parse_mask(PyObject *obj, const char *what, uint32_t *out) {
    unsigned long long v = PyLong_Check(obj) ? PyLong_AsUnsignedLongLong(obj) : (unsigned long long)-1;
    if (PyErr_Occurred()) PyErr_Clear();
    if (!PyLong_Check(obj) || v > 0xFFFFFFFFull) {
        PyErr_Format(PyExc_ValueError, "%s must be a card mask (an int from 0 to 2**32 - 1)", what);
        return -1;
    }
    *out = (uint32_t)v;
    return 0;
}

static PyObject *Core_sample_worlds(CoreObject *self, PyObject *args) {
    PyObject *pos_obj, *known_obj, *forbidden_obj;
    int seat;
    Py_ssize_t count;
    unsigned long long seed;
    uint32_t known, forbidden;
    Pos p;
    if (!ready(self) || !PyArg_ParseTuple(args, "OiOOnK", &pos_obj, &seat, &known_obj, &forbidden_obj, &count, &seed))
        return NULL;
    if (parse_seat(seat) || parse_pos(pos_obj, &self->core.rules, &p) || parse_mask(known_obj, "known", &known) ||
        parse_mask(forbidden_obj, "forbidden", &forbidden))
        return NULL;
    if (known & ~p.hand[3 - seat]) return PyErr_Format(PyExc_ValueError, "known: cards the opponent does not hold");
    if (count < 0 || count > 1000000) return PyErr_Format(PyExc_ValueError, "count must be from 0 to 10**6");
    Rng g;
    rng_seed(&g, seed);
    PyObject *worlds = PyList_New(count);
    if (!worlds) return NULL;
    for (Py_ssize_t i = 0; i < count; i++) {
        Pos w = p;
        sample_world(&w, seat, known, forbidden, &g);
        PyObject *item = pos_object(&w);
        if (!item) {
            Py_DECREF(worlds);
            return NULL;
        }
        PyList_SET_ITEM(worlds, i, item);
    }
    return worlds;
}

/* soft facts: a sequence of (card mask, factor in [0, 1]) */
static int parse_soft(PyObject *obj, IsmctsArgs *a) {
    PyObject *seq = PySequence_Fast(obj, "soft must be a sequence of (mask, factor) pairs");
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > MAX_SOFT) {
        Py_DECREF(seq);
        return bad("too many soft facts");
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *mask_obj;
        double factor;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i), "Od", &mask_obj, &factor) ||
            parse_mask(mask_obj, "a soft fact's mask", &a->soft_masks[i])) {
            Py_DECREF(seq);
            return -1;
        }
        if (!(factor >= 0.0 && factor <= 1.0)) {
            Py_DECREF(seq);
            return bad("a soft fact's factor must be from 0 to 1");
        }
        a->soft_factors[i] = factor;
    }
    a->soft_count = (int)n;
    Py_DECREF(seq);
    return 0;
}

static int parse_view(PyObject *obj, const Rules *r, CView *v);
static int parse_counter_params(PyObject *obj, CounterParams *k);

/* the opponent's last card play as evidence: None, or (card, drew, factor, pool, his view then, counter params) */
static int parse_play(PyObject *obj, const Rules *r, IsmctsArgs *a, CView *view, CounterParams *params) {
    a->play_card = -1;
    if (obj == Py_None) return 0;
    PyObject *pool_obj, *view_obj, *params_obj;
    int card, drew;
    double factor;
    if (!PyTuple_Check(obj)) return bad("play must be None or (card, drew, factor, pool, view, counter params)");
    if (!PyArg_ParseTuple(obj, "ipdOOO", &card, &drew, &factor, &pool_obj, &view_obj, &params_obj)) return -1;
    if (card < 0 || card > 31 || !(BIT(card) & r->pack)) return bad("play: the card is not in the pack");
    if (!(factor >= 0.0 && factor <= 1.0)) return bad("play: the factor must be from 0 to 1");
    if (parse_mask(pool_obj, "play: the pool", &a->play_pool) || parse_view(view_obj, r, view) ||
        parse_counter_params(params_obj, params))
        return -1;
    if (view->stage != S_LEAD && view->stage != S_FOLLOW) return bad("play: his view must be at a lead or a follow");
    a->play_card = card;
    a->play_drew = drew;
    a->play_factor = factor;
    a->play_view = view;
    a->play_params = params;
    return 0;
}

static PyObject *Core_ismcts(CoreObject *self, PyObject *args) {
    PyObject *pos_obj, *known_obj, *forbidden_obj, *soft_obj, *play_obj = Py_None;
    unsigned long long session, seed;
    IsmctsArgs a;
    CView play_view;
    CounterParams play_params;
    Pos p;
    memset(&a, 0, sizeof a);
    if (!ready(self) || !PyArg_ParseTuple(args, "OKiOOOlldKidp|ippOp", &pos_obj, &session, &a.seat, &known_obj,
                                          &forbidden_obj, &soft_obj, &a.iterations, &a.min_iterations, &a.seconds,
                                          &seed, &a.policy, &a.exploration, &a.clairvoyant, &a.leaf, &a.prune,
                                          &a.chance, &play_obj, &a.keyed))
        return NULL;
    if (parse_play(play_obj, &self->core.rules, &a, &play_view, &play_params)) return NULL;
    if (a.leaf < LEAF_PLAYOUT || a.leaf > LEAF_MIX) return bad_null("leaf must be 0 (playout), 1 (model) or 2 (mix)");
    if (a.leaf != LEAF_PLAYOUT && !self->core.model) return bad_null("leaf: no model set (Core.set_model)");
    a.seed = seed;
    if (parse_session(self, session) || parse_seat(a.seat) || parse_pos(pos_obj, &self->core.rules, &p) ||
        parse_mask(known_obj, "known", &a.known) || parse_mask(forbidden_obj, "forbidden", &a.forbidden) ||
        parse_soft(soft_obj, &a) || parse_policy(a.policy))
        return NULL;
    if (to_act(&p) != a.seat) return PyErr_Format(PyExc_ValueError, "seat %d is not to act", a.seat);
    if (a.known & ~p.hand[3 - a.seat]) return PyErr_Format(PyExc_ValueError, "known: cards the opponent does not hold");
    if (a.iterations <= 0 && a.seconds <= 0) {
        bad("give iterations or seconds");
        return NULL;
    }
    if (!(a.exploration >= 0.0 && a.exploration <= 10.0)) {
        bad("exploration must be from 0 to 10");
        return NULL;
    }
    IsmctsStat stats[MAX_ACTIONS];
    int n = 0;
    long iterations = 0, nodes = 0;
    PyThreadState *state = enter(self, session);
    int failed = ismcts(&self->core, &p, &a, stats, &n, &iterations, &nodes);
    leave(self, state);
    if (failed) return PyErr_NoMemory();
    PyObject *list = PyList_New(n);
    if (!list) return NULL;
    for (int i = 0; i < n; i++)
        PyList_SET_ITEM(list, i, Py_BuildValue("(ild)", stats[i].action, stats[i].visits, stats[i].total));
    return Py_BuildValue("(Nll)", list, iterations, nodes);
}

/* play_weight(known, hand, play): how well the opponent's last card play fits his hand now (ismcts.c) */
static PyObject *Core_play_weight(CoreObject *self, PyObject *args) {
    PyObject *known_obj, *hand_obj, *play_obj;
    IsmctsArgs a;
    CView view;
    CounterParams params;
    uint32_t hand;
    memset(&a, 0, sizeof a);
    if (!ready(self) || !PyArg_ParseTuple(args, "OOO", &known_obj, &hand_obj, &play_obj)) return NULL;
    if (parse_mask(known_obj, "known", &a.known) || parse_mask(hand_obj, "hand", &hand) ||
        parse_play(play_obj, &self->core.rules, &a, &view, &params))
        return NULL;
    if (a.play_card < 0) return bad_null("play: give the card play");
    if (a.known & ~hand) return bad_null("known: cards not in the hand");
    return PyFloat_FromDouble(play_weight(&self->core.rules, &a, hand));
}

/* set_model(hidden, weights): the learned value's weights (value.c's layout), as floats */
static PyObject *Core_set_model(CoreObject *self, PyObject *args) {
    int hidden;
    PyObject *weights_obj;
    if (!ready(self) || !PyArg_ParseTuple(args, "iO", &hidden, &weights_obj)) return NULL;
    if (hidden < 1 || hidden > 1024) return bad_null("hidden must be from 1 to 1024");
    PyObject *seq = PySequence_Fast(weights_obj, "weights must be a sequence of floats");
    if (!seq) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq), want = (Py_ssize_t)hidden * (VALUE_INPUTS + 2) + 1;
    if (n != want) {
        Py_DECREF(seq);
        return PyErr_Format(PyExc_ValueError, "weights: %zd values, not %zd", n, want);
    }
    float *w = malloc((size_t)n * sizeof *w);
    if (!w) {
        Py_DECREF(seq);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        double v = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1.0 && PyErr_Occurred()) {
            free(w);
            Py_DECREF(seq);
            return NULL;
        }
        /* the input weights arrive by hidden unit (row i / VALUE_INPUTS); value.c reads them by input */
        Py_ssize_t at = i < (Py_ssize_t)hidden * VALUE_INPUTS ? (i % VALUE_INPUTS) * hidden + i / VALUE_INPUTS : i;
        w[at] = (float)v;
    }
    Py_DECREF(seq);
    PyThreadState *state = enter(self, 0);
    free(self->core.model);
    self->core.model = w;
    self->core.model_hidden = hidden;
    leave(self, state);
    Py_RETURN_NONE;
}

static int phase_one(const Pos *p) { return p->stage != S_OVER && !phase2(p); }

static PyObject *Core_model_value(CoreObject *self, PyObject *args) {
    PyObject *pos_obj;
    Pos p;
    if (!ready(self) || !PyArg_ParseTuple(args, "O", &pos_obj) || parse_pos(pos_obj, &self->core.rules, &p))
        return NULL;
    if (!self->core.model) return bad_null("no model set (Core.set_model)");
    if (!phase_one(&p)) return bad_null("the learned value is for phase one in play");
    return PyFloat_FromDouble(model_value(&self->core, &p));
}

static PyObject *Core_value_features(CoreObject *self, PyObject *args) {
    PyObject *pos_obj;
    Pos p;
    if (!ready(self) || !PyArg_ParseTuple(args, "O", &pos_obj) || parse_pos(pos_obj, &self->core.rules, &p))
        return NULL;
    if (!phase_one(&p)) return bad_null("the learned value is for phase one in play");
    float x[VALUE_INPUTS];
    value_features(&self->core.rules, &p, x);
    PyObject *list = PyList_New(VALUE_INPUTS);
    if (!list) return NULL;
    for (int i = 0; i < VALUE_INPUTS; i++) PyList_SET_ITEM(list, i, PyFloat_FromDouble(x[i]));
    return list;
}

/* -- the card counter (counter.c) --------------------------------------------------- */

/* CountingPlayer's constants (heuristic.counter_params): 8 floats, estimate_closed_leads, the
 * talon's size and the cards of a trick */
static int parse_counter_params(PyObject *obj, CounterParams *k) {
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 11) return bad("counter params must be a tuple of 11 (see counter_params)");
    double *floats[8] = {&k->close_margin, &k->close_margin_last_trick, &k->opponent_share, &k->trump_keep,
                         &k->master_trump_keep, &k->master_keep, &k->unbeatable_lead, &k->win_lead_bonus};
    for (Py_ssize_t i = 0; i < 8; i++) {
        double v = PyFloat_AsDouble(PyTuple_GET_ITEM(obj, i));
        if (v == -1.0 && PyErr_Occurred()) return -1;
        if (!isfinite(v) || v < -1000.0 || v > 1000.0) return bad("counter params: a constant out of range");
        *floats[i] = v;
    }
    long estimate = item_long(obj, 8, "estimate_closed_leads", 0, 1), talon = item_long(obj, 9, "talon size", 0, 32);
    long per_trick = item_long(obj, 10, "cards per trick", 1, 4);
    if (estimate == LONG_MIN || talon == LONG_MIN || per_trick == LONG_MIN) return -1;
    k->estimate_closed_leads = (int)estimate;
    k->talon_size = (int)talon;
    k->cards_per_trick = (int)per_trick;
    return 0;
}

/* a generator's state: a bytearray of the 625 words of random.Random.getstate()[1] (None: no noise) */
static int parse_rng(PyObject *obj, PyRng *g, PyRng **out) {
    if (obj == Py_None) {
        *out = NULL;
        return 0;
    }
    if (!PyByteArray_Check(obj) || PyByteArray_GET_SIZE(obj) != (Py_ssize_t)sizeof(PyRng))
        return bad("a generator's state is a bytearray of 625 words (native.rng_state) or None");
    memcpy(g, PyByteArray_AS_STRING(obj), sizeof(PyRng));
    if (g->index > 624) return bad("a generator's state: index beyond 624");
    *out = g;
    return 0;
}

static void store_rng(PyObject *obj, const PyRng *g) {
    if (g) memcpy(PyByteArray_AS_STRING(obj), g, sizeof(PyRng));
}

/* (seat, stage, leader, led, marriage_suit, window, closer, face_up, trump, talon_size, hand, unseen,
 *  opponent_known, forbidden, score, pending, opponent_score, opponent_pending, own tricks,
 *  opponent's hand size, legal actions) */
#define VIEW_FIELDS 21
static int parse_view(PyObject *obj, const Rules *r, CView *v) {
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != VIEW_FIELDS)
        return bad("a counter's view is a tuple of 21 fields (see native.counter_view)");
    static const char *names[VIEW_FIELDS - 1] = {
        "seat", "stage", "leader", "led", "marriage_suit", "window", "closer", "face_up", "trump", "talon_size",
        "hand", "unseen", "opponent_known", "forbidden", "score", "pending", "opponent_score", "opponent_pending",
        "tricks", "opponent_hand_size"};
    static const long lo[VIEW_FIELDS - 1] = {1, 0, 1, -1, -1, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    static const long hi[VIEW_FIELDS - 1] = {2, 3, 2, 31, 3, 2, 2, 31, 3, 32, 0xFFFFFFFFL, 0xFFFFFFFFL, 0xFFFFFFFFL,
                                             0xFFFFFFFFL, 400, 120, 400, 120, 16, 16};
    long x[VIEW_FIELDS - 1];
    for (int i = 0; i < VIEW_FIELDS - 1; i++) {
        x[i] = item_long(obj, i, names[i], lo[i], hi[i]);
        if (x[i] == LONG_MIN) return -1;
    }
    memset(v, 0, sizeof *v);
    v->seat = (int)x[0], v->stage = (int)x[1], v->leader = (int)x[2], v->led = (int)x[3];
    v->marriage_suit = (int)x[4], v->window = (int)x[5], v->closer = (int)x[6], v->face_up = (int)x[7];
    v->trump = (int)x[8], v->talon_size = (int)x[9];
    v->hand = (uint32_t)x[10], v->unseen = (uint32_t)x[11], v->opp_known = (uint32_t)x[12], v->forbidden = (uint32_t)x[13];
    v->score = (int)x[14], v->pending = (int)x[15], v->opp_score = (int)x[16], v->opp_pending = (int)x[17];
    v->own_tricks = (int)x[18], v->opp_hand_size = (int)x[19];
    if (v->stage == S_FOLLOW && v->led < 0) return bad("a counter's view: at the follow, led must be a card");
    if (v->stage == S_MARRIAGE && v->marriage_suit < 0) return bad("a counter's view: stage MARRIAGE needs the suit");
    if ((v->hand | v->unseen | v->opp_known) & ~r->pack) return bad("a counter's view: a card not in the pack");
    PyObject *legal = PyTuple_GET_ITEM(obj, VIEW_FIELDS - 1);
    if (!PyTuple_Check(legal) || PyTuple_GET_SIZE(legal) < 1 || PyTuple_GET_SIZE(legal) > MAX_ACTIONS)
        return bad("a counter's view: the legal actions, a tuple of 1 to 48 action ids");
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(legal); i++) {
        long a = item_long(legal, i, "a legal action", 0, NUM_ACTIONS - 1);
        if (a == LONG_MIN) return -1;
        v->legal[i] = (uint8_t)a;
    }
    v->n_legal = (int)PyTuple_GET_SIZE(legal);
    return 0;
}

static PyObject *Core_counter_choose(CoreObject *self, PyObject *args) {
    PyObject *view_obj, *params_obj, *rng_obj = Py_None;
    CView v;
    CounterParams k;
    PyRng state, *g;
    if (!ready(self) || !PyArg_ParseTuple(args, "OO|O", &view_obj, &params_obj, &rng_obj)) return NULL;
    if (parse_view(view_obj, &self->core.rules, &v) || parse_counter_params(params_obj, &k) || parse_rng(rng_obj, &state, &g))
        return NULL;
    int action = counter_choose(&self->core.rules, &k, &v, g);
    if (action < 0) return bad_null("a counter's view: no card to play among the legal actions");
    store_rng(rng_obj, g);
    return PyLong_FromLong(action);
}

/* a world's facts beside its position: (trump card, known1, known2, played) */
static int parse_rollout(PyObject *pos_obj, PyObject *extra, const Rules *r, Rollout *w) {
    memset(w, 0, sizeof *w);
    if (parse_pos(pos_obj, r, &w->pos)) return -1;
    if (!PyTuple_Check(extra) || PyTuple_GET_SIZE(extra) != 4) return bad("a world's facts: (trump card, known1, known2, played)");
    long trump_card = item_long(extra, 0, "trump card", 0, 31);
    if (trump_card == LONG_MIN) return -1;
    if ((trump_card >> 3) != w->pos.trump) return bad("a world's facts: the trump card is not of the trump suit");
    w->trump_card = (int)trump_card;
    for (int i = 1; i <= 3; i++) {
        long m = item_long(extra, i, "a card mask", 0, 0xFFFFFFFFL);
        if (m == LONG_MIN) return -1;
        if ((uint32_t)m & ~r->pack) return bad("a world's facts: a card not in the pack");
        if (i < 3)
            w->known[i] = (uint32_t)m & w->pos.hand[i];
        else
            w->played = (uint32_t)m;
    }
    w->scan_led = -1;
    return 0;
}

static PyObject *Core_rollout_values(CoreObject *self, PyObject *args) {
    PyObject *pos_obj, *extra_obj, *actions_obj, *params_obj, *rng1_obj, *rng2_obj;
    unsigned long long session;
    int seat, n, values[MAX_ACTIONS];
    uint8_t acts[MAX_ACTIONS];
    Rollout w;
    CounterParams k;
    PyRng s1, s2, *g1, *g2;
    int solve_from = -1;
    if (!ready(self) || !PyArg_ParseTuple(args, "OKOOiOOO|i", &pos_obj, &session, &extra_obj, &actions_obj, &seat,
                                          &params_obj, &rng1_obj, &rng2_obj, &solve_from))
        return NULL;
    if (solve_from < -1 || solve_from > MAX_STOCK) return bad_null("solve_from must be from -1 to the stock's size");
    const Rules *r = &self->core.rules;
    if (parse_session(self, session) || parse_seat(seat) || parse_rollout(pos_obj, extra_obj, r, &w) ||
        parse_actions(actions_obj, r, &w.pos, seat, acts, &n) || parse_counter_params(params_obj, &k) ||
        parse_rng(rng1_obj, &s1, &g1) || parse_rng(rng2_obj, &s2, &g2))
        return NULL;
    PyThreadState *state = enter(self, session);
    rollout_action_values(&self->core, &k, &w, seat, acts, n, g1, g2, solve_from, values);
    leave(self, state);
    store_rng(rng1_obj, g1);
    store_rng(rng2_obj, g2);
    int sign = seat == 1 ? 1 : -1;
    PyObject *list = PyList_New(n);
    if (!list) return NULL;
    for (int i = 0; i < n; i++) PyList_SET_ITEM(list, i, PyLong_FromLong(sign * values[i]));
    return list;
}

static PyObject *Core_get_nodes(CoreObject *self, void *Py_UNUSED(closure)) {
    return PyLong_FromUnsignedLongLong(self->ready ? self->core.nodes : 0);
}

static int Core_set_nodes(CoreObject *self, PyObject *value, void *Py_UNUSED(closure)) {
    if (!value || !PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "nodes must be an int");
        return -1;
    }
    unsigned long long n = PyLong_AsUnsignedLongLong(value);
    if (n == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    if (ready(self)) self->core.nodes = n;
    return 0;
}

static PyMethodDef Core_methods[] = {
    {"new_session", (PyCFunction)Core_new_session, METH_NOARGS, "A fresh session: an empty phase-2 table."},
    {"value", (PyCFunction)Core_value, METH_VARARGS, "value(pos, session): exact value for seat 1."},
    {"window", (PyCFunction)Core_window, METH_VARARGS,
     "window(pos, session, alpha, beta): fail-soft alpha-beta value for seat 1."},
    {"test", (PyCFunction)Core_test, METH_VARARGS,
     "test(pos, session, seat, threshold): whether the value for seat is at least threshold."},
    {"action_values", (PyCFunction)Core_action_values, METH_VARARGS,
     "action_values(pos, session, actions, seat): exact value of each action for seat."},
    {"worlds_action_values", (PyCFunction)Core_worlds_action_values, METH_VARARGS,
     "worlds_action_values(worlds, session, actions, seat): action_values of every world."},
    {"legal", (PyCFunction)Core_legal, METH_VARARGS, "legal(pos, seat=0): the legal action ids."},
    {"apply", (PyCFunction)Core_apply, METH_VARARGS, "apply(pos, action, seat=0): (new pos, outcome or None)."},
    {"perft", (PyCFunction)Core_perft, METH_VARARGS, "perft(pos, depth): action sequences of depth plies."},
    {"playout", (PyCFunction)Core_playout, METH_VARARGS,
     "playout(pos, seed, policy): ([(seat, action), ...], outcome)."},
    {"playout_values", (PyCFunction)Core_playout_values, METH_VARARGS,
     "playout_values(pos, count, seed, policy): the value for seat 1 of count playouts."},
    {"sample_worlds", (PyCFunction)Core_sample_worlds, METH_VARARGS,
     "sample_worlds(pos, seat, known, forbidden, count, seed): the cards seat cannot see, redealt count times."},
    {"playouts", (PyCFunction)Core_playouts, METH_VARARGS,
     "playouts(deals, seed, policy): play shuffled deals to the end; the number of actions."},
    {"play_weight", (PyCFunction)Core_play_weight, METH_VARARGS,
     "play_weight(known, hand, play): how well the opponent's last card play (ismcts' play) fits his hand now."},
    {"ismcts", (PyCFunction)Core_ismcts, METH_VARARGS,
     "ismcts(pos, session, seat, known, forbidden, soft, iterations, min_iterations, seconds, seed, policy,"
     " exploration, clairvoyant[, leaf, prune, chance, play, keyed]): ([(action, visits, value sum for seat 1), ...], iterations, nodes)."},
    {"set_model", (PyCFunction)Core_set_model, METH_VARARGS,
     "set_model(hidden, weights): the learned value's weights (native/value.c's layout)."},
    {"model_value", (PyCFunction)Core_model_value, METH_VARARGS,
     "model_value(pos): the learned value for seat 1 of a phase-one position."},
    {"value_features", (PyCFunction)Core_value_features, METH_VARARGS,
     "value_features(pos): the learned value's inputs for a phase-one position."},
    {"counter_choose", (PyCFunction)Core_counter_choose, METH_VARARGS,
     "counter_choose(view, params, rng=None): the card counter's action (rng: its generator's state, updated)."},
    {"rollout_values", (PyCFunction)Core_rollout_values, METH_VARARGS,
     "rollout_values(pos, session, facts, actions, seat, params, rng1, rng2[, solve_from]): each action's value for seat,"
     " played on by the counters while the talon is open, then solved."},
    {NULL, NULL, 0, NULL}};

static PyObject *Core_get_engine_nodes(CoreObject *self, void *Py_UNUSED(closure)) {
    return PyLong_FromUnsignedLongLong(self->ready ? self->core.engine_nodes : 0);
}

static PyGetSetDef Core_getset[] = {
    {"engine_nodes", (getter)Core_get_engine_nodes, NULL, "Of the nodes, those searched action by action.", NULL},
    {"nodes", (getter)Core_get_nodes, (setter)Core_set_nodes, "Search nodes visited so far.", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "sixtysix.ai._native.Core",
    .tp_basicsize = sizeof(CoreObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The native search core for one set of two-player rules.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "sixtysix.ai._native",
                                    "The native search core of sixtysix (see sixtysix.ai.native).", -1, NULL, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__native(void) {
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) goto fail;
    PyObject *fields = rule_fields_object();
    if (!fields || PyModule_AddObject(m, "RULE_FIELDS", fields) < 0) goto fail;
    PyObject *names = PyTuple_New(POS_FIELDS);
    if (!names) goto fail;
    for (int i = 0; i < POS_FIELDS; i++) PyTuple_SET_ITEM(names, i, PyUnicode_FromString(POS_NAMES[i]));
    if (PyModule_AddObject(m, "POS_FIELDS", names) < 0) goto fail;
    if (PyModule_AddIntConstant(m, "ABI", 1) < 0) goto fail;
#if defined(__SANITIZE_ADDRESS__)
    if (PyModule_AddStringConstant(m, "SANITIZERS", "address,undefined") < 0) goto fail;
#else
    if (PyModule_AddStringConstant(m, "SANITIZERS", "") < 0) goto fail;
#endif
    return m;
fail:
    Py_DECREF(m);
    return NULL;
}
