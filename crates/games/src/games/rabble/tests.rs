//! One test per rule and per interpretation of `docs/rabble.md`, each citing it.
//! Expected values are worked out by hand from the spec's tables in the comments.

use proptest::prelude::*;

use super::board::{Board, Fill, Kind, Side, Unit};
use super::coord::{Coord, CoordError};
use super::geometry::{leap_offsets, ray_hints};
use super::int::Int;
use super::notation::{self, Action};
use super::options::{Handicap, Options};
use super::state::{End, Reason, State};

fn quick() -> Options {
    Options { select: false, ..Options::default() }
}

fn game() -> State {
    State::start(&quick())
}

fn play(s: &mut State, text: &str) -> super::state::Report {
    let side = s.to_move;
    let action = notation::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    s.play_turn(side, &action).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn refused(s: &mut State, text: &str) -> String {
    let before = s.clone();
    let side = s.to_move;
    let action = notation::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let err = s.play_turn(side, &action).expect_err(text);
    assert_eq!(*s, before, "a refused turn changes nothing");
    err.code.to_string()
}

fn put(s: &mut State, c: &str, owner: Side, kinds: &[Kind]) {
    let mut pieces = kinds.to_vec();
    pieces.sort_unstable();
    s.set_cell(&Coord::parse(c).unwrap(), Some(Unit { owner, pieces }));
}

fn clear(s: &mut State, c: &str) {
    s.set_cell(&Coord::parse(c).unwrap(), None);
}

fn at(s: &State, c: &str) -> Option<Unit> {
    s.board().get(&Coord::parse(c).unwrap())
}

// §2.5 [I-3], §3 [I-6]: after selection every square holds a pawn or a picked piece.
#[test]
fn the_opening_has_no_empty_square_in_any_layer() {
    let s = game();
    for z in [-3, 0, 1, 2, 7] {
        for x in -5..=18 {
            for y in -5..=18 {
                assert!(s.board().occupied(&Coord::xyz(x, y, z)), "({x},{y},{z}) is empty");
            }
        }
    }
    // Red owns y ≤ 6, Blue y ≥ 7 ([I-4]).
    assert_eq!(at(&s, "3,6").unwrap().owner, Side::Red);
    assert_eq!(at(&s, "3,7").unwrap().owner, Side::Blue);
}

// §3, [I-7]: the default placement (the timeout placeholder), Blue mirrored, 120 + 24 pawn
// slots each.
#[test]
fn default_selection_places_the_seed_back_rows_and_scores_pawn_slots() {
    let s = game();
    let red: String = (1..=12).map(|x| at(&s, &format!("{x},1")).unwrap().letters()).collect();
    let blue: String = (1..=12).map(|x| at(&s, &format!("{x},12")).unwrap().letters()).collect();
    assert_eq!(red, "RNBCQKJGCBNR");
    assert_eq!(blue, "rnbcgjkqcbnr");
    assert_eq!(s.score, [144, 144]);
    assert_eq!(s.to_move, Side::Red);
}

// §3: Red picks first at each step; each P adds a point; uniques are a permutation.
#[test]
fn selection_alternates_red_first_and_checks_the_uniques() {
    let mut s = State::start(&Options::default());
    assert_eq!(s.selecting(), Some((Side::Red, 0)));
    play(&mut s, "pick C N B R");
    assert_eq!(s.selecting(), Some((Side::Blue, 0)));
    play(&mut s, "pick P P P R");
    // Blue's left group runs x = 12, 11, 10, 9 on y = 12.
    assert_eq!(at(&s, "12,12").unwrap().letters(), "p");
    assert_eq!(at(&s, "9,12").unwrap().letters(), "r");
    assert_eq!(s.score, [120, 123]);
    for _ in 0..14 {
        play(&mut s, "pick default");
    }
    assert_eq!(s.selecting(), Some((Side::Red, 8)));
    assert_eq!(refused(&mut s, "pick Q Q J G"), "bad-pick");
    assert_eq!(refused(&mut s, "7,6x7,8"), "selecting");
    play(&mut s, "pick K Q J G");
    play(&mut s, "pick default");
    assert_eq!(s.selecting(), None);
    assert_eq!(at(&s, "5,1").unwrap().letters(), "K");
    assert_eq!(s.royals[0][0], Some(Coord::main(5, 1)));
    // Red: 12 default pawn slots after the first pick (rows 2–4: 6 groups × 4 − 0) = 24 − 0.
    assert_eq!(s.score[0], 120 + 24);
}

// The seed's first game: Red's pawn reaches the promotion line at once, and can check two
// leaps later; §4.1 pawn; [I-2] Red's forward is +y, Blue's −y; [I-8].
#[test]
fn the_seed_first_game_pawn_reaches_the_line_then_threatens_the_king() {
    let mut s = game();
    assert_eq!(refused(&mut s, "7,6>7,7"), "use-capture");
    let r = play(&mut s, "7,6x7,8");
    assert_eq!(r.gained, 1);
    assert!(Side::Red.in_zone(8), "y = 8 is Red's promotion row");
    assert_eq!(at(&s, "7,6"), None, "the pawn left a hole");
    play(&mut s, "3,7x3,5");
    play(&mut s, "7,8x7,10");
    play(&mut s, "1,7x1,5");
    // 7,12 is Blue's king under the default placement; the pawn takes it.
    assert_eq!(at(&s, "7,12").unwrap().letters(), "k");
    play(&mut s, "7,10x7,12");
    // Red 144 + 1 + 1 + 0 (a king has no value) = 146, Blue 144 + 1 + 1 = 146: Blue's score
    // is not higher, so Blue loses rather than crowning its prince ([I-31]).
    assert_eq!(s.score, [146, 146]);
    assert_eq!(s.end, Some(End::Win(Side::Red, Reason::KingCaptured)));
}

// §10.2's example: promote to 山炮, then cannon-capture over one screen.
#[test]
fn a_pawn_on_the_line_promotes_and_captures_as_a_cannon_in_one_turn() {
    let mut s = game();
    play(&mut s, "7,6x7,8");
    play(&mut s, "3,7x3,5");
    play(&mut s, "7,8=C x7,10");
    assert_eq!(at(&s, "7,10").unwrap().letters(), "C");
    assert_eq!(at(&s, "7,9").unwrap().letters(), "p", "the screen stays");
    // Promotion outside Z is refused ([I-8]).
    let mut t = game();
    assert_eq!(refused(&mut t, "3,6=N x3,8"), "not-in-zone");
}

// §4.1 馬仔: Man(1..4) has 40 offsets, Man(3..4) 28.
#[test]
fn the_mazai_moves_to_40_squares_and_captures_on_28() {
    assert_eq!(leap_offsets(Kind::N, Side::Red, false).len(), 40);
    assert_eq!(leap_offsets(Kind::N, Side::Red, true).len(), 28);
    assert_eq!(leap_offsets(Kind::P, Side::Red, false).len(), 6);
    assert!(leap_offsets(Kind::P, Side::Blue, true).contains(&(0, -2)));
}

/// A layer far from everything, all pawns by default: Red below y = 7, Blue from 7 up.
fn lab(s: &mut State, z: i64, xs: std::ops::RangeInclusive<i64>, y: i64) {
    for x in xs {
        clear(s, &format!("{x},{y},{z}"));
    }
}

// §4.1 山炮: moves over at most one piece; captures over exactly one.
#[test]
fn the_cannon_counts_screens() {
    let mut s = game();
    // Row y = 3 of layer 5: C at x = 0, empty 1..2, Red pawn screen at 3, empty 4, Blue at 5.
    lab(&mut s, 5, 1..=2, 3);
    clear(&mut s, "4,3,5");
    put(&mut s, "0,3,5", Side::Red, &[Kind::C]);
    put(&mut s, "5,3,5", Side::Blue, &[Kind::P]);
    let base = s.clone();
    play(&mut s, "0,3,5>4,3,5");
    let mut s = base.clone();
    play(&mut s, "0,3,5>2,3,5");
    let mut s = base.clone();
    play(&mut s, "0,3,5x5,3,5");
    let mut s = base.clone();
    assert_eq!(refused(&mut s, "0,3,5x3,3,5"), "own-unit");
    // Take the screen away: no capture without exactly one screen.
    let mut s = base;
    clear(&mut s, "3,3,5");
    assert_eq!(refused(&mut s, "0,3,5x5,3,5"), "geometry");
}

// §4.1: 車夫 captures diagonally only one step (or over a screen); 相爺 orthogonally only one.
#[test]
fn the_chefu_and_xiangye_differ_in_their_one_step_captures() {
    let mut s = game();
    put(&mut s, "0,0,5", Side::Red, &[Kind::R]);
    put(&mut s, "1,1,5", Side::Blue, &[Kind::P]);
    put(&mut s, "0,1,5", Side::Blue, &[Kind::P]);
    let base = s.clone();
    play(&mut s, "0,0,5x1,1,5");
    let mut s = base.clone();
    play(&mut s, "0,0,5x0,1,5");
    // 相爺 in the same spot: orthogonal one step yes, diagonal one step yes (X ride, no screen).
    let mut s = base.clone();
    put(&mut s, "0,0,5", Side::Red, &[Kind::B]);
    play(&mut s, "0,0,5x0,1,5");
    // 車夫 two squares diagonally with nothing between: no; over one screen: yes.
    let mut s = base.clone();
    put(&mut s, "2,2,5", Side::Blue, &[Kind::P]);
    clear(&mut s, "1,1,5");
    assert_eq!(refused(&mut s, "0,0,5x2,2,5"), "geometry");
    let mut s = base;
    put(&mut s, "2,2,5", Side::Blue, &[Kind::P]);
    play(&mut s, "0,0,5x2,2,5");
}

// §4.6 [I-10]: slide then step reaches a square off every line; the final square differs
// from the origin; a capture ends the move.
#[test]
fn the_queen_slides_then_steps_and_may_not_return_home() {
    let mut s = game();
    put(&mut s, "0,0,5", Side::Red, &[Kind::Q]);
    lab(&mut s, 5, 1..=5, 0);
    clear(&mut s, "6,1,5");
    let base = s.clone();
    let r = play(&mut s, "0,0,5>6,1,5");
    assert_eq!(r.waypoint, Some(Coord::xyz(5, 0, 5)));
    let mut s = base.clone();
    play(&mut s, "0,0,5>5,0,5>6,1,5");
    let mut s = base.clone();
    assert_eq!(refused(&mut s, "0,0,5>1,0,5>0,0,5"), "same-square");
    // Capture on the final square after a slide.
    let mut s = base;
    put(&mut s, "6,1,5", Side::Blue, &[Kind::N]);
    let r = play(&mut s, "0,0,5x6,1,5");
    assert_eq!(r.gained, 3);
}

// §4.5 [I-12]: kings face off across layers when every square between is empty.
#[test]
fn kings_face_off_across_layers_only_through_empty_squares() {
    let mut s = game();
    put(&mut s, "40,40,3", Side::Red, &[Kind::K]);
    put(&mut s, "40,40,6", Side::Blue, &[Kind::K]);
    clear(&mut s, "40,40,4");
    let base = s.clone();
    assert_eq!(refused(&mut s, "40,40,3x40,40,6"), "geometry");
    let mut s = base;
    clear(&mut s, "40,40,5");
    play(&mut s, "40,40,3x40,40,6");
    assert_eq!(at(&s, "40,40,6").unwrap().letters(), "K");
}

// §4.5: in-layer face-off along a cleared diagonal at any distance.
#[test]
fn kings_face_off_along_a_cleared_diagonal() {
    let mut s = game();
    put(&mut s, "100,0,5", Side::Red, &[Kind::K]);
    put(&mut s, "107,7,5", Side::Blue, &[Kind::K]);
    for k in 1..7 {
        clear(&mut s, &format!("{},{},5", 100 + k, k));
    }
    play(&mut s, "100,0,5x107,7,5");
}

// §5 [I-16]: stacking costs 1 in Z, else the highest value; Red's Z starts at y = 8, Blue's at 5.
#[test]
fn stacking_price_depends_on_the_promotion_line() {
    let mut s = game();
    // Outside B (x = 20), Red pawn on own pawn at y = 6: 1 (P) + 1 (stack, highest P) = 2.
    let before = s.score[0];
    let r = play(&mut s, "drop P&20,6");
    assert_eq!(r.cost, 2);
    assert_eq!(s.score[0], before - 2);
    let mut s = game();
    assert_eq!(play(&mut s, "drop N&20,6").cost, 6);
    let mut s = game();
    put(&mut s, "20,8", Side::Red, &[Kind::P]);
    assert_eq!(play(&mut s, "drop N&20,8").cost, 4);
    // Blue: y = 5 is in Blue's Z, y = 6 is not.
    let mut s = game();
    play(&mut s, "7,6x7,8");
    put(&mut s, "20,5", Side::Blue, &[Kind::P]);
    put(&mut s, "21,6", Side::Blue, &[Kind::P]);
    assert_eq!(play(&mut s, "drop n&20,5").cost, 4);
    play(&mut s, "3,6x3,8");
    assert_eq!(play(&mut s, "drop n&21,6").cost, 6);
}

// §5: drops cost the piece value, +1 inside B (which includes the sky-blue rows, [I-5]); drop
// + stack add up (the spec's examples).
#[test]
fn drop_prices_follow_the_spec_examples() {
    let mut s = game();
    play(&mut s, "7,6x7,8");
    play(&mut s, "3,7x3,5");
    assert_eq!(play(&mut s, "drop C@7,6").cost, 4);
    let mut s = game();
    assert_eq!(play(&mut s, "drop P&3,3").cost, 3);
    let mut s = game();
    assert_eq!(refused(&mut s, "drop P@3,3"), "use-stack");
    assert_eq!(refused(&mut s, "drop P&3,8"), "enemy-square");
    assert_eq!(refused(&mut s, "drop K&3,3"), "bad-drop");
    assert_eq!(refused(&mut s, "drop Q&3,3"), "no-credit");
    assert_eq!(refused(&mut s, "drop P&6,1"), "royal-stack");
}

// §11.4: checking a turn without playing it leaves the whole state as it was, repetition
// table included, whether the turn is legal or not.
#[test]
fn validating_a_turn_changes_nothing() {
    let mut s = game();
    play(&mut s, "7,6x7,8");
    let before = s.clone();
    for text in ["3,7x3,5", "3,7x3,6", "drop p&20,9", "12,12>12,10"] {
        let action = notation::parse(text).unwrap();
        let _ = s.validate(Side::Blue, &action);
        assert_eq!(s, before, "{text}");
        assert_eq!(s.board().hash(), before.board().hash(), "{text}");
    }
    assert!(s.validate(Side::Blue, &notation::parse("3,7x3,5").unwrap()).is_ok());
    // Playing it after the trials counts its position once, like playing it straight away.
    let mut t = before;
    play(&mut t, "3,7x3,5");
    play(&mut s, "3,7x3,5");
    assert_eq!(s, t);
}

// §6: every example shape of the forbid table.
#[test]
fn the_combination_rules_accept_and_reject_the_spec_examples() {
    for legal in [
        &["JUMP3", "MOVE", "JUMPH", "STACK", "PROMOTE"][..],
        &["SPLIT", "CAPTURE", "PROMOTE"],
        &["PROMOTE", "CAPTURE"],
        &["DROP", "STACK", "PROMOTE"],
        &["JUMPH", "JUMP3"],
    ] {
        assert!(State::check_sequence(legal, false).is_ok(), "{legal:?}");
    }
    for illegal in [
        &["MOVE", "CAPTURE"][..],
        &["JUMP3", "CAPTURE"],
        &["CAPTURE", "JUMP3"],
        &["DROP", "MOVE"],
        &["SPLIT", "DROP"],
        &["MOVE", "MOVE"],
        &["STACK", "JUMP3"],
    ] {
        assert!(State::check_sequence(illegal, false).is_err(), "{illegal:?}");
    }
}

// §10.2's examples: a jump down into a hole is free; a capture after a jump is not allowed;
// [I-13] a jump's target must be empty, or friendly with `&`.
#[test]
fn a_layer_jump_into_a_hole_is_free_and_cannot_be_followed_by_a_capture() {
    let mut s = game();
    play(&mut s, "7,6x7,8");
    play(&mut s, "3,7x3,5");
    let before = s.clone();
    let r = play(&mut s, "7,6,2 z-");
    assert_eq!(r.cost, 0);
    assert_eq!(at(&s, "7,6").unwrap().letters(), "P");
    assert_eq!(at(&s, "7,6,2"), None);
    let mut s = before;
    // The spec's example: the enemy on 7,7 cannot be taken after the jump (rule 4), so the
    // refusal says that rather than proposing x (issue 42).
    assert_eq!(refused(&mut s, "7,6,2 z- >7,7"), "combination");
    assert_eq!(refused(&mut s, "7,6,2 z- x7,7"), "combination");
    assert_eq!(refused(&mut s, "7,5,2 z-"), "use-stack");
}

// §4.4 [I-14]: the seed's high-dimension jump costs 1 for a single piece.
#[test]
fn the_seed_high_dimension_jump_costs_one_point() {
    let mut s = game();
    clear(&mut s, "9,4");
    let r = play(&mut s, "9,4,1,2 d4-");
    assert_eq!(r.cost, 1);
    assert_eq!(at(&s, "9,4").unwrap().letters(), "P");
    assert_eq!(s.stats[0].high_jumps[0], 1);
    // A stack of two pays its highest value: N + P → 3.
    let mut s = game();
    put(&mut s, "30,2,1,5", Side::Red, &[Kind::N, Kind::P]);
    clear(&mut s, "30,2,1,6");
    assert_eq!(play(&mut s, "30,2,1,5 d4+").cost, 3);
}

// §4.2 [I-19]: a split part relocates; the rest stays.
#[test]
fn a_split_part_moves_and_the_rest_stays() {
    let mut s = game();
    put(&mut s, "20,1", Side::Red, &[Kind::P, Kind::P, Kind::P]);
    clear(&mut s, "20,3");
    play(&mut s, "20,1/2P >20,3");
    assert_eq!(at(&s, "20,1").unwrap().letters(), "P");
    assert_eq!(at(&s, "20,3").unwrap().letters(), "PP");
    let mut s = game();
    put(&mut s, "20,1", Side::Red, &[Kind::P, Kind::P]);
    assert_eq!(refused(&mut s, "20,1/2P >20,3"), "bad-split");
    assert_eq!(refused(&mut s, "20,1/P =N"), "bad-split");
}

// [I-17]: no debt.
#[test]
fn a_turn_costing_more_than_the_score_is_refused() {
    let mut s = game();
    s.score[0] = 2;
    assert_eq!(refused(&mut s, "drop P&3,3"), "no-debt");
    play(&mut s, "drop P&20,3");
    assert_eq!(s.score[0], 0);
}

// §5 [I-15]: a Q or G hire needs a credit from capturing one.
#[test]
fn capturing_a_queen_earns_one_queen_hire() {
    let mut s = game();
    put(&mut s, "20,5", Side::Blue, &[Kind::Q]);
    let r = play(&mut s, "20,4x20,5");
    assert_eq!(r.gained, 12);
    assert_eq!(s.credits[0], [1, 0]);
    play(&mut s, "3,7x3,5");
    assert_eq!(play(&mut s, "drop Q@20,4").cost, 12);
    assert_eq!(s.credits[0], [0, 0]);
}

// §7 [I-21]: loss 2 edge cases.
#[test]
fn half_the_opponents_score_loses_only_when_the_opponent_has_points() {
    for (red, blue, red_loses) in [(0, 0, false), (60, 120, true), (61, 120, false), (0, 1, true)] {
        let mut s = game();
        s.score = [red, blue];
        // A free jump changes nothing else: Red's pawn from layer 2 into a hole.
        clear(&mut s, "20,3");
        play(&mut s, "20,3,2 z-");
        let lost = s.end == Some(End::Win(Side::Blue, Reason::ScoreHalved));
        assert_eq!(lost, red_loses, "{red}/{blue}");
    }
}

// §7 [I-22], [I-23]: losses 4 and 5; a stack counts once, a lone K does not count.
#[test]
fn front_line_and_battlefield_losses_count_squares_not_pieces() {
    // Loss 5: every Red square of B turns Blue but the lone K and J (which do not count);
    // then 12 front-line squares and one stack: 13 squares.
    let mut s = game();
    for y in 1..=12 {
        for x in 1..=12 {
            let c = format!("{x},{y}");
            if (x, y) != (6, 1)
                && (x, y) != (7, 1)
                && at(&s, &c).is_some_and(|u| u.owner == Side::Red)
            {
                put(&mut s, &c, Side::Blue, &[Kind::P]);
            }
        }
    }
    for x in 1..=12 {
        put(&mut s, &format!("{x},5"), Side::Red, &[Kind::P]);
    }
    put(&mut s, "1,6", Side::Red, &[Kind::P, Kind::P, Kind::N]);
    s.score = [200, 200];
    let base = s.clone();
    clear(&mut s, "20,3");
    play(&mut s, "20,3,2 z-");
    assert_eq!(s.end, None, "13 squares are enough");
    let mut s = base;
    put(&mut s, "2,5", Side::Blue, &[Kind::P]);
    clear(&mut s, "20,3");
    play(&mut s, "20,3,2 z-");
    assert_eq!(s.end, Some(End::Win(Side::Blue, Reason::BattlefieldLost)));
}

#[test]
fn losing_every_front_line_square_loses() {
    let mut s = game();
    s.score = [200, 200];
    for x in 1..=12 {
        for y in 5..=6 {
            put(&mut s, &format!("{x},{y}"), Side::Blue, &[Kind::P]);
        }
    }
    put(&mut s, "1,5", Side::Red, &[Kind::K]);
    clear(&mut s, "20,3");
    play(&mut s, "20,3,2 z-");
    assert_eq!(s.end, Some(End::Win(Side::Blue, Reason::FrontLineLost)));
}

// §7 loss 6.
#[test]
fn an_enemy_prince_on_your_kings_home_square_loses() {
    let mut s = game();
    // Blue's prince sits next to Red's king square after Red's king has left.
    put(&mut s, "20,1", Side::Red, &[Kind::K]);
    clear(&mut s, "6,1");
    s.royals[0][0] = Some(Coord::main(20, 1));
    put(&mut s, "6,2", Side::Blue, &[Kind::J]);
    s.royals[1][1] = Some(Coord::main(6, 2));
    play(&mut s, "20,3,2 z-&");
    play(&mut s, "6,2>6,1");
    assert_eq!(s.end, Some(End::Win(Side::Blue, Reason::HomeSquareTaken)));
}

// §4.7 [I-31], [I-32], loss 3: the prince is crowned when the king's side leads; a crowned
// prince captured loses.
#[test]
fn a_leading_side_crowns_its_prince_and_then_loses_it_for_good() {
    let mut s = game();
    s.score = [200, 100];
    // Blue captures Red's king from 6,3 (a Blue pawn put there): K on 6,1 is two ahead.
    put(&mut s, "6,3", Side::Blue, &[Kind::P]);
    play(&mut s, "drop P&20,3");
    let r = play(&mut s, "6,3x6,1");
    assert!(r.prince_crowned);
    assert_eq!(s.end, None);
    assert_eq!(at(&s, "7,1").unwrap().letters(), "K");
    assert!(s.crowned[0]);
    s.consistency().unwrap();
    put(&mut s, "7,3", Side::Blue, &[Kind::P]);
    play(&mut s, "drop P&20,3");
    play(&mut s, "7,3x7,1");
    assert_eq!(s.end, Some(End::Win(Side::Blue, Reason::CrownedKingCaptured)));
}

// §4.7: the prince never captures and is never captured.
#[test]
fn the_prince_neither_captures_nor_is_captured() {
    let mut s = game();
    put(&mut s, "7,3", Side::Blue, &[Kind::P]);
    assert_eq!(refused(&mut s, "7,1x7,2"), "own-unit");
    put(&mut s, "7,2", Side::Blue, &[Kind::P]);
    assert_eq!(refused(&mut s, "7,1x7,2"), "prince-no-capture");
    put(&mut s, "7,2", Side::Red, &[Kind::P]);
    play(&mut s, "drop P&20,3");
    put(&mut s, "7,3", Side::Blue, &[Kind::R]);
    clear(&mut s, "7,2");
    assert_eq!(refused(&mut s, "7,3x7,1"), "prince-immune");
}

// §7 draw 1 [I-20]: a pass only to offer or accept, accepted at once.
#[test]
fn a_draw_is_offered_by_passing_and_accepted_at_once() {
    let mut s = game();
    assert!(notation::parse("pass").is_err());
    assert_eq!(refused(&mut s, "pass accept"), "no-offer");
    play(&mut s, "pass draw");
    play(&mut s, "pass accept");
    assert_eq!(s.end, Some(End::Draw(Reason::Agreed)));
    // An offer lapses after another turn.
    let mut s = game();
    play(&mut s, "pass draw");
    play(&mut s, "3,7x3,5");
    assert_eq!(refused(&mut s, "pass accept"), "no-offer");
}

// §7 [I-26]: the quiet-ply limit; equal scores draw.
#[test]
fn the_quiet_ply_limit_draws_level_scores_and_decides_uneven_ones() {
    let mut s = State::start(&Options { quiet_limit: 2, ..quick() });
    play(&mut s, "pass draw");
    play(&mut s, "pass draw");
    assert_eq!(s.end, Some(End::Draw(Reason::QuietPlies)));
    let mut s = State::start(&Options { quiet_limit: 2, ..quick() });
    play(&mut s, "7,6x7,8");
    play(&mut s, "pass draw");
    assert_eq!(s.end, Some(End::Win(Side::Red, Reason::QuietPlies)));
}

// §7 [I-25]: repetition is full-state equality; a square back to its default leaves the map.
#[test]
fn a_square_back_to_its_default_leaves_the_change_map_and_positions_repeat() {
    let mut b = Board::new(Fill::default());
    let c = Coord::xyz(3, 3, 4);
    b.set(&c, None);
    assert_eq!(b.change_count(), 1);
    b.set(&c, Some(Unit::single(Side::Red, Kind::P)));
    assert_eq!((b.change_count(), b.hash()), (0, 0));
    // Sixfold repetition with level scores: two units shuttle between layers.
    let mut s = game();
    clear(&mut s, "30,3,5");
    clear(&mut s, "30,10,5");
    for _ in 0..6 {
        for t in ["30,3,4 z+", "30,10,4 z+", "30,3,5 z-", "30,10,5 z-"] {
            if s.end.is_none() {
                play(&mut s, t);
            }
        }
    }
    // The position after ply 1 recurs after plies 5, 9, 13, 17 and 21: the 6th time ends it
    // (the cleared start itself was never recorded, so it would need ply 24).
    assert_eq!(s.end, Some(End::Draw(Reason::Repetition)));
    assert_eq!(s.ply, 21);
}

// §8.1 [I-28]: handicap regions for both colours.
#[test]
fn handicap_regions_convert_the_givers_pawns_for_both_colours() {
    let red1 = Fill { band_empty: false, handicap: [1, 0] };
    assert_eq!(red1.cell(&Coord::main(-2, 5)).unwrap().owner, Side::Blue);
    assert_eq!(red1.cell(&Coord::main(-1, 5)).unwrap().owner, Side::Red);
    assert_eq!(red1.cell(&Coord::main(-2, 4)).unwrap().owner, Side::Red);
    let blue1 = Fill { band_empty: false, handicap: [0, 1] };
    assert_eq!(blue1.cell(&Coord::main(15, 8)).unwrap().owner, Side::Red);
    assert_eq!(blue1.cell(&Coord::main(15, 9)).unwrap().owner, Side::Blue);
    let red5 = Fill { band_empty: false, handicap: [5, 0] };
    assert_eq!(red5.cell(&Coord::xyz(3, 3, 0)).unwrap().owner, Side::Blue);
    assert_eq!(red5.cell(&Coord::xyz(3, 3, 3)).unwrap().owner, Side::Red);
    let red7 = Fill { band_empty: false, handicap: [7, 0] };
    assert_eq!(red7.cell(&Coord::parse("3,3,1,2").unwrap()).unwrap().owner, Side::Blue);
    // The giver keeps infinitely many pawns in the main plane: B and the central back columns.
    assert_eq!(red7.cell(&Coord::main(6, -100)).unwrap().owner, Side::Red);
    assert_eq!(red7.cell(&Coord::main(3, 3)), None, "a selection slot is empty by default");
}

// §8.2 [I-27]: the receiver's free turns only stack, jump or hire.
#[test]
fn handicap_turns_are_free_and_only_stack_jump_or_hire() {
    let mut s = State::start(&Options { red_gives: Handicap::Steps(Int::new(2)), ..quick() });
    assert_eq!(s.to_move, Side::Blue);
    assert_eq!(refused(&mut s, "3,7x3,5"), "handicap-turn");
    let before = s.score[1];
    play(&mut s, "drop n&3,9");
    assert_eq!(s.score[1], before, "free");
    assert_eq!(s.to_move, Side::Blue);
    play(&mut s, "3,9&3,8");
    assert_eq!(s.to_move, Side::Red);
    assert_eq!(s.quiet_plies, 0, "the quiet count starts after the handicap turns");
}

// §2.1 [I-1]: the ω long form is notation only.
#[test]
fn the_long_form_round_trips_and_omega_is_refused() {
    let c = Coord::parse("(……0,0,0——9,4,1,1,1……)").unwrap();
    assert_eq!(c, Coord::main(9, 4));
    assert_eq!(c.to_string(), "(9,4,1)");
    assert_eq!(Coord::parse(&c.long_form()).unwrap(), c);
    let d = Coord::parse("(9,4,1,2)").unwrap();
    assert_eq!(d.to_string(), "(9,4,1,2)");
    assert_eq!(Coord::parse(&d.long_form()).unwrap(), d);
    let far = Coord::parse("9,4,1;d12=2").unwrap();
    assert_eq!(far.dim(12), 2);
    assert_eq!(far.to_string(), "(9,4,1;d12=2)");
    assert_eq!(Coord::parse(&far.to_string()).unwrap(), far);
    assert_eq!(far.long_form(), "(……0——9,4,1,1,1,1,1,1,1,1,1,2,1……)");
    assert_eq!(Coord::parse(&far.long_form()).unwrap(), far);
    assert!(matches!(Coord::parse("(……0,0,1——9,4,1)"), Err(CoordError::Transfinite(_))));
    assert!(matches!(Coord::parse("ω+9,4"), Err(CoordError::Omega(_))));
    // In a turn too, the refusal is the coordinate's own: ω is notation only.
    assert!(matches!(
        notation::parse("ω,1>2,2"),
        Err(notation::NotationError::Coord(CoordError::Omega(_)))
    ));
    assert!(matches!(
        notation::parse("3,7>ω,2"),
        Err(notation::NotationError::Coord(CoordError::Omega(_)))
    ));
    // No number is too long any more (decision 21): 10^16 reads exactly.
    assert_eq!(Coord::parse("10000000000000000,1").unwrap().x, 10_000_000_000_000_000_i64);
}

// §10.2: canonical text reads back as the same action.
#[test]
fn canonical_notation_reads_back() {
    for text in [
        "7,6x7,8",
        "K6,1x13,8",
        "5,1>5,4>6,5",
        "9,1/2P >9,3",
        "7,6,2 z- >7,7",
        "9,4,1,2 d4-",
        "drop P&3,3",
        "drop C@7,6",
        "7,8=C x7,10",
        "C*7,6",
        "pass draw",
        "pick R N B C",
        "兵7,6吃7,8",
    ] {
        let a = notation::parse(text).unwrap();
        let back = notation::parse(&notation::format(&a)).unwrap();
        assert_eq!(a, back, "{text} → {}", notation::format(&a));
    }
    // A bare destination is in the unit's layer after its jump.
    let Action::Unit { steps, .. } = notation::parse("7,6,2 z- >7,7").unwrap() else { panic!() };
    assert_eq!(steps[1], super::notation::Step::Move { to: Coord::main(7, 7), via: None });
}

// [I-3] `band_empty`: a 大哥 rides an empty band row as far as it likes (no enumeration).
#[test]
fn a_dage_rides_an_empty_band_row_to_the_far_distance() {
    let mut s = State::start(&Options { band_empty: true, ..quick() });
    assert!(!s.board().occupied(&Coord::xyz(50, 6, 3)));
    put(&mut s, "0,6,3", Side::Red, &[Kind::G]);
    play(&mut s, "0,6,3>999999999999999,6,3");
    assert_eq!(at(&s, "999999999999999,6,3").unwrap().letters(), "G");
    let hints = ray_hints(s.board(), &Coord::xyz(999_999_999_999_999_i64, 6, 3));
    assert!(
        hints.iter().any(|h| h.dir == (1, 0) && h.empty_to.is_none()),
        "unbounded to the right"
    );
}

/// A naive walk along a ray, for the property test.
fn naive_scan(b: &Board, o: &Coord, d: (i64, i64), kmax: i64, want: usize) -> Vec<i64> {
    (1..=kmax).filter(|k| b.occupied(&o.offset(d.0, d.1, &Int::new(*k)))).take(want).collect()
}

proptest! {
    // §11.3: the indexed scan equals a square-by-square walk, runs of holes included, and the
    // change map stays normalised.
    #[test]
    fn the_indexed_scan_agrees_with_a_naive_walk(
        edits in proptest::collection::vec((-6i64..6, -6i64..6, 0u8..4), 0..80),
        ox in -6i64..6, oy in -6i64..6, dir in 0usize..8, band in any::<bool>(),
    ) {
        let mut b = Board::new(Fill { band_empty: band, handicap: [0, 0] });
        for (x, y, v) in &edits {
            let c = Coord::xyz(*x, *y, 5);
            let cell = match v {
                0 => None,
                1 => Some(Unit::single(Side::Red, Kind::N)),
                2 => Some(Unit::single(Side::Blue, Kind::P)),
                _ => b.fill().cell(&c),
            };
            b.set(&c, cell);
        }
        for (c, cell) in b.changes() {
            prop_assert_ne!(cell.clone(), b.fill().cell(c));
        }
        let d = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)][dir];
        let o = Coord::xyz(ox, oy, 5);
        let got: Vec<i64> = b
            .scan(&o, d, Some(&Int::new(20)), 2, None)
            .into_iter()
            .filter_map(|h| h.k.to_i64())
            .collect();
        prop_assert_eq!(got, naive_scan(&b, &o, d, 20, 2));
    }

    // Random turns from the opening: refused ones change nothing, accepted ones keep the state
    // consistent, replaying the accepted ones rebuilds it, and the JSON snapshot reloads to the
    // same state.
    #[test]
    fn random_turns_keep_the_state_consistent_and_reloadable(
        tries in proptest::collection::vec((0i64..14, 3i64..9, -2i64..3, 0i64..3, 0u8..6), 1..60),
    ) {
        let mut s = game();
        let mut log: Vec<(Side, Action)> = Vec::new();
        for (x, y, dx, dy, kind) in tries {
            // Towards the enemy, so that captures at the contact rows come up often.
            let y = if s.to_move == Side::Red { y } else { 13 - y };
            let from = format!("{x},{y}");
            let to = format!("{},{}", x + dx, y + dy * s.to_move.forward());
            let text = match kind {
                0 => format!("{from}x{to}"),
                1 => format!("{from}>{to}"),
                2 => format!("{from}&{to}"),
                3 => format!("drop P&{to}"),
                4 => format!("{from},2 z-&"),
                _ => format!("{from}=N"),
            };
            let Ok(action) = notation::parse(&text) else { continue };
            let before = s.clone();
            let side = s.to_move;
            if s.play_turn(side, &action).is_err() {
                prop_assert_eq!(&s, &before);
            } else {
                log.push((side, action));
            }
            prop_assert!(s.consistency().is_ok(), "{:?}", s.consistency());
            if s.end.is_some() {
                break;
            }
        }
        // The move log alone rebuilds the state.
        let mut replay = game();
        for (side, action) in &log {
            prop_assert!(replay.play_turn(*side, action).is_ok());
        }
        prop_assert_eq!(&replay, &s);
        let json = serde_json::to_string(&s).unwrap();
        let back: State = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back.board().hash(), s.board().hash());
        prop_assert_eq!(back, s);
    }
}

