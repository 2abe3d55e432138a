//! Standings, tie-breaks and crosstables against values worked out by hand in the comments.

use arbiter_pairing::Colour;
use arbiter_pairing::standings::{
    Bye, Cell, GameResult, Layout, Place, RoundResults, Rules, StandingsError, TieBreak,
    format_points, format_quarters, standings,
};

/// A round of games `(white, black, white's half points)` and byes `(player, half points)`.
fn round(games: &[(u32, u32, u32)], byes: &[(u32, u32)]) -> RoundResults {
    RoundResults {
        games: games.iter().map(|&(w, b, p)| GameResult::new(w, b, p)).collect(),
        byes: byes.iter().map(|&(player, points)| Bye { player, points }).collect(),
    }
}

/// Players 1-4 (A-D) by the Berger table for 4: round 1 1-4, 2-3; round 2 4-3, 1-2;
/// round 3 2-4, 3-1. Results: A-B ½, A-C 1-0, D beats A, B beats C, B-D ½, C beats D.
///
/// By hand, in points:
///   A: ½ (B) + 1 (C) + 0 (D) = 1½      B: ½ (A) + 1 (C) + ½ (D) = 2
///   C: 0 (A) + 0 (B) + 1 (D) = 1       D: 1 (A) + ½ (B) + 0 (C) = 1½
/// A and D tie on 1½. Sonneborn-Berger (points scored × the opponent's score):
///   SB(A) = ½·2 (B) + 1·1 (C) + 0·1½ (D) = 2
///   SB(D) = 1·1½ (A) + ½·2 (B) + 0·1 (C) = 2½
///   SB(B) = ½·1½ (A) + 1·1 (C) + ½·1½ (D) = 2½
///   SB(C) = 0 + 0 + 1·1½ (D) = 1½
/// So: 1. B 2, 2. D 1½ (SB 2½), 3. A 1½ (SB 2), 4. C 1.
fn four_player_round_robin() -> Vec<RoundResults> {
    vec![
        round(&[(1, 4, 0), (2, 3, 2)], &[]),
        round(&[(4, 3, 0), (1, 2, 1)], &[]),
        round(&[(2, 4, 1), (3, 1, 0)], &[]),
    ]
}

#[test]
fn a_round_robin_ranks_equal_points_by_sonneborn_berger() {
    let table = standings(&[1, 2, 3, 4], &four_player_round_robin(), &Rules::round_robin())
        .expect("valid results");
    let got: Vec<(u32, u32, Option<u32>, String)> = table
        .rows
        .iter()
        .map(|r| (r.player, r.points, r.tie_breaks[0], r.place.to_string()))
        .collect();
    // Points in half points, SB in quarter points (2½ = 10, 2 = 8, 1½ = 6).
    let want = vec![
        (2, 4, Some(10), "1".to_string()),
        (4, 3, Some(10), "2".to_string()),
        (1, 3, Some(8), "3".to_string()),
        (3, 2, Some(6), "4".to_string()),
    ];
    assert_eq!(got, want);
    assert_eq!(table.tie_breaks, vec![TieBreak::SonnebornBerger, TieBreak::DirectEncounter]);
    assert!(
        table.rows.iter().all(|r| r.tie_breaks[1].is_none()),
        "no tie is left after SB, so no mini-table is computed"
    );
}

