//! Unit tests for Dark Fence beyond the per-file ones: the spec's test table (§4) and the rules
//! and options the table leaves out.
//!
//! Every expected value comes from the worked examples of `docs/dark-fence.md` (their ids are cited) or from
//! working the rules through by hand; none was copied from the engine's output.

use sha2::{Digest, Sha256};

use super::*;
use crate::core::{Audience, GameResult, Noticed, Prompt, Seat, Seed, ToAct, Viewer};
use crate::games::options::split_pairs;
use crate::games::{Game, GameOptions};

const D4: Dims = Dims { cols: 4, rows: 4 };

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn opts(text: &str) -> Options {
    let pairs = split_pairs(text).unwrap_or_else(|e| panic!("options `{text}`: {e}"));
    Options::from_pairs(&pairs).unwrap_or_else(|e| panic!("options `{text}`: {e}"))
}

/// A game with these options, from the start or from a position text.
fn game(options: &str, pos: Option<&str>) -> State {
    game_seeded(options, pos, 1)
}

fn game_seeded(options: &str, pos: Option<&str>, seed: u64) -> State {
    let o = opts(options);
    match pos {
        Some(p) => State::from_position(&o, p, Seed(seed))
            .unwrap_or_else(|e| panic!("position `{p}` with `{options}`: {e}")),
        None => State::new(&o, Seed(seed)).unwrap_or_else(|e| panic!("options `{options}`: {e}")),
    }
}

fn cell(name: &str) -> Cell {
    parse_cell(name, Dims { cols: 26, rows: 26 }).unwrap_or_else(|e| panic!("cell `{name}`: {e}"))
}

fn cells(names: &[&str]) -> Vec<Cell> {
    names.iter().map(|n| cell(n)).collect()
}

/// An edge on a 4×4 board, canonical.
fn edge(name: &str) -> Edge {
    parse_edge(name, D4).unwrap_or_else(|e| panic!("edge `{name}`: {e}"))
}

fn try_act(st: &mut State, p: Player, text: &str) -> Result<Vec<Noticed<Event>>, ActionError> {
    let action = st.parse_action(p.seat(), text)?;
    st.play(p.seat(), &action)
}

/// Parses and plays an action that must be accepted.
fn act(st: &mut State, p: Player, text: &str) -> Vec<Noticed<Event>> {
    try_act(st, p, text).unwrap_or_else(|e| panic!("{p:?} `{text}` was refused: {e:?}"))
}

/// Plays an action that must be refused and checks that the state did not change.
fn refused(st: &mut State, p: Player, action: &Action) -> ActionError {
    let before = st.clone();
    let err = match st.play(p.seat(), action) {
        Ok(events) => panic!("{p:?} {action:?} was accepted: {events:?}"),
        Err(e) => e,
    };
    assert_eq!(*st, before, "{p:?} {action:?} was refused ({err:?}) but changed the state");
    err
}

/// Parses and plays text that must be refused (by the parser or by `play`); the state must not
/// change either way.
fn refused_text(st: &mut State, p: Player, text: &str) -> ActionError {
    let before = st.clone();
    let err = try_act(st, p, text).expect_err(&format!("{p:?} `{text}` should be refused"));
    assert_eq!(*st, before, "{p:?} `{text}` was refused ({err:?}) but changed the state");
    err
}

/// What a continuing referee ply told everyone and the mover.
#[derive(Debug)]
struct Continued {
    ply: u16,
    mover: Player,
    dir: Dir,
    reports: [Report; 2],
    path: Vec<Cell>,
    fence: Edge,
}

/// Checks a continuing referee ply: exactly the public announcement and the mover's private
/// receipt, in that order (spec §3.9.1, §2.5 rule 3).
fn continued(events: &[Noticed<Event>], ctx: &str) -> Continued {
    assert_eq!(events.len(), 2, "{ctx}: a continuing ply sends exactly two events: {events:?}");
    let Noticed {
        audience: Audience::Everyone,
        event: Event::Announced { ply, mover, fence_dir, reports },
    } = &events[0]
    else {
        panic!("{ctx}: first event should be the public announcement: {events:?}");
    };
    let Noticed { audience: Audience::Only(seat), event: Event::Moved { ply: p2, path, fence } } =
        &events[1]
    else {
        panic!("{ctx}: second event should be the mover's private receipt: {events:?}");
    };
    assert_eq!(*seat, mover.seat(), "{ctx}: the receipt goes to the mover only");
    assert_eq!(p2, ply, "{ctx}: announcement and receipt name the same ply");
    Continued {
        ply: *ply,
        mover: *mover,
        dir: *fence_dir,
        reports: *reports,
        path: path.clone(),
        fence: *fence,
    }
}

/// The game-over event (to everyone), which must be the last event.
fn over(events: &[Noticed<Event>], ctx: &str) -> (Decision, Reason, EndDetail, Reveal) {
    match events.last() {
        Some(Noticed {
            audience: Audience::Everyone,
            event: Event::GameOver { decision, reason, detail, reveal },
        }) => (*decision, *reason, detail.clone(), reveal.clone()),
        _ => panic!("{ctx}: the game should be over, got {events:?}"),
    }
}

/// A referee-mode loss by a violation: returns the violation after checking winner and reason.
fn lost_by(events: &[Noticed<Event>], loser: Player, ctx: &str) -> Found {
    assert_eq!(events.len(), 1, "{ctx}: a losing move sends only the game-over event: {events:?}");
    let (decision, reason, detail, _) = over(events, ctx);
    assert_eq!(decision, Decision::Winner(loser.other()), "{ctx}: {loser:?} should lose");
    let EndDetail::Violation { found } = detail else {
        panic!("{ctx}: expected a violation, got {detail:?}");
    };
    assert_eq!(found.by, loser, "{ctx}: the violation is {loser:?}'s");
    assert_eq!(reason, found.violation.reason(), "{ctx}: the reason matches the violation");
    found
}

fn report(dir: Rel8) -> Report {
    Report { dir, lean: None, distance: None, cell: None }
}

fn to_act_move(st: &State, p: Player, ctx: &str) {
    assert_eq!(st.to_act(), ToAct::Seat(p.seat(), Prompt::Move), "{ctx}: {p:?} should move next");
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("serialisable")
}

/// Events that reach `viewer`.
fn reaching(events: &[Noticed<Event>], viewer: Viewer) -> Vec<Event> {
    events.iter().filter(|n| n.audience.reaches(viewer)).map(|n| n.event.clone()).collect()
}

/// Challenge variant: seals a move and checks the three events of §3.10.1 (receipt to the mover,
/// the stop to everyone, window 1 for the opponent). Returns the announced cell.
fn seal(st: &mut State, p: Player, text: &str) -> (Cell, Option<String>) {
    let events = act(st, p, text);
    let ctx = format!("{p:?} seals `{text}`");
    assert_eq!(events.len(), 3, "{ctx}: {events:?}");
    let ply = match &events[0] {
        Noticed { audience: Audience::Only(s), event: Event::Recorded { ply } }
            if *s == p.seat() =>
        {
            *ply
        }
        other => panic!("{ctx}: expected the private receipt first, got {other:?}"),
    };
    let (cell, commitment) = match &events[1] {
        Noticed {
            audience: Audience::Everyone,
            event: Event::Stopped { ply: sp, mover, cell, commitment },
        } if *sp == ply && *mover == p => (*cell, commitment.clone()),
        other => panic!("{ctx}: expected the public stop, got {other:?}"),
    };
    assert_eq!(
        events[2],
        Noticed::everyone(Event::WindowOpened { number: 1, holder: p.other(), target: p }),
        "{ctx}: window 1 opens for the opponent"
    );
    (cell, commitment)
}

/// Challenge variant: both windows after `mover`'s ply are passed.
fn pass_both(st: &mut State, mover: Player) {
    let e = act(st, mover.other(), "pass");
    assert_eq!(
        e,
        vec![
            Noticed::everyone(Event::Passed { by: mover.other(), number: 1 }),
            Noticed::everyone(Event::WindowOpened {
                number: 2,
                holder: mover,
                target: mover.other()
            }),
        ],
        "{:?} passes window 1",
        mover.other()
    );
    let e = act(st, mover, "pass");
    assert_eq!(
        e,
        vec![Noticed::everyone(Event::Passed { by: mover, number: 2 })],
        "{mover:?} passes window 2: nothing else is said"
    );
}

/// Challenge variant: seals a move and both players pass.
fn seal_and_pass(st: &mut State, p: Player, text: &str) -> Cell {
    let (c, _) = seal(st, p, text);
    pass_both(st, p);
    c
}

/// The challenge-resolution detail.
fn challenge_end(
    events: &[Noticed<Event>],
    by: Player,
    ctx: &str,
) -> (Decision, Reason, Option<Found>, Vec<Found>) {
    assert_eq!(
        events[0],
        Noticed::everyone(Event::Challenged { by, against: by.other() }),
        "{ctx}: the challenge is public"
    );
    let (decision, reason, detail, _) = over(events, ctx);
    let EndDetail::Challenge { by: b, against, first, all } = detail else {
        panic!("{ctx}: expected a challenge detail, got {detail:?}");
    };
    assert_eq!((b, against), (by, by.other()), "{ctx}: challenger and challenged");
    (decision, reason, first, all)
}

const T01_EXPECTED_PATH: [&str; 4] = ["A1", "A4", "B4", "B3"];

/// Checks the T-01 result on a fresh default game.
fn assert_t01(input: &str) -> Vec<Noticed<Event>> {
    let mut st = game("", None);
    let events = act(&mut st, Player::P1, input);
    let c = continued(&events, input);
    assert_eq!(
        (c.ply, c.mover, c.dir),
        (1, Player::P1, Dir::R),
        "{input}: ply, mover, direction 右"
    );
    assert_eq!(c.fence, edge("B3:R"), "{input}: fence B3:R");
    assert_eq!(c.path, cells(&T01_EXPECTED_PATH), "{input}: the walked path starts at A1");
    assert_eq!(
        c.reports,
        [report(Rel8::DownRight), report(Rel8::UpLeft)],
        "{input}: P1 sees P2 右下, P2 sees P1 左上"
    );
    assert_eq!(
        st.fences().get(edge("B3:R")),
        Some(Placement { by: Some(Player::P1), ply: 1 }),
        "{input}: B3:R placed by P1 on ply 1"
    );
    assert_eq!(st.cell_of(Player::P1), Some(cell("B3")), "{input}: P1 now on B3");
    to_act_move(&st, Player::P2, input);
    events
}

// ---------------------------------------------------------------------------------------------
// §4.1 Parsing and format
// ---------------------------------------------------------------------------------------------

// Spec §4.1 T-01: P1 `A1-A4-B4-B3 R` continues; fence B3:R; direction 右 to PUB and P2; P1 sees
// P2 右下, P2 sees P1 左上.
#[test]
fn t01_canonical_move_places_b3_r_and_reports_both_sides() {
    let events = assert_t01("A1-A4-B4-B3 R");
    assert!(
        matches!(
            &events[0],
            Noticed { audience: Audience::Everyone, event: Event::Announced { .. } }
        ),
        "A1-A4-B4-B3 R: the direction reaches PUB and DM(P2) through the public announcement"
    );
    assert_eq!(
        reaching(&events, Viewer::Seat(Player::P2.seat())).len(),
        1,
        "A1-A4-B4-B3 R: P2 gets the announcement only, never the path"
    );
}

// Spec §4.1 T-02: P1 `A1-B1-B2 D` continues; fence B2:D; P2 sees P1 左上 (the seed's example).
#[test]
fn t02_seed_example_places_b2_d_and_p2_sees_upper_left() {
    let mut st = game("", None);
    let c = continued(&act(&mut st, Player::P1, "A1-B1-B2 D"), "A1-B1-B2 D");
    assert_eq!(c.fence, edge("B2:D"), "A1-B1-B2 D: fence B2:D");
    assert_eq!(c.dir, Dir::D, "A1-B1-B2 D: direction 下");
    assert_eq!(c.reports[1], report(Rel8::UpLeft), "A1-B1-B2 D: P2 on D4 sees P1 on B2 左上");
    assert_eq!(c.reports[0], report(Rel8::DownRight), "A1-B1-B2 D: P1 on B2 sees P2 右下");
}