// §11.6: the text window shows the opening's back rows, stacks with their height, and what
// lies outside it.
#[test]
fn the_text_window_draws_back_rows_stacks_and_what_lies_outside() {
    let mut s = game();
    put(&mut s, "3,3", Side::Red, &[Kind::P, Kind::P, Kind::N]);
    put(&mut s, "50,-7", Side::Red, &[Kind::Q]);
    clear(&mut s, "7,6,2");
    let w = super::text::window(
        s.board(),
        &Coord::main(0, 0).layer,
        (Int::new(-1), Int::new(14)),
        (Int::new(-1), Int::new(14)),
    );
    assert!(w.contains(" 1 P P R N B C Q K J G C B N R P P"), "{w}");
    assert!(w.contains("12 p p r n b c g j k q c b n r p p"), "{w}");
    assert!(w.contains("N3"), "a stack of three shows its best piece and height:\n{w}");
    assert!(w.contains("outside the window: Q (50,-7,1)"), "{w}");
    assert!(w.contains("layer z=2: 1 changed squares"), "{w}");
    // The seed's 3-D observation: the hole at (7,6,2) above the main plane.
    let side = super::text::side_view(
        s.board(),
        &Int::new(6),
        (Int::new(6), Int::new(8)),
        (Int::ZERO, Int::new(2)),
    );
    assert!(side.contains("z=  2 P . P"), "{side}");
}