/// Players 1-4 (A-D). Results: A beats B, A-C ½, A beats D, B beats C, B-D ½, C beats D.
///
/// By hand: A 1 + ½ + 1 = 2½; B 0 + 1 + ½ = 1½; C ½ + 0 + 1 = 1½; D 0 + ½ + 0 = ½.
/// B and C tie on 1½, and on Sonneborn-Berger too:
///   SB(B) = 0·2½ (A) + 1·1½ (C) + ½·½ (D) = 1¾
///   SB(C) = ½·2½ (A) + 0·1½ (B) + 1·½ (D) = 1¾
/// Their mini-table: B beat C, so B 1, C 0, and B is 2nd, C 3rd. C is seeded above B (the
/// list is A, C, B, D), so the order cannot come from the seeding.
#[test]
fn a_round_robin_breaks_an_sb_tie_by_the_direct_encounter() {
    let rounds = vec![
        round(&[(1, 4, 2), (2, 3, 2)], &[]),
        round(&[(4, 3, 0), (1, 2, 2)], &[]),
        round(&[(2, 4, 1), (3, 1, 1)], &[]),
    ];
    let table = standings(&[1, 3, 2, 4], &rounds, &Rules::round_robin()).expect("valid results");
    let got: Vec<(u32, u32, Vec<Option<u32>>, Place)> =
        table.rows.iter().map(|r| (r.player, r.points, r.tie_breaks.clone(), r.place)).collect();
    // SB: A = 1·1½ (B) + ½·1½ (C) + 1·½ (D) = 2¾ = 11 quarters; D = ½·1½ (drew B) = ¾ = 3.
    // The mini-table in quarters: B 1 point = 4, C 0.
    let want = vec![
        (1, 5, vec![Some(11), None], Place { first: 1, last: 1 }),
        (2, 3, vec![Some(7), Some(4)], Place { first: 2, last: 2 }),
        (3, 3, vec![Some(7), Some(0)], Place { first: 3, last: 3 }),
        (4, 1, vec![Some(3), None], Place { first: 4, last: 4 }),
    ];
    assert_eq!(got, want);
}

/// Every game drawn: everyone has 1½ and SB 3·(½·1½) = 2¼, and the mini-table of all four is
/// the whole table (1½ each), so the four share places 1-4, listed by seeding.
#[test]
fn players_equal_on_every_tie_break_share_their_place() {
    let rounds = vec![
        round(&[(1, 4, 1), (2, 3, 1)], &[]),
        round(&[(4, 3, 1), (1, 2, 1)], &[]),
        round(&[(2, 4, 1), (3, 1, 1)], &[]),
    ];
    let table = standings(&[4, 3, 2, 1], &rounds, &Rules::round_robin()).expect("valid results");
    for (row, want_player) in table.rows.iter().zip([4, 3, 2, 1]) {
        assert_eq!(row.player, want_player, "shared places keep the seeding order");
        assert_eq!(row.place.to_string(), "1-4");
        assert_eq!(row.tie_breaks, vec![Some(9), Some(6)], "SB 2¼, mini-table 1½");
    }
}

/// Three players tied on points and SB whose mini-table separates nobody.
///
/// Players 1-3 in a double round robin (6 games). Results, (white, black, white's points):
/// 1-2 1-0, 2-3 1-0, 3-1 1-0, then 2-1 ½, 3-2 ½, 1-3 ½. Every player: one win, one loss, two
/// draws = 2 points among them. A fourth player, 4, loses both games to each of them, so they
/// have 4 points each and 4 has none. SB of each of 1-3: 1·4 (the win) + 0·4 (the loss) +
/// ½·4 + ½·4 (the draws) + 1·0 + 1·0 (player 4) = 8: all equal. Their mini-table is 2 each,
/// so it separates nobody: places 1-3 shared, 4 is 4th.
#[test]
fn a_mini_table_that_separates_nobody_leaves_the_place_shared() {
    let rounds = vec![
        round(&[(1, 2, 2), (4, 3, 0)], &[]),
        round(&[(2, 3, 2), (1, 4, 2)], &[]),
        round(&[(3, 1, 2), (2, 4, 2)], &[]),
        round(&[(2, 1, 1), (3, 4, 2)], &[]),
        round(&[(3, 2, 1), (4, 1, 0)], &[]),
        round(&[(1, 3, 1), (4, 2, 0)], &[]),
    ];
    let table = standings(&[1, 2, 3, 4], &rounds, &Rules::round_robin()).expect("valid results");
    let places: Vec<String> = table.rows.iter().map(|r| r.place.to_string()).collect();
    assert_eq!(places, ["1-3", "1-3", "1-3", "4"]);
    // 4 points each = 8 half points; SB 8 = 32 quarters.
    assert!(table.rows[..3].iter().all(|r| r.points == 8 && r.tie_breaks[0] == Some(32)));
}

