//! Unit tests for Ultima: every capture rule, every decision of `docs/ultima.md`,
//! the notation, the position text and the perft figures.
//!
//! Positions are position texts (spec "Position text format"). Every expected value was worked
//! out by hand from the spec (the section or decision is cited in a comment), except the perft
//! figures, which are the spec's reference numbers from vchess; none was copied from this
//! engine's output.

use super::board::{Board, Rules};
use super::*;
use crate::core::{GameResult, Noticed, Outcome, Seat, Seed, ToAct, Viewer};
use crate::games::options::split_pairs;
use crate::games::{Game, GameOptions};

const WHITE: Seat = Seat(0);
const BLACK: Seat = Seat(1);
const START: &str = "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w";

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn opts(text: &str) -> Options {
    let pairs = split_pairs(text).unwrap_or_else(|e| panic!("options `{text}`: {e}"));
    Options::from_pairs(&pairs).unwrap_or_else(|e| panic!("options `{text}`: {e}"))
}

/// A game from a position text under these options.
fn game(options: &str, position: &str) -> State {
    State::from_position(&opts(options), position, Seed(0))
        .unwrap_or_else(|e| panic!("position `{position}` with `{options}`: {e}"))
}

fn sq(name: &str) -> Square {
    name.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn squares(names: &[&str]) -> Vec<Square> {
    names.iter().map(|n| sq(n)).collect()
}

fn seat_to_move(g: &State) -> Seat {
    g.to_move().seat()
}

fn try_play(g: &mut State, text: &str) -> Result<Vec<Noticed<Event>>, Error> {
    let seat = seat_to_move(g);
    let action = g.parse_action(seat, text)?;
    g.play(seat, &action)
}

/// Plays an action that must be accepted, for whoever is to move.
fn play(g: &mut State, text: &str) -> Vec<Event> {
    let before = g.position();
    try_play(g, text)
        .unwrap_or_else(|e| panic!("`{text}` refused in `{before}`: {e}"))
        .into_iter()
        .map(|n| n.event)
        .collect()
}

/// The captures of a single move, as (square, piece, rule).
fn captures_of(g: &mut State, text: &str) -> Vec<(Square, Kind, CaptureRule)> {
    match play(g, text).first() {
        Some(Event::Moved { captures, .. }) => {
            captures.iter().map(|c| (c.square, c.piece, c.rule)).collect()
        }
        other => panic!("`{text}` gave {other:?}"),
    }
}

fn check_of(events: &[Event]) -> bool {
    match events.first() {
        Some(Event::Moved { check, .. }) => *check,
        other => panic!("not a move: {other:?}"),
    }
}

fn legal(g: &State) -> Vec<String> {
    g.legal_actions(seat_to_move(g)).iter().map(|a| g.format_action(a)).collect()
}

fn refusal(g: &State, text: &str) -> Error {
    let mut probe = g.clone();
    let err = try_play(&mut probe, text).expect_err(text);
    assert!(probe == *g, "refused `{text}` changed the state");
    err
}

fn frozen(g: &State) -> Vec<Square> {
    g.view(Viewer::Public).frozen
}

fn outcome(g: &State) -> Option<(GameResult, &'static str)> {
    g.outcome().map(|o| (o.result, o.reason))
}

// ---------------------------------------------------------------------------------------------
// Start position, setups and perft (spec "Reference numbers", decision 7)
// ---------------------------------------------------------------------------------------------

#[test]
fn the_default_start_position_is_the_seeds_rotated_setup() {
    let g = State::new(&Options::default(), Seed(0)).expect("new");
    assert_eq!(g.position(), START);
    assert_eq!(g.to_act(), ToAct::Seat(WHITE, crate::core::Prompt::Move));
    let mirrored = State::new(&opts("setup=mirrored"), Seed(0)).expect("new");
    assert_eq!(mirrored.position(), "ilxkwxlc/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w");
}

#[test]
fn only_the_eight_pincers_can_move_at_the_start() {
    // Spec §1: every back-rank piece is hemmed in by its pincers; each pincer has 4 squares.
    let g = State::new(&Options::default(), Seed(0)).expect("new");
    let moves = legal(&g);
    assert_eq!(moves.len(), 32);
    assert_eq!(&moves[..4], ["a2a3", "a2a4", "a2a5", "a2a6"]);
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted, "legal actions come sorted by notation");
    assert!(g.legal_actions(BLACK).is_empty());
}

fn perft_of(options: &str, depth: u32) -> u64 {
    State::new(&opts(options), Seed(0)).expect("new").perft(depth)
}

#[test]
fn perft_matches_the_spec_reference_numbers_to_depth_3_under_every_option_set() {
    // Spec: "Perft 1-3 are the same under every rule option".
    for options in [
        "",
        "immobilizer=pure,suicide=off",
        "setup=mirrored",
        "immobilizer=pure,suicide=off,setup=mirrored",
        "chameleon=pure,suicide=off",
    ] {
        for (depth, want) in [(1, 32), (2, 944), (3, 42_762)] {
            assert_eq!(perft_of(options, depth), want, "perft({depth}) with `{options}`");
        }
    }
}

#[test]
fn perft_4_matches_vchess_for_both_setups() {
    // Spec: vchess plays immobilizer=pure, suicide=off, chameleon combined.
    assert_eq!(perft_of("immobilizer=pure,suicide=off", 4), 1_849_889);
    assert_eq!(perft_of("immobilizer=pure,suicide=off,setup=mirrored", 4), 1_849_854);
}

/// The `Game` trait's generic perft: clone and play every listed action.
fn generic_perft(g: &State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some(seat) = g.to_act().seat() else { return 0 };
    g.legal_actions(seat)
        .iter()
        .map(|a| {
            let mut next = g.clone();
            next.play(seat, a).expect("listed action");
            generic_perft(&next, depth - 1)
        })
        .sum()
}

/// The crowded middle game of `arbiter bench perft --position middle`: three white pieces
/// frozen by the immobilizer on d4.
const MIDDLE: &str = "c1xwk1l1/1pp1pp1p/p2l1xp1/3p4/2PiP3/P1L2X1P/1P1P1PP1/I1XKW1LC w";
/// White in check from the coordinator (kings on one file), frozen pieces of both colours,
/// chameleons in contact with enemies.
const TACTICAL: &str = "4k3/1p1w1p2/2i1X3/1l1P1c2/3x2L1/2P1I3/1W3p2/4K3 w";

#[test]
fn fast_perft_agrees_with_playing_every_action() {
    for options in ["", "immobilizer=pure,suicide=off", "chameleon=pure"] {
        for position in [START, MIDDLE, TACTICAL] {
            let g = game(options, position);
            for depth in 1..=2 {
                assert_eq!(
                    g.perft(depth),
                    generic_perft(&g, depth),
                    "perft({depth}) of `{position}` with `{options}`"
                );
            }
        }
    }
}