// §11.5: one origin's targets, finite, with prices.
#[test]
fn moves_lists_one_units_targets_rays_and_jumps() {
    let mut s = game();
    let m = super::text::moves(&s, &Coord::main(7, 6)).unwrap();
    assert!(m.contains("x7,8") && m.contains("x7,7") && m.contains("x6,7"), "{m}");
    assert!(m.contains("&6,6 (1)"), "sideways onto its own pawn, costing 1:\n{m}");
    assert!(m.contains("z+& (1)"), "{m}");
    assert!(!m.contains(">"), "no empty square near the opening:\n{m}");
    play(&mut s, "7,6x7,8");
    let m = super::text::moves(&s, &Coord::main(7, 8)).unwrap();
    assert!(m.contains("x7,10"), "the second leap of the seed's commentary:\n{m}");
    assert!(super::text::moves(&s, &Coord::main(7, 6)).is_err());
}

// §8.3, §11.7: the position text reads back to the same state and refuses nonsense.
#[test]
fn the_position_text_round_trips() {
    let mut s = game();
    play(&mut s, "7,6x7,8");
    play(&mut s, "3,7x3,5");
    let text = s.to_text();
    let back = State::from_text(&text).unwrap();
    assert_eq!(back, s);
    assert_eq!(back.to_text(), text);
    assert!(State::from_text("{}").is_err());
}

