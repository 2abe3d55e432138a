//! The Dutch Swiss pairing: hand-checked examples derived from the C.04.3 rules, and whole
//! random tournaments (2 to 200 players, late joiners, withdrawals, random results) checked
//! against an independent brute force for small fields.

use std::collections::HashMap;

use arbiter_pairing::Colour::{self, Black, White};
use arbiter_pairing::swiss::{Float, Game, Options, Pairing, Player, PlayerId, Relaxation, pair};
use proptest::prelude::*;

fn game(white: PlayerId, black: PlayerId) -> Game {
    Game { white, black }
}

/// Plays `pairing` into `players`: `white_points(board)` gives white's half points (0..=2).
fn apply(players: &mut [Player], pairing: &Pairing, white_points: &mut dyn FnMut() -> u32) {
    let index: HashMap<PlayerId, usize> =
        players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let mut done = vec![false; players.len()];
    for g in &pairing.games {
        let w = white_points();
        let (wi, bi) = (index[&g.white], index[&g.black]);
        players[wi].record_game(g.black, White, w, pairing.float_of(g.white));
        players[bi].record_game(g.white, Black, 2 - w, pairing.float_of(g.black));
        done[wi] = true;
        done[bi] = true;
    }
    if let Some(b) = pairing.bye {
        players[index[&b]].record_bye(2);
        done[index[&b]] = true;
    }
    for (p, d) in players.iter_mut().zip(done) {
        if !d {
            p.record_absence();
        }
    }
}

fn field(n: u32) -> Vec<Player> {
    (1..=n).map(|rank| Player::new(rank, rank)).collect()
}

#[test]
fn round_one_pairs_the_top_half_against_the_bottom_half_with_alternating_colours() {
    // C.04.3: one score group; S1 = 1..3, S2 = 4..6; no preferences, so rule 5.2.5 gives the
    // initial colour (white) to odd pairing numbers and black to even ones.
    let pairing = pair(&field(6), &Options::default()).expect("distinct ids");
    assert_eq!(pairing.games, vec![game(1, 4), game(5, 2), game(3, 6)]);
    assert_eq!(pairing.bye, None);
    assert_eq!(pairing.relaxed, Relaxation::None);
    let black_first = Options { initial_colour: Black, ..Options::default() };
    let pairing = pair(&field(6), &black_first).expect("distinct ids");
    assert_eq!(pairing.games, vec![game(4, 1), game(2, 5), game(6, 3)]);
}

#[test]
fn an_odd_field_gives_the_first_round_bye_to_the_lowest_ranked_player() {
    let pairing = pair(&field(5), &Options::default()).expect("distinct ids");
    assert_eq!(pairing.bye, Some(5));
    assert_eq!(pairing.games, vec![game(1, 3), game(4, 2)]);
    assert_eq!(pairing.float_of(5), Some(Float::Down));
}

/// Four players: round 1 is 1-3, 4-2; 1 and 2 win.
fn four_after_round_one() -> Vec<Player> {
    let mut players = field(4);
    let first = pair(&players, &Options::default()).expect("distinct ids");
    assert_eq!(first.games, vec![game(1, 3), game(4, 2)]);
    let mut results = [2, 0].into_iter();
    apply(&mut players, &first, &mut || results.next().expect("two boards"));
    players
}

#[test]
fn round_two_grants_both_mild_preferences_in_each_score_group() {
    // 1 (white in round 1) wants black, 2 (black) wants white: 2-1. Likewise 3-4.
    let pairing = pair(&four_after_round_one(), &Options::default()).expect("distinct ids");
    assert_eq!(pairing.games, vec![game(2, 1), game(3, 4)]);
    assert!(pairing.floats.is_empty());
}

#[test]
fn round_three_floats_the_leader_down_to_the_only_player_it_has_not_met() {
    // Round 2: 2-1 won by 1, 3-4 won by 3. Scores 1: 2 points, 2 and 3: 1, 4: 0. Player 1
    // has met 2 and 3, so it floats to the bottom and meets 4; 2-3 is the middle board.
    // Colours: 1 (W, B) and 4 (W, B) both want white mildly and had the same colours each
    // round, so rule 5.2.4 gives the higher-ranked 1 white. 2 (B, W) and 3 (B, W) both want
    // black, same histories: 2 is higher ranked and gets black.
    let mut players = four_after_round_one();
    let second = pair(&players, &Options::default()).expect("distinct ids");
    let mut results = [0, 2].into_iter();
    apply(&mut players, &second, &mut || results.next().expect("two boards"));
    let third = pair(&players, &Options::default()).expect("distinct ids");
    assert_eq!(third.games, vec![game(1, 4), game(3, 2)]);
    assert_eq!(third.float_of(1), Some(Float::Down));
    assert_eq!(third.float_of(4), Some(Float::Up));
    assert_eq!(third.relaxed, Relaxation::None);
}