#[test]
fn perft_counts_no_continuations_after_the_game_ends() {
    // Decision 6 with nocapture_limit=1: the draw comes after 2 plies without a capture, so
    // from two bare kings every 2-ply line ends and nothing continues to ply 3.
    let g = game("nocapture_limit=1", "k7/8/8/8/8/8/8/7K w");
    assert_eq!(g.perft(1), 3, "h1: g1, g2, h2");
    assert_eq!(g.perft(2), 3 * 3, "a8: b8, b7, a7");
    assert_eq!(g.perft(3), 0);
    assert_eq!(generic_perft(&g, 3), 0);
}

// ---------------------------------------------------------------------------------------------
// Pincer (spec §2 "Pincer")
// ---------------------------------------------------------------------------------------------

#[test]
fn a_pincer_takes_three_pieces_at_once_with_any_friendly_jaws() {
    // Spec §2 pincer: "up to three at once"; the jaw may be any friendly piece.
    // e1-e5 lands between d5 (jaw c5 pincer), f5 (jaw g5 leaper) and e6 (jaw e7 withdrawer).
    let mut g = game("", "k7/4W3/4c3/2Pp1lL1/8/8/8/4P2K w");
    assert_eq!(
        captures_of(&mut g, "e1e5"),
        vec![
            (sq("d5"), Kind::Pincer, CaptureRule::Pinch),
            (sq("e6"), Kind::Coordinator, CaptureRule::Pinch),
            (sq("f5"), Kind::LongLeaper, CaptureRule::Pinch),
        ]
    );
    assert_eq!(g.position(), "k7/4W3/8/2P1P1L1/8/8/8/7K b");
    assert_eq!(g.view(Viewer::Public).captured, squares(&["d5", "e6", "f5"]));
    assert_eq!(g.view(Viewer::Public).since_capture, 0);
}

#[test]
fn the_king_can_be_a_pincers_jaw() {
    // Spec §2 pincer: the jaw "may be any friendly piece, including the king".
    let mut g = game("", "k7/8/8/8/2Kp4/8/8/4P3 w");
    assert_eq!(captures_of(&mut g, "e1e4"), vec![(sq("d4"), Kind::Pincer, CaptureRule::Pinch)]);
}

#[test]
fn an_immobilized_piece_still_serves_as_a_jaw() {
    // Decision 9: the frozen c4 pincer is still a jaw.
    let mut g = game("", "k7/8/8/1i6/2Pp4/8/8/4P2K w");
    assert_eq!(frozen(&g), squares(&["c4"]));
    assert_eq!(captures_of(&mut g, "e1e4"), vec![(sq("d4"), Kind::Pincer, CaptureRule::Pinch)]);
}

#[test]
fn a_pincer_neither_moves_nor_captures_diagonally() {
    // Spec §1 (rook moves) and §2 ("No diagonal captures"): f5 sits diagonally between e4 and
    // the white pincer on g6.
    let mut g = game("", "k7/8/6P1/5p2/8/8/8/4P2K w");
    assert!(matches!(
        refusal(&g, "e1f2"),
        Error::IllegalMove { piece: Kind::Pincer, fault: MoveFault::PincerDiagonal, .. }
    ));
    assert_eq!(captures_of(&mut g, "e1e4"), vec![]);
}

#[test]
fn moving_between_two_enemies_is_safe() {
    // Spec §1: captures happen only on the capturing side's own move.
    let mut g = game("", "k7/4p3/8/8/3P1P2/8/8/7K b");
    assert_eq!(captures_of(&mut g, "e7e4"), vec![]);
    play(&mut g, "h1h2");
    assert_eq!(g.piece_at(sq("e4")), Some((Color::Black, Kind::Pincer)));
}

// ---------------------------------------------------------------------------------------------
// Withdrawer
// ---------------------------------------------------------------------------------------------

#[test]
fn a_withdrawer_takes_the_piece_it_moves_directly_away_from() {
    // Spec §2 withdrawer: only the piece opposite the direction of the move, diagonals too.
    let start = game("", "k7/8/8/4p3/3W4/8/8/7K w");
    for (to, taken) in [("b2", true), ("c3", true), ("a4", false), ("d1", false), ("h4", false)] {
        let mut g = start.clone();
        let want =
            if taken { vec![(sq("e5"), Kind::Pincer, CaptureRule::Withdrawal)] } else { vec![] };
        assert_eq!(captures_of(&mut g, &format!("d4{to}")), want, "d4{to}");
    }
}

#[test]
fn a_withdrawer_takes_at_most_the_one_piece_behind_it() {
    // Spec §2 withdrawer: "Exactly one piece at most", although four more enemies touch d4.
    let mut g = game("", "k7/8/8/2ppp3/3W4/2p1p3/8/7K w");
    assert_eq!(
        captures_of(&mut g, "d4d1"),
        vec![(sq("d5"), Kind::Pincer, CaptureRule::Withdrawal)]
    );
}

// ---------------------------------------------------------------------------------------------
// Long leaper (spec §2, decision 8)
// ---------------------------------------------------------------------------------------------

#[test]
fn a_long_leaper_takes_several_pieces_along_one_line() {
    // Decision 8: several pieces, each with an empty square behind it; it may land on any empty
    // square after the last one.
    let start = game("", "7k/8/8/w7/8/p7/8/L6K w");
    let mut moves: Vec<String> =
        legal(&start).into_iter().filter(|m| m.starts_with("a1a")).collect();
    moves.sort();
    assert_eq!(moves, ["a1a2", "a1a4", "a1a6", "a1a7", "a1a8"]);
    let mut g = start.clone();
    assert_eq!(captures_of(&mut g, "a1a4"), vec![(sq("a3"), Kind::Pincer, CaptureRule::Leap)]);
    let mut g = start;
    assert_eq!(
        captures_of(&mut g, "a1a8"),
        vec![
            (sq("a3"), Kind::Pincer, CaptureRule::Leap),
            (sq("a5"), Kind::Withdrawer, CaptureRule::Leap),
        ]
    );
}

#[test]
fn a_long_leaper_never_leaps_two_adjacent_pieces_or_its_own() {
    // Decision 8: never a friendly piece, never two adjacent pieces, never onto a piece.
    let g = game("", "7k/8/8/p7/p7/8/8/L6K w");
    assert_eq!(
        refusal(&g, "a1a6"),
        Error::IllegalMove {
            piece: Kind::LongLeaper,
            from: sq("a1"),
            to: sq("a6"),
            fault: MoveFault::LeapAdjacent { at: sq("a4") }
        }
    );
    assert!(matches!(
        refusal(&g, "a1a4"),
        Error::IllegalMove { fault: MoveFault::Occupied { .. }, .. }
    ));
    let own = game("", "7k/8/8/8/8/P7/8/L6K w");
    assert!(matches!(
        refusal(&own, "a1a5"),
        Error::IllegalMove { fault: MoveFault::LeapOwn { .. }, .. }
    ));
}

// ---------------------------------------------------------------------------------------------
// Coordinator
// ---------------------------------------------------------------------------------------------

#[test]
fn a_coordinator_takes_both_corners_of_its_rectangle_with_its_king() {
    // Spec §2 coordinator: king b2, coordinator to f6: corners f2 and b6.
    let mut g = game("", "7k/8/1w6/8/8/2C5/1K3p2/8 w");
    assert_eq!(
        captures_of(&mut g, "c3f6"),
        vec![
            (sq("b6"), Kind::Withdrawer, CaptureRule::Coordination),
            (sq("f2"), Kind::Pincer, CaptureRule::Coordination),
        ]
    );
}