// Spec §4.1 T-03: `A4-B4-B3 R` is T-01 with the start A1 implied.
#[test]
fn t03_omitted_start_is_implied_and_equals_t01() {
    let canonical = assert_t01("A1-A4-B4-B3 R");
    let events = assert_t01("A4-B4-B3 R");
    assert_eq!(events, canonical, "A4-B4-B3 R: the same events as A1-A4-B4-B3 R");
}

// Spec §4.1 T-04: lower case, `>` and a Chinese direction give T-01.
#[test]
fn t04_lower_case_arrows_and_chinese_direction_equal_t01() {
    let canonical = assert_t01("A1-A4-B4-B3 R");
    let events = assert_t01("a1>a4>b4>b3 右");
    assert_eq!(events, canonical, "a1>a4>b4>b3 右: the same events as A1-A4-B4-B3 R");
}

// Spec §4.1 T-05: full-width input becomes T-01 after NFKC.
#[test]
fn t05_full_width_input_is_normalised_to_t01() {
    let canonical = assert_t01("A1-A4-B4-B3 R");
    let events = assert_t01("Ａ１－Ａ４＞Ｂ４，Ｂ３　Ｒ");
    assert_eq!(events, canonical, "Ａ１－Ａ４＞Ｂ４，Ｂ３　Ｒ: the same events as T-01");
}

// Spec §4.1 T-06: `A1→A4→B4→B3 →` has no direction (an arrow is a separator).
#[test]
fn t06_trailing_arrow_is_not_a_direction() {
    let mut st = game("", None);
    let err = refused_text(&mut st, Player::P1, "A1→A4→B4→B3 →");
    assert_eq!(err, ActionError::NoDirection, "A1→A4→B4→B3 →");
}

// Spec §4.1 T-07: `A1-B2 R` is refused: A1→B2 is not straight.
#[test]
fn t07_diagonal_segment_is_not_straight() {
    let mut st = game("", None);
    let err = refused_text(&mut st, Player::P1, "A1-B2 R");
    assert_eq!(err, ActionError::NotStraight { from: cell("A1"), to: cell("B2") }, "A1-B2 R");
}

// Spec §4.1 T-08: `B4-B3 R` is refused: the implied A1→B4 is not straight.
#[test]
fn t08_implied_start_segment_must_be_straight() {
    let mut st = game("", None);
    let err = refused_text(&mut st, Player::P1, "B4-B3 R");
    assert_eq!(err, ActionError::NotStraight { from: cell("A1"), to: cell("B4") }, "B4-B3 R");
}

// Spec §4.1 T-09: `A1-A5 R` is refused: A5 is off the 4×4 board.
#[test]
fn t09_cell_off_the_board_is_refused() {
    let mut st = game("", None);
    let err = refused_text(&mut st, Player::P1, "A1-A5 R");
    assert!(matches!(&err, ActionError::OffBoard { cell } if cell == "A5"), "A1-A5 R: got {err:?}");
}

// Spec §4.1 T-10: `A1-A3` is refused: no direction.
#[test]
fn t10_missing_direction_is_refused() {
    let mut st = game("", None);
    let err = refused_text(&mut st, Player::P1, "A1-A3");
    assert_eq!(err, ActionError::NoDirection, "A1-A3");
}