/// Five players, three rounds of a Swiss, with two byes and an absence:
///   round 1: 1-4 1-0, 2-5 ½, bye 3 (1 point)
///   round 2: 3-1 ½, 5-4 1-0, 2 absent (0)
///   round 3: 1-5 1-0, 2-3 0-1, bye 4 (1 point)
/// Scores: 1: 1 + ½ + 1 = 2½; 2: ½ + 0 + 0 = ½; 3: 1 + ½ + 1 = 2½; 4: 0 + 0 + 1 = 1;
///         5: ½ + 1 + 0 = 1½.
/// Adjusted scores (an unplayed round counts ½ for the opponents): 1: 2½; 2: ½ - 0 + ½ = 1;
///   3: 2½ - 1 + ½ = 2; 4: 1 - 1 + ½ = ½; 5: 1½.
/// Virtual opponents, n = 3, S_before + (1 - S_round) + ½·(n - R):
///   3 in round 1: 0 + 0 + 1 = 1;  2 in round 2: ½ + 1 + ½ = 2;  4 in round 3: 0 + 0 + 0 = 0.
/// Buchholz: 1: ½ (4) + 2 (3) + 1½ (5) = 4;  3: 1 (virtual) + 2½ (1) + 1 (2) = 4½;
///   5: 1 (2) + ½ (4) + 2½ (1) = 4;  4: 2½ (1) + 1½ (5) + 0 (virtual) = 4;
///   2: 1½ (5) + 2 (virtual) + 2 (3) = 5½.
/// Sonneborn-Berger: 1: 1·½ + ½·2 + 1·1½ = 3;  3: 1·1 + ½·2½ + 1·1 = 3¼;
///   5: ½·1 + 1·½ + 0 = 1;  4: 0 + 0 + 1·0 = 0;  2: ½·1½ + 0·2 + 0 = ¾.
/// Standings: 3 (2½, BH 4½), 1 (2½, BH 4), 5 (1½), 4 (1), 2 (½). With plain sums 1 would
/// lead (BH 1 + 2½ + 1½ = 5 against 3's 0 + 2½ + ½ = 3), so the order tests the rule.
fn five_player_swiss() -> Vec<RoundResults> {
    vec![
        round(&[(1, 4, 2), (2, 5, 1)], &[(3, 2)]),
        round(&[(3, 1, 1), (5, 4, 2)], &[]),
        round(&[(1, 5, 2), (2, 3, 0)], &[(4, 2)]),
    ]
}

#[test]
fn a_swiss_counts_unplayed_rounds_by_the_virtual_opponent() {
    let table =
        standings(&[1, 2, 3, 4, 5], &five_player_swiss(), &Rules::swiss()).expect("valid results");
    let got: Vec<(u32, u32, Vec<Option<u32>>)> =
        table.rows.iter().map(|r| (r.player, r.points, r.tie_breaks.clone())).collect();
    // Quarter points: BH 4½ = 18, 4 = 16, 5½ = 22; SB 3¼ = 13, 3 = 12, 1 = 4, ¾ = 3.
    let want = vec![
        (3, 5, vec![Some(18), Some(13)]),
        (1, 5, vec![Some(16), Some(12)]),
        (5, 3, vec![Some(16), Some(4)]),
        (4, 2, vec![Some(16), Some(0)]),
        (2, 1, vec![Some(22), Some(3)]),
    ];
    assert_eq!(got, want);
    let games: Vec<u32> = table.rows.iter().map(|r| r.games).collect();
    assert_eq!(games, [2, 3, 3, 2, 2]);
}