#[test]
fn a_frozen_king_still_coordinates() {
    // Decision 9: the white king on b2 is frozen by the immobilizer on a1 but still makes the
    // rectangle's corner.
    let mut g = game("", "7k/8/1w6/8/8/2C5/1K3p2/i7 w");
    assert_eq!(frozen(&g), squares(&["b2"]));
    assert_eq!(
        captures_of(&mut g, "c3f6"),
        vec![
            (sq("b6"), Kind::Withdrawer, CaptureRule::Coordination),
            (sq("f2"), Kind::Pincer, CaptureRule::Coordination),
        ]
    );
}

#[test]
fn a_coordinator_captures_only_when_it_moves() {
    // Spec §2 coordinator: "Only when the coordinator moves, not when the king moves".
    let mut g = game("", "7k/8/1w3C2/8/8/8/5p2/K7 w");
    assert_eq!(captures_of(&mut g, "a1b2"), vec![]);
    assert_eq!(g.piece_at(sq("f2")), Some((Color::Black, Kind::Pincer)));
    assert_eq!(g.piece_at(sq("b6")), Some((Color::Black, Kind::Withdrawer)));
}

// ---------------------------------------------------------------------------------------------
// King
// ---------------------------------------------------------------------------------------------

#[test]
fn a_king_steps_one_square_and_captures_by_displacement() {
    let mut g = game("", "k7/8/8/4p3/4K3/8/8/8 w");
    assert!(matches!(refusal(&g, "e4e6"), Error::IllegalMove { fault: MoveFault::KingStep, .. }));
    assert_eq!(
        captures_of(&mut g, "e4e5"),
        vec![(sq("e5"), Kind::Pincer, CaptureRule::Displacement)]
    );
}

#[test]
fn kings_never_stand_next_to_each_other() {
    // Decision 4: a king may not move into check, and a king next to the enemy king is capturable.
    let g = game("", "8/8/8/3k4/8/3K4/8/8 w");
    assert_eq!(
        refusal(&g, "d3d4"),
        Error::LeavesKingInCheck {
            from: sq("d3"),
            to: sq("d4"),
            king: sq("d4"),
            attacker: sq("d5"),
            attacker_piece: Kind::King,
        }
    );
}

// ---------------------------------------------------------------------------------------------
// Immobilizer (decision 1) and suicide (decision 2)
// ---------------------------------------------------------------------------------------------

#[test]
fn a_frozen_piece_cannot_move_and_the_refusal_says_who_freezes_it() {
    let g = game("", "k7/8/8/4i3/4W3/8/8/7K w");
    let err = refusal(&g, "e4e1");
    assert_eq!(err.to_string(), "the withdrawer on e4 is frozen by the immobilizer on e5");
    assert_eq!(crate::core::ErrorCode::code(&err), "frozen");
    assert!(!legal(&g).iter().any(|m| m.starts_with("e4") && m != "e4e4"));
}

#[test]
fn a_move_that_freezes_names_each_piece_it_froze_and_whether_its_side_may_remove_it() {
    // The white immobilizer stops on e4, next to the black pincer on d5 (and the black king's
    // e8 is far away): the pincer is frozen by it, and black may remove it (suicide=on).
    let mut g = game("", "4k3/8/8/3p4/8/8/8/4I2K w");
    let events = play(&mut g, "e1e4");
    let expected = Freeze {
        square: sq("d5"),
        color: Color::Black,
        piece: Kind::Pincer,
        by: sq("e4"),
        by_piece: Kind::Immobilizer,
        removable: true,
    };
    match events.first() {
        Some(Event::Moved { freezes, .. }) => assert_eq!(freezes, &vec![expected]),
        other => panic!("not a move: {other:?}"),
    }
    // Without suicide the same freeze says the piece cannot be removed; a king never can.
    let mut g = game("suicide=off", "4k3/8/8/3p4/8/8/8/4I2K w");
    match play(&mut g, "e1e4").first() {
        Some(Event::Moved { freezes, .. }) => {
            assert_eq!(freezes, &vec![Freeze { removable: false, ..expected }]);
        }
        other => panic!("not a move: {other:?}"),
    }
    let mut g = game("", "8/8/8/3k4/8/8/8/4I2K w");
    match play(&mut g, "e1e4").first() {
        Some(Event::Moved { freezes, .. }) => {
            assert_eq!(freezes.len(), 1);
            assert_eq!((freezes[0].piece, freezes[0].removable), (Kind::King, false));
        }
        other => panic!("not a move: {other:?}"),
    }
    // A piece frozen before the move is not news; a move next to nothing freezes nothing.
    let mut g = game("", "4k3/8/8/3p4/4I3/8/8/7K w");
    match play(&mut g, "h1g1").first() {
        Some(Event::Moved { freezes, .. }) => assert!(freezes.is_empty(), "{freezes:?}"),
        other => panic!("not a move: {other:?}"),
    }
}

#[test]
fn passing_by_an_immobilizer_does_not_freeze_but_stopping_next_to_it_does() {
    // Spec §2 immobilizer: "Pieces merely passing by are not affected"; a piece that ends its
    // move next to an enemy immobilizer is frozen at once.
    let mut g = game("", "k7/8/8/3i4/8/8/8/4W2K w");
    play(&mut g, "e1e8");
    play(&mut g, "a8b8");
    assert!(frozen(&g).is_empty());
    play(&mut g, "e8e6");
    assert_eq!(frozen(&g), squares(&["e6"]), "e6 touches d5");
}

// Spec decision 1: W e4 and X d5 both touch the black immobilizer on e5.
const CVP_VS_PURE: &str = "k7/8/8/3Xi3/4W3/8/8/7K w";

#[test]
fn under_cvp_nothing_cancels_an_immobilizer() {
    // CVP: every enemy next to the immobilizer is frozen, and the chameleon freezes it back.
    let g = game("immobilizer=cvp", CVP_VS_PURE);
    assert_eq!(frozen(&g), squares(&["d5", "e4", "e5"]));
    assert!(matches!(refusal(&g, "e4e1"), Error::Frozen { .. }));
}

#[test]
fn under_pure_rules_a_friendly_chameleon_touching_the_immobilizer_frees_the_others() {
    // MK pure: e4 is free because the white chameleon d5 touches e5; d5 itself is frozen (no
    // other white immobilizer or chameleon touches e5), and e5 is frozen by the chameleon. The
    // freed withdrawer moves directly away from the immobilizer and so takes it.
    let mut g = game("immobilizer=pure", CVP_VS_PURE);
    assert_eq!(frozen(&g), squares(&["d5", "e5"]));
    assert_eq!(
        captures_of(&mut g, "e4e1"),
        vec![(sq("e5"), Kind::Immobilizer, CaptureRule::Withdrawal)]
    );
}

#[test]
fn two_immobilizers_alone_freeze_each_other_under_both_models() {
    for options in ["immobilizer=cvp", "immobilizer=pure"] {
        let g = game(options, "k7/8/8/3Ii3/8/8/8/7K w");
        assert_eq!(frozen(&g), squares(&["d5", "e5"]), "{options}");
    }
}