#[test]
fn withdrawn_players_are_not_paired_and_late_joiners_are() {
    let mut players = field(4);
    players[0].withdrawn = true;
    let mut late = Player::new(99, 5);
    late.record_absence();
    players.push(late);
    let pairing = pair(&players, &Options::default()).expect("distinct ids");
    let mut seen: Vec<PlayerId> =
        pairing.games.iter().flat_map(|g| [g.white, g.black]).chain(pairing.bye).collect();
    seen.sort_unstable();
    assert_eq!(seen, vec![2, 3, 4, 99]);
}

#[test]
fn a_duplicate_id_is_an_error() {
    let players = vec![Player::new(7, 1), Player::new(7, 2)];
    assert!(pair(&players, &Options::default()).is_err());
}

#[test]
fn two_players_who_have_met_meet_again_only_as_a_reported_relaxation() {
    let mut players = field(2);
    let first = pair(&players, &Options::default()).expect("distinct ids");
    apply(&mut players, &first, &mut || 1);
    let second = pair(&players, &Options::default()).expect("distinct ids");
    assert_eq!(second.relaxed, Relaxation::RepeatsAndByes);
    assert_eq!(second.games.len(), 1);
}

// ---- The independent checker -------------------------------------------------------------

/// The colour a player must have by the absolute rule, from its history alone.
fn absolute(p: &Player) -> Option<Colour> {
    let played: Vec<Colour> = p.colours.iter().flatten().copied().collect();
    let diff: i32 = played.iter().map(|c| if *c == White { 1 } else { -1 }).sum();
    if diff > 1 {
        return Some(Black);
    }
    if diff < -1 {
        return Some(White);
    }
    match played.as_slice() {
        [.., a, b] if a == b => Some(if *a == White { Black } else { White }),
        _ => None,
    }
}

/// Pairing constraints over the active players, by index.
struct Rules {
    met: Vec<Vec<bool>>,
    abs: Vec<Option<Colour>>,
    had_bye: Vec<bool>,
}

impl Rules {
    fn new(active: &[&Player]) -> Rules {
        let met = active
            .iter()
            .map(|a| active.iter().map(|b| a.opponents.contains(&b.id)).collect())
            .collect();
        Rules {
            met,
            abs: active.iter().map(|p| absolute(p)).collect(),
            had_bye: active.iter().map(|p| p.had_bye).collect(),
        }
    }

    fn ok(&self, a: usize, b: usize, colours: bool) -> bool {
        let clash = colours && self.abs[a].is_some() && self.abs[a] == self.abs[b];
        !self.met[a][b] && !clash
    }

    /// Whether the players can be paired (with one eligible bye if odd): exhaustively, or
    /// with at most `budget` search nodes in a shuffled order (then `false` means unknown).
    fn exists(&self, colours: bool, budget: Option<u64>, rng: &mut Rng) -> bool {
        let n = self.met.len();
        let mut byes: Vec<Option<usize>> = if n % 2 == 1 {
            (0..n).filter(|&i| !self.had_bye[i]).map(Some).collect()
        } else {
            vec![None]
        };
        if budget.is_some() {
            byes.truncate(3);
        }
        byes.into_iter().any(|bye| {
            let mut free: Vec<usize> = (0..n).filter(|&i| Some(i) != bye).collect();
            if budget.is_some() {
                rng.shuffle(&mut free);
            }
            let mut nodes = 0;
            self.search(&free, colours, budget, &mut nodes)
        })
    }

    fn search(&self, free: &[usize], colours: bool, budget: Option<u64>, nodes: &mut u64) -> bool {
        *nodes += 1;
        if budget.is_some_and(|b| *nodes > b) {
            return false;
        }
        if free.is_empty() {
            return true;
        }
        let v = free[0];
        for k in 1..free.len() {
            let u = free[k];
            if self.ok(v, u, colours) {
                let rest: Vec<usize> = free[1..].iter().copied().filter(|&x| x != u).collect();
                if self.search(&rest, colours, budget, nodes) {
                    return true;
                }
            }
        }
        false
    }
}

/// A small deterministic generator for results and choices (proptest supplies the seed).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // SplitMix64.
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

