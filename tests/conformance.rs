//! The six contracts of the `Game` trait (STYLE §3.2), checked for every game in `AnyGame`.
//!
//! The contracts are written once, generically ([`check_playout`], [`check_no_leaks`]); each
//! game supplies a [`Harness`]: option sets to run under, a generator of arbitrary (often
//! illegal) actions, an independent opinion on which of them must be accepted, and a way to build
//! a "twin" game that differs from another only in what one seat may not know. A game joins the
//! suite with one `conformance!` line, and [`every_game_has_a_conformance_suite`] fails until it
//! does.
//!
//! Case counts follow `PROPTEST_CASES` (default 64 per option set, 16 for Rabble, whose
//! playouts cost ten times more, to keep CI quick).

use arbiter::core::{Audience, Prompt, Seat, Seed, ToAct, Viewer};
use arbiter::games::chaos_clock;
use arbiter::games::dark_fence::{self, Action, Cell, Dir, Mode, MoveInput, Player};
use arbiter::games::options::split_pairs;
use arbiter::games::perfect10;
use arbiter::games::rabble;
use arbiter::games::ultima;
use arbiter::games::{Game, GameKind, GameOptions};
use proptest::prelude::*;
use serde::Serialize;

/// A small deterministic generator driven by the proptest-chosen seed.
use arbiter::core::SplitMix64 as Rng;

/// True `percent` times in 100.
fn chance(rng: &mut Rng, percent: u64) -> bool {
    rng.next_u64() % 100 < percent
}

/// What a game supplies to the generic contracts.
trait Harness {
    type G: Game;
    const KIND: GameKind;
    /// Option sets (as `k=v,…` text) that the contracts run under.
    const OPTION_SETS: &'static [&'static str];
    /// Option sets for the no-leak contract (hidden information must vary under each, unless
    /// the game has perfect information).
    const LEAK_OPTION_SETS: &'static [&'static str];
    /// Whether the game has no hidden information at all: the no-leak contract still runs (the
    /// views must then be equal because the twins are equal), but nothing can vary.
    const PERFECT_INFORMATION: bool = false;
    /// Property cases per contract unless `PROPTEST_CASES` says otherwise.
    const CASES: u32 = 64;

    /// An arbitrary action for `seat`, legal or not.
    fn arbitrary_action(game: &Self::G, seat: Seat, rng: &mut Rng) -> <Self::G as Game>::Action;

    /// An action to advance a playout with (usually legal, so games get long).
    fn playout_action(game: &Self::G, seat: Seat, rng: &mut Rng) -> <Self::G as Game>::Action;

    /// For games whose `legal_actions` is not exhaustive: whether `play` must accept the action,
    /// derived independently of the engine's own checks, and the key of its effect (an accepted
    /// action's key must be the key of some listed action).
    fn expect_accepted(game: &Self::G, seat: Seat, action: &<Self::G as Game>::Action) -> bool;

    /// The effect of an action, for comparing accepted actions with the listed representatives.
    fn effect_key(action: &<Self::G as Game>::Action) -> String;

    /// Whether refusing `seat`'s action is a leak the rules make unavoidable and the spec
    /// documents (so the no-leak contract stops there instead of failing).
    fn documented_leak(game: &Self::G, seat: Seat, error: &<Self::G as Game>::Error) -> bool;

    /// An alternative action for the opponent of `seat` in `twin` whose hidden part differs from
    /// `original` (played in the other game), if one exists; `None` means "use the same action".
    fn hidden_alternatives(
        twin: &Self::G,
        mover: Seat,
        original: &<Self::G as Game>::Action,
        rng: &mut Rng,
    ) -> Vec<<Self::G as Game>::Action>;
}

fn options_of<H: Harness>(text: &str) -> <H::G as Game>::Options {
    let pairs = split_pairs(text).expect("option set parses");
    <<H::G as Game>::Options as GameOptions>::from_pairs(&pairs).expect("option set is valid")
}

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("views and events serialise")
}