#[test]
fn under_pure_rules_two_friendly_neutralisers_free_each_other() {
    // MK pure (b): each white chameleon has the other as a second friendly piece touching e5.
    let g = game("immobilizer=pure", "k7/8/5X2/4i3/3X4/8/8/7K w");
    assert_eq!(frozen(&g), squares(&["e5"]));
    let cvp = game("immobilizer=cvp", "k7/8/5X2/4i3/3X4/8/8/7K w");
    assert_eq!(frozen(&cvp), squares(&["d4", "e5", "f6"]));
}

#[test]
fn a_frozen_piece_may_remove_itself_when_suicide_is_on() {
    // Decision 2: the suicide is the whole move; it counts as a capture for the counters.
    let mut g = game("", "k7/8/8/4i3/4W3/8/8/7K w");
    play(&mut g, "h1h2");
    play(&mut g, "a8b8");
    assert!(legal(&g).contains(&"e4e4".to_string()));
    let events = play(&mut g, "e4e4");
    assert_eq!(
        events,
        vec![Event::Suicide { color: Color::White, piece: Kind::Withdrawer, square: sq("e4") }]
    );
    let view = g.view(Viewer::Public);
    assert_eq!(view.captured, squares(&["e4"]));
    assert_eq!(view.last, Some(Action::Suicide { square: sq("e4") }));
    assert_eq!(view.since_capture, 0);
    assert_eq!(g.piece_at(sq("e4")), None);
}

#[test]
fn suicide_is_refused_when_off_for_an_unfrozen_piece_and_for_a_king() {
    let off = game("suicide=off", "k7/8/8/4i3/4W3/8/8/7K w");
    assert_eq!(
        refusal(&off, "e4e4"),
        Error::SuicideNotAllowed { square: sq("e4"), reason: SuicideBan::Off }
    );
    assert!(!legal(&off).contains(&"e4e4".to_string()));
    let on = game("", "k7/8/8/4i3/4W3/8/8/7K w");
    assert_eq!(
        refusal(&on, "h1h1"),
        Error::SuicideNotAllowed { square: sq("h1"), reason: SuicideBan::King }
    );
    let free = game("", "k7/8/8/8/4W3/8/8/7K w");
    assert_eq!(
        refusal(&free, "e4e4"),
        Error::SuicideNotAllowed {
            square: sq("e4"),
            reason: SuicideBan::NotFrozen { piece: Kind::Withdrawer }
        }
    );
    // GC: "an immobilized King may not commit suicide".
    let frozen_king = game("", "k7/8/8/8/8/8/P5i1/7K w");
    assert_eq!(frozen(&frozen_king), squares(&["h1"]));
    assert_eq!(
        refusal(&frozen_king, "h1h1"),
        Error::SuicideNotAllowed { square: sq("h1"), reason: SuicideBan::King }
    );
}

#[test]
fn a_side_whose_only_actions_are_suicides_is_not_stalemated() {
    // Spec §3: "With suicide allowed, a side whose only mobile options are suicides is not
    // stalemated". King h1 and pincer g1 both touch the immobilizer on g2.
    let position = "k7/8/8/8/8/8/6i1/6PK w";
    let on = game("", position);
    assert_eq!(legal(&on), ["g1g1"]);
    assert_eq!(outcome(&on), None);
    let off = game("suicide=off", position);
    assert_eq!(outcome(&off), Some((GameResult::Winner(BLACK), reason::STALEMATE)));
}

// ---------------------------------------------------------------------------------------------
// Chameleon (spec §2 chameleon, decision 3)
// ---------------------------------------------------------------------------------------------

#[test]
fn a_chameleon_pinches_only_pincers_and_only_on_an_orthogonal_move() {
    // d5 pincer (jaw c5) and f5 withdrawer (jaw g5) flank e5.
    let mut orthogonal = game("", "k7/8/8/2Pp1wP1/8/8/8/4X2K w");
    assert_eq!(
        captures_of(&mut orthogonal, "e1e5"),
        vec![(sq("d5"), Kind::Pincer, CaptureRule::Pinch)]
    );
    let mut diagonal = game("", "k7/8/8/2Pp1wP1/8/8/1X6/7K w");
    assert_eq!(captures_of(&mut diagonal, "b2e5"), vec![]);
}

#[test]
fn a_chameleon_withdraws_only_from_a_withdrawer() {
    let start = game("", "k7/8/8/4w3/2pX4/8/8/7K w");
    let mut g = start.clone();
    assert_eq!(
        captures_of(&mut g, "d4b2"),
        vec![(sq("e5"), Kind::Withdrawer, CaptureRule::Withdrawal)]
    );
    let mut g = start;
    assert_eq!(captures_of(&mut g, "d4f4"), vec![], "moving away from the c4 pincer");
}

#[test]
fn a_chameleon_leaps_only_over_long_leapers() {
    let one = game("", "7k/8/8/p7/8/l7/8/X6K w");
    let mut g = one.clone();
    assert_eq!(captures_of(&mut g, "a1a4"), vec![(sq("a3"), Kind::LongLeaper, CaptureRule::Leap)]);
    assert_eq!(
        refusal(&one, "a1a6"),
        Error::IllegalMove {
            piece: Kind::Chameleon,
            from: sq("a1"),
            to: sq("a6"),
            fault: MoveFault::ChameleonLeapsLeapersOnly { at: sq("a5"), piece: Kind::Pincer }
        }
    );
    let mut two = game("", "7k/8/8/l7/8/l7/8/X6K w");
    assert_eq!(
        captures_of(&mut two, "a1a6"),
        vec![
            (sq("a3"), Kind::LongLeaper, CaptureRule::Leap),
            (sq("a5"), Kind::LongLeaper, CaptureRule::Leap),
        ]
    );
}

#[test]
fn a_chameleon_coordinates_only_against_a_coordinator() {
    // King b2, chameleon to f6: the coordinator on f2 goes, the withdrawer on b6 stays.
    let mut g = game("", "7k/8/1w6/8/8/2X5/1K3c2/8 w");
    assert_eq!(
        captures_of(&mut g, "c3f6"),
        vec![(sq("f2"), Kind::Coordinator, CaptureRule::Coordination)]
    );
}

#[test]
fn a_chameleon_threatens_a_king_only_by_a_king_step() {
    // Spec §2: "a king may never move next to an enemy chameleon" (CVP-pc). Of e8's moves only
    // d7 touches c6.
    let g = game("", "4k3/8/2X5/8/8/8/8/7K b");
    assert!(!g.is_check(), "c6 is two squares from e8");
    assert_eq!(legal(&g), ["e8d8", "e8e7", "e8f7", "e8f8"]);
    assert!(matches!(
        refusal(&g, "e8d7"),
        Error::LeavesKingInCheck { attacker_piece: Kind::Chameleon, .. }
    ));
}