// [I-6]: the middle squares of rows 2–4 are pawns, not slots; the back row's middle is.
#[test]
fn only_the_groups_and_the_back_rows_middle_are_selection_slots() {
    assert!(Fill::is_slot(&Coord::main(6, 1)) && Fill::is_slot(&Coord::main(6, 12)));
    assert!(!Fill::is_slot(&Coord::main(6, 3)) && !Fill::is_slot(&Coord::main(7, 10)));
    assert!(Fill::is_slot(&Coord::main(1, 4)) && Fill::is_slot(&Coord::main(12, 9)));
    assert!(!Fill::is_slot(&Coord::main(1, 5)) && !Fill::is_slot(&Coord::xyz(1, 4, 2)));
}

// [I-9]: a stack moves by the union of its members' moves: a pawn with a 馬仔 leaps (3,1).
#[test]
fn a_stack_moves_by_any_members_move() {
    let mut s = game();
    put(&mut s, "20,2", Side::Red, &[Kind::P, Kind::N]);
    clear(&mut s, "23,3");
    let mut t = s.clone();
    play(&mut t, "20,2>23,3");
    assert_eq!(at(&t, "23,3").unwrap().letters(), "PN");
    put(&mut s, "20,2", Side::Red, &[Kind::P]);
    assert_eq!(refused(&mut s, "20,2>23,3"), "geometry");
}