/// Contracts 1, 2, 3, 5 and 6 along one random playout.
fn check_playout<H: Harness>(options_text: &str, seed: u64, max_steps: usize) {
    let options = options_of::<H>(options_text);
    let mut rng = Rng(seed);
    let mut game = H::G::new(&options, Seed(seed)).expect("new game");
    let start = game.clone();
    let mut log: Vec<(Seat, <H::G as Game>::Action)> = Vec::new();
    let ctx = |step: usize| format!("options `{options_text}`, seed {seed}, step {step}");
    for step in 0..=max_steps {
        game.check_invariants().unwrap_or_else(|e| panic!("invariant broken ({}): {e}", ctx(step)));
        let Some(seat) = game.to_act().seat() else { break };
        assert!(step < max_steps, "playout did not end within {max_steps} steps ({})", ctx(step));
        let legal = game.legal_actions(seat);
        assert!(!legal.is_empty(), "no legal action for the seat to act ({})", ctx(step));
        // Contract 1 (⇒) and 3 on a sample of the listed actions.
        for _ in 0..legal.len().min(12) {
            let action = &legal[rng.below(legal.len())];
            let mut probe = game.clone();
            assert!(probe.play(seat, action).is_ok(), "listed action refused ({})", ctx(step));
            let text = game.format_action(action);
            assert_eq!(
                game.parse_action(seat, &text).as_ref(),
                Ok(action),
                "`{text}` ({})",
                ctx(step)
            );
        }
        // Contract 1: nobody else may act; the refusal leaves the state as it was (contract 2).
        for other in [Seat(0), Seat(1), Seat(2)].into_iter().filter(|s| *s != seat) {
            assert!(game.legal_actions(other).is_empty(), "{other:?} has actions ({})", ctx(step));
            let mut probe = game.clone();
            assert!(
                probe.play(other, &legal[0]).is_err(),
                "{other:?} acted out of turn ({})",
                ctx(step)
            );
            assert!(probe == game, "refused action changed the state ({})", ctx(step));
        }
        // Contract 1 (⇔) and 2 on arbitrary actions.
        for _ in 0..6 {
            let action = H::arbitrary_action(&game, seat, &mut rng);
            let mut probe = game.clone();
            let result = probe.play(seat, &action);
            let expected = if <H::G as Game>::EXHAUSTIVE_ACTIONS {
                legal.contains(&action)
            } else {
                H::expect_accepted(&game, seat, &action)
            };
            assert_eq!(result.is_ok(), expected, "{action:?}: {result:?} ({})", ctx(step));
            if result.is_err() {
                assert!(probe == game, "refused {action:?} changed the state ({})", ctx(step));
            } else {
                let key = H::effect_key(&action);
                assert!(
                    legal.iter().any(|l| H::effect_key(l) == key),
                    "accepted {action:?} has an effect no listed action has ({})",
                    ctx(step)
                );
                let text = game.format_action(&action);
                assert_eq!(
                    game.parse_action(seat, &text),
                    Ok(action.clone()),
                    "`{text}` ({})",
                    ctx(step)
                );
            }
        }
        let action = H::playout_action(&game, seat, &mut rng);
        if game.play(seat, &action).is_ok() {
            log.push((seat, action));
        }
    }
    // Contract 6: replaying the log, typed and through notation, rebuilds the same state.
    let mut replay = start.clone();
    let mut by_text = start;
    for (seat, action) in &log {
        replay.play(*seat, action).expect("replayed action accepted");
        let parsed = by_text.parse_action(*seat, &by_text.format_action(action)).expect("notation");
        by_text.play(*seat, &parsed).expect("replayed notation accepted");
    }
    assert!(replay == game, "replay differs (options `{options_text}`, seed {seed})");
    assert!(
        by_text == game,
        "replay through notation differs (options `{options_text}`, seed {seed})"
    );
}

/// The kind and audience of each event: what must not depend on hidden information.
fn shape<E: Serialize>(events: &[arbiter::core::Noticed<E>]) -> Vec<(String, Audience)> {
    events
        .iter()
        .map(|n| {
            let value = serde_json::to_value(&n.event).expect("events serialise");
            let kind = value.get("type").map_or_else(String::new, ToString::to_string);
            (kind, n.audience)
        })
        .collect()
}

/// What `viewer` receives of a list of events, serialised.
fn visible<E: Serialize>(events: &[arbiter::core::Noticed<E>], viewer: Viewer) -> Vec<String> {
    events.iter().filter(|n| n.audience.reaches(viewer)).map(|n| json(&n.event)).collect()
}