/// Plays a whole random tournament of `n` players over `rounds` rounds, checking every round;
/// `churn` adds late joiners and withdrawals. Active fields of up to 12 players are checked
/// against the exhaustive search, larger ones against a budgeted witness search.
fn tournament(n: u32, rounds: u32, seed: u64, churn: bool) -> Result<(), TestCaseError> {
    let mut rng = Rng(seed);
    let mut players: Vec<Player> = Vec::new();
    // Late joiners enter after round 1 with 0 points; everyone else from the start.
    let joins: Vec<u32> = (0..n)
        .map(|_| {
            if churn && rounds > 1 && rng.below(10) == 0 {
                1 + rng.below(rounds as u64 - 1) as u32
            } else {
                0
            }
        })
        .collect();
    // No relaxation so far: the colour invariants must hold; no repeat so far: one bye each.
    let mut clean = true;
    let mut no_repeats = true;
    let mut byes: HashMap<PlayerId, u32> = HashMap::new();
    for round in 0..rounds {
        for (k, &join) in joins.iter().enumerate() {
            if join == round {
                let mut p = Player::new(k as u32 * 7 + 3, k as u32 + 1);
                for _ in 0..round {
                    p.record_absence();
                }
                players.push(p);
            }
        }
        if churn && round > 0 {
            for p in &mut players {
                if rng.below(30) == 0 {
                    p.withdrawn = true;
                }
            }
        }
        let pairing = pair(&players, &Options::default()).expect("distinct ids");
        let active: Vec<&Player> = players.iter().filter(|p| !p.withdrawn).collect();
        let at = |id: PlayerId| active.iter().position(|p| p.id == id);

        // Everyone active exactly once; nobody else.
        let mut seen = vec![0; active.len()];
        for id in pairing.games.iter().flat_map(|g| [g.white, g.black]).chain(pairing.bye) {
            let i = at(id).ok_or_else(|| TestCaseError::fail(format!("{id} is not active")))?;
            seen[i] += 1;
        }
        prop_assert!(seen.iter().all(|&s| s == 1), "round {}: seen {:?}", round + 1, seen);
        prop_assert_eq!(pairing.bye.is_some(), active.len() % 2 == 1);

        // What the pairing breaks, by the checker's own reading of the rules.
        let rules = Rules::new(&active);
        let idx: Vec<(usize, usize)> = pairing
            .games
            .iter()
            .map(|g| (at(g.white).unwrap_or(0), at(g.black).unwrap_or(0)))
            .collect();
        let repeats = idx.iter().any(|&(a, b)| rules.met[a][b]);
        let second_bye = pairing.bye.and_then(at).is_some_and(|b| rules.had_bye[b]);
        let clash = idx.iter().any(|&(a, b)| !rules.ok(a, b, true));
        let broken = if repeats || second_bye {
            Relaxation::RepeatsAndByes
        } else if clash {
            Relaxation::ColourRules
        } else {
            Relaxation::None
        };
        prop_assert_eq!(pairing.relaxed, broken, "round {}", round + 1);

        if active.len() <= 12 {
            let strict = rules.exists(true, None, &mut rng);
            let repeat_free = rules.exists(false, None, &mut rng);
            prop_assert_eq!(pairing.relaxed == Relaxation::None, strict, "round {}", round + 1);
            prop_assert_eq!(
                pairing.relaxed < Relaxation::RepeatsAndByes,
                repeat_free,
                "round {}",
                round + 1
            );
        } else if rules.exists(true, Some(20_000), &mut rng) {
            prop_assert_eq!(
                pairing.relaxed,
                Relaxation::None,
                "round {}: a witness exists",
                round + 1
            );
        }
        clean &= pairing.relaxed == Relaxation::None;

        apply(&mut players, &pairing, &mut || rng.below(3) as u32);

        if clean {
            for p in &players {
                let played: Vec<Colour> = p.colours.iter().flatten().copied().collect();
                let diff: i32 = played.iter().map(|c| if *c == White { 1 } else { -1 }).sum();
                prop_assert!(diff.abs() <= 2, "player {} colours {:?}", p.id, played);
                prop_assert!(
                    !played.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]),
                    "player {} colours {:?}",
                    p.id,
                    played
                );
            }
        }
        if let Some(b) = pairing.bye {
            *byes.entry(b).or_insert(0) += 1;
        }
        no_repeats &= pairing.relaxed < Relaxation::RepeatsAndByes;
        if no_repeats {
            prop_assert!(byes.values().all(|&b| b <= 1), "byes {:?}", byes);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn small_swiss_fields_break_a_rule_exactly_when_brute_force_finds_no_pairing_keeping_it(
        n in 2u32..=12,
        rounds in 1u32..=12,
        seed in any::<u64>(),
        churn in any::<bool>(),
    ) {
        tournament(n, rounds, seed, churn)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn large_swiss_fields_keep_every_rule_whenever_a_witness_pairing_keeps_them(
        n in 13u32..=200,
        rounds in 1u32..=9,
        seed in any::<u64>(),
        churn in any::<bool>(),
    ) {
        tournament(n, rounds, seed, churn)?;
    }
}