// [I-10]: either stage alone is a queen move.
#[test]
fn a_queen_may_use_one_stage_only() {
    let mut s = game();
    put(&mut s, "0,0,5", Side::Red, &[Kind::Q]);
    lab(&mut s, 5, 1..=3, 0);
    let mut t = s.clone();
    assert_eq!(play(&mut t, "0,0,5>3,0,5").waypoint, None, "slide only");
    play(&mut s, "0,0,5>1,0,5");
}

// [I-11]: 車夫 rides at most 12 squares, even along an empty row.
#[test]
fn a_chefu_rides_at_most_twelve_squares() {
    let mut s = game();
    put(&mut s, "0,0,5", Side::Red, &[Kind::R]);
    lab(&mut s, 5, 1..=13, 0);
    let mut t = s.clone();
    play(&mut t, "0,0,5>12,0,5");
    assert_eq!(refused(&mut s, "0,0,5>13,0,5"), "geometry");
}

// [I-18]: capturing a stack scores the sum of its pieces (and a queen credit for its 老後).
#[test]
fn capturing_a_stack_scores_every_piece_in_it() {
    let mut s = game();
    put(&mut s, "20,7", Side::Blue, &[Kind::P, Kind::N, Kind::Q]);
    let r = play(&mut s, "20,6x20,7");
    assert_eq!(r.gained, 16);
    assert_eq!(s.credits[0], [1, 0]);
    assert_eq!(s.stats[0].capture_points[6], 12, "per piece type: the queen's 12");
}

// [I-19]: a split is free, and the two jumps combine in either order.
#[test]
fn a_split_is_free_and_the_two_jumps_combine() {
    let mut s = game();
    put(&mut s, "20,1", Side::Red, &[Kind::P, Kind::P, Kind::P]);
    clear(&mut s, "20,3");
    assert_eq!(play(&mut s, "20,1/2P >20,3").cost, 0);
    let mut s = game();
    clear(&mut s, "20,3,2");
    clear(&mut s, "20,3,2,2");
    // z+ then d4+ from (20,3,1), through the emptied (20,3,2) to the emptied (20,3,2,2): the
    // intermediate square must be empty too; 1 point for the dimension jump.
    assert_eq!(play(&mut s, "20,3 z+ d4+").cost, 1);
    assert_eq!(at(&s, "20,3,2,2").unwrap().letters(), "P");
}

// [I-24]: when both sides fail together, the opponent is checked first, so the mover wins.
#[test]
fn when_both_sides_lose_at_once_the_mover_wins() {
    let mut s = game();
    for x in 1..=12 {
        for y in 1..=12 {
            clear(&mut s, &format!("{x},{y}"));
        }
        put(&mut s, &format!("{x},5"), Side::Red, &[Kind::P]);
        put(&mut s, &format!("{x},8"), Side::Blue, &[Kind::P]);
    }
    s.score = [200, 200];
    clear(&mut s, "20,3");
    play(&mut s, "20,3,2 z-");
    assert_eq!(s.end, Some(End::Win(Side::Red, Reason::BattlefieldLost)));
}

// [I-33]: 老闆 is 老王, and it may step where it can be taken (「老闆是可以被送吃的」).
#[test]
fn the_king_may_step_into_danger() {
    let mut s = game();
    put(&mut s, "30,6", Side::Red, &[Kind::K]);
    clear(&mut s, "30,7");
    play(&mut s, "K30,6>30,7");
    assert_eq!(at(&s, "30,7").unwrap().letters(), "K");
    play(&mut s, "30,8x30,7");
}

// [I-34]: a pawn inside a stack promotes past the line, one per turn.
#[test]
fn a_pawn_inside_a_stack_promotes_one_at_a_time() {
    let mut s = game();
    put(&mut s, "20,8", Side::Red, &[Kind::P, Kind::P, Kind::N]);
    play(&mut s, "20,8=R");
    assert_eq!(at(&s, "20,8").unwrap().letters(), "PNR");
    play(&mut s, "3,7x3,5");
    assert_eq!(refused(&mut s, "20,8=R=B"), "twice");
}

// [I-35]: a pawn dropped past the line promotes on the same turn.
#[test]
fn a_dropped_pawn_promotes_at_once_past_the_line() {
    let mut s = game();
    clear(&mut s, "20,9");
    let r = play(&mut s, "drop P@20,9=N");
    assert_eq!(r.cost, 1, "a pawn outside the battlefield");
    assert_eq!(at(&s, "20,9").unwrap().letters(), "N");
    let mut s = game();
    clear(&mut s, "20,6");
    assert_eq!(refused(&mut s, "drop P@20,6=N"), "not-in-zone");
}

// §8.1 [I-29]: 「不能讓對方有機會一步就吃了自己的老王」. With the regions of [I-28], no level
// and no placement of the king lets the receiver capture it in one step, so every selection
// completes; the engine decides each case by trying the receiver's captures.
#[test]
fn no_level_handicap_lets_the_receiver_capture_the_king_at_once() {
    let uniques = ["K Q J G", "Q K J G", "Q J K G", "Q J G K"];
    for level in 1..=7 {
        for giver in [Side::Red, Side::Blue] {
            for order in uniques {
                let h = Handicap::Level(level);
                let options = match giver {
                    Side::Red => Options { red_gives: h, ..Options::default() },
                    Side::Blue => Options { blue_gives: h, ..Options::default() },
                };
                let mut s = State::start(&options);
                while let Some((side, step)) = s.selecting() {
                    let text = if step == 8 && side == giver {
                        format!("pick {order}")
                    } else {
                        "pick default".to_string()
                    };
                    play(&mut s, &text);
                }
                let king = s.royals[giver.index()][0].clone().expect("the king is placed");
                assert_eq!(at(&s, &king.to_string()).unwrap().letters().to_uppercase(), "K");
            }
        }
    }
}

// §8.1 [I-29]: the check is real: an enemy 車夫 put in front of the giver's king (it captures
// one step orthogonally, see the 車夫 test above) makes the pick that ends the selection be
// refused, changing nothing; without a level handicap the same position is accepted.
#[test]
fn a_king_open_to_capture_refuses_the_pick_that_ends_a_level_handicap_selection() {
    for (options, exposed) in [
        (Options { red_gives: Handicap::Level(1), ..Options::default() }, true),
        (Options::default(), false),
    ] {
        let mut s = State::start(&options);
        for _ in 0..17 {
            play(&mut s, "pick default");
        }
        assert_eq!(s.royals[0][0], Some(Coord::main(6, 1)), "the default puts Red's king on 6,1");
        put(&mut s, "6,2", Side::Blue, &[Kind::R]);
        if exposed {
            assert_eq!(refused(&mut s, "pick default"), "king-exposed");
            assert_eq!(s.selecting(), Some((Side::Blue, 8)));
            put(&mut s, "6,2", Side::Red, &[Kind::P]);
        }
        play(&mut s, "pick default");
        assert_eq!(s.selecting(), None);
    }
}