#[test]
fn a_chameleon_never_captures_a_chameleon_or_an_immobilizer() {
    // Spec §2: a pinch against a chameleon takes nothing.
    let mut g = game("", "k7/8/8/2Px4/8/8/8/4X2K w");
    assert_eq!(captures_of(&mut g, "e1e5"), vec![]);
    // Under pure rules the two white chameleons free each other, so d4 may move away from the
    // immobilizer on e5, which a withdrawal would take if it were a withdrawer: nothing.
    let mut pure = game("immobilizer=pure", "k7/8/5X2/4i3/3X4/8/8/7K w");
    assert_eq!(captures_of(&mut pure, "d4b2"), vec![]);
    // And it cannot leap a chameleon.
    let leap = game("", "7k/8/8/8/8/x7/8/X6K w");
    assert!(matches!(
        refusal(&leap, "a1a4"),
        Error::IllegalMove { fault: MoveFault::ChameleonLeapsLeapersOnly { .. }, .. }
    ));
}

#[test]
fn a_chameleon_and_an_enemy_immobilizer_freeze_each_other_and_nothing_else() {
    // The seed: 当模仿者与敌棋麻醉者相连时，则两者都不得移动. The black pincer on c4 touches the
    // chameleon but is not frozen (the chameleon immobilizes nothing else, ZoG).
    for options in ["immobilizer=cvp", "immobilizer=pure"] {
        let g = game(options, "k7/8/8/3Xi3/2p5/8/8/7K w");
        assert_eq!(frozen(&g), squares(&["d5", "e5"]), "{options}");
    }
}

#[test]
fn a_combined_chameleon_leap_also_pinches_but_a_pure_one_takes_only_the_leapers() {
    // Decision 3: a1-a5 leaps the a3 leaper and lands next to b5 with a white jaw on c5.
    let position = "7k/8/8/1pP5/8/l7/8/X6K w";
    let mut combined = game("chameleon=combined", position);
    assert_eq!(
        captures_of(&mut combined, "a1a5"),
        vec![
            (sq("a3"), Kind::LongLeaper, CaptureRule::Leap),
            (sq("b5"), Kind::Pincer, CaptureRule::Pinch),
        ]
    );
    let mut pure = game("chameleon=pure", position);
    assert_eq!(
        captures_of(&mut pure, "a1a5"),
        vec![(sq("a3"), Kind::LongLeaper, CaptureRule::Leap)]
    );
    // Without a leap the pure chameleon still combines: from a2 to a5 it pinches b5.
    let mut plain = game("chameleon=pure", "7k/8/8/1pP5/8/8/X7/7K w");
    assert_eq!(captures_of(&mut plain, "a2a5"), vec![(sq("b5"), Kind::Pincer, CaptureRule::Pinch)]);
}

// ---------------------------------------------------------------------------------------------
// Check by each piece type (decision 4); frozen attackers give no check
// ---------------------------------------------------------------------------------------------

#[test]
fn each_capturing_piece_can_give_check() {
    // The last column is the attacker the events and the view name: the piece that would
    // capture the king (for a pincer or coordinator, the one that would move).
    for (piece, position, action, attacker) in [
        // The f8 pincer becomes a jaw; the d1 pincer can then land on d8.
        ("pincer", "4k2P/8/8/8/8/8/8/3P3K w", "h8f8", "d1"),
        // d7 touches e8 and c6 behind it is empty.
        ("withdrawer", "4k3/8/8/1W6/8/8/8/7K w", "b5d7", "d7"),
        // b5-c5-d5 empty, e5 the king, f5 empty.
        ("long leaper", "8/8/8/4k3/8/8/8/1L5K w", "b1b5", "b5"),
        // Two leaps: c5 (d5 empty behind it) and the king (f5 empty behind it).
        ("long leaper twice", "8/8/8/2p1k3/8/8/L7/7K w", "a2a5", "a5"),
        // The white king joins rank 8; the h5 coordinator can reach e5, a corner of e8.
        ("coordinator", "4k3/K7/8/7C/8/8/8/8 w", "a7a8", "h5"),
        ("chameleon", "4k3/8/8/8/X7/8/8/7K w", "a4d7", "d7"),
    ] {
        let mut g = game("", position);
        let events = play(&mut g, action);
        assert!(check_of(&events), "{piece}: {position} {action}");
        assert_eq!(g.view(Viewer::Public).check, Some(g.king(Color::Black)), "{piece}");
        assert_eq!(g.view(Viewer::Public).attacker, Some(sq(attacker)), "{piece}");
        match events.first() {
            Some(Event::Moved { attacker: named, .. }) => {
                assert_eq!(named.map(|(s, _)| s), Some(sq(attacker)), "{piece}");
                let kind = named.map(|(s, _)| {
                    g.view(Viewer::Public).pieces.iter().find(|p| p.0 == s).map(|p| p.2)
                });
                assert_eq!(named.map(|(_, k)| k), kind.flatten(), "{piece}");
            }
            other => panic!("not a move: {other:?}"),
        }
    }
}

#[test]
fn no_check_without_the_geometry() {
    for (piece, position, action) in [
        // d5 and e5 are adjacent: the leaper cannot leap both.
        ("long leaper", "8/8/8/3pk3/8/8/L7/7K w", "a2a5"),
        // The withdrawer lands on e7 but e6, the square it would withdraw to, is taken.
        ("withdrawer", "4k3/8/4p3/2W5/8/8/8/7K w", "c5e7"),
    ] {
        let mut g = game("", position);
        let events = play(&mut g, action);
        assert!(!check_of(&events), "{piece}: {position} {action}");
    }
}

#[test]
fn a_frozen_attacker_gives_no_check() {
    // Spec §2 immobilizer: "Immobilized pieces give no check". The withdrawer lands on e7 next
    // to e8 with e6 empty, but next to the black immobilizer on d6.
    let mut frozen_attacker = game("", "4k3/8/3i4/8/8/8/8/4W2K w");
    assert!(!check_of(&play(&mut frozen_attacker, "e1e7")));
    assert_eq!(frozen_attacker.view(Viewer::Public).check, None);
    let mut free_attacker = game("", "4k3/8/8/8/8/8/8/4W2K w");
    assert!(check_of(&play(&mut free_attacker, "e1e7")));
    // A position whose side not to move is "attacked" only by a frozen piece is fine; without
    // the immobilizer it is impossible.
    assert!(State::from_position(&Options::default(), "4k3/4W3/3i4/8/8/8/8/7K w", Seed(0)).is_ok());
    assert_eq!(
        State::from_position(&Options::default(), "4k3/4W3/8/8/8/8/8/7K w", Seed(0)),
        Err(PositionError::KingCapturable {
            color: Color::Black,
            king: sq("e8"),
            attacker: sq("e7"),
            attacker_piece: Kind::Withdrawer,
        })
    );
}

#[test]
fn a_move_that_exposes_the_own_king_is_refused_unless_the_attacker_is_frozen() {
    // Decision 4. The e3 withdrawer shields e2 from the e7 leaper (the king has no empty square
    // in front of it while e3 is occupied).
    let pinned = game("", "k7/4l3/8/8/8/4W3/4K3/8 w");
    assert_eq!(
        refusal(&pinned, "e3a3"),
        Error::LeavesKingInCheck {
            from: sq("e3"),
            to: sq("a3"),
            king: sq("e2"),
            attacker: sq("e7"),
            attacker_piece: Kind::LongLeaper,
        }
    );
    let mut frozen_attacker = game("", "k4I2/4l3/8/8/8/4W3/4K3/8 w");
    play(&mut frozen_attacker, "e3a3");
}