/// Contract 4: two games that differ only in what `watcher` may not know look the same to
/// `watcher` and to the public at every step until one of them ends. Returns how many steps had
/// a hidden difference (so the caller can check the test really varied something).
fn check_no_leaks<H: Harness>(
    options_text: &str,
    seed: u64,
    watcher: Seat,
    max_steps: usize,
) -> usize {
    let options = options_of::<H>(options_text);
    let mut rng = Rng(seed ^ 0xA5A5);
    let mut a = H::G::new(&options, Seed(seed)).expect("new game");
    let mut b = a.clone();
    let mut varied = 0;
    for step in 0..max_steps {
        let ctx =
            format!("options `{options_text}`, seed {seed}, watcher {watcher:?}, step {step}");
        for viewer in [Viewer::Seat(watcher), Viewer::Public] {
            assert_eq!(
                json(&a.view(viewer)),
                json(&b.view(viewer)),
                "{viewer:?} view differs ({ctx})"
            );
        }
        let (Some(seat), Some(seat_b)) = (a.to_act().seat(), b.to_act().seat()) else { break };
        assert_eq!(seat, seat_b, "different seats to act ({ctx})");
        let action = H::playout_action(&a, seat, &mut rng);
        let mut next_a = a.clone();
        let Ok(events_a) = next_a.play(seat, &action) else { continue };
        if next_a.to_act().outcome().is_some() {
            break; // the final turn reveals everything anyway
        }
        if seat == watcher {
            // The watcher's own action, typed the same way in both games: whether it parses and
            // is accepted may depend only on what the watcher knows.
            let text = a.format_action(&action);
            assert_eq!(
                b.parse_action(seat, &text),
                a.parse_action(seat, &text),
                "parse differs ({ctx})"
            );
            let mut next_b = b.clone();
            let events_b = match next_b.play(seat, &action) {
                Ok(events) => events,
                Err(e) if H::documented_leak(&b, seat, &e) => break,
                Err(e) => panic!("accepted in one twin, refused in the other: {e} ({ctx})"),
            };
            if next_b.to_act().outcome().is_some() {
                break; // it may cross a fence only one twin has; the end reveals everything
            }
            // Same messages on every branch (spec §2.5 rule 3): the number, order, audiences
            // and kinds of messages never depend on hidden information.
            assert_eq!(shape(&events_a), shape(&events_b), "message shapes differ ({ctx})");
            // The contents may differ only where the rules now tell the watcher something new
            // (a relative report); from then on the twins no longer share the watcher's
            // knowledge, which is where the premise of this contract ends.
            let same = [Viewer::Seat(watcher), Viewer::Public]
                .iter()
                .all(|v| visible(&events_a, *v) == visible(&events_b, *v));
            if !same {
                break;
            }
            a = next_a;
            b = next_b;
            continue;
        }
        let mut candidates = H::hidden_alternatives(&b, seat, &action, &mut rng);
        candidates.push(action.clone());
        let mut chosen = None;
        for candidate in candidates {
            let mut next_b = b.clone();
            let Ok(events_b) = next_b.play(seat, &candidate) else { continue };
            if next_b.to_act().outcome().is_some() {
                continue;
            }
            // The opponent's alternative must announce the same public facts; what differs is
            // only what the watcher may not know (the path, the fence, the cell).
            if visible(&events_a, Viewer::Seat(watcher))
                == visible(&events_b, Viewer::Seat(watcher))
                && visible(&events_a, Viewer::Public) == visible(&events_b, Viewer::Public)
            {
                chosen = Some((next_b, candidate != action));
                break;
            }
        }
        let Some((next_b, differs)) = chosen else { break };
        varied += usize::from(differs);
        a = next_a;
        b = next_b;
    }
    varied
}

macro_rules! conformance {
    ($name:ident, $harness:ty) => {
        mod $name {
            use super::*;

            const MAX_STEPS: usize = 600;

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(
                    std::env::var("PROPTEST_CASES")
                        .ok()
                        .and_then(|v| v.parse().ok())
                        .unwrap_or(<$harness as Harness>::CASES)
                ))]

                #[test]
                fn contracts_hold_along_random_playouts(seed in any::<u64>()) {
                    for options in <$harness as Harness>::OPTION_SETS {
                        check_playout::<$harness>(options, seed, MAX_STEPS);
                    }
                }

                #[test]
                fn no_seat_or_public_view_depends_on_hidden_information(seed in any::<u64>()) {
                    for options in <$harness as Harness>::LEAK_OPTION_SETS {
                        for watcher in [Seat(0), Seat(1)] {
                            check_no_leaks::<$harness>(options, seed, watcher, MAX_STEPS);
                        }
                    }
                }
            }

            #[test]
            fn the_no_leak_check_really_varies_hidden_information() {
                // A perfect-information game has nothing to vary: a few seeds show that no
                // twin ever differs; a game with secrets needs enough of them to vary often.
                let seeds = if <$harness as Harness>::PERFECT_INFORMATION { 8u64 } else { 40 };
                for options in <$harness as Harness>::LEAK_OPTION_SETS {
                    let varied: usize = (0..seeds)
                        .flat_map(|seed| [Seat(0), Seat(1)].map(|w| (seed, w)))
                        .map(|(seed, w)| check_no_leaks::<$harness>(options, seed, w, MAX_STEPS))
                        .sum();
                    if <$harness as Harness>::PERFECT_INFORMATION {
                        assert_eq!(varied, 0, "hidden variations in a perfect-information game");
                    } else {
                        assert!(varied > 20, "only {varied} hidden variations under `{options}`");
                    }
                }
            }
        }
    };
}

/// Every game in `AnyGame` must have a `conformance!` line below.
const COVERED: &[GameKind] = &[
    <DarkFence as Harness>::KIND,
    <Ultima as Harness>::KIND,
    <Perfect10 as Harness>::KIND,
    <ChaosClock as Harness>::KIND,
    <Rabble as Harness>::KIND,
];

#[test]
fn every_game_has_a_conformance_suite() {
    assert_eq!(COVERED, GameKind::ALL, "add a conformance! line for each new game");
}

conformance!(dark_fence_contracts, DarkFence);
conformance!(ultima_contracts, Ultima);
conformance!(perfect10_contracts, Perfect10);
conformance!(chaos_clock_contracts, ChaosClock);
conformance!(rabble_contracts, Rabble);

// ---------------------------------------------------------------------------------------------
// Dark Fence

struct DarkFence;

fn random_cell(dims: dark_fence::Dims, rng: &mut Rng, off_board_percent: u64) -> Cell {
    if chance(rng, off_board_percent) {
        return Cell::new(
            dims.cols + u8::try_from(rng.below(3)).unwrap_or(0),
            u8::try_from(rng.below(30)).unwrap_or(0),
        );
    }
    Cell::new(
        u8::try_from(rng.below(usize::from(dims.cols))).unwrap_or(0),
        u8::try_from(rng.below(usize::from(dims.rows))).unwrap_or(0),
    )
}