/// The most work (squares read, scan steps, column entries walked) one turn may cost, whatever
/// the game's length or the coordinates' size; see the property test below. The most measured
/// there is about 300 (a capture's end-of-turn checks included), near the origin or near 10^15.
const WORK_BOUND: u64 = 2_000;

proptest! {
    // §11.1, §11.4: random turns from random positions, anywhere on the board (near the origin,
    // near ±10^15, in other layers), never make the engine enumerate anything unbounded: each
    // turn, legal or refused, reads a bounded number of squares. Hired riders (R, B, C, N) and
    // the holes that captures leave give the rides something to cross.
    #[test]
    fn random_turns_anywhere_do_bounded_work(
        tries in proptest::collection::vec(
            (0usize..4, 0i64..6, 4i64..10, -1i64..3, -2i64..3, -2i64..4, 0u8..9),
            1..80,
        ),
    ) {
        let bases = [0, 1_000_000, 999_999_999_000_000, -999_999_999_000_000];
        let mut s = game();
        let mut most = 0;
        for (base, x, y, z, dx, dy, kind) in tries {
            let x = bases[base] + x;
            let y = if s.to_move == Side::Red { y - 2 } else { 15 - y };
            let dy = dy * s.to_move.forward();
            let from = format!("{x},{y},{z}");
            let to = format!("{},{},{z}", x + dx, y + dy);
            let text = match kind {
                0 => format!("{from}x{to}"),
                1 => format!("{from}>{to}"),
                2 => format!("{from}&{to}"),
                3 => format!("drop R&{to}"),
                4 => format!("drop C&{to}"),
                5 => format!("drop B&{to}"),
                6 => format!("{from} z-&"),
                7 => format!("drop N&{to}"),
                _ => format!("{from}x{},{},{z}", x + 3 * dx, y + 5 * dy),
            };
            let Ok(action) = notation::parse(&text) else { continue };
            let side = s.to_move;
            super::board::work::take();
            let _ = s.play_turn(side, &action);
            let work = super::board::work::take();
            most = most.max(work);
            prop_assert!(work <= WORK_BOUND, "{text}: {work} units of work");
            if s.end.is_some() {
                break;
            }
        }
        prop_assert!(most > 0, "the work is counted");
    }
}

// §2.1 [I-1], docs/rabble.md decision 21: the board is infinite in unbounded dimensions. A
// square names any number of them, trailing 1s may be left out past any length, and a jump
// uses any dimension from 4 up, its number exact at any size.
#[test]
fn a_coordinate_names_any_number_of_dimensions_and_trailing_ones_drop_past_any_length() {
    let seventeen: Vec<String> = (1..=17).map(|v| v.to_string()).collect();
    let c = Coord::parse(&seventeen.join(",")).unwrap();
    assert_eq!(c.x, 1);
    assert_eq!(c.layer.z, 3);
    assert_eq!(c.dim(4), 4);
    assert_eq!(c.dim(17), 17);
    assert_eq!(c.dim(18), 1, "every dimension not named is 1");
    assert_eq!(c.layer.hi.len(), 14, "w4 … w17, none of them 1");
    assert_eq!(Coord::parse(&c.to_string()).unwrap(), c, "the keyed form reads back");
    assert_eq!(Coord::parse(&c.long_form()).unwrap(), c, "the long form too");
    // Trailing 1s past 16 numbers (here 3,000 of them) are dropped, as the seed says.
    let ones = format!("7,6{}", ",1".repeat(3_000));
    assert_eq!(Coord::parse(&ones).unwrap(), Coord::main(7, 6));
    let late = format!("7,6{},2", ",1".repeat(3_000));
    assert_eq!(Coord::parse(&late).unwrap().dim(3_003), 2, "the 3,003rd number is w3003");
    // Keyed: any dimension from 4 up, exactly; d1 to d3 are not keyed; the last value wins.
    assert_eq!(Coord::parse("7,6;d17=5").unwrap().dim(17), 5);
    assert_eq!(Coord::parse("7,6;d1000=2").unwrap().dim(1_000), 2);
    let huge_dim: Int = "99999999999999999999".parse().unwrap();
    let c = Coord::parse("7,6;d99999999999999999999=2").unwrap();
    assert_eq!(c.dim(&huge_dim), 2);
    assert_eq!(c.to_string(), "(7,6,1;d99999999999999999999=2)");
    assert_eq!(Coord::parse(&c.to_string()).unwrap(), c);
    assert!(matches!(Coord::parse("7,6;d3=5"), Err(CoordError::Syntax(_))));
    assert_eq!(Coord::parse("7,6;d9=2,d9=3").unwrap().dim(9), 3);
    assert_eq!(Coord::parse("7,6,1,1,1,1,1,1,2;d9=1").unwrap(), Coord::main(7, 6));
    assert_eq!(Coord::parse("7,6;d30=2,d5=3,d30=1").unwrap().to_string(), "(7,6,1,1,3)");
    // The long form's zeros before —— may be as many as anyone writes.
    let zeros = format!("(……{}——9,4,1)", vec!["0"; 40].join(","));
    assert_eq!(Coord::parse(&zeros).unwrap(), Coord::main(9, 4));
    // Jumps: any dimension from 4 up.
    for (turn, dim) in [
        ("7,6 d17+", "17"),
        ("7,6 d1000+", "1000"),
        ("7,6 d99999999999999999999-", "99999999999999999999"),
    ] {
        let Action::Unit { steps, .. } = notation::parse(turn).unwrap() else { panic!("{turn}") };
        let super::notation::Step::JumpH { dim: got, .. } = &steps[0] else { panic!("{turn}") };
        assert_eq!(got.to_string(), dim, "{turn}");
        let back = notation::format(&notation::parse(turn).unwrap());
        assert_eq!(notation::parse(&back).unwrap(), notation::parse(turn).unwrap(), "{back}");
    }
    assert!(matches!(
        notation::parse("7,6 d3+"),
        Err(notation::NotationError::Syntax { key: "dim-range", .. })
    ));
}

// §2.1: every number of a square is an exact integer of any length.
#[test]
fn each_number_of_a_coordinate_is_exact_at_any_length() {
    let edge = Coord::parse("-1000000000000001,1000000000000001").unwrap();
    assert_eq!(edge.x.to_string(), "-1000000000000001");
    assert_eq!(edge.y, 1_000_000_000_000_001);
    assert_eq!(Coord::parse("00000000000000007,+6").unwrap(), Coord::main(7, 6), "17 digits");
    // A 4,000-character coordinate, as a message carries it: read whole, written back whole.
    let long = "9".repeat(3_996);
    let text = format!("7,{long}");
    assert_eq!(text.chars().count(), 3_998);
    super::board::work::take();
    let c = Coord::parse(&text).unwrap();
    assert_eq!(super::board::work::take(), 2, "two numbers read");
    assert_eq!(c.y.to_string(), long);
    assert_eq!(c.y.digits(), 3_996);
    assert_eq!(Coord::parse(&c.to_string()).unwrap(), c);
    // Not a number at all is still refused, repeating at most the start of what was typed.
    let bad = format!("7,{long}x");
    let refused = Coord::parse(&bad).expect_err("not a number");
    assert!(matches!(refused, CoordError::Syntax(_)));
    assert_eq!(refused.text().chars().count(), super::coord::EXCERPT_CHARS + 1);
}

// Input bounded by the message, not the board: 30,000 dimensions (once 135 s of CPU) are read
// with one unit of work per number, positionally or keyed in any order.
#[test]
fn a_coordinate_of_thirty_thousand_dimensions_reads_with_one_unit_of_work_per_number() {
    let text = format!("7,6{}", ",2".repeat(29_998));
    assert_eq!(text.split(',').count(), 30_000);
    super::board::work::take();
    let c = Coord::parse(&text).expect("30,000 dimensions");
    assert_eq!(super::board::work::take(), 30_000, "each number read once");
    assert_eq!(c.layer.hi.len(), 29_997, "w4 … w30000");
    assert_eq!(c.dim(30_000), 2);
    // Keyed, from the highest dimension down: the same square.
    let keyed: Vec<String> = (4..=30_000).rev().map(|d| format!("d{d}=2")).collect();
    let k = Coord::parse(&format!("7,6,2;{}", keyed.join(","))).unwrap();
    assert_eq!(k, c);
    // The same inside a turn, from the origin or a destination.
    for turn in [format!("{text}>7,7"), format!("7,6>{text}")] {
        super::board::work::take();
        assert!(notation::parse(&turn).is_ok());
        assert!(super::board::work::take() <= 30_002);
    }
}