// ---------------------------------------------------------------------------------------------
// End of the game (decisions 4, 5, 6)
// ---------------------------------------------------------------------------------------------

#[test]
fn checkmate_ends_the_game() {
    // The chameleon on g7 checks h8; g8 and g7 touch the white king, h7 touches the chameleon.
    let mut g = game("", "7k/5K2/8/4X3/8/8/8/8 w");
    let events = play(&mut g, "e5g7");
    assert!(check_of(&events));
    assert_eq!(
        events.last(),
        Some(&Event::Ended { result: GameResult::Winner(WHITE), reason: reason::CHECKMATE })
    );
    assert_eq!(
        g.to_act(),
        ToAct::Over(Outcome { result: GameResult::Winner(WHITE), reason: reason::CHECKMATE })
    );
    assert!(g.legal_actions(BLACK).is_empty());
    assert_eq!(refusal(&g, "h8h7"), Error::GameOver);
    assert_eq!(g.view(Viewer::Public).outcome, g.outcome());
}

#[test]
fn stalemate_loses() {
    // Decision 5: the chameleon on g6 covers h7 without touching h8; g8 and g7 touch the king.
    let mut g = game("", "7k/5K2/8/8/4X3/8/8/8 w");
    let events = play(&mut g, "e4g6");
    assert!(!check_of(&events));
    assert_eq!(outcome(&g), Some((GameResult::Winner(WHITE), reason::STALEMATE)));
}

#[test]
fn a_position_given_with_no_legal_action_is_already_over() {
    // The frozen king is White's only piece (suicide=off leaves no action).
    let g = game("suicide=off", "k7/8/8/8/8/8/6i1/7K w");
    assert_eq!(outcome(&g), Some((GameResult::Winner(BLACK), reason::STALEMATE)));
    assert_eq!(g.perft(1), 0);
}

#[test]
fn the_third_occurrence_of_a_position_is_a_draw() {
    // Decision 6: same position, same side to move, three times; the history starts at the
    // given position, so the start counts as the first occurrence.
    let mut g = game("", "k7/8/8/8/8/8/8/7K w");
    let shuffle = ["h1g1", "a8b8", "g1h1", "b8a8"];
    for action in shuffle.iter().chain(&shuffle[..3]) {
        let events = play(&mut g, action);
        assert_eq!(events.len(), 1, "{action}");
    }
    assert_eq!(outcome(&g), None);
    let events = play(&mut g, "b8a8");
    assert_eq!(
        events.last(),
        Some(&Event::Ended { result: GameResult::Draw, reason: reason::THREEFOLD_REPETITION })
    );
}

#[test]
fn the_same_squares_with_the_other_side_to_move_are_not_a_repetition() {
    // Kings a8/h1 with White to move, then with Black to move: different positions.
    let mut g = game("", "k7/8/8/8/8/8/8/6K1 b");
    for action in ["a8b8", "g1h1", "b8a8", "h1g1", "a8b8", "g1h1", "b8a8"] {
        play(&mut g, action);
        assert_eq!(outcome(&g), None, "after {action}");
    }
}

#[test]
fn the_no_capture_limit_counts_moves_by_each_side() {
    // Decision 6 with nocapture_limit=2: 2 moves by each side, 4 plies, then a draw.
    let mut g = game("nocapture_limit=2", "k7/8/8/8/8/8/8/7K w");
    for action in ["h1g1", "a8b8", "g1f1"] {
        play(&mut g, action);
    }
    assert_eq!(g.view(Viewer::Public).since_capture, 3);
    assert_eq!(outcome(&g), None);
    let events = play(&mut g, "b8c8");
    assert_eq!(
        events.last(),
        Some(&Event::Ended { result: GameResult::Draw, reason: reason::NO_CAPTURE_LIMIT })
    );
}

#[test]
fn a_capture_restarts_the_no_capture_count_and_zero_turns_the_limit_off() {
    let mut g = game("nocapture_limit=2", "k7/8/8/8/8/6p1/8/7K w");
    play(&mut g, "h1h2");
    play(&mut g, "a8b8");
    play(&mut g, "h2g3");
    assert_eq!(g.view(Viewer::Public).since_capture, 0);
    for action in ["b8c8", "g3f3", "c8d8"] {
        play(&mut g, action);
        assert_eq!(outcome(&g), None, "{action}");
    }
    play(&mut g, "f3e3");
    assert_eq!(outcome(&g), Some((GameResult::Draw, reason::NO_CAPTURE_LIMIT)));
    let mut off = game("nocapture_limit=0", "k7/8/8/8/8/8/8/7K w");
    let walk = ["h1g1", "a8b8", "g1f1", "b8c8", "f1e1", "c8d8", "e1d1", "d8e8", "d1c1", "e8f8"];
    for action in walk {
        play(&mut off, action);
    }
    assert_eq!(outcome(&off), None);
}

// ---------------------------------------------------------------------------------------------
// Turn order, seats, atomicity
// ---------------------------------------------------------------------------------------------

#[test]
fn only_the_side_to_move_may_act() {
    let mut g = State::new(&Options::default(), Seed(0)).expect("new");
    let action = g.parse_action(WHITE, "d2d5").expect("parses");
    assert_eq!(g.clone().play(BLACK, &action), Err(Error::NotYourTurn));
    assert_eq!(g.clone().play(Seat(2), &action), Err(Error::NoSuchSeat));
    let black_pawn = g.parse_action(WHITE, "d7d6").expect("parses");
    assert!(matches!(
        g.clone().play(WHITE, &black_pawn),
        Err(Error::NotYourPiece { color: Color::Black, piece: Kind::Pincer, .. })
    ));
    let nothing = g.parse_action(WHITE, "d4d5").expect("parses");
    assert_eq!(g.clone().play(WHITE, &nothing), Err(Error::NoPiece { square: sq("d4") }));
    g.play(WHITE, &action).expect("legal");
    assert_eq!(Color::of(WHITE), Color::White);
    assert_eq!(Color::Black.seat(), BLACK);
    assert_eq!(Color::White.opponent(), Color::Black);
}

#[test]
fn blocked_paths_and_occupied_targets_are_refused_with_their_square() {
    let g = State::new(&Options::default(), Seed(0)).expect("new");
    assert_eq!(
        refusal(&g, "e1e4"),
        Error::IllegalMove {
            piece: Kind::Withdrawer,
            from: sq("e1"),
            to: sq("e4"),
            fault: MoveFault::Blocked { at: sq("e2"), piece: Kind::Pincer, own: true }
        }
    );
    assert!(matches!(
        refusal(&g, "d2d7"),
        Error::IllegalMove { fault: MoveFault::Occupied { .. }, .. }
    ));
    assert!(matches!(
        refusal(&g, "d1d2"),
        Error::IllegalMove { fault: MoveFault::OwnPiece { .. }, .. }
    ));
    assert!(matches!(refusal(&g, "a2b4"), Error::IllegalMove { fault: MoveFault::NotALine, .. }));
    let text = refusal(&g, "e1e4").to_string();
    assert_eq!(text, "the withdrawer on e1 cannot move to e4: the pincer on e2 is in the way");
}