#[test]
fn a_swiss_crosstable_gives_opponent_row_colour_and_result_per_round() {
    let table =
        standings(&[1, 2, 3, 4, 5], &five_player_swiss(), &Rules::swiss()).expect("valid results");
    let cross = table.crosstable(Layout::PerRound);
    // Rows: 1 = player 3, 2 = player 1, 3 = player 5, 4 = player 4, 5 = player 2.
    let texts: Vec<Vec<String>> =
        cross.rows.iter().map(|r| r.cells.iter().map(Cell::text).collect()).collect();
    assert_eq!(
        texts,
        vec![
            vec!["-1", "2w½", "5b1"],
            vec!["4w1", "1b½", "3w1"],
            vec!["5b½", "4w1", "2b0"],
            vec!["2b0", "3b0", "-1"],
            vec!["3w½", "-0", "1w0"],
        ]
    );
    assert_eq!(
        cross.rows[0].cells[1],
        Cell::Game { opponent: 2, colour: Colour::White, points: 1 }
    );
}

#[test]
fn a_round_robin_crosstable_has_one_column_per_opponent_in_standings_order() {
    let table = standings(&[1, 2, 3, 4], &four_player_round_robin(), &Rules::round_robin())
        .expect("valid results");
    let cross = table.crosstable(Layout::PerOpponent);
    // Standings order B, D, A, C (see four_player_round_robin).
    let texts: Vec<Vec<String>> =
        cross.rows.iter().map(|r| r.cells.iter().map(Cell::text).collect()).collect();
    assert_eq!(
        texts,
        vec![
            vec!["×", "½", "½", "1"],
            vec!["½", "×", "1", "0"],
            vec!["½", "0", "×", "1"],
            vec!["0", "1", "0", "×"],
        ]
    );
}

/// A double round robin of two players: 1 wins the first game, the second is drawn, so the
/// per-opponent cell holds both results in order.
#[test]
fn a_double_round_robin_cell_lists_both_games() {
    let rounds = vec![round(&[(1, 2, 2)], &[]), round(&[(2, 1, 1)], &[])];
    let table = standings(&[1, 2], &rounds, &Rules::round_robin()).expect("valid results");
    let cross = table.crosstable(Layout::PerOpponent);
    assert_eq!(cross.rows[0].cells[1].text(), "1½");
    assert_eq!(cross.rows[1].cells[0].text(), "0½");
    assert_eq!(table.rows[0].points, 3);
}

/// A withdrawn player keeps the games played: player 3 beat 1 in round 1 and then left, so 3
/// has 1 point and 1 keeps the loss.
#[test]
fn a_withdrawn_player_keeps_past_games() {
    let rounds = vec![round(&[(3, 1, 2)], &[(2, 2)]), round(&[(1, 2, 2)], &[])];
    let table = standings(&[1, 2, 3], &rounds, &Rules::swiss()).expect("valid results");
    let three = table.rows.iter().find(|r| r.player == 3).expect("3 is listed");
    assert_eq!((three.points, three.games), (2, 1));
    let one = table.rows.iter().find(|r| r.player == 1).expect("1 is listed");
    assert_eq!((one.points, one.games), (2, 2));
}

#[test]
fn results_naming_unknown_or_repeated_players_are_rejected() {
    let unknown = vec![round(&[(1, 9, 2)], &[])];
    assert_eq!(
        standings(&[1, 2], &unknown, &Rules::swiss()),
        Err(StandingsError::UnknownPlayer { round: 1, player: 9 })
    );
    let twice = vec![round(&[(1, 2, 2)], &[]), round(&[(1, 2, 1)], &[(2, 2)])];
    assert_eq!(
        standings(&[1, 2], &twice, &Rules::swiss()),
        Err(StandingsError::TwiceInRound { round: 2, player: 2 })
    );
    assert_eq!(
        standings(&[1, 1], &[], &Rules::swiss()),
        Err(StandingsError::DuplicatePlayer { player: 1 })
    );
}

#[test]
fn points_and_tie_breaks_are_written_with_halves_and_decimals() {
    let points: Vec<String> = [0, 1, 2, 7].into_iter().map(format_points).collect();
    assert_eq!(points, ["0", "½", "1", "3½"]);
    let quarters: Vec<String> = [48, 49, 50, 51].into_iter().map(format_quarters).collect();
    assert_eq!(quarters, ["12", "12.25", "12.5", "12.75"]);
}