// §11.5: `/moves` lists jumps to each dimension in use plus the next one, however high; its
// targets are bare x,y in its own layer, so they cost two numbers however far it stands.
#[test]
fn moves_list_jumps_to_each_dimension_in_use_plus_the_next_and_name_targets_in_the_units_layer() {
    let mut s = game();
    let far = "-999999999999990,-999999999999990,999999999999990;d16=999999999999990";
    put(&mut s, far, Side::Red, &[Kind::R]);
    let origin = Coord::parse(far).unwrap();
    let t = super::text::targets(&s, &origin).unwrap();
    assert_eq!(t.next_dim, 17, "the next dimension above 16");
    let names: Vec<&str> = t.jumps.iter().map(|j| j.step.as_str()).collect();
    assert!(names.iter().any(|n| n.starts_with("d16+")), "{names:?}");
    assert!(names.iter().any(|n| n.starts_with("d17+")), "{names:?}");
    assert!(names.iter().any(|n| n.starts_with("d17-")), "{names:?}");
    // The rook's four neighbours are its own pawns (Red's half): stacks, written bare.
    assert!(t.near.iter().any(|n| n.step == "&-999999999999989,-999999999999990"), "{t:?}");
    assert!(t.near.iter().all(|n| !n.step.contains('(')), "{t:?}");
    // Each bare target plays as written, from the unit's square (in parentheses: a keyed
    // dimension needs them inside a turn).
    for target in t.near.iter().chain(&t.jumps) {
        let turn = format!("{origin} {}", target.step);
        let action = notation::parse(&turn).unwrap_or_else(|e| panic!("{turn}: {e}"));
        let mut copy = s.clone();
        copy.play_turn(Side::Red, &action).unwrap_or_else(|e| panic!("{turn}: {e}"));
    }
    let m = super::text::moves(&s, &origin).unwrap();
    assert!(m.contains("every higher dimension works like d17"), "{m}");
    let t = super::text::targets(&s, &Coord::main(7, 6)).unwrap();
    assert_eq!(t.next_dim, 4);
}

// Issue 42: a rider on x = 10^15 takes the pawn beside it (10^15 + 1 was out of bounds).
#[test]
fn a_chefu_at_ten_to_the_fifteen_captures_the_pawn_beside_it() {
    let mut s = game();
    put(&mut s, "1000000000000000,7", Side::Red, &[Kind::R]);
    let report = play(&mut s, "1000000000000000,7x1000000000000001,7");
    assert_eq!(report.gained, 1);
    assert_eq!(at(&s, "1000000000000001,7").unwrap().letters(), "R");
    assert_eq!(at(&s, "1000000000000000,7"), None);
}

// Issue 42: a unit far beyond any machine integer (x = 10^40, typed) moves and captures, and
// the position text and the move log bring it back.
#[test]
fn a_unit_at_ten_to_the_forty_moves_and_captures() {
    let x = format!("1{}", "0".repeat(40));
    let mut s = State::start(&Options { band_empty: true, ..quick() });
    put(&mut s, "0,6,3", Side::Red, &[Kind::G]);
    let mut log = vec![format!("0,6,3>{x},6,3")];
    play(&mut s, &log[0]);
    assert_eq!(at(&s, &format!("{x},6,3")).unwrap().letters(), "G");
    log.push("3,9>3,8".to_string());
    play(&mut s, &log[1]);
    // Up its file: the band rows 7 and 8 are empty, Blue's pawn stands on row 9.
    log.push(format!("{x},6,3x{x},9,3"));
    let report = play(&mut s, &log[2]);
    assert_eq!(report.gained, 1);
    assert_eq!(at(&s, &format!("{x},9,3")).unwrap().letters(), "G");
    let canonical = notation::format(&notation::parse(&log[2]).unwrap());
    assert_eq!(canonical, format!("({x},6,3)x({x},9,3)"), "written whole");
    // The position text keeps the big number exactly, as a string, and reads back.
    let text = s.to_text();
    assert!(text.contains(&format!("\"{x}\"")), "a big number is a JSON string");
    assert_eq!(State::from_text(&text).unwrap(), s);
    // The move log replays to the same state.
    let mut again = State::start(&Options { band_empty: true, ..quick() });
    put(&mut again, "0,6,3", Side::Red, &[Kind::G]);
    for turn in &log {
        play(&mut again, turn);
    }
    assert_eq!(again, s);
    // One square further out: x + 1, exactly, holds Blue's pawn.
    let next = format!("1{}1", "0".repeat(39));
    play(&mut s, "3,8>3,7");
    play(&mut s, &format!("{x},9,3x{next},9,3"));
    assert_eq!(at(&s, &format!("{next},9,3")).unwrap().letters(), "G");
}

// §8.2 [I-27]: 讓n步先 for any natural n ≥ 2, stored exactly.
#[test]
fn a_step_handicap_of_any_size_starts_and_counts_down_exactly() {
    use crate::games::GameOptions;
    let pairs = |v: &str| vec![("red_gives".to_string(), v.to_string())];
    let five = Options::from_pairs(&pairs("steps5000")).unwrap();
    assert_eq!(five.red_gives, Handicap::Steps(Int::new(5_000)));
    let n = "123456789012345678901234567890";
    let big = Options::from_pairs(&pairs(&format!("steps{n}"))).unwrap();
    assert_eq!(
        big.to_pairs().iter().find(|(k, _)| *k == "red_gives").unwrap().1,
        format!("steps{n}")
    );
    for bad in ["steps1", "steps0", "steps", "steps-3", "steps+3", "steps2.5"] {
        assert!(Options::from_pairs(&pairs(bad)).is_err(), "{bad}");
    }
    let mut s = State::start(&Options { red_gives: big.red_gives, ..quick() });
    assert_eq!(s.to_move, Side::Blue);
    assert_eq!(s.handicap_turns.to_string(), n);
    play(&mut s, "drop n&3,9");
    assert_eq!(s.handicap_turns.to_string(), "123456789012345678901234567889");
    assert_eq!(s.to_move, Side::Blue, "the receiver plays on");
    assert_eq!(State::from_text(&s.to_text()).unwrap(), s);
    let mut small = State::start(&Options { red_gives: five.red_gives, ..quick() });
    play(&mut small, "drop n&3,9");
    assert_eq!(small.handicap_turns, 4_999);
}

/// The refusal of `text`, played by the side to move; asserts that nothing changed.
fn refusal(s: &mut State, text: &str) -> super::state::TurnError {
    let before = s.clone();
    let side = s.to_move;
    let action = notation::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let err = s.play_turn(side, &action).expect_err(text);
    assert_eq!(*s, before, "a refused turn changes nothing");
    err
}

/// The named value `name` of a refusal.
fn arg<'a>(e: &'a super::state::TurnError, name: &str) -> &'a str {
    e.args.iter().find(|(k, _)| *k == name).map_or("", |(_, v)| v.as_str())
}

// Issue 42: `7,6,2 z- >7,7` (the spec's §10.2 example) once answered "use x to capture it",
// though a capture after a jump is refused by rule 4. A proposal is made only when the turn it
// proposes would be accepted; otherwise the refusal states what it found and why the proposal
// would be refused too.
#[test]
fn issue_42_a_move_onto_an_enemy_after_a_jump_names_rule_4_instead_of_proposing_x() {
    let mut s = game();
    play(&mut s, "7,6x7,8");
    play(&mut s, "3,7x3,5");
    let e = refusal(&mut s, "7,6,2 z- >7,7");
    assert_eq!((e.code, e.key), ("combination", "enemy-target"));
    assert!(!e.message.contains("use x"), "{e}");
    assert_eq!(arg(&e, "to"), "(7,7,1)");
    let why = e.instead.as_deref().expect("why x would be refused too");
    assert_eq!(
        (arg(why, "step"), arg(why, "earlier"), arg(why, "rule")),
        ("CAPTURE", "JUMP3", "4")
    );
    // The turn it names is the one x would make, and it is refused for that very reason.
    let fixed = notation::parse(arg(&e, "fix")).expect("the named turn reads");
    assert_eq!(fixed, notation::parse("7,6,2 z- x7,7").unwrap());
    assert_eq!(s.clone().play_turn(Side::Red, &fixed).expect_err("refused"), *why);
    // Without a jump before it, x is accepted, so the proposal stands.
    let mut s = game();
    let e = refusal(&mut s, "7,6>7,7");
    assert_eq!((e.code, e.key, e.instead.is_none()), ("use-capture", "use-capture", true));
    assert!(e.message.ends_with("use x to capture it"), "{e}");
}

