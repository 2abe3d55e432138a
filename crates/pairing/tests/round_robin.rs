//! Round robins: the published Berger tables, and properties over fields of 2 to 200 players.

use arbiter_pairing::round_robin::{Round, berger};
use proptest::prelude::*;

/// A table as printed, "1-6, 2-5, 3-4" per round with 1-based numbers, as indices.
fn parse(table: &[&str]) -> Vec<Vec<(usize, usize)>> {
    table
        .iter()
        .map(|round| {
            round
                .split(", ")
                .map(|game| {
                    let (w, b) = game.split_once('-').expect("a game is white-black");
                    (
                        w.parse::<usize>().expect("a number") - 1,
                        b.parse::<usize>().expect("a number") - 1,
                    )
                })
                .collect()
        })
        .collect()
}

fn games(rounds: &[Round]) -> Vec<Vec<(usize, usize)>> {
    rounds.iter().map(|r| r.games.iter().map(|g| (g.white, g.black)).collect()).collect()
}

// Source: FIDE Handbook C.05 Annex 1, the Berger tables (as reproduced on Chris Fox's chess
// pages, "Berger Tables"); the highest number is the bye with one player fewer.
const FOUR: [&str; 3] = ["1-4, 2-3", "4-3, 1-2", "2-4, 3-1"];
const SIX: [&str; 5] =
    ["1-6, 2-5, 3-4", "6-4, 5-3, 1-2", "2-6, 3-1, 4-5", "6-5, 1-4, 2-3", "3-6, 4-2, 5-1"];
const EIGHT: [&str; 7] = [
    "1-8, 2-7, 3-6, 4-5",
    "8-5, 6-4, 7-3, 1-2",
    "2-8, 3-1, 4-7, 5-6",
    "8-6, 7-5, 1-4, 2-3",
    "3-8, 4-2, 5-1, 6-7",
    "8-7, 1-6, 2-5, 3-4",
    "4-8, 5-3, 6-2, 7-1",
];
const TEN: [&str; 9] = [
    "1-10, 2-9, 3-8, 4-7, 5-6",
    "10-6, 7-5, 8-4, 9-3, 1-2",
    "2-10, 3-1, 4-9, 5-8, 6-7",
    "10-7, 8-6, 9-5, 1-4, 2-3",
    "3-10, 4-2, 5-1, 6-9, 7-8",
    "10-8, 9-7, 1-6, 2-5, 3-4",
    "4-10, 5-3, 6-2, 7-1, 8-9",
    "10-9, 1-8, 2-7, 3-6, 4-5",
    "5-10, 6-4, 7-3, 8-2, 9-1",
];

#[test]
fn the_tables_for_four_six_eight_and_ten_players_are_the_published_ones() {
    assert_eq!(games(&berger(4, false)), parse(&FOUR));
    assert_eq!(games(&berger(6, false)), parse(&SIX));
    assert_eq!(games(&berger(8, false)), parse(&EIGHT));
    assert_eq!(games(&berger(10, false)), parse(&TEN));
}

#[test]
fn with_five_players_whoever_meets_number_six_has_the_bye() {
    let rounds = berger(5, false);
    let table = parse(&SIX);
    for (round, published) in rounds.iter().zip(&table) {
        let (w, b) = published[0];
        let sitting_out = if w == 5 { b } else { w };
        assert_eq!(round.bye, Some(sitting_out));
        assert_eq!(games(std::slice::from_ref(round))[0], published[1..].to_vec());
    }
}

#[test]
fn a_double_round_robin_swaps_the_first_cycles_last_two_rounds_and_reverses_the_second() {
    let rounds = games(&berger(6, true));
    let mut first = parse(&SIX);
    first.swap(3, 4);
    let second: Vec<Vec<(usize, usize)>> =
        first.iter().map(|r| r.iter().map(|&(w, b)| (b, w)).collect()).collect();
    assert_eq!(rounds[..5], first[..]);
    assert_eq!(rounds[5..], second[..]);
}

#[test]
fn fewer_than_two_players_have_no_rounds() {
    assert!(berger(0, false).is_empty());
    assert!(berger(1, true).is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn a_round_robin_meets_every_pair_exactly_once_and_seats_everyone_each_round(
        n in 2usize..=200,
        double in any::<bool>(),
    ) {
        let rounds = berger(n, double);
        let cycles = if double { 2 } else { 1 };
        let per_cycle = if n % 2 == 0 { n - 1 } else { n };
        prop_assert_eq!(rounds.len(), per_cycle * cycles);
        // meetings[a][b]: the colours of a against b, in order (true = a had white).
        let mut meetings = vec![vec![Vec::new(); n]; n];
        let mut whites = vec![0i64; n];
        for round in &rounds {
            let mut seen = vec![false; n];
            for g in &round.games {
                prop_assert!(g.white != g.black);
                for p in [g.white, g.black] {
                    prop_assert!(!seen[p], "player {} twice in a round", p);
                    seen[p] = true;
                }
                meetings[g.white][g.black].push(true);
                meetings[g.black][g.white].push(false);
                whites[g.white] += 1;
                whites[g.black] -= 1;
            }
            if let Some(b) = round.bye {
                prop_assert!(!seen[b]);
                seen[b] = true;
            }
            prop_assert_eq!(round.bye.is_some(), n % 2 == 1);
            prop_assert!(seen.iter().all(|&s| s), "someone missing from a round");
        }
        for (a, row) in meetings.iter().enumerate() {
            for (b, colours) in row.iter().enumerate() {
                if a == b {
                    continue;
                }
                prop_assert_eq!(colours.len(), cycles, "players {} and {}", a, b);
                if double {
                    prop_assert!(colours[0] != colours[1], "{} and {} keep colours", a, b);
                }
            }
        }
        // Berger tables balance colours: nobody has more than one white more than blacks
        // (or the reverse) over a cycle, and a double cycle evens everyone out.
        for (p, &diff) in whites.iter().enumerate() {
            prop_assert!(diff.abs() <= if double { 0 } else { 1 }, "player {} diff {}", p, diff);
        }
    }
}
