//! Engine tests: perft against the spec's numbers, differential tests against the
//! Fairy-Stockfish oracle's committed fixtures (`tests/data/perfect10/`, made by
//! the `perfect10-oracle` harness; see `tests/data/perfect10/README.md`), and hand-derived cases
//! for the rules the oracle cannot check (four checks, threefold claims, insufficient material,
//! double pass).

use std::collections::BTreeSet;

use serde::Deserialize;

use super::board::{self, MoveList};
use super::notation;
use super::*;
use crate::core::{GameResult, Outcome, Seat, Seed, ToAct, Viewer};
use crate::games::Game;

fn start() -> State {
    State::new(&Options::default(), Seed(0)).expect("start position")
}

fn at(fen: &str) -> State {
    State::from_position(&Options::default(), fen, Seed(0)).expect("valid FEN")
}

fn sq(text: &str) -> Square {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

fn seat(game: &State) -> crate::core::Seat {
    game.to_move().seat()
}

/// Plays moves typed in any accepted notation, each by the side to move.
fn play(game: &mut State, moves: &[&str]) -> Vec<Event> {
    let mut events = Vec::new();
    for text in moves {
        let s = seat(game);
        let action = game.parse_action(s, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let noticed = game.play(s, &action).unwrap_or_else(|e| panic!("{text}: {e}"));
        events.extend(noticed.into_iter().map(|n| n.event));
    }
    events
}

fn refuse(game: &State, text: &str) -> Error {
    let s = seat(game);
    let before = game.clone();
    let mut probe = game.clone();
    let result = game.parse_action(s, text).and_then(|a| probe.play(s, &a).map(|_| ()));
    assert!(probe == before, "a refused `{text}` changed nothing");
    result.expect_err(text)
}

/// The generator's moves in the oracle's notation, with `0000` for the pass, regardless of
/// game-ending rules the oracle does not model.
fn oracle_moves(fen: &str) -> BTreeSet<String> {
    let parsed = notation::parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut b = parsed.board;
    let mut moves = MoveList::new();
    b.legal_moves(&mut moves);
    let mut out: BTreeSet<String> = moves
        .iter()
        .map(|m| {
            let mv = Move {
                from: Square::of_cell(m.from),
                to: Square::of_cell(m.to),
                promotion: Kind::from_code(m.promo),
            };
            mv.to_string()
        })
        .collect();
    if out.is_empty() && !b.in_check() {
        out.insert("0000".to_string());
    }
    out
}

#[derive(Deserialize)]
struct Record {
    id: String,
    fen: String,
    moves: Vec<String>,
    #[serde(default)]
    tags: Vec<String>,
}

#[derive(Deserialize)]
struct PerftRecord {
    id: String,
    fen: String,
    perft: Vec<u64>,
}

fn fixture(name: &str) -> String {
    let path = format!("{}/../../tests/data/perfect10/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn records(name: &str) -> Vec<Record> {
    fixture(name)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{name}: {e}: {l}")))
        .collect()
}

fn compare_with_oracle(name: &str) -> usize {
    let records = records(name);
    let mut mismatches = Vec::new();
    for r in &records {
        let ours = oracle_moves(&r.fen);
        let theirs: BTreeSet<String> = r.moves.iter().cloned().collect();
        if ours != theirs {
            let missing: Vec<_> = theirs.difference(&ours).collect();
            let extra: Vec<_> = ours.difference(&theirs).collect();
            mismatches.push(format!("{} {}: missing {missing:?}, extra {extra:?}", r.id, r.fen));
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} of {}:\n{}",
        mismatches.len(),
        records.len(),
        mismatches.join("\n")
    );
    records.len()
}

// ---- perft ----

#[test]
fn start_position_perft_is_the_specs_full_rules_numbers() {
    let game = start();
    // Spec "Perft numbers", full rules (tiers emulated): 34; 1,156; 44,349; 1,696,514.
    assert_eq!(game.perft(1), 34);
    assert_eq!(game.perft(2), 1_156);
    assert_eq!(game.perft(3), 44_349);
    assert_eq!(game.perft(4), 1_696_514);
}

#[test]
fn fast_perft_equals_playing_every_action_through_the_contract() {
    // The generic perft plays each listed action with `play`; three plies from the start and
    // from a crowded middle game (no game ends within them, so the two must agree).
    fn slow(game: &State, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let Some(s) = game.to_act().seat() else { return 0 };
        game.legal_actions(s)
            .iter()
            .map(|a| {
                let mut next = game.clone();
                next.play(s, a).expect("listed action plays");
                slow(&next, depth - 1)
            })
            .sum()
    }
    for game in [start(), at(super::SPEC_MIDDLE_GAME)] {
        assert_eq!(slow(&game, 2), game.perft(2), "{}", game.position());
    }
    let middle = at(super::SPEC_MIDDLE_GAME);
    assert_eq!(slow(&middle, 3), middle.perft(3));
}

#[test]
fn perft_equals_the_oracle_full_rules_perft_on_every_fixture_position() {
    let text = fixture("perft.jsonl");
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let r: PerftRecord = serde_json::from_str(line).expect("perft record");
        let parsed = notation::parse_fen(&r.fen).unwrap_or_else(|e| panic!("{}: {e}", r.id));
        for (i, &expected) in r.perft.iter().enumerate() {
            let mut b = parsed.board.clone();
            assert_eq!(b.perft(i as u32 + 1, 0), expected, "{} depth {}: {}", r.id, i + 1, r.fen);
        }
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} perft records");
}

// ---- differential tests against the oracle ----

#[test]
fn move_lists_equal_the_oracle_on_every_sample_record() {
    assert_eq!(compare_with_oracle("sample.jsonl"), 200);
}

#[test]
fn move_lists_equal_the_oracle_on_every_augmented_record_with_tier_promotions() {
    let n = compare_with_oracle("augmented.jsonl");
    assert!(n >= 100, "only {n} augmented records");
    let with_tiers = records("augmented.jsonl")
        .iter()
        .filter(|r| r.moves.iter().any(|m| m.ends_with('w') || m.ends_with('g')))
        .count();
    assert!(with_tiers >= 50, "only {with_tiers} records offer tier promotions");
}

#[test]
fn the_sample_covers_every_tag_the_oracle_marks() {
    let tags: BTreeSet<String> = records("sample.jsonl").into_iter().flat_map(|r| r.tags).collect();
    for tag in [
        "check",
        "checkmate",
        "pass",
        "castling",
        "en_passant",
        "promotion",
        "rook_bishop_promotion",
        "hopper_capture",
    ] {
        assert!(tags.contains(tag), "{tag}");
    }
}

#[test]
fn listed_actions_are_the_oracle_moves_where_the_game_goes_on() {
    // The contract's own list (sorted by notation) for sample positions that are not over.
    for r in records("sample.jsonl") {
        let game = at(&r.fen);
        if game.outcome().is_some() {
            continue;
        }
        let listed: Vec<String> =
            game.legal_actions(seat(&game)).iter().map(|a| game.format_action(a)).collect();
        let mut sorted = r.moves.clone();
        sorted.sort();
        assert_eq!(listed, sorted, "{}", r.id);
    }
}

// ---- FEN ----

#[test]
fn fen_round_trips_and_the_start_is_the_specs() {
    assert_eq!(start().position(), START_FEN);
    for r in records("sample.jsonl") {
        let game = at(&r.fen);
        let again = at(&game.position());
        assert_eq!(again.position(), game.position(), "{}", r.id);
    }
}

#[test]
fn fairy_stockfish_promoted_letters_read_as_dragon_and_griffin() {
    let game = at("4k5/10/10/10/10/10/10/10/10/+R4K3+b w - - 0 1");
    assert_eq!(game.piece_at("a1".parse().expect("square")), Some((Color::White, Kind::Dragon)));
    assert_eq!(game.piece_at("j1".parse().expect("square")), Some((Color::Black, Kind::Griffin)));
    assert!(
        game.position().starts_with("4k5/10/10/10/10/10/10/10/10/D4K3h w"),
        "{}",
        game.position()
    );
}

#[test]
fn bad_fens_are_refused_with_the_reason() {
    let cases: &[(&str, &str)] = &[
        ("", "bad-position"),
        ("10/10 w", "bad-position"),
        (
            "rcabqkbacr/snegimgens/pppppppppp/10/10/10/10/PPPPPPPPPP/SNEGIMGENS/RCABQKBAC w",
            "bad-position",
        ),
        ("4k5/10/10/10/10/10/10/10/10/4K5 x", "bad-position"),
        ("4k5/10/10/10/10/10/10/10/10/4Z5 w", "bad-position"),
        ("10/10/10/10/10/10/10/10/10/4K5 w", "impossible-position"),
        ("4k5/10/10/10/10/10/10/10/10/P3K5 w", "impossible-position"),
        ("4k5/4R5/10/10/10/10/10/10/10/5K4 w", "impossible-position"),
        ("4k5/10/10/10/10/10/10/10/10/5K4 w K", "bad-position"),
        ("4k5/10/10/10/10/10/10/10/10/5K4 w - e4", "bad-position"),
    ];
    for (fen, code) in cases {
        let e = State::from_position(&Options::default(), fen, Seed(0)).expect_err(fen);
        assert_eq!(crate::core::ErrorCode::code(&e), *code, "{fen}: {e}");
    }
}

// ---- notation ----

#[test]
fn every_accepted_spelling_of_a_move_means_the_same_move() {
    let game = start();
    let s = seat(&game);
    let e3e5 = game.parse_action(s, "e3e5").expect("e3e5");
    for text in ["e3-e5", "E3E5", "e3 e5", "ｅ３ｅ５", "e3e5+"] {
        assert_eq!(game.parse_action(s, text).as_ref(), Ok(&e3e5), "{text}");
    }
    // The seed's codes: P is the Princess (on e2), N the Knight (on b2).
    let princess = game.parse_action(s, "Pe2-d4").expect("princess jump");
    assert_eq!(game.format_action(&princess), "e2d4");
    assert_eq!(game.parse_action(s, "公主e2d4"), Ok(princess));
    assert_eq!(
        game.parse_action(s, "Ne2-d4"),
        Err(Error::WrongPiece {
            square: "e2".parse().expect("sq"),
            given: Kind::Knight,
            actual: Kind::Princess
        })
    );
    assert!(matches!(game.parse_action(s, "e3e11"), Err(Error::Malformed { .. })));
    assert!(matches!(game.parse_action(s, "hello"), Err(Error::Malformed { .. })));
}

#[test]
fn promotions_are_typed_with_the_seeds_codes_or_the_oracles_letters() {
    // White pawn e9 with e10 empty; black king far away.
    let game = at("k9/4P5/10/10/10/10/10/10/10/5K4 w - - 0 1");
    let s = seat(&game);
    let marshal = Action::Move {
        mv: Move {
            from: "e9".parse().expect("sq"),
            to: "e10".parse().expect("sq"),
            promotion: Some(Kind::Marshal),
        },
    };
    for text in ["e9e10m", "e9-e10=M", "e9e10=m", "e9e10(M)"] {
        assert_eq!(game.parse_action(s, text), Ok(marshal), "{text}");
    }
    // `=P` is the seed's Princess; `i` the oracle's.
    let princess = game.parse_action(s, "e9-e10=P").expect("princess");
    assert_eq!(game.format_action(&princess), "e9e10i");
    assert_eq!(game.parse_action(s, "e9e10i"), Ok(princess));
    // Forced: no promotion on the last rank is refused, naming the choices.
    let e = refuse(&game, "e9e10");
    assert_eq!(e, Error::BadPromotion { to: "e10".parse().expect("sq"), tier: 3 });
    assert!(e.to_string().contains("must become queen (Q), marshal (M), princess (P)"), "{e}");
    let e = refuse(&game, "e9e10=W");
    assert_eq!(e, Error::BadPromotion { to: "e10".parse().expect("sq"), tier: 3 });
}

#[test]
fn the_three_promotion_lines_offer_exactly_their_pieces() {
    // White pawns stepping onto ranks 6, 8 and 10; Black onto 5, 3 and 1. Spec decision 2.
    let game = at("k9/2P7/10/4P5/5p4/6P3/3p6/10/8p1/K9 w - - 0 1");
    let moves = |from: &str| -> BTreeSet<String> {
        game.legal_actions(seat(&game))
            .iter()
            .map(|a| a.to_string())
            .filter(|t| t.starts_with(from))
            .collect()
    };
    let set = |items: &[&str]| items.iter().map(|s| (*s).to_string()).collect::<BTreeSet<_>>();
    assert_eq!(moves("g5g6"), set(&["g5g6", "g5g6w", "g5g6f", "g5g6t", "g5g6l"]));
    assert_eq!(
        moves("e7e8"),
        set(&["e7e8", "e7e8g", "e7e8n", "e7e8e", "e7e8s", "e7e8r", "e7e8b", "e7e8c", "e7e8a"])
    );
    assert_eq!(moves("c9c10"), set(&["c9c10q", "c9c10m", "c9c10i"]));
    let black = at("k9/2P7/10/4P5/5p4/6P3/3p6/10/8p1/K9 b - - 0 1");
    let moves = |from: &str| -> BTreeSet<String> {
        black
            .legal_actions(seat(&black))
            .iter()
            .map(|a| a.to_string())
            .filter(|t| t.starts_with(from))
            .collect()
    };
    assert_eq!(moves("f6f5"), set(&["f6f5", "f6f5w", "f6f5f", "f6f5t", "f6f5l"]));
    assert_eq!(moves("d4d3").len(), 9, "d4-d3 stays or becomes one of eight");
    assert_eq!(moves("i2i1"), set(&["i2i1q", "i2i1m", "i2i1i"]));
}

#[test]
fn a_rook_reaching_the_last_rank_becomes_a_dragon_and_keeps_its_new_rules() {
    let mut game = at("9k/R9/10/10/10/10/10/10/10/5K4 w - - 0 1");
    let events = play(&mut game, &["a9b9"]);
    // Not the last rank: still a rook.
    assert!(matches!(&events[0], Event::Moved { promoted: None, .. }));
    let mut game = at("9k/1R8/10/10/10/10/10/10/10/5K4 w - - 0 1");
    let events = play(&mut game, &["b9-b10"]);
    let Event::Moved { promoted, seed, check, .. } = &events[0] else { panic!("{events:?}") };
    assert_eq!(*promoted, Some(Kind::Dragon));
    assert_eq!(seed, "Rb9-b10=R+");
    assert_eq!(
        check,
        &vec![("b10".parse::<Square>().expect("sq"), Kind::Dragon)],
        "the dragon checks along rank 10"
    );
    assert_eq!(game.piece_at("b10".parse().expect("sq")), Some((Color::White, Kind::Dragon)));
}

#[test]
fn announcements_use_the_seeds_codes() {
    let mut game = start();
    let events = play(&mut game, &["Nb2-c4", "e8e6", "e3e5"]);
    assert_eq!(game.view(crate::core::Viewer::Public).last_seed.as_deref(), Some("e3-e5"));
    let seeds: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            Event::Moved { seed, .. } => Some(seed.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(seeds, ["Nb2-c4", "e8-e6", "e3-e5"]);
}

// ---- algebraic notation ----

#[test]
fn moves_in_algebraic_notation_as_chess_players_write_them_are_understood() {
    let sq = |s: &str| -> Square { s.parse().expect("a square") };
    let knight = (Color::White, Kind::Knight);
    for text in ["Nc4", "nc4", "Nc4+", "Ｎｃ４", "N-c4", "骑c4", "騎士c4"] {
        let mut game = start();
        play(&mut game, &[text]);
        assert_eq!(game.piece_at(sq("c4")), Some(knight), "{text}");
        assert_eq!(game.piece_at(sq("b2")), None, "{text}");
    }
    // A pawn's move is its target; e5 from e3 is the double step.
    for (text, to) in [("e4", "e4"), ("e5", "e5"), ("E4", "e4")] {
        let mut game = start();
        play(&mut game, &[text]);
        assert_eq!(game.piece_at(sq(to)), Some((Color::White, Kind::Pawn)), "{text}");
        assert_eq!(game.piece_at(sq("e3")), None, "{text}");
    }
    // A pawn's capture names its file.
    let mut capture = at("k9/10/10/10/10/3p6/4P5/10/10/K9 w - - 0 1");
    play(&mut capture, &["exd5"]);
    assert_eq!(capture.piece_at(sq("d5")), Some((Color::White, Kind::Pawn)));
    // A promotion on the last rank.
    let mut promote = at("k9/4P5/10/10/10/10/10/10/10/K9 w - - 0 1");
    play(&mut promote, &["e10=Q"]);
    assert_eq!(promote.piece_at(sq("e10")), Some((Color::White, Kind::Queen)));
    // Two knights reach d2: the bare move is ambiguous, the file or the rank decides.
    let two = "k9/10/10/10/10/10/10/10/10/KN3N4 w - - 0 1";
    assert_eq!(
        refuse(&at(two), "Nd2"),
        Error::Ambiguous {
            piece: Kind::Knight,
            to: sq("d2"),
            from: vec![sq("b1"), sq("f1")],
            promotion: None
        }
    );
    for (text, from, other) in [("Nbd2", "b1", "f1"), ("Nfd2", "f1", "b1"), ("N1d2", "", "")] {
        let mut game = at(two);
        if from.is_empty() {
            assert!(matches!(refuse(&game, text), Error::Ambiguous { .. }), "{text}");
            continue;
        }
        play(&mut game, &[text]);
        assert_eq!(game.piece_at(sq("d2")), Some(knight), "{text}");
        assert_eq!(game.piece_at(sq(from)), None, "{text}");
        assert_eq!(game.piece_at(sq(other)), Some(knight), "{text}");
    }
    // No knight reaches d4 at the start; the only queen's blocked move says what blocks it.
    let game = start();
    assert_eq!(refuse(&game, "Nd4"), Error::NoMoveTo { piece: Kind::Knight, to: sq("d4") });
    assert_eq!(
        refuse(&game, "Qi5"),
        Error::IllegalMove {
            piece: Kind::Queen,
            from: sq("e1"),
            to: sq("i5"),
            fault: MoveFault::Blocked { at: sq("f2"), own: true, piece: Kind::Marshal },
        }
    );
}

// ---- refusals ----

#[test]
fn a_refused_move_names_what_stops_it_the_piece_in_the_way_the_own_piece_or_the_pawn_rule() {
    let sq = |s: &str| -> Square { s.parse().expect("a square") };
    let game = start();
    let fault = |game: &State, text: &str| match refuse(game, text) {
        Error::IllegalMove { fault, .. } => fault,
        other => panic!("{text}: {other:?}"),
    };
    // From the start: e1 (queen) to i5 runs over f2, where White's marshal stands.
    assert_eq!(
        fault(&game, "e1-i5"),
        MoveFault::Blocked { at: sq("f2"), own: true, piece: Kind::Marshal }
    );
    // The ship on a2 steps one square orthogonally, onto its own pawn on a3.
    assert_eq!(fault(&game, "a2-a3"), MoveFault::OwnPiece { at: sq("a3"), piece: Kind::Pawn });
    // The rook on a1 goes up the a-file, where the ship on a2 stands first.
    assert_eq!(
        fault(&game, "a1a5"),
        MoveFault::Blocked { at: sq("a2"), own: true, piece: Kind::Ship }
    );
    // A pawn's diagonal step with nothing on b4.
    assert_eq!(fault(&game, "a3-b4"), MoveFault::PawnNothingToTake);
    // The cannon on b1 moves as a rook when it does not capture: b2's knight is in the way.
    assert_eq!(
        fault(&game, "b1-b5"),
        MoveFault::Blocked { at: sq("b2"), own: true, piece: Kind::Knight }
    );
    // A knight's leap is fine in shape; a queen's knight-shaped move is not her way.
    assert_eq!(fault(&game, "e1-f3"), MoveFault::NotItsWay);
    // Pawns: straight onto a piece, two squares from off the start rank, or over a piece.
    let pawns = at("k9/10/10/10/4p5/4P5/1P8/10/10/K9 w - - 0 1");
    assert_eq!(
        fault(&pawns, "e5-e6"),
        MoveFault::PawnFront { at: sq("e6"), own: false, piece: Kind::Pawn }
    );
    assert_eq!(fault(&pawns, "e5-e7"), MoveFault::PawnDoubleOffStart);
    let over = at("k9/10/10/10/10/10/4n5/4P5/10/K9 w - - 0 1");
    assert_eq!(
        fault(&over, "e3-e5"),
        MoveFault::Blocked { at: sq("e4"), own: false, piece: Kind::Knight }
    );
    // A cannon captures over exactly one piece: none between, or two.
    let cannon = at("k9/4r5/10/10/4p5/10/10/4n5/10/K3C5 w - - 0 1");
    assert_eq!(
        fault(&cannon, "e1-e9"),
        MoveFault::TwoScreens { at: sq("e6"), own: false, piece: Kind::Pawn }
    );
    let bare = at("k9/10/10/10/10/10/4r5/10/10/K3C5 w - - 0 1");
    assert_eq!(fault(&bare, "e1-e4"), MoveFault::NoScreen);
}

#[test]
fn illegal_moves_are_refused_with_the_reason_and_change_nothing() {
    let game = start();
    assert_eq!(refuse(&game, "e5e6"), Error::NoPiece { square: "e5".parse().expect("sq") });
    assert!(matches!(
        refuse(&game, "e8e7"),
        Error::NotYourPiece { color: Color::Black, piece: Kind::Pawn, .. }
    ));
    assert!(matches!(refuse(&game, "a1a5"), Error::IllegalMove { piece: Kind::Rook, .. }));
    assert!(matches!(refuse(&game, "O-O"), Error::CannotCastle { .. }));
    assert_eq!(refuse(&game, "0000"), Error::PassNotAllowed);
    assert_eq!(refuse(&game, "claim"), Error::NoRepetition { occurrences: 1, with: None });
    assert!(matches!(refuse(&game, "e3e4q"), Error::BadPromotion { tier: 0, .. }));
    // A pinned guard: the black rook on f10 pins the guard on f5 to the white king on f1.
    let pinned = at("k4r4/10/10/10/10/5G4/10/10/10/5K4 w - - 0 1");
    let e = refuse(&pinned, "f5g5");
    assert!(matches!(e, Error::LeavesKingInCheck { attacker_piece: Kind::Rook, .. }), "{e}");
    // A screened cannon: moving the screen away is fine, but interposing a second one on a
    // cannon's line with no screen would give it one.
    let cannon = at("k3c5/10/10/10/10/10/10/10/3G6/4K5 w - - 0 1");
    let e = refuse(&cannon, "d2e2");
    assert!(matches!(e, Error::LeavesKingInCheck { attacker_piece: Kind::Cannon, .. }), "{e}");
    let mut game = start();
    assert_eq!(
        game.play(crate::core::Seat(1), &Action::Pass).map(|_| ()).expect_err("black"),
        Error::NotYourTurn
    );
}

#[test]
fn castling_is_refused_through_an_attacked_square_with_that_reason() {
    // White K f1, R j1; a black rook on g10 attacks g1 (the crossed square).
    let game = at("k5r3/10/10/10/10/10/10/10/10/5K3R w K - 0 1");
    let e = refuse(&game, "O-O");
    assert_eq!(e, Error::CannotCastle { why: CastleBan::Attacked });
    let free = at("k9/10/10/10/10/10/10/10/10/5K3R w K - 0 1");
    let mut g = free;
    let events = play(&mut g, &["O-O"]);
    assert!(
        matches!(&events[0], Event::Moved { castling: Some(Castling::Kingside), seed, .. } if seed == "O-O")
    );
    assert_eq!(g.piece_at("h1".parse().expect("sq")), Some((Color::White, Kind::King)));
    assert_eq!(g.piece_at("g1".parse().expect("sq")), Some((Color::White, Kind::Rook)));
    assert!(g.position().contains(" b - "), "the right is gone: {}", g.position());
}

// ---- four checks (spec decision 7) ----

#[test]
fn checking_with_the_same_piece_on_four_consecutive_moves_loses_at_the_fourth() {
    // White K a1, R a6; Black K e7. The rook checks on a7, a8, a9 and a10 while the king
    // climbs; at a10 it also becomes a Dragon: the same piece, so the fourth check loses.
    let mut game = at("10/10/10/4k5/R9/10/10/10/10/K9 w - - 0 1");
    play(&mut game, &["a6a7", "e7e8", "a7a8", "e8e9", "a8a9"]);
    assert_eq!(game.view(crate::core::Viewer::Public).three_checks, Vec::<Square>::new());
    play(&mut game, &["e9e10"]);
    assert_eq!(
        game.view(crate::core::Viewer::Public).three_checks,
        vec!["a9".parse::<Square>().expect("sq")]
    );
    let events = play(&mut game, &["a9a10"]);
    let Event::Moved { promoted, .. } = &events[0] else { panic!() };
    assert_eq!(*promoted, Some(Kind::Dragon));
    assert_eq!(
        game.to_act(),
        ToAct::Over(Outcome { result: GameResult::Winner(Seat(1)), reason: reason::FOUR_CHECKS })
    );
    assert!(matches!(events.last(), Some(Event::Ended { reason: "four-checks", .. })));
}

#[test]
fn a_quiet_move_or_another_checking_piece_restarts_the_count() {
    // Three rook checks, then a king move that does not check, then a fourth rook check: fine.
    let mut game = at("10/10/10/4k5/R9/10/10/10/10/K9 w - - 0 1");
    play(&mut game, &["a6a7", "e7e8", "a7a8", "e8e9", "a8a9", "e9e10", "a1b1", "e10d10"]);
    play(&mut game, &["a9a10"]);
    assert!(game.outcome().is_none(), "{:?} {}", game.outcome(), game.position());
    // Alternating two checking pieces never reaches four for either.
    let mut game = at("10/10/10/4k5/R9/10/10/10/10/K5R3 w - - 0 1");
    // Each check: a7 (A), g8 (B), a9 (A), c8 (B); the king escapes each (to b10 at the end).
    play(&mut game, &["a6a7", "e7e8", "g1g8", "e8d9", "a7a9", "d9c10", "g8c8"]);
    assert!(game.in_check());
    assert!(game.outcome().is_none(), "{:?}", game.outcome());
}

#[test]
fn a_discovered_double_check_counts_for_both_checking_pieces() {
    // White K a1, R j1, N j6 (blocking the j-file); Black K j10. Nj6-i8 uncovers the rook and
    // checks with the knight too: both pieces' counts start.
    let mut game = at("9k/10/10/10/9N/10/10/10/10/K8R w - - 0 1");
    let rook_id = game.board.ids[board::idx(9, 0) as usize];
    let knight_id = game.board.ids[board::idx(9, 5) as usize];
    let events = play(&mut game, &["j6i8"]);
    let Event::Moved { check, .. } = &events[0] else { panic!("{events:?}") };
    let squares: BTreeSet<(Square, Kind)> = check.iter().copied().collect();
    let expected: BTreeSet<(Square, Kind)> =
        [("j1", Kind::Rook), ("i8", Kind::Knight)].iter().map(|&(s, k)| (sq(s), k)).collect();
    assert_eq!(squares, expected);
    let mut streaks = game.streaks[0].clone();
    streaks.sort_unstable();
    let mut want = vec![(rook_id, 1), (knight_id, 1)];
    want.sort_unstable();
    assert_eq!(streaks, want);
}

#[test]
fn a_discovered_check_is_the_uncovered_pieces_check() {
    // White K a1, B b2, N e5 on the bishop's diagonal to the black king on j10. Ne5-c6 does not
    // attack j10: the check is the bishop's alone.
    let mut game = at("9k/10/10/10/10/4N5/10/10/1B8/K9 w - - 0 1");
    let events = play(&mut game, &["e5c6"]);
    let Event::Moved { check, .. } = &events[0] else { panic!("{events:?}") };
    assert_eq!(check, &vec![(sq("b2"), Kind::Bishop)]);
    let bishop_id = game.board.ids[board::idx(1, 1) as usize];
    assert_eq!(game.streaks[0], vec![(bishop_id, 1)]);
}

#[test]
fn a_check_names_each_checking_piece_with_its_square_and_kind_in_the_event_and_the_view() {
    // Single: White K a1, Q c2; Black K j10. Qc2-c10 sees j10 along the empty 10th rank.
    let mut game = at("9k/10/10/10/10/10/10/10/2Q7/K9 w - - 0 1");
    let events = play(&mut game, &["c2c10"]);
    let Event::Moved { check, .. } = &events[0] else { panic!("{events:?}") };
    assert_eq!(check, &vec![(sq("c10"), Kind::Queen)]);
    let view = game.view(Viewer::Public);
    assert_eq!(view.check, Some(sq("j10")));
    assert_eq!(view.checkers, vec![(sq("c10"), Kind::Queen)]);
    // Double (discovered): White K a1, R j1, N j6 blocking the j-file; Black K j10. Nj6-i8
    // uncovers the rook on j1 and the knight on i8 reaches j10 itself (one left, two down).
    let mut game = at("9k/10/10/10/9N/10/10/10/10/K8R w - - 0 1");
    let events = play(&mut game, &["j6i8"]);
    let Event::Moved { check, .. } = &events[0] else { panic!("{events:?}") };
    let both = vec![(sq("j1"), Kind::Rook), (sq("i8"), Kind::Knight)];
    assert_eq!(check, &both, "both checkers, the lower rank first");
    let view = game.view(Viewer::Public);
    assert_eq!(view.check, Some(sq("j10")));
    assert_eq!(view.checkers, both);
    // No check: no checkers.
    let view = start().view(Viewer::Public);
    assert_eq!((view.check, view.checkers), (None, vec![]));
}

// ---- threefold repetition (spec decision 8) ----

#[test]
fn threefold_repetition_may_be_claimed_now_or_with_the_move_that_makes_it() {
    let mut game = start();
    let dance = ["b2a4", "b9a7", "a4b2", "a7b9"];
    play(&mut game, &dance);
    assert_eq!(game.repetitions(), 2);
    assert_eq!(refuse(&game, "claim"), Error::NoRepetition { occurrences: 2, with: None });
    play(&mut game, &dance[..3]);
    // Black's a7b9 would make the third occurrence: it may claim with that move.
    let listed: Vec<String> =
        game.legal_actions(seat(&game)).iter().map(ToString::to_string).collect();
    assert!(listed.contains(&"claim a7b9".to_string()), "{listed:?}");
    assert!(!listed.contains(&"claim".to_string()));
    let mut with_move = game.clone();
    let events = play(&mut with_move, &["a7b9 claim"]);
    assert!(matches!(
        events.last(),
        Some(Event::Ended { result: GameResult::Draw, reason: "threefold-repetition" })
    ));
    assert_eq!(with_move.position().split(' ').next(), START_FEN.split(' ').next());
    // Or it plays on, and White may claim the position now on the board.
    play(&mut game, &["a7b9"]);
    assert_eq!(game.repetitions(), 3);
    assert!(game.view(crate::core::Viewer::Public).claimable);
    assert!(game.outcome().is_none(), "a claim, not automatic");
    let events = play(&mut game, &["claim"]);
    assert_eq!(
        events,
        vec![
            Event::Claimed { color: Color::White },
            Event::Ended { result: GameResult::Draw, reason: "threefold-repetition" }
        ]
    );
}

// ---- double pass (spec decision 6) ----

#[test]
fn a_side_without_moves_passes_and_two_passes_in_a_row_draw() {
    // Both kings are boxed in by their own blocked pieces (worked out by hand):
    // White K a1, Alfil b1 (its only jump, d3, holds its own pawn), pawns a2 (blocked by a3)
    // and d3 (blocked by d4); b2 is attacked by the black pawn on a3. Black K j10, Alfil i10
    // (its only jump, g8, holds its own pawn), pawns j9 (blocked by j8) and g8 (blocked by g7);
    // i9 is attacked by the white pawn on j8. Nobody is in check.
    let fen = "8lk/9p/6p2P/6P3/10/10/3p6/p2P6/P9/KL8 w - - 0 1";
    let mut game = at(fen);
    assert_eq!(game.legal_actions(Seat(0)), vec![Action::Pass]);
    let events = play(&mut game, &["pass"]);
    assert_eq!(events, vec![Event::Passed { color: Color::White }]);
    assert_eq!(game.legal_actions(Seat(1)), vec![Action::Pass]);
    let events = play(&mut game, &["0000"]);
    assert_eq!(
        events.last(),
        Some(&Event::Ended { result: GameResult::Draw, reason: "double-pass" })
    );
    assert_eq!(game.perft(1), 0, "the game is over");
    assert_eq!(at(fen).perft(1), 1, "the pass");
    assert_eq!(at(fen).perft(2), 1, "then Black's pass, which ends it");
    assert_eq!(at(fen).perft(3), 0);
}

#[test]
fn a_single_pass_is_not_a_draw_when_the_other_side_can_move() {
    // As above, but the black alfil's jump square g8 is empty: Black can move after White's pass.
    let mut game = at("8lk/9p/9P/10/10/10/3p6/p2P6/P9/KL8 w - - 0 1");
    play(&mut game, &["0000"]);
    assert!(game.outcome().is_none());
    assert!(!game.legal_actions(Seat(1)).contains(&Action::Pass));
}

// ---- checkmate ----

#[test]
fn checkmate_ends_the_game_for_the_mating_side() {
    // Black K j10, White Q h8 and K h9?? no: White K h8, Q a9: Qa9-i9... simple back-rank mate:
    // Black K j10 with black pawns i9, j9; White R a1 plays Ra1-a10 (becomes a Dragon) mate.
    let mut game = at("9k/8pp/10/10/10/10/10/10/10/R4K4 w - - 0 1");
    let events = play(&mut game, &["a1a10"]);
    assert_eq!(
        events.last(),
        Some(&Event::Ended { result: GameResult::Winner(Seat(0)), reason: "checkmate" })
    );
}

// ---- insufficient material (spec decision 9) ----

#[test]
fn a_capture_that_leaves_neither_side_able_to_mate_draws_at_once() {
    // White K a1, N c3; Black K j10, R d5. Nc3xd5 leaves king and knight against a lone king:
    // neither side can ever mate.
    let mut game = at("9k/10/10/10/10/3r6/10/2N7/10/K9 w - - 0 1");
    let events = play(&mut game, &["c3d5"]);
    assert_eq!(
        events.last(),
        Some(&Event::Ended { result: GameResult::Draw, reason: "insufficient-material" })
    );
    // A knight against a rook plays on: the rook can mate.
    let game = at("9k/10/10/10/10/3r6/10/10/2N7/K9 w - - 0 1");
    assert!(game.outcome().is_none());
    // A position given with bare kings is over at once.
    let bare = at("9k/10/10/10/10/10/10/10/10/K9 w - - 0 1");
    assert_eq!(bare.outcome().map(|o| o.reason), Some("insufficient-material"));
    // A pawn always counts: king and pawn against king plays on.
    assert!(at("9k/10/10/10/10/10/10/4P5/10/K9 w - - 0 1").outcome().is_none());
}

#[test]
fn the_move_rule_house_option_draws_after_that_many_quiet_moves_by_each_side() {
    let options = Options { move_rule: 2 };
    let mut game =
        State::from_position(&options, "9k/10/10/10/10/10/10/10/10/KR8 w - - 0 1", Seed(0))
            .expect("valid");
    play(&mut game, &["b1b2", "j10j9", "b2b1"]);
    assert!(game.outcome().is_none());
    let events = play(&mut game, &["j9j10"]);
    assert_eq!(
        events.last(),
        Some(&Event::Ended { result: GameResult::Draw, reason: "move-rule" })
    );
    // Off by default.
    let mut game = at("9k/10/10/10/10/10/10/10/10/KR8 w - - 0 1");
    play(&mut game, &["b1b2", "j10j9", "b2b1", "j9j10"]);
    assert!(game.outcome().is_none());
}

#[test]
fn a_fourth_check_that_is_also_checkmate_still_loses() {
    // The back-rank mate above, with the rook already on three checks in a row (set directly:
    // a position text starts every count at zero). The violation is judged first.
    let mut game = at("9k/8pp/10/10/10/10/10/10/10/R4K4 w - - 0 1");
    let rook_id = game.board.ids[board::idx(0, 0) as usize];
    game.streaks[0] = vec![(rook_id, 3)];
    let events = play(&mut game, &["a1a10"]);
    assert_eq!(
        events.last(),
        Some(&Event::Ended { result: GameResult::Winner(Seat(1)), reason: "four-checks" })
    );
}

// Issue 42: a pinned pawn reaching the last rank without a promotion was told to name one,
// though every promotion leaves its king in check; the refusal now says that.
#[test]
fn issue_42_a_pinned_pawn_is_refused_for_its_king_not_for_its_missing_promotion() {
    // White: king a9, pawn e9 between it and Black's rook on j9.
    let game = at("7k2/K3P4r/10/10/10/10/10/10/10/10 w - - 0 1");
    for text in ["e9e10", "e9e10=Q", "e10"] {
        assert!(matches!(refuse(&game, text), Error::LeavesKingInCheck { .. }), "{text}");
    }
}

// Issue 42: two pawns that can capture onto the last rank, where a pawn must become something:
// the ambiguity names the promotion its example needs, so the example is a move the game takes.
#[test]
fn issue_42_an_ambiguous_pawn_capture_onto_the_last_rank_names_a_promotion_for_its_example() {
    let sq = |s: &str| -> Square { s.parse().expect("a square") };
    let game = at("k3r5/3P1P4/10/10/10/10/10/10/10/9K w - - 0 1");
    let Error::Ambiguous { piece, to, from, promotion } = refuse(&game, "e10") else {
        panic!("two pawns capture on e10")
    };
    assert_eq!((piece, to, from), (Kind::Pawn, sq("e10"), vec![sq("d9"), sq("f9")]));
    let kind = promotion.expect("the last rank needs a promotion");
    assert!(Kind::promotions(3).contains(&kind), "{kind:?}");
    play(&mut game.clone(), &[&format!("dxe10={}", kind.seed_code())]);
    // Typed with a promotion the pawn may take, the example keeps it; with one it may not, the
    // example takes one it may.
    let Error::Ambiguous { promotion, .. } = refuse(&game, "e10=M") else { panic!("ambiguous") };
    assert_eq!(promotion, Some(Kind::Marshal));
    let Error::Ambiguous { promotion, .. } = refuse(&game, "e10=R") else { panic!("ambiguous") };
    assert_eq!(promotion, Some(kind));
    // Away from a promotion line, none.
    let Error::Ambiguous { promotion, .. } =
        refuse(&at("k9/10/10/10/10/3p6/2P1P5/10/10/K9 w - - 0 1"), "d5")
    else {
        panic!("two pawns capture on d5")
    };
    assert_eq!(promotion, None);
}