/// A path of straight segments from `from` (sometimes with a bend that is not straight).
fn random_path(
    dims: dark_fence::Dims,
    from: Cell,
    rng: &mut Rng,
    crooked_percent: u64,
) -> Vec<Cell> {
    let mut path = vec![from];
    for _ in 0..rng.below(5) {
        let at = *path.last().unwrap_or(&from);
        let next = if chance(rng, crooked_percent) {
            random_cell(dims, rng, 0)
        } else if chance(rng, 50) {
            Cell::new(at.c, u8::try_from(rng.below(usize::from(dims.rows))).unwrap_or(0))
        } else {
            Cell::new(u8::try_from(rng.below(usize::from(dims.cols))).unwrap_or(0), at.r)
        };
        path.push(next);
    }
    path
}

fn random_dir(rng: &mut Rng) -> Dir {
    Dir::ALL[rng.below(4)]
}

fn player(seat: Seat) -> Player {
    Player::from_seat(seat).expect("two seats")
}

impl Harness for DarkFence {
    type G = dark_fence::State;
    const KIND: GameKind = GameKind::DarkFence;
    const OPTION_SETS: &'static [&'static str] = &[
        "",
        "board=2x2",
        "board=5x3,edge_empty=true,juesha=true,juesha_count_border=true",
        "start=free,report=exact,first_move_onto_opponent=allowed",
        "start=free,p2_sees_p1_start=false,allow_stay=false,report=dir16+manhattan",
        "board=6x6,edge_empty=true,edge_empty_repeat=true,max_waypoints=4",
        "mode=challenge",
        "mode=challenge,start=free,challenge_scope=latest-move-only",
        "mode=challenge,partition_handling=claim,commitments=true,ply_cap=12,cap_adjudication=replay-original",
        "mode=challenge,partition_handling=auto,auto_b=true,board=3x3",
        "mode=challenge,board=3x5,ply_cap=9,juesha=true",
    ];
    // Commitments are left out here: a published hash depends on the sealed record by design
    // (it is computationally hiding, not byte-identical); its own test checks it.
    const LEAK_OPTION_SETS: &'static [&'static str] = &[
        "",
        "board=5x5,report=dir16",
        "start=free,edge_empty=true",
        "start=free,p2_sees_p1_start=false,first_move_onto_opponent=allowed",
        "mode=challenge",
        "mode=challenge,start=free,partition_handling=claim",
    ];

    fn arbitrary_action(game: &Self::G, seat: Seat, rng: &mut Rng) -> Action {
        let dims = game.options().board;
        match rng.below(10) {
            0 => Action::Start(random_cell(dims, rng, 20)),
            1 => [Action::Challenge, Action::Pass, Action::Claim][rng.below(3)].clone(),
            _ => {
                let from = if chance(rng, 85) {
                    game.cell_of(player(seat)).unwrap_or(Cell::new(0, 0))
                } else {
                    random_cell(dims, rng, 10)
                };
                let mut path = random_path(dims, from, rng, 15);
                if chance(rng, 5) {
                    path.push(random_cell(dims, rng, 100));
                }
                if chance(rng, 3) {
                    path.clear();
                }
                Action::Move(MoveInput { path, dir: random_dir(rng) })
            }
        }
    }

    fn playout_action(game: &Self::G, seat: Seat, rng: &mut Rng) -> Action {
        match game.to_act() {
            ToAct::Seat(_, Prompt::Window) => {
                if chance(rng, 88) {
                    Action::Pass
                } else {
                    [Action::Challenge, Action::Claim][rng.below(2)].clone()
                }
            }
            _ => {
                let legal = game.legal_actions(seat);
                if legal.is_empty() || chance(rng, 3) {
                    return Self::arbitrary_action(game, seat, rng);
                }
                // Mostly moves that keep the game going, so playouts reach separations, full
                // boards and ply caps instead of ending on an early blunder.
                let keeps_going = |a: &Action| {
                    let mut probe = game.clone();
                    probe.play(seat, a).is_ok() && probe.to_act().outcome().is_none()
                };
                let first = rng.below(legal.len());
                if chance(rng, 90) {
                    for k in 0..legal.len() {
                        let candidate = &legal[(first + k) % legal.len()];
                        if keeps_going(candidate) {
                            return candidate.clone();
                        }
                    }
                }
                legal[first].clone()
            }
        }
    }

    // Written from the spec (§3.4 checks, §3.9.2, §3.10.1), not from the engine's code.
    fn expect_accepted(game: &Self::G, seat: Seat, action: &Action) -> bool {
        let ToAct::Seat(actor, prompt) = game.to_act() else { return false };
        if actor != seat {
            return false;
        }
        let options = game.options();
        let dims = options.board;
        let on_board = |c: &Cell| c.c < dims.cols && c.r < dims.rows;
        match (prompt, action) {
            (Prompt::Setup, Action::Start(cell)) => {
                on_board(cell)
                    && (player(seat) == Player::P1 || game.cell_of(Player::P1) != Some(*cell))
            }
            (Prompt::Window, Action::Challenge | Action::Pass) => true,
            (Prompt::Window, Action::Claim) => {
                options.partition_handling == dark_fence::PartitionHandling::Claim
            }
            (Prompt::Move, Action::Move(input)) => {
                let me = game.cell_of(player(seat));
                !input.path.is_empty()
                    && input.path.iter().all(on_board)
                    && input.path.first().copied() == me
                    && input.path.windows(2).all(|w| w[0].c == w[1].c || w[0].r == w[1].r)
                    && input.path.len() <= usize::from(options.max_waypoints)
                    && (options.allow_stay || input.path.iter().any(|c| Some(*c) != me))
            }
            _ => false,
        }
    }

    // Spec §3.9.2: with `p2_sees_p1_start=false`, P2 choosing P1's start still gets a private
    // refusal, "an unavoidable leak".
    fn documented_leak(game: &Self::G, seat: Seat, error: &dark_fence::ActionError) -> bool {
        !game.options().p2_sees_p1_start
            && seat == Seat(1)
            && matches!(error, dark_fence::ActionError::StartTaken { .. })
    }

    fn effect_key(action: &Action) -> String {
        match action {
            Action::Move(input) => format!("{} {}", input.final_cell(), input.dir),
            other => format!("{other:?}"),
        }
    }

    fn hidden_alternatives(
        twin: &Self::G,
        mover: Seat,
        original: &Action,
        rng: &mut Rng,
    ) -> Vec<Action> {
        let dims = twin.options().board;
        let me = twin.cell_of(player(mover)).unwrap_or(Cell::new(0, 0));
        match original {
            Action::Start(_) => (0..40).map(|_| Action::Start(random_cell(dims, rng, 0))).collect(),
            Action::Move(input) => {
                let mut out = Vec::new();
                for _ in 0..60 {
                    let mut path = random_path(dims, me, rng, 0);
                    if twin.options().mode == Mode::Challenge || chance(rng, 30) {
                        // In the challenge variant the final cell is public: vary only the path.
                        let target = input.final_cell();
                        let last = *path.last().unwrap_or(&me);
                        path.push(Cell::new(target.c, last.r));
                        path.push(target);
                    }
                    let dir = if twin.options().mode == Mode::Challenge {
                        random_dir(rng)
                    } else {
                        input.dir
                    };
                    out.push(Action::Move(MoveInput { path, dir }));
                }
                out
            }
            other => vec![other.clone()],
        }
    }
}

