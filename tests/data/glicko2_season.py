#!/usr/bin/env python3
"""Independent check of the ratings in tests/referee/community.rs: Glickman's Glicko-2 algorithm
(http://www.glicko.net/glicko/glicko2.pdf, tau 0.5, one game per rating period) written out from
the paper, not from the crate. Prints the ratings and deviations after the transcript's SEASON:
Bob beats Alice twice at Ultima, then Carol and Alice draw.

Output (python3 tests/data/glicko2_season.py):
alice 1323 237
bob 1720 260
carol 1417 288
"""
import math

SCALE = 173.7178
TAU = 0.5


def g(phi):
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi ** 2)


def update(player, opponent, score):
    mu, phi, sigma = (player[0] - 1500) / SCALE, player[1] / SCALE, player[2]
    mu_j, phi_j = (opponent[0] - 1500) / SCALE, opponent[1] / SCALE
    e = 1 / (1 + math.exp(-g(phi_j) * (mu - mu_j)))
    v = 1 / (g(phi_j) ** 2 * e * (1 - e))
    delta = v * g(phi_j) * (score - e)
    a = math.log(sigma ** 2)

    def f(x):
        ex = math.exp(x)
        return ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2) - (x - a) / TAU ** 2

    big_a = a
    if delta ** 2 > phi ** 2 + v:
        big_b = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > 1e-6:
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = c, f_c
    sigma2 = math.exp(big_a / 2)
    phi_star = math.sqrt(phi ** 2 + sigma2 ** 2)
    phi2 = 1 / math.sqrt(1 / phi_star ** 2 + 1 / v)
    mu2 = mu + phi2 ** 2 * g(phi_j) * (score - e)
    return (mu2 * SCALE + 1500, phi2 * SCALE, sigma2)


NEW = (1500.0, 350.0, 0.06)
alice = bob = carol = NEW
for _ in range(2):
    alice, bob = update(alice, bob, 0), update(bob, alice, 1)
carol, alice = update(carol, alice, 0.5), update(alice, carol, 0.5)
for name, p in (("alice", alice), ("bob", bob), ("carol", carol)):
    print(name, round(p[0]), round(p[1]))