#[test]
fn events_name_the_mover_and_everyone_hears_them() {
    let mut g = State::new(&Options::default(), Seed(0)).expect("new");
    let action = g.parse_action(WHITE, "d2d5").expect("parses");
    let events = g.play(WHITE, &action).expect("legal");
    assert_eq!(
        events,
        vec![Noticed::everyone(Event::Moved {
            color: Color::White,
            piece: Kind::Pincer,
            from: sq("d2"),
            to: sq("d5"),
            captures: vec![],
            check: false,
            attacker: None,
            freezes: vec![],
        })]
    );
    let view = g.view(Viewer::Seat(BLACK));
    assert_eq!(view, g.view(Viewer::Public), "perfect information");
    assert_eq!(view.last, Some(action));
    assert_eq!((view.plies, view.since_capture, view.to_move), (1, 1, Color::Black));
    assert_eq!(view.position, "clxwkxli/pppppppp/8/3P4/8/8/PPP1PPPP/ILXKWXLC b");
    assert_eq!(view.pieces.len(), 32);
    assert!(view.pieces.windows(2).all(|w| w[0].0 < w[1].0), "sorted by square");
    let json = serde_json::to_value(&events[0].event).expect("serialises");
    assert_eq!(json["type"], "moved");
    assert_eq!(json["from"], "d2");
    assert_eq!(json["piece"], "pincer");
}

// ---------------------------------------------------------------------------------------------
// Notation
// ---------------------------------------------------------------------------------------------

#[test]
fn every_accepted_form_of_a_move_parses_to_the_same_action() {
    let g = State::new(&Options::default(), Seed(0)).expect("new");
    let want = Action::Move { from: sq("d2"), to: sq("d5") };
    for text in [
        "d2d5",
        "d2-d5",
        "D2D5",
        "D2-d5",
        "  d2d5 ",
        "d2 d5",
        "d2 - d5",
        "Pd2-d5",
        "pd2d5",
        "P d2d5",
        "夹d2d5",
        "夹 d2-d5",
        "夹吃者d2d5",
        "夾d2d5",
        "ｄ２－ｄ５",
        "d2–d5",
    ] {
        assert_eq!(g.parse_action(WHITE, text), Ok(want), "`{text}`");
    }
    for (text, from, to) in [
        ("跳b1b2", "b1", "b2"),
        ("仿c1c2", "c1", "c2"),
        ("模仿者c1c2", "c1", "c2"),
        ("Xc1c2", "c1", "c2"),
        ("xc1c2", "c1", "c2"),
        ("王d1d2", "d1", "d2"),
        ("国王d1d2", "d1", "d2"),
        ("Kd1d2", "d1", "d2"),
        ("拖e1e2", "e1", "e2"),
        ("We1e2", "e1", "e2"),
        ("协h1h2", "h1", "h2"),
        ("Ch1h2", "h1", "h2"),
        ("cH1H2", "h1", "h2"),
        ("麻a1a2", "a1", "a2"),
        ("Ia1a2", "a1", "a2"),
        ("Lb1b2", "b1", "b2"),
    ] {
        assert_eq!(
            g.parse_action(WHITE, text),
            Ok(Action::Move { from: sq(from), to: sq(to) }),
            "`{text}`"
        );
    }
    assert_eq!(g.parse_action(WHITE, "d2d2"), Ok(Action::Suicide { square: sq("d2") }));
    assert_eq!(g.parse_action(WHITE, "d2-d2"), Ok(Action::Suicide { square: sq("d2") }));
}