// Issue 42: each refusal that proposes another turn proposes only one the checker accepts.
// Here every proposal of the turn checker is provoked once where it would be accepted (the
// proposal stands) and once where it would not (the refusal says why instead).
#[test]
fn issue_42_no_refusal_proposes_a_turn_that_would_be_refused() {
    let mut s = game();
    play(&mut s, "7,6x7,8");
    play(&mut s, "3,7x3,5");
    // Red: 7,6 is a hole in the main plane, 7,6,2 a pawn above it; a Red Mazai on 20,2,5 with
    // an empty square beside it.
    put(&mut s, "20,2,5", Side::Red, &[Kind::N]);
    clear(&mut s, "21,2,5");
    // Some(true): a proposal that stands; Some(false): one that would be refused, so the
    // refusal says why instead; None: no proposal.
    for (text, stands) in [
        ("7,4>7,7", Some(false)), // enemy 7,7, three rows up: beyond a pawn's capture too
        ("7,5>7,6 x7,7", None),   // rule 1 (a move, then a capture)
        ("7,5x7,6", Some(true)),  // empty 7,6: > is accepted
        ("7,5,2 x7,6,2", None),   // 7,6,2 holds Red's own pawn
        ("7,6,2 z- x7,7", None),  // rule 4
        ("7,6,2 z-&", Some(true)), // the hole below is empty: leaving out & is accepted
        ("7,5,2 z-", Some(true)), // 7,5 holds Red's pawn: & is accepted
        ("20,2,5&21,2,5", Some(true)), // empty: > is accepted
        ("20,2,5>21,2,5 =C", None), // not in the promotion zone (and no pawn)
        ("drop P&7,6", Some(true)), // empty: @ is accepted
        ("drop P@7,5", Some(true)), // Red's own pawn: & is accepted
        ("drop P@7,5=N", Some(false)), // & and promotion: 7,5 is not past Red's line
    ] {
        let mut t = s.clone();
        let action = notation::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let e = t.play_turn(Side::Red, &action).expect_err(text);
        assert_eq!(t, s, "{text}: nothing changes");
        if let Some(fix) = e.args.iter().find(|(k, _)| *k == "fix").map(|(_, v)| v.clone()) {
            // A proposal that would be refused: named, and its reason given.
            assert_eq!(stands, Some(false), "{text}: {e}");
            let fixed = notation::parse(&fix).expect("the named turn reads");
            let why = t.play_turn(Side::Red, &fixed).expect_err(&fix);
            assert_eq!(e.instead.as_deref(), Some(&why), "{text}");
        } else if stands == Some(true) {
            // A proposal that stands: the turn it describes is accepted.
            let fixed = match e.key {
                "use-capture" => text.replacen('>', "x", 1),
                "nothing-to-capture" | "move-empty" => text.replacen(['x', '&'], ">", 1),
                "stack-empty" => text.replacen('&', "", 1),
                "use-stack-move" => format!("{text}&"),
                "drop-empty" => text.replacen('&', "@", 1),
                "drop-stack" => text.replacen('@', "&", 1),
                other => panic!("{text}: {other} is not a proposal: {e}"),
            };
            let action = notation::parse(&fixed).unwrap_or_else(|e| panic!("{fixed}: {e}"));
            t.clone().play_turn(Side::Red, &action).unwrap_or_else(|e| panic!("{fixed}: {e}"));
        } else {
            assert_eq!((stands, e.instead.is_none()), (None, true), "{text}: {e}");
        }
    }
}

// Issue 42: `7,5>7,6 x7,7` once got the Queen's two-stage path as its reason. A waypoint is
// the Queen's alone; for any other unit the turn is what it says, a MOVE and then a CAPTURE,
// which rule 1 forbids (「移動後,不能再進行吃子」). Two moves break rule 10.
#[test]
fn issue_42_a_move_then_a_capture_without_the_queen_names_rule_1() {
    let mut s = game();
    play(&mut s, "7,6x7,8");
    play(&mut s, "3,7x3,5");
    let e = refusal(&mut s, "7,5>7,6 x7,7");
    assert_eq!(
        (e.code, arg(&e, "step"), arg(&e, "earlier"), arg(&e, "rule")),
        ("combination", "CAPTURE", "MOVE", "1")
    );
    let e = refusal(&mut s, "7,5>7,6>7,7");
    assert_eq!((e.code, arg(&e, "step")), ("twice", "MOVE"));
    let e = refusal(&mut s, "7,5>7,6&7,7");
    assert_eq!(e.code, "twice");
    // The Queen keeps her waypoint (spec §4.6).
    let mut q = game();
    put(&mut q, "0,0,5", Side::Red, &[Kind::Q]);
    lab(&mut q, 5, 1..=5, 0);
    put(&mut q, "6,1,5", Side::Blue, &[Kind::N]);
    assert_eq!(play(&mut q, "0,0,5>5,0,5 x6,1,5").gained, 3);
}

// Issue 42: a drop naming no piece says which pieces can be hired (the table words the list in
// the reader's script); a drop without a piece gets the format.
#[test]
fn issue_42_a_drop_of_an_unknown_piece_names_it() {
    use super::notation::NotationError;
    for (text, shown) in [("drop X@7,9", "X"), ("drop 象@7,9", "象"), ("x*7,9", "X")] {
        match notation::parse(text) {
            Err(NotationError::Syntax { key, detail, why, .. }) => {
                assert_eq!((key, detail.as_str()), ("drop-piece", shown), "{text}");
                assert!(why.ends_with("hired are P, N, R, B, C, Q, G"), "{text}: {why}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    for text in ["drop @7,9", "drop 7,9", "drop"] {
        assert!(
            matches!(notation::parse(text), Err(NotationError::Syntax { key: "drop", .. })),
            "{text}"
        );
    }
    assert_eq!(
        Kind::HIRED.to_vec(),
        Kind::ALL.iter().copied().filter(|k| k.stacks()).collect::<Vec<_>>()
    );
    for k in Kind::ALL {
        assert_eq!(Kind::from_char(k.hanzi_simplified()), Some(k), "{k:?}");
    }
}

// Issue 42: `/moves` once listed `d4+& (1)` where the turn costs 2. Each price is what the turn
// checker charges: a dimension jump of one piece 1, plus stacking a pawn onto a pawn short of
// Red's zone 1 (the highest value), so 2 (spec §5); `z+&` 0 + 1; a plain `d4+` 1. On a free
// handicap turn the same jump costs nothing (§8.2).
#[test]
fn issue_42_moves_prices_each_turn_as_the_checker_charges_it() {
    let mut s = game();
    let t = super::text::targets(&s, &Coord::main(7, 6)).unwrap();
    let price = |t: &super::text::Targets, step: &str| {
        t.jumps.iter().find(|j| j.step == step).unwrap_or_else(|| panic!("{step}: {t:?}")).price
    };
    assert_eq!(price(&t, "d4+&"), Some(2));
    assert_eq!(price(&t, "z+&"), Some(1));
    assert_eq!(play(&mut s.clone(), "7,6 d4+&").cost, 2, "what playing it charges");
    // An empty jump target: a plain dimension jump, 1.
    clear(&mut s, "7,6,1,2");
    let t = super::text::targets(&s, &Coord::main(7, 6)).unwrap();
    assert_eq!(price(&t, "d4+"), Some(1));
    assert!(super::text::moves(&s, &Coord::main(7, 6)).unwrap().contains("d4+ (1)"));
    // Blue's free turns (Red gives two): nothing to pay; Red's listing, asked meanwhile, is
    // priced as on Red's own turn.
    let s = State::start(&Options { red_gives: Handicap::Steps(Int::new(2)), ..quick() });
    let t = super::text::targets(&s, &Coord::main(3, 7)).unwrap();
    assert_eq!(price(&t, "d4+&"), Some(0));
    let t = super::text::targets(&s, &Coord::main(7, 6)).unwrap();
    assert_eq!(price(&t, "d4+&"), Some(2));
}

// Issue 42: a pawn's `/moves` once said "blocked at once" eight times. Rays that share an
// outcome are said once, in parts with the same blockers: at the opening Red's pawn on 7,6
// meets Blue's pawns ahead (↑ ↗ ↖) and Red's own elsewhere.
#[test]
fn issue_42_moves_says_each_ray_outcome_once() {
    let s = game();
    let m = super::text::moves(&s, &Coord::main(7, 6)).unwrap();
    assert_eq!(m.matches("blocked at once").count(), 1, "{m}");
    let t = super::text::targets(&s, &Coord::main(7, 6)).unwrap();
    let groups = super::text::grouped(&t.rays);
    assert_eq!(groups.len(), 1, "{groups:?}");
    let arrows: Vec<Vec<&str>> = groups[0].parts.iter().map(|p| p.arrows.clone()).collect();
    assert_eq!(arrows, [vec!["→", "←", "↓", "↘", "↙"], vec!["↑", "↗", "↖"]]);
    assert!(
        m.contains("blocked at once: → ← ↓ ↘ ↙ (then P at 1, P at 2); ↑ ↗ ↖ (then p at 1, p at 2)"),
        "{m}"
    );
    // Deep in Blue's half every direction meets Blue's pawns alike.
    let mut s = game();
    put(&mut s, "50,50,5", Side::Red, &[Kind::N]);
    let m = super::text::moves(&s, &Coord::xyz(50, 50, 5)).unwrap();
    assert!(m.contains("blocked at once: all 8 directions (then p at 1, p at 2)"), "{m}");
}

// Decision 21: a square whose numbers fit the old types hashes exactly as it did when they
// were `i64` and `(u32, i64)`, so the repetition keys in stored positions stay valid.
#[test]
fn a_square_of_small_numbers_hashes_as_the_old_fixed_size_square_did() {
    use std::hash::{DefaultHasher, Hash, Hasher};
    #[derive(Hash)]
    struct OldLayer {
        z: i64,
        hi: Vec<(u32, i64)>,
    }
    #[derive(Hash)]
    struct OldCoord {
        x: i64,
        y: i64,
        layer: OldLayer,
    }
    fn hash(v: &impl Hash) -> u64 {
        let mut h = DefaultHasher::new();
        v.hash(&mut h);
        h.finish()
    }
    let new = Coord::parse("-7,999999999999999,3;d4=2,d16=-5").unwrap();
    let old = OldCoord {
        x: -7,
        y: 999_999_999_999_999,
        layer: OldLayer { z: 3, hi: vec![(4, 2), (16, -5)] },
    };
    assert_eq!(hash(&new), hash(&old));
    assert_eq!(
        hash(&Coord::main(7, 6)),
        hash(&OldCoord { x: 7, y: 6, layer: OldLayer { z: 1, hi: vec![] } })
    );
}