#[test]
fn dark_fence_listed_moves_cover_every_final_cell_and_direction() {
    // Contract 1 for a non-exhaustive game: one representative per (final cell, direction).
    let game =
        dark_fence::State::new(&options_of::<DarkFence>("board=3x2"), Seed(1)).expect("game");
    let keys: std::collections::BTreeSet<String> =
        game.legal_actions(Seat(0)).iter().map(DarkFence::effect_key).collect();
    assert_eq!(keys.len(), 6 * 4);
    assert!(matches!(game.to_act(), ToAct::Seat(Seat(0), Prompt::Move)));
    assert!(Audience::Only(Seat(0)).reaches(Viewer::Seat(Seat(0))));
}

// ---------------------------------------------------------------------------------------------
// Ultima

struct Ultima;

fn random_square(rng: &mut Rng) -> ultima::Square {
    let index = rng.below(64);
    ultima::Square::new(u8::try_from(index % 8).unwrap_or(0), u8::try_from(index / 8).unwrap_or(0))
}

impl Harness for Ultima {
    type G = ultima::State;
    const KIND: GameKind = GameKind::Ultima;
    // Short no-capture limits keep random playouts within MAX_STEPS; one set keeps the default.
    const OPTION_SETS: &'static [&'static str] = &[
        "",
        "immobilizer=pure,suicide=off,nocapture_limit=15",
        "chameleon=pure,setup=mirrored,nocapture_limit=10",
        "immobilizer=pure,chameleon=pure,nocapture_limit=5",
    ];
    const LEAK_OPTION_SETS: &'static [&'static str] = &["nocapture_limit=10"];
    const PERFECT_INFORMATION: bool = true;

    fn arbitrary_action(game: &Self::G, seat: Seat, rng: &mut Rng) -> ultima::Action {
        // Mostly from one of the mover's own pieces, to hit the interesting refusals (frozen,
        // blocked, exposing the king) rather than "no piece".
        let own: Vec<ultima::Square> = (0..64)
            .map(ultima::Square::from_index)
            .filter(|s| {
                game.piece_at(*s).is_some_and(|(c, _)| Some(c) == ultima::Color::from_seat(seat))
            })
            .collect();
        let from = if !own.is_empty() && chance(rng, 80) {
            own[rng.below(own.len())]
        } else {
            random_square(rng)
        };
        if chance(rng, 10) {
            return ultima::Action::Suicide { square: from };
        }
        if chance(rng, 3) {
            // Off the board: refused as malformed, the state untouched.
            return ultima::Action::Move { from, to: ultima::Square::new(8, 3) };
        }
        let to = if chance(rng, 50) {
            // Along a line from `from`, where most legal moves are.
            let (df, dr) = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)]
                [rng.below(8)];
            let k = i16::try_from(rng.below(7) + 1).unwrap_or(1);
            let f = i16::from(from.file) + df * k;
            let r = i16::from(from.rank) + dr * k;
            ultima::Square::new(
                u8::try_from(f.rem_euclid(8)).unwrap_or(0),
                u8::try_from(r.rem_euclid(8)).unwrap_or(0),
            )
        } else {
            random_square(rng)
        };
        if to == from {
            ultima::Action::Suicide { square: from }
        } else {
            ultima::Action::Move { from, to }
        }
    }

    fn playout_action(game: &Self::G, seat: Seat, rng: &mut Rng) -> ultima::Action {
        let legal = game.legal_actions(seat);
        if legal.is_empty() || chance(rng, 2) {
            return Self::arbitrary_action(game, seat, rng);
        }
        // Prefer captures half the time, so armies thin out and games end.
        if chance(rng, 50) {
            let first = rng.below(legal.len());
            for k in 0..legal.len() {
                let candidate = legal[(first + k) % legal.len()];
                let mut probe = game.clone();
                if probe.play(seat, &candidate).is_ok()
                    && !probe.view(Viewer::Public).captured.is_empty()
                {
                    return candidate;
                }
            }
        }
        legal[rng.below(legal.len())]
    }

    fn expect_accepted(game: &Self::G, seat: Seat, action: &ultima::Action) -> bool {
        game.legal_actions(seat).contains(action)
    }

    fn effect_key(action: &ultima::Action) -> String {
        action.to_string()
    }

    fn documented_leak(_game: &Self::G, _seat: Seat, _error: &ultima::Error) -> bool {
        false
    }

    fn hidden_alternatives(
        _twin: &Self::G,
        _mover: Seat,
        _original: &ultima::Action,
        _rng: &mut Rng,
    ) -> Vec<ultima::Action> {
        Vec::new() // nothing is hidden
    }
}

