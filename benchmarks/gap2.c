/* The reference loop of benchmarks/simulate.py (issue 24): classic Qwixx, every seat the
 * gap-2 bot, written in plain C from docs/simulate.md ("The bots", "How it is built": the
 * dice stream) and RULES.md section 1, independently of the numba kernel.
 *
 * Usage: gap2 SEED FIRST COUNT PLAYERS [games]
 *   plays games FIRST .. FIRST + COUNT - 1 of the run seeded SEED; prints the CPU seconds of
 *   the loop and the sum of all scores; with "games", one line per game instead:
 *   rolls end locked, then per seat: score penalties crossed-mask-of-each-row.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ROWS 4
#define FIELDS 11
#define LOCK (FIELDS - 1)
#define THRESHOLD 5
#define BOXES 4
#define PENALTY 5
#define MAX_SEATS 5
#define NONE 1000000

static uint64_t state;

static int die(void) { /* splitmix64; a die is 1 + draw % 6 */
    state += 0x9E3779B97F4A7C15ULL;
    uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return 1 + (int)(z % 6);
}

typedef struct {
    int pos[ROWS];     /* last crossed field, -1: none */
    int crosses[ROWS]; /* counted crosses (a lock: 2) */
    int crossed[ROWS]; /* bit mask of crossed fields */
    int penalties;
    int mine; /* colours this seat locked: closed on its sheet at once */
} Sheet;

static int closed, closing, locked;

static int field_of(int row, int sum) { /* red, yellow 2..12; green, blue 12..2 */
    return row < 2 ? sum - 2 : 12 - sum;
}

/* The gap option of a sum in one row: its key (skips + 1, fewer crosses, lower row; smaller
 * is better) or NONE, and the field. */
static int option(const Sheet *s, int row, int sum, int *field) {
    if (((closed | s->mine) >> row) & 1) return NONE;
    int j = field_of(row, sum), have = s->crosses[row];
    int skips;
    if (j == LOCK) {
        if (have < THRESHOLD) return NONE;
        skips = -1;
    } else if (j > s->pos[row]) {
        skips = j - s->pos[row] - 1;
    } else {
        return NONE;
    }
    *field = j;
    return ((skips + 1) * 64 + (63 - have)) * 8 + row;
}

static int white(const Sheet *s, int sum, int *row, int *field) {
    int best = NONE;
    for (int r = 0; r < ROWS; r++) {
        int j, key = option(s, r, sum, &j);
        if (key < best) best = key, *row = r, *field = j;
    }
    return best;
}

static int colour(const Sheet *s, const int *dice, int *row, int *field) {
    int best = NONE;
    for (int c = 0; c < ROWS; c++) { /* the colour of die c is row c */
        if ((closed >> c) & 1) continue;
        for (int w = 0; w < 2; w++) {
            int j, key = option(s, c, dice[w] + dice[2 + c], &j);
            if (key < best) best = key, *row = c, *field = j;
        }
    }
    return best;
}

static int skips(int key) { return key / (64 * 8) - 1; }

static void cross(Sheet *s, int row, int j) {
    s->crossed[row] |= 1 << j;
    s->pos[row] = j;
    if (j == LOCK) {
        s->crosses[row] += 2;
        closing |= 1 << row;
        s->mine |= 1 << row;
        locked |= 1 << row;
    } else {
        s->crosses[row] += 1;
    }
}

static int close_colours(void) {
    closed |= closing;
    closing = 0;
    return __builtin_popcount(closed);
}

static int score(const Sheet *s) {
    int total = 0;
    for (int r = 0; r < ROWS; r++) {
        int n = s->crosses[r] > 12 ? 12 : s->crosses[r];
        total += n * (n + 1) / 2;
    }
    return total - PENALTY * s->penalties;
}

/* One game; returns the rolls, sets *end (0 by locks, 1 by penalties). */
static int play(Sheet *seats, int players, uint64_t seed, uint64_t game, int *end) {
    const int k = 2;
    memset(seats, 0, sizeof(Sheet) * players);
    for (int p = 0; p < players; p++)
        for (int r = 0; r < ROWS; r++) seats[p].pos[r] = -1;
    closed = closing = locked = 0;
    state = seed * 0xD1342543DE82EF95ULL + game;
    int active = 0, rolls = 0;
    for (;;) {
        int dice[6];
        for (int d = 0; d < 6; d++) dice[d] = die();
        rolls++;
        int moved = 0, sum = dice[0] + dice[1];
        for (int p = 0; p < players; p++) {
            int row, j, key = white(&seats[p], sum, &row, &j);
            if (key == NONE) continue;
            int take = skips(key) <= k;
            if (!take && p == active && skips(key) <= k + 1) {
                int crow, cj, ckey = colour(&seats[p], dice, &crow, &cj);
                take = ckey == NONE || skips(ckey) > k;
            }
            if (take) {
                cross(&seats[p], row, j);
                if (p == active) moved = 1;
            }
        }
        if (close_colours() >= 2) {
            *end = 0;
            return rolls;
        }
        int row, j, key = colour(&seats[active], dice, &row, &j);
        if (key != NONE && skips(key) <= (moved ? k : k + 1))
            cross(&seats[active], row, j);
        else if (!moved)
            seats[active].penalties++;
        if (close_colours() >= 2) {
            *end = 0;
            return rolls;
        }
        if (seats[active].penalties >= BOXES) {
            *end = 1;
            return rolls;
        }
        active = (active + 1) % players;
    }
}

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: gap2 SEED FIRST COUNT PLAYERS [games]\n");
        return 2;
    }
    uint64_t seed = strtoull(argv[1], NULL, 10), first = strtoull(argv[2], NULL, 10);
    long count = atol(argv[3]);
    int players = atoi(argv[4]);
    int listing = argc > 5 && strcmp(argv[5], "games") == 0;
    if (players < 1 || players > MAX_SEATS) return 2;
    Sheet seats[MAX_SEATS];
    long long sum = 0;
    clock_t start = clock();
    for (long g = 0; g < count; g++) {
        int end, rolls = play(seats, players, seed, first + (uint64_t)g, &end);
        if (listing) {
            printf("%d %d %d", rolls, end, locked);
            for (int p = 0; p < players; p++) {
                printf(" %d %d", score(&seats[p]), seats[p].penalties);
                for (int r = 0; r < ROWS; r++) printf(" %d", seats[p].crossed[r]);
            }
            printf("\n");
        } else {
            for (int p = 0; p < players; p++) sum += score(&seats[p]);
        }
    }
    if (!listing) printf("%.6f %lld\n", (double)(clock() - start) / CLOCKS_PER_SEC, sum);
    return 0;
}