#[test]
fn canonical_notation_is_from_and_to_and_a_suicide_names_its_square_twice() {
    let g = State::new(&Options::default(), Seed(0)).expect("new");
    assert_eq!(g.format_action(&Action::Move { from: sq("d2"), to: sq("d5") }), "d2d5");
    assert_eq!(g.format_action(&Action::Suicide { square: sq("h7") }), "h7h7");
    let json = serde_json::to_string(&Action::Move { from: sq("a1"), to: sq("h8") }).expect("json");
    assert_eq!(json, r#"{"type":"move","from":"a1","to":"h8"}"#);
    let back: Action = serde_json::from_str(&json).expect("parses back");
    assert_eq!(back, Action::Move { from: sq("a1"), to: sq("h8") });
    assert!(serde_json::from_str::<Action>(r#"{"type":"move","from":"i1","to":"h8"}"#).is_err());
}

#[test]
fn malformed_moves_and_wrong_piece_prefixes_are_refused() {
    let g = State::new(&Options::default(), Seed(0)).expect("new");
    for text in [
        "", "d2d9", "i2d5", "d2d5d6", "d-2d5", "Qd2d5", "d2--d5", "PPd2d5", "夹Pd2d5", "d2d5P",
        "0-0",
    ] {
        assert!(
            matches!(g.parse_action(WHITE, text), Err(Error::Malformed { .. })),
            "`{text}` gave {:?}",
            g.parse_action(WHITE, text)
        );
    }
    // Algebraic notation: a bare target is a pincer's move, with the from-square it is the
    // long form, and a target no pincer can reach is refused as such.
    assert_eq!(g.parse_action(WHITE, "e4"), Ok(Action::Move { from: sq("e2"), to: sq("e4") }));
    assert_eq!(g.parse_action(WHITE, "d2xd5"), Ok(Action::Move { from: sq("d2"), to: sq("d5") }));
    assert_eq!(
        g.parse_action(WHITE, "d2"),
        Err(Error::NoMoveTo { piece: Kind::Pincer, to: sq("d2") })
    );
    assert_eq!(
        g.parse_action(WHITE, "Ld2d5"),
        Err(Error::WrongPiece { square: sq("d2"), given: Kind::LongLeaper, actual: Kind::Pincer })
    );
    assert_eq!(
        g.parse_action(WHITE, "跳c1c2"),
        Err(Error::WrongPiece {
            square: sq("c1"),
            given: Kind::LongLeaper,
            actual: Kind::Chameleon
        })
    );
    assert_eq!(g.parse_action(WHITE, "Pd4d5"), Err(Error::NoPiece { square: sq("d4") }));
    assert_eq!(
        g.parse_action(WHITE, "Ld2d5").map_err(|e| e.to_string()),
        Err("the piece on d2 is a pincer, not a long leaper".to_string())
    );
}

#[test]
fn chinese_and_letter_names_agree_with_the_seed() {
    // The seed: 国王, 夹吃者, 麻醉者, 协吃者, 跳吃者, 拖吃者, 模仿者.
    let names: Vec<(char, char, &str)> =
        Kind::ALL.iter().map(|k| (k.letter(), k.chinese(), k.chinese_name())).collect();
    assert_eq!(
        names,
        [
            ('K', '王', "国王"),
            ('P', '夹', "夹吃者"),
            ('W', '拖', "拖吃者"),
            ('L', '跳', "跳吃者"),
            ('C', '协', "协吃者"),
            ('I', '麻', "麻醉者"),
            ('X', '仿', "模仿者"),
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Position text
// ---------------------------------------------------------------------------------------------

#[test]
fn position_texts_round_trip() {
    for position in [START, MIDDLE, TACTICAL, "k7/8/8/8/8/8/8/7K b", CVP_VS_PURE] {
        assert_eq!(game("", position).position(), position);
    }
    // Upper-case side letters and extra spaces are accepted and come out canonical.
    assert_eq!(game("", "  k7/8/8/8/8/8/8/7K   B ").position(), "k7/8/8/8/8/8/8/7K b");
}

#[test]
fn malformed_and_impossible_position_texts_are_refused() {
    let o = Options::default();
    let refused = |text: &str| State::from_position(&o, text, Seed(0)).expect_err(text);
    assert_eq!(refused(""), PositionError::Empty);
    assert_eq!(refused("k7/8/8/8/8/8/7K w"), PositionError::RankCount { found: 7 });
    assert_eq!(refused("k7/8/8/8/8/8/8/6K w"), PositionError::RankLength { rank: 1, squares: 7 });
    assert_eq!(refused("k8/8/8/8/8/8/8/7K w"), PositionError::RankLength { rank: 8, squares: 9 });
    assert_eq!(refused("k7/8/8/8/8/8/8/7Q w"), PositionError::BadCharacter { found: 'Q' });
    assert_eq!(refused("k7/8/8/8/8/8/8/0K7 w"), PositionError::BadCharacter { found: '0' });
    assert_eq!(refused("k7/8/8/8/8/8/8/7K"), PositionError::MissingSide);
    assert_eq!(refused("k7/8/8/8/8/8/8/7K x"), PositionError::BadSide { found: "x".into() });
    assert_eq!(refused("k7/8/8/8/8/8/8/7K w 0 1"), PositionError::Trailing { found: "0 1".into() });
    assert_eq!(
        refused("8/8/8/8/8/8/8/7K w"),
        PositionError::KingCount { color: Color::Black, count: 0 }
    );
    assert_eq!(
        refused("kk6/8/8/8/8/8/8/7K w"),
        PositionError::KingCount { color: Color::Black, count: 2 }
    );
    assert_eq!(
        refused("k7/8/8/8/8/8/8/6KK w"),
        PositionError::KingCount { color: Color::White, count: 2 }
    );
    assert_eq!(
        refused("k7/8/8/8/8/8/8/LLL4K w"),
        PositionError::TooMany { color: Color::White, kind: Kind::LongLeaper, count: 3, max: 2 }
    );
    assert_eq!(
        refused("k7/8/8/8/8/8/8/II5K w"),
        PositionError::TooMany { color: Color::White, kind: Kind::Immobilizer, count: 2, max: 1 }
    );
    use crate::core::ErrorCode;
    assert_eq!(refused("k7/8/8/8/8/8/8/7Q w").code(), "bad-position");
    assert_eq!(refused("8/8/8/8/8/8/8/7K w").code(), "impossible-position");
    assert_eq!(
        refused("k7/8/8/8/8/8/8/7K w 0 1").to_string(),
        "unexpected `0 1` after the side to move"
    );
}

// ---------------------------------------------------------------------------------------------
// The fast "king capturable" test agrees with generating every enemy move
// ---------------------------------------------------------------------------------------------

/// SplitMix64 for random playouts.
use crate::core::SplitMix64 as Rng;

/// Every position after every pseudo-legal move along random playouts: the fast attack test
/// and the slow one (any enemy move captures the king) agree for both kings.
#[test]
fn the_fast_check_test_agrees_with_generating_every_enemy_move() {
    let mut compared = 0;
    let mut attacked = 0;
    for (options, seed) in [("", 1), ("immobilizer=pure", 2), ("chameleon=pure,suicide=off", 3)]
        .into_iter()
        .chain((4..14).map(|s| ("", s)))
    {
        let rules = Rules {
            pure_immobilizer: options.contains("immobilizer=pure"),
            pure_chameleon: options.contains("chameleon=pure"),
            suicide: !options.contains("suicide=off"),
        };
        let mut g = State::new(&opts(options), Seed(0)).expect("new");
        let mut rng = Rng(seed);
        for _ in 0..200 {
            let Some(seat) = g.to_act().seat() else { break };
            let color = Color::of(seat);
            let board: Board = g.board_for_tests();
            let mut moves = Vec::new();
            board.pseudo_moves(color, rules, &mut moves);
            for mv in moves {
                let after = board.after(mv);
                if after.kings.contains(&super::board::NONE) {
                    continue;
                }
                for side in Color::BOTH {
                    let fast = after.king_attacker(side, rules).is_some();
                    let slow = after.king_capturable_slow(side, rules);
                    assert_eq!(fast, slow, "{side} king after {mv:?} in {}", g.position());
                    compared += 1;
                    attacked += usize::from(fast);
                }
            }
            let legal = g.legal_actions(seat);
            let action = legal[rng.below(legal.len())];
            g.play(seat, &action).expect("legal");
        }
    }
    assert!(compared > 100_000, "{compared}");
    assert!(attacked > 1_000, "only {attacked} attacked kings seen");
}

#[test]
fn moves_in_algebraic_notation_as_chess_players_write_them_are_understood() {
    let white = |k| Some((Color::White, k));
    // At the start the d2 pincer alone reaches d4 (pincers move as rooks, d3 is empty).
    for text in ["d4", "Pd4", "pd4", "Pxd4", "P-d4", "Ｐｄ４", "夹d4", "d4+"] {
        let mut g = State::new(&Options::default(), Seed(0)).expect("new");
        play(&mut g, text);
        assert_eq!(g.piece_at(sq("d4")), white(Kind::Pincer), "{text}");
        assert_eq!(g.piece_at(sq("d2")), None, "{text}");
    }
    // Two pincers reach d1; the file decides.
    let two = "4k3/8/8/8/8/8/4K3/P6P w";
    assert_eq!(
        refusal(&game("", two), "Pd1"),
        Error::Ambiguous { piece: Kind::Pincer, to: sq("d1"), from: squares(&["a1", "h1"]) }
    );
    let mut g = game("", two);
    play(&mut g, "Phd1");
    assert_eq!(g.piece_at(sq("d1")), white(Kind::Pincer));
    assert_eq!(g.piece_at(sq("a1")), white(Kind::Pincer));
    assert_eq!(g.piece_at(sq("h1")), None);
    // Neither long leaper reaches d4 at the start (b1 is off its lines, g1's diagonal is
    // blocked); the only withdrawer's blocked move says what blocks it.
    let g = State::new(&Options::default(), Seed(0)).expect("new");
    assert_eq!(refusal(&g, "Ld4"), Error::NoMoveTo { piece: Kind::LongLeaper, to: sq("d4") });
    assert_eq!(
        refusal(&g, "We4"),
        Error::IllegalMove {
            piece: Kind::Withdrawer,
            from: sq("e1"),
            to: sq("e4"),
            fault: MoveFault::Blocked { at: sq("e2"), piece: Kind::Pincer, own: true }
        }
    );
}