#[test]
fn ultima_views_are_the_same_for_every_viewer() {
    let game = ultima::State::new(&ultima::Options::default(), Seed(0)).expect("game");
    let public = game.view(Viewer::Public);
    for viewer in [Viewer::Seat(Seat(0)), Viewer::Seat(Seat(1)), Viewer::Referee] {
        assert_eq!(game.view(viewer), public, "{viewer:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Perfect 10 x 10

struct Perfect10;

fn random_square10(rng: &mut Rng) -> perfect10::Square {
    let index = rng.below(100);
    perfect10::Square::new(
        u8::try_from(index % 10).unwrap_or(0),
        u8::try_from(index / 10).unwrap_or(0),
    )
}

impl Harness for Perfect10 {
    type G = perfect10::State;
    const KIND: GameKind = GameKind::Perfect10;
    // The seed has no move rule; the house-rule option keeps random playouts within MAX_STEPS.
    const OPTION_SETS: &'static [&'static str] = &["move_rule=10", "move_rule=30"];
    const LEAK_OPTION_SETS: &'static [&'static str] = &["move_rule=10"];
    const PERFECT_INFORMATION: bool = true;

    fn arbitrary_action(game: &Self::G, seat: Seat, rng: &mut Rng) -> perfect10::Action {
        if chance(rng, 3) {
            return perfect10::Action::Pass;
        }
        if chance(rng, 3) {
            return perfect10::Action::Claim { with: None };
        }
        let own: Vec<perfect10::Square> = (0..100u8)
            .map(|i| perfect10::Square::new(i % 10, i / 10))
            .filter(|s| {
                game.piece_at(*s).is_some_and(|(c, _)| Some(c) == perfect10::Color::from_seat(seat))
            })
            .collect();
        let from = if !own.is_empty() && chance(rng, 80) {
            own[rng.below(own.len())]
        } else {
            random_square10(rng)
        };
        let to = if chance(rng, 3) { perfect10::Square::new(10, 2) } else { random_square10(rng) };
        let promotion = if chance(rng, 20) {
            Some(perfect10::Kind::ALL[rng.below(perfect10::Kind::ALL.len())])
        } else {
            None
        };
        let mv = perfect10::Move { from, to, promotion };
        if chance(rng, 3) {
            perfect10::Action::Claim { with: Some(mv) }
        } else {
            perfect10::Action::Move { mv }
        }
    }

    fn playout_action(game: &Self::G, seat: Seat, rng: &mut Rng) -> perfect10::Action {
        let legal = game.legal_actions(seat);
        if legal.is_empty() || chance(rng, 2) {
            return Self::arbitrary_action(game, seat, rng);
        }
        if let Some(claim) = legal.iter().find(|a| matches!(a, perfect10::Action::Claim { .. }))
            && chance(rng, 50)
        {
            return *claim;
        }
        // Prefer captures, so armies thin out and games end.
        if chance(rng, 70) {
            let first = rng.below(legal.len());
            for k in 0..legal.len() {
                let candidate = legal[(first + k) % legal.len()];
                if let perfect10::Action::Move { mv } = candidate
                    && game.piece_at(mv.to).is_some()
                {
                    return candidate;
                }
            }
        }
        legal[rng.below(legal.len())]
    }

    fn expect_accepted(game: &Self::G, seat: Seat, action: &perfect10::Action) -> bool {
        game.legal_actions(seat).contains(action)
    }

    fn effect_key(action: &perfect10::Action) -> String {
        action.to_string()
    }

    fn documented_leak(_game: &Self::G, _seat: Seat, _error: &perfect10::Error) -> bool {
        false
    }

    fn hidden_alternatives(
        _twin: &Self::G,
        _mover: Seat,
        _original: &perfect10::Action,
        _rng: &mut Rng,
    ) -> Vec<perfect10::Action> {
        Vec::new() // nothing is hidden
    }
}

#[test]
fn perfect10_views_are_the_same_for_every_viewer() {
    let game = perfect10::State::new(&perfect10::Options::default(), Seed(0)).expect("game");
    let public = game.view(Viewer::Public);
    for viewer in [Viewer::Seat(Seat(0)), Viewer::Seat(Seat(1)), Viewer::Referee] {
        assert_eq!(game.view(viewer), public, "{viewer:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Chaos Clock

struct ChaosClock;

impl Harness for ChaosClock {
    type G = chaos_clock::State;
    const KIND: GameKind = GameKind::ChaosClock;
    // The engine is the same under both option sets (start=fair is slow and covered by the
    // engine's own tests); hints only reach the view.
    const OPTION_SETS: &'static [&'static str] = &["", "hints=on"];
    const LEAK_OPTION_SETS: &'static [&'static str] = &[""];
    const PERFECT_INFORMATION: bool = true;

    fn arbitrary_action(_game: &Self::G, _seat: Seat, rng: &mut Rng) -> chaos_clock::Action {
        let n = u8::try_from(rng.below(12) + 1).unwrap_or(1);
        match rng.below(3) {
            0 => chaos_clock::Action::Drop(n),
            1 => chaos_clock::Action::Move(n),
            _ => chaos_clock::Action::Pass,
        }
    }

    fn playout_action(game: &Self::G, seat: Seat, rng: &mut Rng) -> chaos_clock::Action {
        let legal = game.legal_actions(seat);
        if legal.is_empty() || chance(rng, 5) {
            return Self::arbitrary_action(game, seat, rng);
        }
        // Passing rarely, so that games run long enough to capture and complete.
        let moves: Vec<_> =
            legal.iter().copied().filter(|a| *a != chaos_clock::Action::Pass).collect();
        if !moves.is_empty() && !chance(rng, 5) {
            return moves[rng.below(moves.len())];
        }
        legal[rng.below(legal.len())]
    }

    fn expect_accepted(game: &Self::G, seat: Seat, action: &chaos_clock::Action) -> bool {
        game.legal_actions(seat).contains(action)
    }

    fn effect_key(action: &chaos_clock::Action) -> String {
        action.to_string()
    }

    fn documented_leak(_game: &Self::G, _seat: Seat, _error: &chaos_clock::Error) -> bool {
        false
    }

    fn hidden_alternatives(
        _twin: &Self::G,
        _mover: Seat,
        _original: &chaos_clock::Action,
        _rng: &mut Rng,
    ) -> Vec<chaos_clock::Action> {
        Vec::new() // nothing is hidden
    }
}

// ---------------------------------------------------------------------------------------------
// Rabble chess

struct Rabble;

/// The rows `legal_actions` lists pawn turns from (spec §2.5: the contact rows; under
/// `band_empty` the last rows before the empty band).
fn rabble_rows(game: &rabble::State, side: rabble::Side) -> [i64; 2] {
    if game.options.band_empty { [side.row(3), side.row(4)] } else { [side.row(5), side.row(6)] }
}

impl Harness for Rabble {
    type G = rabble::State;
    const KIND: GameKind = GameKind::Rabble;
    const OPTION_SETS: &'static [&'static str] =
        &["", "select=off,band_empty=on", "select=off,red_gives=level5,quiet_limit=30"];
    const LEAK_OPTION_SETS: &'static [&'static str] = &["select=off"];
    const PERFECT_INFORMATION: bool = true;
    /// A Rabble playout costs about ten of another game's (an unbounded board, stacks, the
    /// selection), and its engine's own property tests (crates/games) cover its moves too: CI
    /// runs 16 cases per contract; `PROPTEST_CASES=64` (or more) runs the full count.
    const CASES: u32 = 16;

    /// Selection: four random letters (or the uniques); play: a lone pawn of the side to move on
    /// a listed row, one of 12 offsets (half of them not a pawn's), one of `>`, `x`, `&`; now
    /// and then a draw offer or acceptance.
    fn arbitrary_action(game: &Self::G, _seat: Seat, rng: &mut Rng) -> rabble::Action {
        use rabble::{Action, Coord, Kind, Step};
        if game.selecting().is_some() {
            let pool =
                [Kind::R, Kind::N, Kind::B, Kind::C, Kind::P, Kind::K, Kind::Q, Kind::J, Kind::G];
            let kinds = (0..4).map(|_| pool[rng.below(pool.len())]).collect();
            return if chance(rng, 20) { Action::Pick(Vec::new()) } else { Action::Pick(kinds) };
        }
        if chance(rng, 5) {
            return if chance(rng, 50) { Action::OfferDraw } else { Action::AcceptDraw };
        }
        let side = game.to_move;
        let rows = rabble_rows(game, side);
        let pawn = rabble::Unit::single(side, Kind::P);
        let origins: Vec<Coord> = rows
            .iter()
            .flat_map(|&y| (-1..=14).map(move |x| Coord::main(x, y)))
            .filter(|c| game.board().get(c) == Some(pawn.clone()))
            .collect();
        let Some(from) = origins.get(rng.below(origins.len().max(1))).cloned() else {
            return Action::OfferDraw;
        };
        let f = side.forward();
        let offsets = [
            (0, f),
            (0, 2 * f),
            (-1, 0),
            (1, 0),
            (-1, f),
            (1, f),
            (0, -f),
            (2, 0),
            (1, -f),
            (0, 3 * f),
            (2, 2 * f),
            (-1, -f),
        ];
        let (dx, dy) = offsets[rng.below(offsets.len())];
        let to = Coord::main(&from.x + dx, &from.y + dy);
        let step = match rng.below(3) {
            0 => Step::Move { to, via: None },
            1 => Step::Capture { to, via: None },
            _ => Step::Stack { to, via: None },
        };
        Action::Unit { from, check: None, split: None, steps: vec![step] }
    }

    fn playout_action(game: &Self::G, seat: Seat, rng: &mut Rng) -> rabble::Action {
        let legal = game.legal_actions(seat);
        if legal.is_empty() || chance(rng, 5) {
            return Self::arbitrary_action(game, seat, rng);
        }
        legal[rng.below(legal.len())].clone()
    }

    /// Worked out from the spec's tables alone: picks (§3), draw offers (§7 draw 1), and a lone
    /// pawn's six targets (§4.1) with the target's occupancy and the stacking price (§5).
    fn expect_accepted(game: &Self::G, _seat: Seat, action: &rabble::Action) -> bool {
        use rabble::{Action, Kind, Step};
        if let Some((_, step)) = game.selecting() {
            return match action {
                Action::Pick(k) if k.is_empty() => true,
                Action::Pick(k) if step == 8 => {
                    let mut k = k.clone();
                    k.sort();
                    k == [Kind::K, Kind::Q, Kind::J, Kind::G]
                }
                Action::Pick(k) => {
                    k.iter().all(|k| matches!(k, Kind::R | Kind::N | Kind::B | Kind::C | Kind::P))
                }
                _ => false,
            };
        }
        let side = game.to_move;
        match action {
            Action::Pick(_) => false,
            Action::OfferDraw => true,
            Action::AcceptDraw => game.draw_offer == Some(side.other()),
            Action::Unit { from, steps, .. } => {
                let [step] = steps.as_slice() else { return false };
                let f = side.forward();
                let (to, op) = match step {
                    Step::Move { to, .. } => (to, '>'),
                    Step::Capture { to, .. } => (to, 'x'),
                    Step::Stack { to, .. } => (to, '&'),
                    _ => return false,
                };
                // A pawn leaps at most two squares: an offset beyond an i64 is none of its six.
                let (Some(dx), Some(dy)) = ((&to.x - &from.x).to_i64(), (&to.y - &from.y).to_i64())
                else {
                    return false;
                };
                let pawn_offset = (dx == 0 && (dy == f || dy == 2 * f))
                    || (dx.abs() == 1 && (dy == 0 || dy == f));
                if !pawn_offset {
                    return false;
                }
                match (game.board().get(to), op) {
                    (None, '>') => true,
                    (Some(u), 'x') => u.owner != side && !u.has(Kind::J),
                    (Some(u), '&') if u.owner == side => {
                        if u.has(Kind::K) || u.has(Kind::J) {
                            return false;
                        }
                        let top = u.pieces.iter().map(|k| k.value()).max().unwrap_or(1).max(1);
                        let price = if side.in_zone(&to.y) { 1 } else { top };
                        price <= game.score[side.index()]
                    }
                    _ => false,
                }
            }
            Action::Drop { .. } => false,
        }
    }

    /// Picks have one effect class ("a pick"): `legal_actions` lists only the default as their
    /// representative. Everything else is keyed by its canonical text.
    fn effect_key(action: &rabble::Action) -> String {
        match action {
            rabble::Action::Pick(_) => "pick".to_string(),
            other => rabble::notation::format(other),
        }
    }

    fn documented_leak(_game: &Self::G, _seat: Seat, _error: &rabble::Error) -> bool {
        false
    }

    fn hidden_alternatives(
        _twin: &Self::G,
        _mover: Seat,
        _original: &rabble::Action,
        _rng: &mut Rng,
    ) -> Vec<rabble::Action> {
        Vec::new() // nothing is hidden
    }
}