// Spec §4.1 T-11: P1 is refused twice, then plays; P2 and PUB get nothing until the valid move,
// then exactly the normal announcement (the number of refusals is not broadcast).
#[test]
fn t11_refusals_are_silent_and_leave_no_trace_in_the_announcement() {
    let mut st = game("", None);
    let before = st.clone();
    let p2_view = json(&st.view(Viewer::Seat(Player::P2.seat())));
    let public_view = json(&st.view(Viewer::Public));
    refused_text(&mut st, Player::P1, "A1-B2 R");
    refused(
        &mut st,
        Player::P1,
        &Action::Move(MoveInput { path: cells(&["A1", "B1", "C2"]), dir: Dir::R }),
    );
    assert_eq!(st, before, "two refusals leave the state as it was");
    assert_eq!(
        json(&st.view(Viewer::Seat(Player::P2.seat()))),
        p2_view,
        "P2's view after refusals"
    );
    assert_eq!(json(&st.view(Viewer::Public)), public_view, "public view after refusals");

    let events = act(&mut st, Player::P1, "A1-A4-B4-B3 R");
    let mut fresh = game("", None);
    let clean = act(&mut fresh, Player::P1, "A1-A4-B4-B3 R");
    assert_eq!(json(&events), json(&clean), "A1-A4-B4-B3 R after two refusals = without refusals");
    assert_eq!(st, fresh, "A1-A4-B4-B3 R after two refusals: the same state");
    for viewer in [Viewer::Public, Viewer::Seat(Player::P2.seat())] {
        let got = reaching(&events, viewer);
        assert!(
            matches!(got.as_slice(), [Event::Announced { ply: 1, .. }]),
            "{viewer:?} gets exactly the announcement of ply 1: {got:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// §4.2 Movement, crossing, landing
// ---------------------------------------------------------------------------------------------

// Spec §4.2 T-12: `A1-A1-A3 D` continues; fence A3:D (a zero-length segment is ignored).
#[test]
fn t12_zero_length_segment_is_ignored() {
    let mut st = game("", None);
    let c = continued(&act(&mut st, Player::P1, "A1-A1-A3 D"), "A1-A1-A3 D");
    assert_eq!(c.fence, edge("A3:D"), "A1-A1-A3 D: fence A3:D");
    assert_eq!(st.cell_of(Player::P1), Some(cell("A3")), "A1-A1-A3 D: P1 on A3");
}

// Spec §4.2 T-13: P1 on B2 `B2 R` (stay) continues with fence B2:R; with `allow_stay=false` it is
// refused as "must move".
#[test]
fn t13_staying_places_a_fence_unless_allow_stay_is_off() {
    let pos = "4x4 p1=B2 p2=D4 to=p1";
    let mut st = game("", Some(pos));
    let c = continued(&act(&mut st, Player::P1, "B2 R"), "B2 R from B2");
    assert_eq!(c.fence, edge("B2:R"), "B2 R: fence B2:R");
    assert_eq!(st.cell_of(Player::P1), Some(cell("B2")), "B2 R: P1 stays on B2");

    let mut st = game("allow_stay=false", Some(pos));
    let err = refused_text(&mut st, Player::P1, "B2 R");
    assert_eq!(err, ActionError::MustMove, "B2 R with allow_stay=false");
}

// Spec §4.2 T-14: `A1-C1-A1 D` continues; fence A1:D (a loop back to the start).
#[test]
fn t14_loop_back_to_the_start_is_allowed() {
    let mut st = game("", None);
    let c = continued(&act(&mut st, Player::P1, "A1-C1-A1 D"), "A1-C1-A1 D");
    assert_eq!(c.fence, edge("A1:D"), "A1-C1-A1 D: fence A1:D");
    assert_eq!(st.cell_of(Player::P1), Some(cell("A1")), "A1-C1-A1 D: P1 back on A1");
}

// Spec §4.2 T-16: fence A1:D by P1; P1 `A1-A3 R` loses (a): one's own fence counts.
#[test]
fn t16_crossing_ones_own_fence_loses() {
    let mut st = game("", Some("4x4 p1=A1 p2=D4 to=p1 fences=A1:D@p1"));
    let events = act(&mut st, Player::P1, "A1-A3 R");
    let found = lost_by(&events, Player::P1, "A1-A3 R over own A1:D");
    assert_eq!(
        found.violation,
        Violation::CrossedFence {
            edge: edge("A1:D"),
            owner: Some(Player::P1),
            placed_ply: 0,
            step: 0,
            from: cell("A1"),
            to: cell("A2"),
        },
        "A1-A3 R: crosses A1:D on its first step"
    );
    assert_eq!(found.ply, 1, "A1-A3 R is ply 1");
    assert_eq!(
        st.to_act(),
        ToAct::Over(crate::core::Outcome {
            result: GameResult::Winner(Seat(1)),
            reason: "crossed-fence"
        }),
        "A1-A3 R: P2 wins by crossed-fence"
    );
}

// Spec §4.2 T-17: fence A1:D; `A1-C1 D` continues with fence C1:D (alongside is not crossing).
#[test]
fn t17_moving_alongside_a_fence_is_not_crossing() {
    let mut st = game("", Some("4x4 p1=A1 p2=D4 to=p1 fences=A1:D"));
    let c = continued(&act(&mut st, Player::P1, "A1-C1 D"), "A1-C1 D beside A1:D");
    assert_eq!(c.fence, edge("C1:D"), "A1-C1 D: fence C1:D");
}

// Spec §4.2 T-18: P2 on C1; `A1-D1 D` passes through P2 and continues; P1 sees P2 左, P2 sees P1
// 右; nothing mentions the passing.
#[test]
fn t18_passing_through_the_opponent_continues_and_is_not_mentioned() {
    let pos = "4x4 p1=A1 p2=C1 to=p1";
    let mut st = game("", Some(pos));
    let events = act(&mut st, Player::P1, "A1-D1 D");
    let c = continued(&events, "A1-D1 D through C1");
    assert_eq!(c.fence, edge("D1:D"), "A1-D1 D: fence D1:D");
    assert_eq!(c.reports, [report(Rel8::Left), report(Rel8::Right)], "A1-D1 D: 左 / 右");

    // The same final cell and fence without passing through C1 must look the same to P2 and PUB.
    let mut other = game("", Some(pos));
    let around = act(&mut other, Player::P1, "A1-A2-D2-D1 D");
    assert_eq!(
        reaching(&events, Viewer::Seat(Player::P2.seat())),
        reaching(&around, Viewer::Seat(Player::P2.seat())),
        "A1-D1 D vs A1-A2-D2-D1 D: P2 is told the same"
    );
    for viewer in [Viewer::Public, Viewer::Seat(Player::P2.seat())] {
        assert_eq!(
            json(&st.view(viewer)),
            json(&other.view(viewer)),
            "A1-D1 D vs A1-A2-D2-D1 D: {viewer:?} view identical"
        );
    }
}

// Spec §4.2 T-19: P2 on C1; `A1-C1 D` loses (b).
#[test]
fn t19_ending_on_the_opponent_loses() {
    let mut st = game("", Some("4x4 p1=A1 p2=C1 to=p1"));
    let found = lost_by(&act(&mut st, Player::P1, "A1-C1 D"), Player::P1, "A1-C1 D onto C1");
    assert_eq!(found.violation, Violation::EndedOnOpponent { cell: cell("C1") }, "A1-C1 D");
}

// Spec §4.2 T-20: P2 on C1; `A1-C1-C3 R` continues (turning on the opponent is passing); fence
// C3:R; P1 sees P2 上.
#[test]
fn t20_turning_on_the_opponents_cell_is_passing() {
    let mut st = game("", Some("4x4 p1=A1 p2=C1 to=p1"));
    let c = continued(&act(&mut st, Player::P1, "A1-C1-C3 R"), "A1-C1-C3 R");
    assert_eq!(c.fence, edge("C3:R"), "A1-C1-C3 R: fence C3:R");
    assert_eq!(
        c.reports,
        [report(Rel8::Up), report(Rel8::Down)],
        "A1-C1-C3 R: P1 sees 上, P2 sees 下"
    );
}

// Spec §4.2 T-21: P2 on C1; `A1-D1-C1 D` loses (b): it comes back to end there.
#[test]
fn t21_coming_back_to_end_on_the_opponent_loses() {
    let mut st = game("", Some("4x4 p1=A1 p2=C1 to=p1"));
    let found = lost_by(&act(&mut st, Player::P1, "A1-D1-C1 D"), Player::P1, "A1-D1-C1 D");
    assert_eq!(found.violation, Violation::EndedOnOpponent { cell: cell("C1") }, "A1-D1-C1 D");
}

// Spec §4.2 T-24: fence C4:U (= C3:D); P2 `D4-C4-C2 L` loses (a): crossed C3/C4.
#[test]
fn t24_p2_crossing_c3_c4_loses() {
    let mut st = game("", Some("4x4 p1=A1 p2=D4 to=p2 fences=C4:U"));
    let found = lost_by(&act(&mut st, Player::P2, "D4-C4-C2 L"), Player::P2, "D4-C4-C2 L");
    let Violation::CrossedFence { edge: e, from, to, step, .. } = found.violation else {
        panic!("D4-C4-C2 L: expected a crossing, got {:?}", found.violation);
    };
    assert_eq!(e, edge("C3:D"), "D4-C4-C2 L: the crossed edge is C3:D (= C4:U)");
    assert_eq!((from, to, step), (cell("C4"), cell("C3"), 1), "D4-C4-C2 L: the second step, C4→C3");
    assert_eq!(
        st.to_act().outcome().map(|o| o.result),
        Some(GameResult::Winner(Seat(0))),
        "P1 wins"
    );
}

// Spec §4.2 T-25: P1 on B3; P2 `D4-D3-A3 U` passes through P1 and continues; fence A3:U; P1 is
// told 上; P2 sees P1 右, P1 sees P2 左.
#[test]
fn t25_p2_passing_through_p1_continues() {
    let pos = "4x4 p1=B3 p2=D4 to=p2";
    let mut st = game("", Some(pos));
    let events = act(&mut st, Player::P2, "D4-D3-A3 U");
    let c = continued(&events, "D4-D3-A3 U");
    assert_eq!((c.mover, c.dir), (Player::P2, Dir::U), "D4-D3-A3 U: P1 is told 上");
    assert_eq!(c.fence, edge("A3:U"), "D4-D3-A3 U: fence A3:U (= A2:D)");
    assert_eq!(
        c.reports,
        [report(Rel8::Left), report(Rel8::Right)],
        "D4-D3-A3 U: P1 sees 左, P2 sees 右"
    );
    to_act_move(&st, Player::P1, "D4-D3-A3 U");

    let mut other = game("", Some(pos));
    let around = act(&mut other, Player::P2, "D4-D2-A2-A3 U");
    assert_eq!(
        reaching(&events, Viewer::Seat(Player::P1.seat())),
        reaching(&around, Viewer::Seat(Player::P1.seat())),
        "D4-D3-A3 U vs D4-D2-A2-A3 U: P1 is told the same (no mention of passing)"
    );
}

// ---------------------------------------------------------------------------------------------
// §4.3 Fence placement
// ---------------------------------------------------------------------------------------------

// Spec §4.3 T-26: `A1 U` loses (c): the border is pre-fenced.
#[test]
fn t26_border_fence_without_edge_empty_loses() {
    let mut st = game("", None);
    let found = lost_by(&act(&mut st, Player::P1, "A1 U"), Player::P1, "A1 U");
    assert_eq!(found.violation, Violation::BorderFence { edge: edge("A1:U") }, "A1 U");
    assert!(st.fences().is_empty(), "A1 U: nothing is placed");
}

// Spec §4.3 T-27: 边空; `A1 U` continues; border placement A1:U; P2 is told 上, the same wording as
// for an interior fence.
#[test]
fn t27_edge_empty_allows_a_border_fence_announced_like_any_other() {
    let mut st = game("edge_empty=true", None);
    let events = act(&mut st, Player::P1, "A1 U");
    let c = continued(&events, "A1 U under 边空");
    assert_eq!((c.fence, c.dir), (edge("A1:U"), Dir::U), "A1 U: fence A1:U, told 上");
    assert_eq!(
        st.fences().get(edge("A1:U")),
        Some(Placement { by: Some(Player::P1), ply: 1 }),
        "A1 U: the border placement is recorded"
    );
    // An interior 上 fence from A2 gives the same reports (A2 and A1 both see D4 右下).
    let mut interior = game("edge_empty=true", None);
    let other = act(&mut interior, Player::P1, "A1-A2 U");
    for viewer in [Viewer::Public, Viewer::Seat(Player::P2.seat())] {
        assert_eq!(
            json(&reaching(&events, viewer)),
            json(&reaching(&other, viewer)),
            "A1 U (border) vs A1-A2 U (interior): {viewer:?} told the same"
        );
    }
}

// Spec §4.3 T-28: 边空 with A1:U already placed; `A1 U` loses (c).
#[test]
fn t28_second_use_of_a_border_segment_loses() {
    let mut st = game("edge_empty=true", Some("4x4 p1=A1 p2=D4 to=p1 fences=A1:U@p2"));
    let found = lost_by(&act(&mut st, Player::P1, "A1 U"), Player::P1, "A1 U twice");
    assert_eq!(
        found.violation,
        Violation::DuplicateFence { edge: edge("A1:U"), owner: Some(Player::P2), placed_ply: 0 },
        "A1 U on a used border segment is a duplicate (§3.5 step 3)"
    );
}

// Spec §4.3 T-29: 边空 with A1:R; P1 on B2 `B2-A2 L` continues; border fence A2:L.
#[test]
fn t29_border_fence_next_to_a_fence_has_no_separation_effect() {
    let mut st = game("edge_empty=true", Some("4x4 p1=B2 p2=D4 to=p1 fences=A1:R"));
    let c = continued(&act(&mut st, Player::P1, "B2-A2 L"), "B2-A2 L");
    assert_eq!(c.fence, edge("A2:L"), "B2-A2 L: border fence A2:L");
    assert!(st.fences().get(edge("A2:L")).is_some(), "B2-A2 L: A2:L recorded");
    to_act_move(&st, Player::P2, "B2-A2 L");
}

// Spec §4.3 T-30: B2:R by P2; P1 on B2 `B2 R` loses (c) duplicate.
#[test]
fn t30_duplicate_of_the_opponents_fence_loses() {
    let mut st = game("", Some("4x4 p1=B2 p2=D4 to=p1 fences=B2:R@p2"));
    let found = lost_by(&act(&mut st, Player::P1, "B2 R"), Player::P1, "B2 R on B2:R");
    assert_eq!(
        found.violation,
        Violation::DuplicateFence { edge: edge("B2:R"), owner: Some(Player::P2), placed_ply: 0 },
        "B2 R"
    );
}

// ---------------------------------------------------------------------------------------------
// §4.4 Separation, area, 绝杀
// ---------------------------------------------------------------------------------------------

// Spec §4.4 T-32: A1:R; P1 on B2 `B2-A2 U` continues; A1 becomes an empty pocket, which is not a
// separation.
#[test]
fn t32_an_empty_pocket_is_not_a_separation() {
    let mut st = game("", Some("4x4 p1=B2 p2=D4 to=p1 fences=A1:R"));
    let c = continued(&act(&mut st, Player::P1, "B2-A2 U"), "B2-A2 U");
    assert_eq!(c.fence, edge("A1:D"), "B2-A2 U: fence A2:U = A1:D");
    to_act_move(&st, Player::P2, "B2-A2 U leaves A1 sealed but the tokens connected");
}

// Spec §4.4 T-33: B1:R B2:R B3:R; P1 on A4 `A4-B4 R` separates 8:8 → draw.
#[test]
fn t33_equal_areas_draw() {
    let mut st = game("", Some("4x4 p1=A4 p2=D4 to=p1 fences=B1:R,B2:R,B3:R"));
    let events = act(&mut st, Player::P1, "A4-B4 R");
    assert_eq!(events.len(), 1, "A4-B4 R: only the game-over event");
    let (decision, reason, detail, _) = over(&events, "A4-B4 R");
    assert_eq!((decision, reason), (Decision::Draw, Reason::Separated), "A4-B4 R: 8:8 draw");
    assert_eq!(detail, EndDetail::Separated { areas: [8, 8], residual: None }, "A4-B4 R");
    assert_eq!(
        st.to_act(),
        ToAct::Over(crate::core::Outcome { result: GameResult::Draw, reason: "separated" }),
        "A4-B4 R"
    );
}

// Spec §4.4 T-37: C4:R; `A1-D1-D3 D` seals P2 in D4, 15:1 → P1 wins.
#[test]
fn t37_larger_area_wins() {
    let mut st = game("", Some("4x4 p1=A1 p2=D4 to=p1 fences=C4:R"));
    let events = act(&mut st, Player::P1, "A1-D1-D3 D");
    let (decision, reason, detail, _) = over(&events, "A1-D1-D3 D");
    assert_eq!((decision, reason), (Decision::Winner(Player::P1), Reason::Separated), "A1-D1-D3 D");
    assert_eq!(detail, EndDetail::Separated { areas: [15, 1], residual: None }, "A1-D1-D3 D: 15:1");
}

// ---------------------------------------------------------------------------------------------
// §4.5 Free start and reports
// ---------------------------------------------------------------------------------------------

// Spec §4.5 T-38: free start; P1 picks B2; P2 (told B2) picks B2 (refused privately), then C2;
// DM(P1) "the opponent is to your right"; PUB "both players are in place".
#[test]
fn t38_free_start_refuses_p1s_cell_and_reports_after_setup() {
    let mut st = game("start=free", None);
    assert_eq!(st.to_act(), ToAct::Seat(Seat(0), Prompt::Setup), "free start: P1 chooses first");
    let events = act(&mut st, Player::P1, "B2");
    assert!(
        events.iter().all(|n| n.audience != Audience::Everyone),
        "P1 B2: nothing public before both are placed: {events:?}"
    );
    assert!(
        events.contains(&Noticed::only(Seat(1), Event::OpponentStart { cell: cell("B2") })),
        "P1 B2: P2 is told P1 is on B2: {events:?}"
    );
    assert_eq!(st.to_act(), ToAct::Seat(Seat(1), Prompt::Setup), "then P2 chooses");

    let err = refused_text(&mut st, Player::P2, "B2");
    assert_eq!(err, ActionError::StartTaken { cell: cell("B2") }, "P2 B2 after P1 B2");

    let events = act(&mut st, Player::P2, "C2");
    let public = reaching(&events, Viewer::Public);
    assert_eq!(
        public,
        vec![Event::InPlace { first: Player::P1 }],
        "P2 C2: PUB gets only 双方已就位"
    );
    let to_p1 = reaching(&events, Viewer::Seat(Seat(0)));
    assert!(
        to_p1.contains(&Event::Report { to: Player::P1, report: report(Rel8::Right) }),
        "P2 C2: DM(P1) 对方在你的右方: {events:?}"
    );
    assert!(
        !to_p1.iter().any(|e| matches!(e, Event::StartChosen { player: Player::P2, .. })),
        "P2 C2: P1 is not told P2's cell"
    );
    to_act_move(&st, Player::P1, "after the free start");
}

fn free_start(options: &str) -> State {
    let mut st = game(options, None);
    act(&mut st, Player::P1, "B2");
    act(&mut st, Player::P2, "C2");
    st
}

// Spec §4.5 T-39: free start B2/C2, `first_move_onto_opponent=lose`; P1 `B2-C2 D` loses (b).
#[test]
fn t39_first_move_onto_the_opponent_loses_by_default() {
    let mut st = free_start("start=free,first_move_onto_opponent=lose");
    let found = lost_by(&act(&mut st, Player::P1, "B2-C2 D"), Player::P1, "B2-C2 D onto C2");
    assert_eq!(found.violation, Violation::EndedOnOpponent { cell: cell("C2") }, "B2-C2 D");
}

// Spec §4.5 T-40: as T-39 with `allowed`: `B2-C2 D` continues, fence C2:D, both told 同格; then
// P2 `C2 R` loses (b); P2 `C2-C1 R` would continue.
#[test]
fn t40_first_move_onto_the_opponent_allowed_then_p2_must_leave() {
    let mut st = free_start("start=free,first_move_onto_opponent=allowed");
    let c = continued(&act(&mut st, Player::P1, "B2-C2 D"), "B2-C2 D with allowed");
    assert_eq!(c.fence, edge("C2:D"), "B2-C2 D: fence C2:D");
    assert_eq!(c.reports, [report(Rel8::Same), report(Rel8::Same)], "B2-C2 D: both told 同格");

    let mut leaving = st.clone();
    let found =
        lost_by(&act(&mut st, Player::P2, "C2 R"), Player::P2, "P2 C2 R on the shared cell");
    assert_eq!(found.violation, Violation::EndedOnOpponent { cell: cell("C2") }, "P2 C2 R");

    let c = continued(&act(&mut leaving, Player::P2, "C2-C1 R"), "P2 C2-C1 R");
    assert_eq!(c.fence, edge("C1:R"), "P2 C2-C1 R: fence C1:R");
}

// ---------------------------------------------------------------------------------------------
// §4.6 Challenge variant
// ---------------------------------------------------------------------------------------------

/// T-C1's first two plies, both passed.
fn tc1_opening(options: &str) -> State {
    let mut st = game(options, None);
    assert_eq!(seal_and_pass(&mut st, Player::P1, "A1-A2 R"), cell("A2"), "T-C1 ply 1 stops on A2");
    assert_eq!(
        seal_and_pass(&mut st, Player::P2, "D4-B4-B2 U"),
        cell("B2"),
        "T-C1 ply 2 stops on B2"
    );
    st
}

// Spec §4.6 T-C1: P1 `A1-A2 R`; P2 `D4-B4-B2 U`; P1 `A2-A1-B1-B3 R` (crosses P2's B1:D); public
// A2, B2, B3; P2 challenges in window 1 → P2 wins.
#[test]
fn tc1_challenge_upheld_on_a_crossing() {
    let mut st = tc1_opening("mode=challenge");
    let (stop, _) = seal(&mut st, Player::P1, "A2-A1-B1-B3 R");
    assert_eq!(stop, cell("B3"), "T-C1 ply 3 stops on B3");
    let public: Vec<Option<Cell>> = st.view(Viewer::Public).plies.iter().map(|p| p.cell).collect();
    assert_eq!(
        public,
        vec![Some(cell("A2")), Some(cell("B2")), Some(cell("B3"))],
        "PUB: A2, B2, B3"
    );

    let events = act(&mut st, Player::P2, "challenge");
    let (decision, reason, first, all) = challenge_end(&events, Player::P2, "T-C1 P2 challenges");
    assert_eq!((decision, reason), (Decision::Winner(Player::P2), Reason::ChallengeUpheld), "T-C1");
    let expected = Found {
        ply: 3,
        by: Player::P1,
        violation: Violation::CrossedFence {
            edge: edge("B1:D"),
            owner: Some(Player::P2),
            placed_ply: 2,
            step: 2,
            from: cell("B1"),
            to: cell("B2"),
        },
    };
    assert_eq!(first, Some(expected), "T-C1: P1 crossed P2's B1:D at ply 3");
    assert_eq!(all, vec![expected], "T-C1: the only violation of P1");
}

// Spec §4.6 T-C2: P1 `A1-A2 R`; P2 `D4-D2-A2-A1 D` (crosses P1's A2:R); P1 `A2-A3 R`; P2 challenges
// after ply 3 → P2 loses: P1 is clean and P2's own violation does not matter.
#[test]
fn tc2_challenge_rejected_when_the_challenged_is_clean() {
    let mut st = game("mode=challenge", None);
    assert_eq!(seal_and_pass(&mut st, Player::P1, "A1-A2 R"), cell("A2"), "T-C2 ply 1");
    assert_eq!(seal_and_pass(&mut st, Player::P2, "D4-D2-A2-A1 D"), cell("A1"), "T-C2 ply 2");
    assert_eq!(seal(&mut st, Player::P1, "A2-A3 R").0, cell("A3"), "T-C2 ply 3");
    let events = act(&mut st, Player::P2, "challenge");
    let (decision, reason, first, all) = challenge_end(&events, Player::P2, "T-C2 P2 challenges");
    assert_eq!(
        (decision, reason),
        (Decision::Winner(Player::P1), Reason::ChallengeRejected),
        "T-C2"
    );
    assert_eq!((first, all), (None, vec![]), "T-C2: no violation of P1 is reported");
}

/// T-C6's two plies; window 1 after ply 2 is open for P1.
fn tc6(options: &str) -> (State, Vec<Noticed<Event>>) {
    let mut st = game(options, None);
    seal_and_pass(&mut st, Player::P1, "A1-C1 D");
    let events = act(&mut st, Player::P2, "D4-D1-C1 L");
    (st, events)
}

// Spec §4.6 T-C6: P1 `A1-C1 D`; P2 `D4-D1-C1 L`; (i) P1 challenges → P1 wins (b); (ii) both pass →
// the game continues (seed-literal).
#[test]
fn tc6_ending_on_the_opponent_needs_a_challenge() {
    let (mut st, events) = tc6("mode=challenge");
    assert!(
        events.contains(&Noticed::everyone(Event::Stopped {
            ply: 2,
            mover: Player::P2,
            cell: cell("C1"),
            commitment: None
        })),
        "T-C6: PUB sees P2 stop on C1: {events:?}"
    );
    assert_eq!(st.to_act(), ToAct::Seat(Seat(0), Prompt::Window), "T-C6: window 1 for P1");
    let mut passing = st.clone();

    let events = act(&mut st, Player::P1, "challenge");
    let (decision, reason, first, _) = challenge_end(&events, Player::P1, "T-C6 (i)");
    assert_eq!(
        (decision, reason),
        (Decision::Winner(Player::P1), Reason::ChallengeUpheld),
        "T-C6 (i)"
    );
    assert_eq!(
        first,
        Some(Found {
            ply: 2,
            by: Player::P2,
            violation: Violation::EndedOnOpponent { cell: cell("C1") }
        }),
        "T-C6 (i): P2 ended on P1's cell C1"
    );

    pass_both(&mut passing, Player::P2);
    to_act_move(&passing, Player::P1, "T-C6 (ii): both pass, the game goes on");
}

// Spec §4.6 T-C7: fences B1:R B2:R B3:R, P1 on A4 `A4-B4 R` separates; `ignore`: both pass and the
// game continues, no mention of separation; `claim`: P2 claims → 8:8 → draw.
#[test]
fn tc7_separation_is_ignored_by_default_and_claimable_under_claim() {
    let pos = "4x4 p1=A4 p2=D4 to=p1 fences=B1:R,B2:R,B3:R";
    let mut st = game("mode=challenge", Some(pos));
    let (stop, _) = seal(&mut st, Player::P1, "A4-B4 R");
    assert_eq!(stop, cell("B4"), "T-C7: PUB B4");
    pass_both(&mut st, Player::P1);
    to_act_move(&st, Player::P2, "T-C7 ignore: both pass, the game continues");

    let mut st = game("mode=challenge,partition_handling=claim", Some(pos));
    seal(&mut st, Player::P1, "A4-B4 R");
    let events = act(&mut st, Player::P2, "claim");
    assert_eq!(
        events[0],
        Noticed::everyone(Event::Claimed { by: Player::P2 }),
        "T-C7: the claim is public"
    );
    let (decision, reason, detail, _) = over(&events, "T-C7 claim");
    assert_eq!((decision, reason), (Decision::Draw, Reason::ClaimUpheld), "T-C7 claim: 8:8 draw");
    assert_eq!(
        detail,
        EndDetail::Claim { by: Player::P2, separated: true, areas: Some([8, 8]), residual: None },
        "T-C7 claim"
    );
}

// Spec §4.6 T-C7, "(or 绝杀)": with 绝杀 and a dead wall A1:R inside P1's region, the claim is
// decided 1:0 remaining fences → P2 wins.
#[test]
fn tc7_claim_with_juesha_is_decided_by_remaining_fences() {
    let pos = "4x4 p1=A4 p2=D4 to=p1 fences=A1:R,B1:R,B2:R,B3:R";
    let mut st = game("mode=challenge,partition_handling=claim,juesha=true", Some(pos));
    seal(&mut st, Player::P1, "A4-B4 R");
    let events = act(&mut st, Player::P2, "claim");
    let (decision, reason, detail, _) = over(&events, "T-C7 claim with 绝杀");
    assert_eq!(
        (decision, reason),
        (Decision::Winner(Player::P2), Reason::ClaimUpheld),
        "T-C7 绝杀"
    );
    assert_eq!(
        detail,
        EndDetail::Claim {
            by: Player::P2,
            separated: true,
            areas: Some([8, 8]),
            residual: Some([1, 0])
        },
        "T-C7 绝杀: A1:R is inside P1's region"
    );
}

// Spec §4.6 T-C8: fences B1:R B2:R, P1 on A4 `A4-B4 R` (not separated); P2 claims → P2 loses.
#[test]
fn tc8_false_claim_loses() {
    let mut st = game(
        "mode=challenge,partition_handling=claim",
        Some("4x4 p1=A4 p2=D4 to=p1 fences=B1:R,B2:R"),
    );
    seal(&mut st, Player::P1, "A4-B4 R");
    let events = act(&mut st, Player::P2, "claim");
    let (decision, reason, detail, _) = over(&events, "T-C8 claim");
    assert_eq!((decision, reason), (Decision::Winner(Player::P1), Reason::ClaimRejected), "T-C8");
    assert_eq!(
        detail,
        EndDetail::Claim { by: Player::P2, separated: false, areas: None, residual: None },
        "T-C8: B3:R is open, the tokens are connected"
    );
}

// Spec §4.6 T-C9: window 1 times out → counts as a pass; window 2 opens. The engine has no clock:
// the referee plays the timeout as the holder's pass.
#[test]
fn tc9_window_one_timeout_is_a_pass_and_opens_window_two() {
    let mut st = game("mode=challenge", None);
    seal(&mut st, Player::P1, "A1-A2 R");
    let events = act(&mut st, Player::P2, "pass");
    assert_eq!(
        events,
        vec![
            Noticed::everyone(Event::Passed { by: Player::P2, number: 1 }),
            Noticed::everyone(Event::WindowOpened {
                number: 2,
                holder: Player::P1,
                target: Player::P2
            }),
        ],
        "T-C9: a timed-out window 1 = P2 passes; window 2 is P1's"
    );
    assert_eq!(st.to_act(), ToAct::Seat(Seat(0), Prompt::Window), "T-C9: P1 decides window 2");
    assert_eq!(
        st.view(Viewer::Public).window,
        Some(WindowInfo { number: 2, holder: Player::P1, target: Player::P2 }),
        "T-C9: the public view shows window 2"
    );
}

// Spec §4.6 T-C10: ply 3 of T-C1 (violating) vs the same ply with a clean record ending on B3:
// private receipt and public announcement byte-identical.
#[test]
fn tc10_violating_and_clean_records_give_identical_bytes() {
    let mut bad = tc1_opening("mode=challenge");
    let mut clean = tc1_opening("mode=challenge");
    let bad_events = act(&mut bad, Player::P1, "A2-A1-B1-B3 R");
    let clean_events = act(&mut clean, Player::P1, "A2-A3-B3 R");
    assert_eq!(
        json(&bad_events),
        json(&clean_events),
        "T-C10: A2-A1-B1-B3 R (crosses B1:D) vs A2-A3-B3 R: receipt, stop and window identical"
    );
    assert!(
        bad_events.contains(&Noticed::only(Seat(0), Event::Recorded { ply: 3 })),
        "T-C10: the receipt is private to P1"
    );
    for viewer in [Viewer::Public, Viewer::Seat(Seat(1))] {
        assert_eq!(
            json(&bad.view(viewer)),
            json(&clean.view(viewer)),
            "T-C10: {viewer:?} view identical after violating vs clean ply 3"
        );
    }
    assert_ne!(bad.history()[2].violation, None, "T-C10: the first record does violate");
    assert_eq!(clean.history()[2].violation, None, "T-C10: the second record is clean");
}

fn unhex(text: &str) -> Vec<u8> {
    assert_eq!(text.len() % 2, 0, "hex `{text}` has an odd length");
    (0..text.len())
        .step_by(2)
        .map(|i| {
            u8::from_str_radix(&text[i..i + 2], 16).unwrap_or_else(|e| panic!("hex `{text}`: {e}"))
        })
        .collect()
}

fn sha256_hex(record: &str, salt: &[u8]) -> String {
    Sha256::new()
        .chain_update(record.as_bytes())
        .chain_update(salt)
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

// Spec §4.6 T-C11 (and §2.5 rule 11): `commitments=true`; the published hash is
// sha256(record ‖ 128-bit salt), fresh for an identical record; on reveal the salts reproduce it.
#[test]
fn tc11_commitments_are_salted_and_verifiable_on_reveal() {
    let records = ["A1 R", "D4 L", "A1 R"];
    let mut st = game("mode=challenge,commitments=true", None);
    let mut published = Vec::new();
    for (i, text) in records.iter().enumerate() {
        let mover = if i % 2 == 0 { Player::P1 } else { Player::P2 };
        let (_, commitment) = seal(&mut st, mover, text);
        let commitment = commitment.unwrap_or_else(|| panic!("`{text}`: no commitment published"));
        assert_eq!(commitment.len(), 64, "`{text}`: a hex SHA-256");
        published.push(commitment);
        if i + 1 < records.len() {
            pass_both(&mut st, mover);
        }
    }
    let public: Vec<Option<String>> =
        st.view(Viewer::Public).plies.iter().map(|p| p.commitment.clone()).collect();
    assert_eq!(
        public,
        published.iter().cloned().map(Some).collect::<Vec<_>>(),
        "public view commitments"
    );
    assert_ne!(published[0], published[2], "plies 1 and 3 both seal `A1 R` yet hash differently");

    // Ply 3 repeats P1's own A1:R (a duplicate), so P2's challenge ends the game with a reveal.
    let events = act(&mut st, Player::P2, "challenge");
    let (_, _, _, reveal) = over(&events, "T-C11 P2 challenges");
    assert_eq!(reveal.salts.len(), records.len(), "one salt per sealed record");
    for (i, text) in records.iter().enumerate() {
        let salt = unhex(&reveal.salts[i]);
        assert_eq!(salt.len(), 16, "ply {}: a 128-bit salt", i + 1);
        assert_eq!(sha256_hex(text, &salt), published[i], "ply {}: sha256(`{text}` ‖ salt)", i + 1);
        let r = &reveal.records[i];
        let salt: [u8; 16] = salt.try_into().expect("16 bytes");
        assert_eq!(
            State::commitment(&MoveInput { path: r.path.clone(), dir: r.dir }, &salt),
            published[i],
            "ply {}: State::commitment of the revealed record",
            i + 1
        );
    }

    // Another game (another secret seed) sealing the same first record publishes another hash.
    let mut other = game_seeded("mode=challenge,commitments=true", None, 2);
    let (_, c) = seal(&mut other, Player::P1, "A1 R");
    assert_ne!(
        c.as_deref(),
        Some(published[0].as_str()),
        "`A1 R` with a fresh salt hashes differently"
    );
}

// ---------------------------------------------------------------------------------------------
// Rules and options beyond the table
// ---------------------------------------------------------------------------------------------

// Spec §3.4 check 6 (allow_stay=false): leaving and coming back is a move; repeating the start
// cell is not.
#[test]
fn allow_stay_off_accepts_out_and_back_and_refuses_repeated_start() {
    let mut st = game("allow_stay=false", None);
    for text in ["A1-A1 R", "R", "A1-A1-A1 D"] {
        assert_eq!(refused_text(&mut st, Player::P1, text), ActionError::MustMove, "`{text}`");
    }
    let c = continued(&act(&mut st, Player::P1, "A1-B1-A1 D"), "A1-B1-A1 D with allow_stay=false");
    assert_eq!(c.fence, edge("A1:D"), "A1-B1-A1 D: fence A1:D");
}

// Spec §3.4 check 5 (max_waypoints): a path may list at most that many cells.
#[test]
fn max_waypoints_limits_the_number_of_cells() {
    let mut st = game("max_waypoints=3", None);
    let err = refused_text(&mut st, Player::P1, "A1-B1-A1-B1 R");
    assert_eq!(err, ActionError::TooManyWaypoints { max: 3 }, "A1-B1-A1-B1 R with max 3");
    let built = Action::Move(MoveInput { path: cells(&["A1", "B1", "A1", "B1"]), dir: Dir::R });
    assert_eq!(
        refused(&mut st, Player::P1, &built),
        ActionError::TooManyWaypoints { max: 3 },
        "built"
    );
    let c = continued(&act(&mut st, Player::P1, "A1-B1-A1 R"), "A1-B1-A1 R with max 3");
    assert_eq!(c.fence, edge("A1:R"), "A1-B1-A1 R: three cells are allowed");
}

// Spec A9 / §3.11 edge_empty_repeat=true: a used border segment may be placed again; interior
// duplicates still lose.
#[test]
fn edge_empty_repeat_allows_reusing_a_border_segment_only() {
    let options = "edge_empty=true,edge_empty_repeat=true";
    let mut st = game(options, Some("4x4 p1=A1 p2=D4 to=p1 fences=A1:U@p2"));
    let c = continued(&act(&mut st, Player::P1, "A1 U"), "A1 U again with edge_empty_repeat");
    assert_eq!((c.fence, c.dir), (edge("A1:U"), Dir::U), "A1 U: continues, told 上");
    assert!(st.fences().get(edge("A1:U")).is_some(), "A1:U is still fenced");

    let mut st = game(options, Some("4x4 p1=A1 p2=D4 to=p1 fences=A1:R@p2"));
    let found = lost_by(&act(&mut st, Player::P1, "A1 R"), Player::P1, "A1 R on interior A1:R");
    assert_eq!(
        found.violation,
        Violation::DuplicateFence { edge: edge("A1:R"), owner: Some(Player::P2), placed_ply: 0 },
        "edge_empty_repeat does not cover interior edges"
    );
}

// Spec §3.6 / A13 (T-34 style): 绝杀 with equal areas: the region with fewer remaining interior
// fences wins.
#[test]
fn juesha_equal_areas_fewer_remaining_fences_wins() {
    // A1:R is a dead wall inside P1's region (A, B columns); C1:R inside P2's (C, D columns).
    let cases = [
        ("A1:R,", Decision::Winner(Player::P2), [1, 0]),
        ("C1:R,", Decision::Winner(Player::P1), [0, 1]),
        ("A1:R,C2:R,A3:R,", Decision::Winner(Player::P2), [2, 1]),
    ];
    for (extra, decision, residual) in cases {
        let pos = format!("4x4 p1=A4 p2=D4 to=p1 fences={extra}B1:R,B2:R,B3:R");
        let mut st = game("juesha=true", Some(&pos));
        let events = act(&mut st, Player::P1, "A4-B4 R");
        let (d, reason, detail, _) = over(&events, &pos);
        assert_eq!((d, reason), (decision, Reason::Separated), "{pos}: A4-B4 R under 绝杀");
        assert_eq!(
            detail,
            EndDetail::Separated { areas: [8, 8], residual: Some(residual) },
            "{pos}: A4-B4 R under 绝杀"
        );
    }
}

// Spec §3.6 / A13 (T-35 style): 绝杀 with equal remaining fences is a draw; without 绝杀, equal
// areas draw whatever the fences.
#[test]
fn juesha_equal_remaining_fences_draw_and_juesha_off_ignores_them() {
    let pos = "4x4 p1=A4 p2=D4 to=p1 fences=A1:R,C1:R,B1:R,B2:R,B3:R";
    let mut st = game("juesha=true", Some(pos));
    let (d, _, detail, _) = over(&act(&mut st, Player::P1, "A4-B4 R"), pos);
    assert_eq!(d, Decision::Draw, "{pos}: 1:1 remaining fences is a draw");
    assert_eq!(detail, EndDetail::Separated { areas: [8, 8], residual: Some([1, 1]) }, "{pos}");

    let pos = "4x4 p1=A4 p2=D4 to=p1 fences=A1:R,B1:R,B2:R,B3:R";
    let mut st = game("", Some(pos));
    let (d, _, detail, _) = over(&act(&mut st, Player::P1, "A4-B4 R"), pos);
    assert_eq!(d, Decision::Draw, "{pos}: without 绝杀 equal areas draw");
    assert_eq!(detail, EndDetail::Separated { areas: [8, 8], residual: None }, "{pos}");
}

// Spec §3.6 / A13: border placements under 边空 count for 绝杀 only with juesha_count_border.
#[test]
fn juesha_count_border_counts_placed_border_fences() {
    let pos = "4x4 p1=A4 p2=D4 to=p1 fences=A1:U@p1,B1:R,B2:R,B3:R";
    let mut st = game("juesha=true,edge_empty=true", Some(pos));
    let (d, _, detail, _) = over(&act(&mut st, Player::P1, "A4-B4 R"), pos);
    assert_eq!(d, Decision::Draw, "{pos}: A1:U is a border fence, not counted by default");
    assert_eq!(detail, EndDetail::Separated { areas: [8, 8], residual: Some([0, 0]) }, "{pos}");

    let mut st = game("juesha=true,edge_empty=true,juesha_count_border=true", Some(pos));
    let (d, _, detail, _) = over(&act(&mut st, Player::P1, "A4-B4 R"), pos);
    assert_eq!(d, Decision::Winner(Player::P2), "{pos}: A1:U counts for P1's region");
    assert_eq!(detail, EndDetail::Separated { areas: [8, 8], residual: Some([1, 0]) }, "{pos}");
}

// Spec §3.6: 绝杀 only breaks ties; unequal areas still decide (T-37 under 绝杀).
#[test]
fn juesha_does_not_change_unequal_areas() {
    let mut st = game("juesha=true", Some("4x4 p1=A1 p2=D4 to=p1 fences=C4:R"));
    let (d, _, detail, _) = over(&act(&mut st, Player::P1, "A1-D1-D3 D"), "T-37 with 绝杀");
    assert_eq!(d, Decision::Winner(Player::P1), "T-37 with 绝杀: 15:1");
    assert_eq!(detail, EndDetail::Separated { areas: [15, 1], residual: None }, "T-37 with 绝杀");
}

// Spec §3.7: every `report` kind in the per-ply announcement (T-01: P1 on B3, P2 on D4, so
// dx = 2, dy = 1 from P1's side).
#[test]
fn every_report_kind_appears_in_the_announcement() {
    let b3 = cell("B3");
    let d4 = cell("D4");
    let r = |dir, lean, distance, cell| Report { dir, lean, distance, cell };
    let cases = [
        ("dir8", r(Rel8::DownRight, None, None, None), r(Rel8::UpLeft, None, None, None)),
        (
            "dir16",
            r(Rel8::DownRight, Some(Lean::Right), None, None),
            r(Rel8::UpLeft, Some(Lean::Left), None, None),
        ),
        (
            "dir8+manhattan",
            r(Rel8::DownRight, None, Some(3), None),
            r(Rel8::UpLeft, None, Some(3), None),
        ),
        (
            "dir8+chebyshev",
            r(Rel8::DownRight, None, Some(2), None),
            r(Rel8::UpLeft, None, Some(2), None),
        ),
        (
            "dir16+manhattan",
            r(Rel8::DownRight, Some(Lean::Right), Some(3), None),
            r(Rel8::UpLeft, Some(Lean::Left), Some(3), None),
        ),
        ("exact", r(Rel8::DownRight, None, None, Some(d4)), r(Rel8::UpLeft, None, None, Some(b3))),
    ];
    for (kind, p1_sees, p2_sees) in cases {
        let mut st = game(&format!("report={kind}"), None);
        let c = continued(&act(&mut st, Player::P1, "A1-A4-B4-B3 R"), kind);
        assert_eq!(c.reports, [p1_sees, p2_sees], "report={kind}: A1-A4-B4-B3 R");
    }
}

// Spec §3.9.2: free start with report=exact: the setup reports use the same precision.
#[test]
fn free_start_setup_report_uses_the_report_precision() {
    let mut st = game("start=free,report=exact", None);
    act(&mut st, Player::P1, "B2");
    let events = act(&mut st, Player::P2, "C2");
    assert!(
        events.contains(&Noticed::only(
            Seat(0),
            Event::Report {
                to: Player::P1,
                report: Report { cell: Some(cell("C2")), ..report(Rel8::Right) }
            }
        )),
        "start=free,report=exact, B2/C2: P1 is told 对方在 C2: {events:?}"
    );
}

// Spec A18: with challenge_scope=latest-move-only a violation on an earlier ply of the challenged
// player is not found (challenge rejected); with whole-game it is.
#[test]
fn challenge_scope_latest_move_only_ignores_earlier_violations() {
    let pos = "4x4 p1=A1 p2=D4 to=p1 fences=A1:R@p2";
    let play = |options: &str| {
        let mut st = game(options, Some(pos));
        seal_and_pass(&mut st, Player::P1, "A1-B1 D"); // crosses A1:R: violation on ply 1
        seal_and_pass(&mut st, Player::P2, "D4-D3 L");
        seal(&mut st, Player::P1, "B1-C1 D"); // clean
        act(&mut st, Player::P2, "challenge")
    };
    let ply1 = Found {
        ply: 1,
        by: Player::P1,
        violation: Violation::CrossedFence {
            edge: edge("A1:R"),
            owner: Some(Player::P2),
            placed_ply: 0,
            step: 0,
            from: cell("A1"),
            to: cell("B1"),
        },
    };

    let events = play("mode=challenge");
    let (decision, reason, first, _) = challenge_end(&events, Player::P2, "whole-game");
    assert_eq!(
        (decision, reason),
        (Decision::Winner(Player::P2), Reason::ChallengeUpheld),
        "whole-game"
    );
    assert_eq!(first, Some(ply1), "whole-game: P1's crossing on ply 1 is found");

    let events = play("mode=challenge,challenge_scope=latest-move-only");
    let (decision, reason, first, all) = challenge_end(&events, Player::P2, "latest-move-only");
    assert_eq!(
        (decision, reason),
        (Decision::Winner(Player::P1), Reason::ChallengeRejected),
        "latest-move-only: P1's latest move B1-C1 D is clean"
    );
    assert_eq!((first, all), (None, vec![]), "latest-move-only: nothing found");
}

// Spec A18: with latest-move-only a violation on the latest move is still found (T-C1).
#[test]
fn challenge_scope_latest_move_only_finds_a_violation_on_the_latest_move() {
    let mut st = tc1_opening("mode=challenge,challenge_scope=latest_move_only");
    seal(&mut st, Player::P1, "A2-A1-B1-B3 R");
    let events = act(&mut st, Player::P2, "challenge");
    let (decision, reason, first, _) = challenge_end(&events, Player::P2, "T-C1 latest-move-only");
    assert_eq!(
        (decision, reason),
        (Decision::Winner(Player::P2), Reason::ChallengeUpheld),
        "T-C1 latest"
    );
    assert_eq!(first.map(|f| f.ply), Some(3), "T-C1 latest-move-only: ply 3");
}

// Spec §3.10.1 window 2 and A18: the mover may challenge the opponent's earlier move (T-C2's P2
// crossing on ply 2 is found when P1 challenges in window 2 after ply 3).
#[test]
fn window_two_lets_the_mover_challenge_the_opponents_earlier_move() {
    let mut st = game("mode=challenge", None);
    seal_and_pass(&mut st, Player::P1, "A1-A2 R");
    seal_and_pass(&mut st, Player::P2, "D4-D2-A2-A1 D");
    seal(&mut st, Player::P1, "A2-A3 R");
    act(&mut st, Player::P2, "pass");
    let events = act(&mut st, Player::P1, "challenge");
    let (decision, reason, first, _) =
        challenge_end(&events, Player::P1, "P1 challenges in window 2");
    assert_eq!(
        (decision, reason),
        (Decision::Winner(Player::P1), Reason::ChallengeUpheld),
        "window 2"
    );
    assert_eq!(
        first,
        Some(Found {
            ply: 2,
            by: Player::P2,
            violation: Violation::CrossedFence {
                edge: edge("A2:R"),
                owner: Some(Player::P1),
                placed_ply: 1,
                step: 4,
                from: cell("B2"),
                to: cell("A2"),
            },
        }),
        "D4-D2-A2-A1 D crossed P1's A2:R on its fifth step"
    );
}

// Spec §3.10.4 partition_handling=auto: separation ends the game at once, by area.
#[test]
fn partition_auto_ends_the_game_at_the_separating_move() {
    let mut st = game(
        "mode=challenge,partition_handling=auto",
        Some("4x4 p1=A4 p2=D4 to=p1 fences=B1:R,B2:R,B3:R"),
    );
    let events = act(&mut st, Player::P1, "A4-B4 R");
    assert!(
        !events.iter().any(|n| matches!(n.event, Event::WindowOpened { .. })),
        "auto, A4-B4 R: no window opens: {events:?}"
    );
    assert!(events.contains(&Noticed::only(Seat(0), Event::Recorded { ply: 1 })), "auto: receipt");
    let (d, reason, detail, _) = over(&events, "auto, T-C7 A4-B4 R");
    assert_eq!((d, reason), (Decision::Draw, Reason::Separated), "auto, A4-B4 R: 8:8");
    assert_eq!(detail, EndDetail::Separated { areas: [8, 8], residual: None }, "auto, A4-B4 R");

    let mut st =
        game("mode=challenge,partition_handling=auto", Some("4x4 p1=A1 p2=D4 to=p1 fences=C4:R"));
    let (d, _, detail, _) = over(&act(&mut st, Player::P1, "A1-D1-D3 D"), "auto, T-37");
    assert_eq!(d, Decision::Winner(Player::P1), "auto, A1-D1-D3 D: 15:1");
    assert_eq!(detail, EndDetail::Separated { areas: [15, 1], residual: None }, "auto, T-37");
}

// Spec §3.10.3 auto_b=true: stopping on the opponent ends the game at once (T-C6); other
// violations still need a challenge (T-C1).
#[test]
fn auto_b_ends_the_game_when_a_mover_stops_on_the_opponent() {
    let (st, events) = tc6("mode=challenge,auto_b=true");
    assert!(
        !events.iter().any(|n| matches!(n.event, Event::WindowOpened { .. })),
        "auto_b, D4-D1-C1 L: no window: {events:?}"
    );
    let (d, reason, detail, _) = over(&events, "auto_b, D4-D1-C1 L");
    assert_eq!((d, reason), (Decision::Winner(Player::P1), Reason::EndedOnOpponent), "auto_b");
    assert_eq!(
        detail,
        EndDetail::Violation {
            found: Found {
                ply: 2,
                by: Player::P2,
                violation: Violation::EndedOnOpponent { cell: cell("C1") }
            }
        },
        "auto_b: P2 ended on C1"
    );
    assert!(st.to_act().outcome().is_some(), "auto_b: the game is over");

    let mut st = tc1_opening("mode=challenge,auto_b=true");
    seal(&mut st, Player::P1, "A2-A1-B1-B3 R");
    assert_eq!(
        st.to_act(),
        ToAct::Seat(Seat(1), Prompt::Window),
        "auto_b: a crossing still needs a challenge"
    );
}

// Spec §3.10.4 ply_cap with cap_adjudication=draw: after the cap ply's windows, a draw.
#[test]
fn ply_cap_with_draw_adjudication() {
    let mut st = game("mode=challenge,ply_cap=2", None);
    seal_and_pass(&mut st, Player::P1, "A1 R");
    to_act_move(&st, Player::P2, "ply_cap=2 after ply 1");
    seal(&mut st, Player::P2, "D4 L");
    act(&mut st, Player::P1, "pass");
    let events = act(&mut st, Player::P2, "pass");
    let (d, reason, detail, _) = over(&events, "ply_cap=2 after ply 2");
    assert_eq!((d, reason), (Decision::Draw, Reason::PlyCap), "ply_cap=2, draw adjudication");
    assert_eq!(detail, EndDetail::PlyCap { decided_by: None }, "ply_cap=2, draw adjudication");
    assert_eq!(
        st.to_act(),
        ToAct::Over(crate::core::Outcome { result: GameResult::Draw, reason: "ply-cap" }),
        "ply_cap=2"
    );
}

// Spec §3.10.4 cap_adjudication=replay-original: the first event of the true history that would
// have ended a referee game decides: a violation (T-C6's (b))...
#[test]
fn ply_cap_replay_original_uses_the_first_violation() {
    let mut st = game("mode=challenge,ply_cap=2,cap_adjudication=replay-original", None);
    seal_and_pass(&mut st, Player::P1, "A1-C1 D");
    seal(&mut st, Player::P2, "D4-D1-C1 L");
    act(&mut st, Player::P1, "pass");
    let events = act(&mut st, Player::P2, "pass");
    let (d, reason, detail, _) = over(&events, "replay-original, T-C6 plies");
    assert_eq!(
        (d, reason),
        (Decision::Winner(Player::P1), Reason::PlyCap),
        "replay-original: P2's (b)"
    );
    assert_eq!(
        detail,
        EndDetail::PlyCap {
            decided_by: Some(Box::new(EndDetail::Violation {
                found: Found {
                    ply: 2,
                    by: Player::P2,
                    violation: Violation::EndedOnOpponent { cell: cell("C1") }
                }
            }))
        },
        "replay-original: ply 2 ended on C1"
    );
}

// ...or a separation that comes before any violation, or nothing at all (a draw).
#[test]
fn ply_cap_replay_original_uses_an_earlier_separation_or_draws() {
    let options = "mode=challenge,ply_cap=2,cap_adjudication=replay-original";
    let mut st = game(options, Some("4x4 p1=A1 p2=D4 to=p1 fences=C4:R"));
    seal_and_pass(&mut st, Player::P1, "A1-D1-D3 D"); // seals P2 in D4 (ignored in the variant)
    seal(&mut st, Player::P2, "D4 R"); // a border fence: a violation, but after the separation
    act(&mut st, Player::P1, "pass");
    let events = act(&mut st, Player::P2, "pass");
    let (d, reason, detail, _) = over(&events, "replay-original, separation on ply 1");
    assert_eq!(
        (d, reason),
        (Decision::Winner(Player::P1), Reason::PlyCap),
        "15:1 on ply 1 decides"
    );
    assert_eq!(
        detail,
        EndDetail::PlyCap {
            decided_by: Some(Box::new(EndDetail::Separated { areas: [15, 1], residual: None }))
        },
        "replay-original: the separation on ply 1"
    );

    let mut st = game(options, None);
    seal_and_pass(&mut st, Player::P1, "A1 R");
    seal(&mut st, Player::P2, "D4 L");
    act(&mut st, Player::P1, "pass");
    let (d, _, detail, _) = over(&act(&mut st, Player::P2, "pass"), "replay-original, clean plies");
    assert_eq!(d, Decision::Draw, "replay-original with nothing decisive: a draw");
    assert_eq!(detail, EndDetail::PlyCap { decided_by: None }, "replay-original, clean plies");
}

// Spec §3.9.2 / A15: with p2_sees_p1_start=true the OpponentStart event goes to P2 only.
#[test]
fn free_start_p2_is_told_p1s_start_only_when_enabled() {
    let mut st = game("start=free,p2_sees_p1_start=true", None);
    let events = act(&mut st, Player::P1, "B2");
    let starts: Vec<&Noticed<Event>> =
        events.iter().filter(|n| matches!(n.event, Event::OpponentStart { .. })).collect();
    assert_eq!(
        starts,
        vec![&Noticed::only(Seat(1), Event::OpponentStart { cell: cell("B2") })],
        "p2_sees_p1_start=true, P1 B2: exactly one OpponentStart, to P2"
    );
    assert!(reaching(&events, Viewer::Public).is_empty(), "P1 B2: nothing public");
    assert!(
        !reaching(&events, Viewer::Seat(Seat(1)))
            .iter()
            .any(|e| matches!(e, Event::StartChosen { .. })),
        "P1 B2: P1's own confirmation is not sent to P2"
    );
    assert_eq!(
        st.view(Viewer::Seat(Seat(1))).opponent_start,
        Some(cell("B2")),
        "P2's view shows B2"
    );
    assert_eq!(
        st.view(Viewer::Seat(Seat(0))).opponent_start,
        None,
        "P1's view has no opponent start"
    );
    assert_eq!(st.view(Viewer::Public).opponent_start, None, "the public view has no start");
}

// Spec §3.9.2 p2_sees_p1_start=false: no OpponentStart; a clash is still refused privately; after
// setup both players get a relative report.
#[test]
fn free_start_without_p2_seeing_p1s_start() {
    let mut st = game("start=free,p2_sees_p1_start=false", None);
    let events = act(&mut st, Player::P1, "B2");
    assert!(
        !events.iter().any(|n| matches!(n.event, Event::OpponentStart { .. })),
        "p2_sees_p1_start=false, P1 B2: no OpponentStart: {events:?}"
    );
    assert!(reaching(&events, Viewer::Seat(Seat(1))).is_empty(), "P1 B2: P2 learns nothing");
    assert_eq!(
        st.view(Viewer::Seat(Seat(1))).opponent_start,
        None,
        "P2's view has no opponent start"
    );

    let err = refused_text(&mut st, Player::P2, "B2");
    assert_eq!(
        err,
        ActionError::StartTaken { cell: cell("B2") },
        "P2 B2: still refused (documented leak)"
    );

    let events = act(&mut st, Player::P2, "C2");
    assert!(
        events.contains(&Noticed::only(
            Seat(0),
            Event::Report { to: Player::P1, report: report(Rel8::Right) }
        )),
        "P2 C2: P1 told 右: {events:?}"
    );
    assert!(
        events.contains(&Noticed::only(
            Seat(1),
            Event::Report { to: Player::P2, report: report(Rel8::Left) }
        )),
        "P2 C2: P2 told 左 (both get a report when P2 did not see P1's start): {events:?}"
    );
    assert_eq!(
        reaching(&events, Viewer::Public),
        vec![Event::InPlace { first: Player::P1 }],
        "PUB"
    );
}

// Spec A16: `first_move_onto_opponent=allowed` covers only P1's first move; later moves onto the
// opponent (by P1 or by P2) lose under (b).
#[test]
fn first_move_onto_opponent_allowed_covers_only_p1s_first_move() {
    let options = "first_move_onto_opponent=allowed";
    // P1's first move onto D4 is fine.
    let mut st = game(options, None);
    let c = continued(&act(&mut st, Player::P1, "A1-A4-D4 U"), "A1-A4-D4 U with allowed");
    assert_eq!(c.reports, [report(Rel8::Same), report(Rel8::Same)], "A1-A4-D4 U: 同格");

    // P1's second move onto P2 loses.
    let mut st = game(options, None);
    act(&mut st, Player::P1, "A1-B1 R");
    act(&mut st, Player::P2, "D4-D2 D");
    let found =
        lost_by(&act(&mut st, Player::P1, "B1-B2-D2 U"), Player::P1, "P1's second move onto D2");
    assert_eq!(found.violation, Violation::EndedOnOpponent { cell: cell("D2") }, "B1-B2-D2 U");

    // P2's first move onto P1 loses.
    let mut st = game(options, None);
    act(&mut st, Player::P1, "A1 R");
    let found = lost_by(&act(&mut st, Player::P2, "D4-A4-A1 D"), Player::P2, "P2 onto A1");
    assert_eq!(found.violation, Violation::EndedOnOpponent { cell: cell("A1") }, "D4-A4-A1 D");
}

// Spec A10: several violations in one move: the earliest in time is reported, (a) then (b) then
// (c).
#[test]
fn several_violations_report_the_earliest() {
    // A1-A3 L: crosses A1:D (a), ends on P2's A3 (b), fences the border A3:L (c).
    let mut st = game("", Some("4x4 p1=A1 p2=A3 to=p1 fences=A1:D@p2"));
    let found = lost_by(&act(&mut st, Player::P1, "A1-A3 L"), Player::P1, "A1-A3 L");
    assert!(
        matches!(found.violation, Violation::CrossedFence { .. }),
        "A1-A3 L: (a) first, got {found:?}"
    );

    // A1-C1 U: ends on P2's C1 (b) and fences the border C1:U (c).
    let mut st = game("", Some("4x4 p1=A1 p2=C1 to=p1"));
    let found = lost_by(&act(&mut st, Player::P1, "A1-C1 U"), Player::P1, "A1-C1 U");
    assert_eq!(
        found.violation,
        Violation::EndedOnOpponent { cell: cell("C1") },
        "A1-C1 U: (b) before (c)"
    );

    // A1-C1-C2 R with B1:R (by P1) and C2:R: the first crossing in path order is B1:R.
    let mut st = game("", Some("4x4 p1=A1 p2=D4 to=p1 fences=B1:R@p1,C1:D@p2"));
    let found = lost_by(&act(&mut st, Player::P1, "A1-C1-C2 R"), Player::P1, "A1-C1-C2 R");
    let Violation::CrossedFence { edge: e, step, .. } = found.violation else {
        panic!("A1-C1-C2 R: expected a crossing, got {found:?}");
    };
    assert_eq!(
        (e, step),
        (edge("B1:R"), 1),
        "A1-C1-C2 R: B1:R (step 1) comes before C1:D (step 2)"
    );
}

// Spec A11 / §3.5: a violating move places nothing, so it cannot separate (T-37 with a crossing).
#[test]
fn a_violating_move_is_judged_by_its_violation_not_by_separation() {
    let mut st = game("", Some("4x4 p1=A1 p2=D4 to=p1 fences=C4:R,B1:R@p2"));
    let found =
        lost_by(&act(&mut st, Player::P1, "A1-D1-D3 D"), Player::P1, "A1-D1-D3 D over B1:R");
    assert!(
        matches!(found.violation, Violation::CrossedFence { .. }),
        "A1-D1-D3 D: (a), got {found:?}"
    );
    assert_eq!(st.fences().get(edge("D3:D")), None, "A1-D1-D3 D: the fence is not placed");
}

// Spec §2.5 / §3.9.1: during a referee game a seat sees only its own cell; the public sees none.
#[test]
fn referee_views_hide_the_opponents_cell_until_the_end() {
    let mut st = game("", None);
    act(&mut st, Player::P1, "A1-A4-B4-B3 R");
    assert_eq!(st.view(Viewer::Seat(Seat(0))).positions, [Some(cell("B3")), None], "P1's view");
    assert_eq!(st.view(Viewer::Seat(Seat(1))).positions, [None, Some(cell("D4"))], "P2's view");
    assert_eq!(st.view(Viewer::Public).positions, [None, None], "public view");
    assert!(st.view(Viewer::Seat(Seat(1))).own_records.is_empty(), "P2 does not see P1's path");
    assert!(st.view(Viewer::Public).reveal.is_none(), "no reveal while the game runs");
    act(&mut st, Player::P2, "D4 U");
    act(&mut st, Player::P1, "B3 U"); // B3:U = B2:D, fresh; then P2 loses on a border fence:
    let events = act(&mut st, Player::P2, "D4 R");
    let (_, _, _, reveal) = over(&events, "D4 R (border)");
    assert_eq!(reveal.records.len(), 4, "the reveal shows every move");
    assert_eq!(
        st.view(Viewer::Public).positions,
        [Some(cell("B3")), Some(cell("D4"))],
        "after the end"
    );
}

// Spec §3.4 "On failure … the state does not change" and the Game contract: every refusal in
// every phase leaves the state exactly as it was.
#[test]
fn every_rejected_action_leaves_the_state_unchanged() {
    let bad_move = Action::Move(MoveInput { path: cells(&["B1", "B2"]), dir: Dir::R });
    // Referee, move phase.
    let mut st = game("", None);
    assert_eq!(
        refused(&mut st, Player::P1, &bad_move),
        ActionError::WrongStart { expected: cell("A1") }
    );
    let diagonal = Action::Move(MoveInput { path: cells(&["A1", "C3"]), dir: Dir::R });
    assert!(matches!(refused(&mut st, Player::P1, &diagonal), ActionError::NotStraight { .. }));
    let off = Action::Move(MoveInput { path: cells(&["A1", "A5"]), dir: Dir::R });
    assert!(
        matches!(refused(&mut st, Player::P1, &off), ActionError::OffBoard { .. }),
        "A1-A5 built"
    );
    for text in ["", "A1 Q", "A1 R B1", "A1-A4-B4-B3 →", "A1-B2 R", "E1 R", "A1-A3"] {
        refused_text(&mut st, Player::P1, text);
    }
    // Setup phase: an off-board start.
    let mut st = game("start=free", None);
    let err = refused(&mut st, Player::P1, &Action::Start(Cell::new(4, 0)));
    assert!(matches!(err, ActionError::OffBoard { .. }), "start E1 on 4x4: {err:?}");
    refused_text(&mut st, Player::P1, "E1");
    // Challenge window.
    let mut st = game("mode=challenge", None);
    seal(&mut st, Player::P1, "A1-A2 R");
    refused(&mut st, Player::P2, &Action::Claim);
    refused(&mut st, Player::P1, &Action::Pass);
    refused(&mut st, Player::P2, &Action::Start(cell("B2")));
}

// The Game contract: only the seat to act may act (NotYourTurn), in every phase.
#[test]
fn not_your_turn_in_each_phase() {
    let mut st = game("", None);
    let m = st.parse_action(Seat(1), "D4-D3 L").unwrap();
    assert_eq!(refused(&mut st, Player::P2, &m), ActionError::NotYourTurn, "P2 moves on P1's turn");

    let mut st = game("start=free", None);
    assert_eq!(
        refused(&mut st, Player::P2, &Action::Start(cell("C2"))),
        ActionError::NotYourTurn,
        "P2 chooses before P1"
    );

    let mut st = game("mode=challenge", None);
    seal(&mut st, Player::P1, "A1-A2 R");
    for a in [Action::Pass, Action::Challenge] {
        assert_eq!(
            refused(&mut st, Player::P1, &a),
            ActionError::NotYourTurn,
            "P1 {a:?} in P2's window 1"
        );
    }
    act(&mut st, Player::P2, "pass");
    assert_eq!(
        refused(&mut st, Player::P2, &Action::Challenge),
        ActionError::NotYourTurn,
        "P2 challenges in P1's window 2"
    );
    let before = st.clone();
    assert_eq!(st.play(Seat(2), &Action::Pass), Err(ActionError::NoSuchSeat), "a third seat");
    assert_eq!(st, before, "a third seat changes nothing");
}

// The Game contract: an action of the wrong kind for the phase is WrongPhase.
#[test]
fn wrong_phase_actions_are_refused() {
    // Referee move phase: window decisions and start choices.
    let mut st = game("", None);
    for a in [Action::Pass, Action::Challenge, Action::Claim, Action::Start(cell("B2"))] {
        let err = refused(&mut st, Player::P1, &a);
        assert!(
            matches!(err, ActionError::WrongPhase { .. }),
            "referee move phase, {a:?}: {err:?}"
        );
    }
    // Setup phase: a move or a window decision.
    let mut st = game("start=free", None);
    let m = Action::Move(MoveInput { path: cells(&["A1", "A2"]), dir: Dir::R });
    for a in [m, Action::Pass, Action::Challenge] {
        let err = refused(&mut st, Player::P1, &a);
        assert!(matches!(err, ActionError::WrongPhase { .. }), "setup phase, {a:?}: {err:?}");
    }
    // Challenge move phase: a window decision; window: a move.
    let mut st = game("mode=challenge", None);
    let err = refused(&mut st, Player::P1, &Action::Challenge);
    assert!(
        matches!(err, ActionError::WrongPhase { .. }),
        "challenge move phase, challenge: {err:?}"
    );
    seal(&mut st, Player::P1, "A1-A2 R");
    let m = Action::Move(MoveInput { path: cells(&["D4", "D3"]), dir: Dir::L });
    let err = refused(&mut st, Player::P2, &m);
    assert!(matches!(err, ActionError::WrongPhase { .. }), "window 1, P2 moves: {err:?}");
}

// The Game contract: after the end, every action by either seat is GameOver.
#[test]
fn actions_after_the_end_are_game_over() {
    let mut st = game("", None);
    act(&mut st, Player::P1, "A1 U"); // T-26: P1 loses
    let m = Action::Move(MoveInput { path: cells(&["D4"]), dir: Dir::L });
    for (p, a) in [(Player::P2, m.clone()), (Player::P1, m), (Player::P2, Action::Pass)] {
        assert_eq!(refused(&mut st, p, &a), ActionError::GameOver, "{p:?} {a:?} after the end");
    }
    let mut st = game("mode=challenge", None);
    seal(&mut st, Player::P1, "A1-A2 R");
    act(&mut st, Player::P2, "challenge");
    for p in Player::BOTH {
        assert_eq!(
            refused(&mut st, p, &Action::Pass),
            ActionError::GameOver,
            "{p:?} pass after a challenge"
        );
    }
}

// Spec §3.10.4: a claim needs partition_handling=claim (ClaimsOff under ignore and auto).
#[test]
fn claims_are_off_unless_partition_handling_is_claim() {
    for options in ["mode=challenge", "mode=challenge,partition_handling=auto"] {
        let mut st = game(options, None);
        seal(&mut st, Player::P1, "A1-A2 R");
        assert_eq!(
            refused_text(&mut st, Player::P2, "claim"),
            ActionError::ClaimsOff,
            "{options}: claim"
        );
        assert_eq!(
            refused_text(&mut st, Player::P2, "分野！"),
            ActionError::ClaimsOff,
            "{options}: 分野！"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// assist=2 warnings (spec §3.11): from the mover's own view only
// ---------------------------------------------------------------------------------------------

fn warnings_for(st: &State, p: Player, text: &str) -> Vec<assist::Warning> {
    let Action::Move(input) = st.parse_action(p.seat(), text).expect("a move") else {
        panic!("`{text}` is not a move")
    };
    assist::warnings(&st.view(Viewer::Seat(p.seat())), &input)
}

#[test]
fn assist_two_warns_about_the_border_and_own_fences_only() {
    use assist::Warning;
    let mut st = game("start=fixed,assist=2", None);
    // P1 (A1) fences the right side of A2; P2 (D4) the left side of D4 (C4's right side), a
    // fence P1 knows nothing of.
    act(&mut st, Player::P1, "A1-A2 R");
    act(&mut st, Player::P2, "D4 L");
    // Crossing its own fence A2|B2, P1 is warned at that step.
    assert_eq!(
        warnings_for(&st, Player::P1, "A2-B2 D"),
        vec![Warning::CrossesOwnFence { from: cell("A2"), to: cell("B2") }]
    );
    // Its own fence again, from either side (A2:R is B2:L).
    assert_eq!(
        warnings_for(&st, Player::P1, "A2-A3-B3-B2 L"),
        vec![Warning::DuplicatesOwnFence { edge: edge("A2:R") }]
    );
    // The border: A2's left side.
    assert_eq!(
        warnings_for(&st, Player::P1, "A2 L"),
        vec![Warning::BorderFence { edge: edge("A2:L") }]
    );
    // The opponent's fence C4|D4 is never mentioned: crossing it or fencing it again is
    // exactly what P1 must remember or guess.
    assert!(warnings_for(&st, Player::P1, "A2-A4-C4-D4 U").is_empty());
    assert!(warnings_for(&st, Player::P1, "A2-A4-C4 R").is_empty());
}

#[test]
fn assist_one_and_zero_never_warn_and_edge_empty_allows_the_border() {
    for options in ["start=fixed,assist=1", "start=fixed,assist=0"] {
        let mut st = game(options, None);
        act(&mut st, Player::P1, "A1-A2 R");
        act(&mut st, Player::P2, "D4 L");
        assert!(warnings_for(&st, Player::P1, "A2-B2 D").is_empty(), "{options}");
        assert!(warnings_for(&st, Player::P1, "A2 L").is_empty(), "{options}");
    }
    let mut st = game("start=fixed,assist=2,edge_empty=true", None);
    assert!(warnings_for(&st, Player::P1, "A1 L").is_empty());
    act(&mut st, Player::P1, "A1 L");
    act(&mut st, Player::P2, "D4 L");
    // A border fence placed already is a duplicate unless edge_empty_repeat allows it.
    assert_eq!(
        warnings_for(&st, Player::P1, "A1 L"),
        vec![assist::Warning::DuplicatesOwnFence { edge: edge("A1:L") }]
    );
    let mut st = game("start=fixed,assist=2,edge_empty=true,edge_empty_repeat=true", None);
    act(&mut st, Player::P1, "A1 L");
    act(&mut st, Player::P2, "D4 L");
    assert!(warnings_for(&st, Player::P1, "A1 L").is_empty());
}

// ---------------------------------------------------------------------------------------------
// The seed's puzzle, judged by playing every reply; the expected answers are worked out by hand
// in docs/dark-fence.md ("The seed's puzzle")
// ---------------------------------------------------------------------------------------------

#[test]
fn the_puzzle_is_survived_exactly_by_leaving_the_pocket_for_a_cell_that_cannot_be_shut_in() {
    let st = game("", Some(puzzle::POSITION));
    let pocket = cells(&["A1", "A2", "A3", "A4"]);
    let walls = [edge("A1:R"), edge("A2:R"), edge("A3:R")];
    let dims = D4;
    let mut survivors = Vec::new();
    let all = puzzle::moves(&st, Player::P2);
    // Every cell is reachable: the pocket, then the gap A4|B4, then the rest.
    assert_eq!(all.len(), 16 * 4);
    for input in &all {
        let verdict = puzzle::judge(&st, input).expect("a judgement");
        let end = input.final_cell();
        let fence = dims.edge(end, input.dir);
        let name = format!("{input}");
        // By hand: a fence on the border or on a wall, or stopping on D1, loses at once.
        let broken = dims.is_border(fence) || walls.contains(&fence) || end == cell("D1");
        // Staying in the pocket: the first player closes the gap (4 cells against 12), unless
        // the move itself already separated the second player into a smaller area.
        // Outside, the second player is shut in by one more fence only where its own fence
        // left it a single way out: a corner (B1, D4), or B4 unless the fence closes the gap.
        let shut_in = pocket.contains(&end)
            || end == cell("B1")
            || end == cell("D4")
            || (end == cell("B4") && input.dir != Dir::L);
        match verdict {
            puzzle::Judgement::LosesNow(_) => assert!(broken || pocket.contains(&end), "{name}"),
            puzzle::Judgement::Dies(_) => assert!(!broken && shut_in, "{name}"),
            puzzle::Judgement::Survives => {
                assert!(!broken && !shut_in, "{name}");
                survivors.push((end, input.dir));
            }
            puzzle::Judgement::EndsNow(r) => panic!("{name} ends the game: {r:?}"),
        }
        if !broken && !shut_in {
            assert_eq!(verdict, puzzle::Judgement::Survives, "{name}");
        }
    }
    // Counted by hand: B2, B3, C1, D2, D3 and C4 with their three sides that are neither the
    // border nor a wall (3 each), C2 and C3 with all four, and B4 closing the gap behind it.
    assert_eq!(survivors.len(), 6 * 3 + 2 * 4 + 1);
    assert!(survivors.contains(&(cell("B4"), Dir::L)));
}

// ---------------------------------------------------------------------------------------------
// What a seat knows from its own view (`knowledge`)
// ---------------------------------------------------------------------------------------------

/// Issue 42: bob on D2, alice reported exactly on D3 with a fence facing up: bob knows her cell
/// and the fence between D2 and D3 (her D3:U is the edge D2:D), besides his own.
#[test]
fn an_exact_report_pins_the_opponents_cell_and_the_fence_she_placed() {
    let mut st = game("report=exact", None);
    act(&mut st, Player::P1, "A1-B1 D");
    act(&mut st, Player::P2, "D4-D2 L");
    act(&mut st, Player::P1, "B1-C1-C3-D3 U");
    let bob = knowledge::Knowledge::of(&st.view(Viewer::Seat(Player::P2.seat()))).unwrap();
    assert_eq!((bob.cell, bob.opponent_cell()), (cell("D2"), Some(cell("D3"))));
    assert!(bob.is_fenced(edge("D3:U")) && bob.is_fenced(edge("D2:D")), "{:?}", bob.fences);
    assert!(bob.is_fenced(edge("D2:L")), "his own fence: {:?}", bob.fences);
    // Alice's first fence (B1:D) was placed where bob's report pinned her too: on B1.
    assert!(bob.is_fenced(edge("B1:D")), "{:?}", bob.fences);
    assert_eq!(bob.fences.len(), 3, "{:?}", bob.fences);
    // Alice knows bob's cell from her last report (exact) and none of his fences' cells but
    // the one of his ply 2, which the exact report of ply 2 pinned.
    let alice = knowledge::Knowledge::of(&st.view(Viewer::Seat(Player::P1.seat()))).unwrap();
    assert_eq!(alice.opponent_cell(), Some(cell("D2")));
    assert!(alice.is_fenced(edge("C2:R")) && alice.is_fenced(edge("D3:U")));
}

/// Under the default eight-direction reports nothing is pinned on a 4×4 board after one move:
/// bob (on D4) is told alice is up-left, which leaves every cell up and to the left of D4.
#[test]
fn an_eight_direction_report_leaves_every_consistent_cell_and_pins_no_fence() {
    let mut st = game("", None);
    act(&mut st, Player::P1, "A1-B1 D");
    let bob = knowledge::Knowledge::of(&st.view(Viewer::Seat(Player::P2.seat()))).unwrap();
    let up_left: Vec<Cell> = D4.cells().filter(|c| c.c < 3 && c.r < 3).collect();
    assert_eq!(bob.opponent, up_left);
    assert_eq!(bob.opponent_cell(), None);
    assert!(bob.fences.is_empty(), "{:?}", bob.fences);
    assert!(bob.is_fenced(edge("D4:R")), "the border is always fenced");
    // A straight report with a distance pins the cell: alice straight up, distance 3.
    let mut st = game("report=dir8+manhattan", None);
    act(&mut st, Player::P1, "A1-D1 L");
    let bob = knowledge::Knowledge::of(&st.view(Viewer::Seat(Player::P2.seat()))).unwrap();
    assert_eq!(bob.opponent_cell(), Some(cell("D1")));
    assert!(bob.is_fenced(edge("C1:R")), "{:?}", bob.fences);
}
