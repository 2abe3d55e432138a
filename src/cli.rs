//! The analysis command line, `arbiter play` and `arbiter moves`: an exact interface that later
//! tools and checks depend on (see README "Command line").
//!
//! Both commands build a game from `--options`, `--position` and `--seed`; `play` applies actions
//! for whoever must act and prints one JSON object, `moves` prints the legal actions of the side
//! to act. The functions here return values instead of printing so tests can call them directly;
//! `main.rs` only prints and sets the exit status.

use serde_json::{Value, json};

use crate::core::{Audience, ErrorCode, GameResult, Noticed, Seed, Viewer};
use crate::games::{AnyEvent, AnyGame, AnyOptions, GameKind};

/// A refusal, printed as `{"error": {"action_index", "kind", "message"}}` with exit status 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliError {
    /// The 0-based index of the refused action, or `None` when the game could not be set up.
    pub action_index: Option<usize>,
    /// A stable kebab-case code.
    pub kind: String,
    /// A lowercase sentence for people.
    pub message: String,
}

impl CliError {
    fn setup(kind: &str, message: impl Into<String>) -> CliError {
        CliError { action_index: None, kind: kind.to_string(), message: message.into() }
    }

    /// The JSON object printed for this error.
    #[must_use]
    pub fn to_json(&self) -> Value {
        json!({"error": {"action_index": self.action_index, "kind": self.kind, "message": self.message}})
    }
}

/// What `play` and `moves` start from.
#[derive(Debug, Clone, Default)]
pub struct Setup {
    /// The game's code, e.g. `dark-fence`.
    pub game: String,
    /// `k=v,k=v` options (empty for the defaults).
    pub options: String,
    /// A position text to start from instead of the start position.
    pub position: Option<String>,
    /// The seed.
    pub seed: u64,
}

/// Builds the game described by `setup`.
///
/// # Errors
///
/// An unknown game, refused options or a refused position text.
pub fn build(setup: &Setup) -> Result<AnyGame, CliError> {
    let kind = GameKind::from_code(&setup.game).ok_or_else(|| {
        let known: Vec<&str> = GameKind::ALL.iter().map(|k| k.code()).collect();
        CliError::setup(
            "unknown-game",
            format!("unknown game `{}` (known: {})", setup.game, known.join(", ")),
        )
    })?;
    let options = AnyOptions::parse(kind, &setup.options)
        .map_err(|e| CliError::setup(e.code(), e.to_string()))?;
    let seed = Seed(setup.seed);
    match &setup.position {
        Some(text) => AnyGame::from_position(&options, text, seed)
            .map_err(|e| CliError::setup(e.code(), e.to_string())),
        None => AnyGame::new(&options, seed).map_err(|e| CliError::setup(e.code(), e.to_string())),
    }
}

/// Applies `actions` in order, each for whoever must act, and returns their events.
///
/// # Errors
///
/// The first action that is malformed, illegal or comes after the end (nothing after it is
/// applied), with its index.
fn apply(game: &mut AnyGame, actions: &[String]) -> Result<Vec<Noticed<AnyEvent>>, CliError> {
    let mut events = Vec::new();
    for (index, text) in actions.iter().enumerate() {
        let refuse = |kind: &str, message: String| CliError {
            action_index: Some(index),
            kind: kind.to_string(),
            message,
        };
        let seat = game.to_act().seat().ok_or_else(|| {
            refuse("game-over", format!("the game is over; `{text}` was not applied"))
        })?;
        let action = game.parse_action(seat, text).map_err(|e| refuse(e.code(), e.to_string()))?;
        events.extend(game.play(seat, &action).map_err(|e| refuse(e.code(), e.to_string()))?);
    }
    Ok(events)
}

/// A result as the CLI writes it everywhere: the winner's seat name (`white`, `p2`, `jia`),
/// `draw`, `both-win` or `both-lose`.
fn result_word(result: GameResult, kind: GameKind) -> String {
    match result {
        GameResult::Winner(seat) => kind.seat_name(seat),
        GameResult::Draw => "draw".into(),
        GameResult::BothWin => "both-win".into(),
        GameResult::BothLose => "both-lose".into(),
    }
}

/// Rewrites every `result` inside `value` that holds a serialised [`GameResult`] as
/// [`result_word`] does.
fn respell_results(value: &mut Value, kind: GameKind) {
    match value {
        Value::Object(map) => {
            if let Some(result) = map.get_mut("result")
                && let Ok(parsed) = serde_json::from_value::<GameResult>(result.clone())
            {
                *result = Value::String(result_word(parsed, kind));
            }
            for v in map.values_mut() {
                respell_results(v, kind);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| respell_results(v, kind)),
        _ => {}
    }
}

/// `arbiter play`: applies `actions` in order, each for whoever must act, and returns the JSON
/// object `{"game", "position", "to_act", "outcome", "events"}`.
///
/// # Errors
///
/// The setup fails, or an action is malformed or illegal (nothing after it is applied).
pub fn play(setup: &Setup, actions: &[String]) -> Result<Value, CliError> {
    let mut game = build(setup)?;
    let kind = game.kind();
    let mut events = Vec::new();
    for n in apply(&mut game, actions)? {
        let mut event = serde_json::to_value(&n.event).unwrap_or(Value::Null);
        let audience = match n.audience {
            Audience::Everyone => "everyone".to_string(),
            Audience::Only(s) => format!("only:{}", kind.seat_name(s)),
            Audience::AllBut(s) => format!("all-but:{}", kind.seat_name(s)),
        };
        if let Value::Object(map) = &mut event {
            map.insert("audience".into(), Value::String(audience));
        }
        // An event's result reads as the outcome's does (`white`, `draw`, `both-lose`), not as
        // the engine's data (`{"Winner": 0}`).
        respell_results(&mut event, kind);
        events.push(event);
    }
    let to_act = game.to_act();
    let outcome = to_act
        .outcome()
        .map(|o| json!({"result": result_word(o.result, kind), "reason": o.reason}));
    Ok(json!({
        "game": kind.code(),
        "position": game.position(),
        "to_act": to_act.seat().map(|s| kind.seat_name(s)),
        "outcome": outcome,
        "events": events,
    }))
}

/// `arbiter moves`: the legal actions of the side to act in canonical notation, sorted (empty
/// once the game is over). For games whose actions are unbounded (Dark Fence paths), one
/// representative per distinct effect.
///
/// # Errors
///
/// The setup fails.
pub fn moves(setup: &Setup) -> Result<Vec<String>, CliError> {
    let game = build(setup)?;
    if matches!(game, AnyGame::Rabble(_)) {
        return Err(CliError::setup(
            "unbounded-actions",
            "rabble has infinitely many turns: list one unit's with --from <x,y[,z,…]>",
        ));
    }
    let Some(seat) = game.to_act().seat() else { return Ok(Vec::new()) };
    let mut list: Vec<String> =
        game.legal_actions(seat).iter().map(|a| game.format_action(a)).collect();
    list.sort_by(|a, b| crate::table::natural_order(a, b));
    Ok(list)
}

/// `arbiter moves rabble --from <coord>`: the targets of the unit on one square (its leaps, its
/// rays as intervals with their first two occupied squares, its jumps, with prices), one line
/// per group. Only Rabble: the other games list every action with plain `moves`.
///
/// # Errors
///
/// The setup fails, the game is not Rabble, the coordinate does not read, or the square is
/// empty.
pub fn moves_from(setup: &Setup, from: &str) -> Result<Vec<String>, CliError> {
    let game = build(setup)?;
    let AnyGame::Rabble(state) = &game else {
        return Err(CliError::setup(
            "not-rabble",
            "--from lists one unit's targets in rabble only",
        ));
    };
    let coord = crate::games::rabble::Coord::parse(from)
        .map_err(|e| CliError::setup("bad-coordinate", e.to_string()))?;
    let text = crate::games::rabble::text::moves(state, &coord)
        .map_err(|e| CliError::setup("empty-square", e))?;
    Ok(text.lines().map(str::to_string).collect())
}

/// `arbiter perft`: with `divide`, one line `<action>: <count>` per legal action (sorted by
/// notation) for `depth`, then `depth d: <count>` for every depth from 1 to `depth`.
///
/// # Errors
///
/// The setup fails, the depth is 0, or the game's actions are unbounded (Dark Fence's paths),
/// where counting sequences has no meaning.
pub fn perft(setup: &Setup, depth: u32, divide: bool) -> Result<Vec<String>, CliError> {
    let game = build(setup)?;
    if !game.exhaustive_actions() {
        return Err(CliError::setup(
            "unbounded-actions",
            format!("`{}` has unboundedly many actions; perft counts only finite ones", setup.game),
        ));
    }
    if depth == 0 {
        return Err(CliError::setup("bad-depth", "the depth must be at least 1"));
    }
    let mut lines = Vec::new();
    if divide && let Some(seat) = game.to_act().seat() {
        let mut split: Vec<(String, u64)> = game
            .legal_actions(seat)
            .iter()
            .map(|action| {
                let mut next = game.clone();
                let count = match next.play(seat, action) {
                    Ok(_) => next.perft(depth - 1),
                    Err(_) => 0,
                };
                (game.format_action(action), count)
            })
            .collect();
        split.sort();
        lines.extend(split.into_iter().map(|(action, count)| format!("{action}: {count}")));
    }
    for d in 1..=depth {
        lines.push(format!("depth {d}: {}", game.perft(d)));
    }
    Ok(lines)
}

/// Which view `render` draws.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RenderView {
    /// One seat's private view, by seat name.
    Seat(String),
    /// The public view.
    Public,
    /// Everything (the referee's view, as in the reveal after a game).
    Reveal,
}

/// `arbiter render`: the image of one view of the game described by `setup`, after `actions`
/// (applied as `play` does).
///
/// # Errors
///
/// The setup fails or the seat name is unknown.
pub fn render(
    setup: &Setup,
    actions: &[String],
    which: &RenderView,
) -> Result<crate::render::Picture, CliError> {
    let mut game = build(setup)?;
    apply(&mut game, actions)?;
    let kind = game.kind();
    let viewer = match which {
        RenderView::Seat(name) => Viewer::Seat(kind.seat_by_name(name).ok_or_else(|| {
            CliError::setup(
                "unknown-seat",
                format!("unknown seat `{name}` (seats: {})", kind.seat_names().join(", ")),
            )
        })?),
        RenderView::Public => Viewer::Public,
        RenderView::Reveal => Viewer::Referee,
    };
    let caption = match which {
        RenderView::Seat(name) => format!("{kind} · {name}"),
        RenderView::Public => format!("{kind} · public"),
        RenderView::Reveal => format!("{kind} · reveal"),
    };
    // A seat's view of a square board is drawn from that seat's side.
    let theme = crate::render::Theme {
        flipped: viewer == Viewer::Seat(crate::core::Seat(1)),
        ..crate::render::Theme::default()
    };
    Ok(crate::render::render(&game.view(viewer), &caption, &theme))
}

/// `arbiter solve chaos-clock`: solves the position exactly and returns
/// `{"verdict", "result", "best", "positions", "ms"}` (verdict for the side to move: `win`,
/// `both-win`, `both-lose`, `lose`; result: `jia`, `yi`, `both-win`, `both-lose`; best: every
/// action that achieves the verdict). When the search would need more than `max_positions`
/// positions, the verdict and result are `unknown` and `best` is empty: it never guesses.
///
/// # Errors
///
/// The setup fails, or the game has no solver.
#[allow(clippy::disallowed_methods)] // "ms" reports the wall-clock time of the search
pub fn solve(setup: &Setup, max_positions: usize) -> Result<Value, CliError> {
    use crate::games::chaos_clock::{fast, solver};
    let game = build(setup)?;
    let AnyGame::ChaosClock(state) = &game else {
        return Err(CliError::setup(
            "no-solver",
            format!("`{}` has no solver (only chaos-clock has)", setup.game),
        ));
    };
    let pos = state.solver_pos();
    let started = std::time::Instant::now();
    let solved = fast::solve_best(&pos, max_positions);
    let ms = started.elapsed().as_millis();
    Ok(match solved {
        Ok(s) => json!({
            "verdict": solver::Verdict::of(s.value, pos.side).code(),
            "result": solver::result_code(s.value),
            "best": s.best().iter().map(ToString::to_string).collect::<Vec<_>>(),
            "positions": s.positions,
            "ms": ms,
        }),
        Err(b) => json!({
            "verdict": "unknown",
            "result": "unknown",
            "best": Vec::<String>::new(),
            "positions": b.positions,
            "ms": ms,
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn df(options: &str, position: Option<&str>) -> Setup {
        Setup {
            game: "dark-fence".into(),
            options: options.into(),
            position: position.map(str::to_string),
            seed: 7,
        }
    }

    #[test]
    fn play_reports_the_position_the_side_to_act_and_audience_tagged_events() {
        let out = play(&df("", None), &["A1-A4-B4-B3 R".into()]).unwrap();
        assert_eq!(out["game"], "dark-fence");
        assert_eq!(out["position"], "4x4 p1=B3 p2=D4 to=p2 fences=B3:R@p1");
        assert_eq!(out["to_act"], "p2");
        assert_eq!(out["outcome"], Value::Null);
        let events = out["events"].as_array().unwrap();
        assert_eq!(events.len(), 2);
        assert_eq!(events[0]["type"], "announced");
        assert_eq!(events[0]["audience"], "everyone");
        assert_eq!(events[0]["fence_dir"], "R");
        assert_eq!(events[0]["reports"][0]["dir"], "down-right", "P1 on B3 sees P2 on D4");
        assert_eq!(events[0]["reports"][1]["dir"], "up-left", "P2 on D4 sees P1 on B3");
        assert_eq!(events[1]["type"], "moved");
        assert_eq!(events[1]["audience"], "only:p1");
    }

    #[test]
    fn a_refused_action_names_its_index_and_stops_there() {
        let err =
            play(&df("", None), &["A1-A2 R".into(), "D4-B2 U".into(), "A2 R".into()]).unwrap_err();
        assert_eq!(err.action_index, Some(1));
        assert_eq!(err.kind, "not-straight");
        assert_eq!(err.message, "D4 to B2 is not a straight line");
    }

    #[test]
    fn a_finished_game_prints_the_winner_and_the_reason() {
        let out = play(&df("", None), &["A1 U".into()]).unwrap();
        assert_eq!(out["outcome"], json!({"result": "p2", "reason": "border-fence"}));
        // An event carrying a result writes it the same way, not as the engine's data
        // (`{"Winner": 0}`, `"BothLose"`): Chaos Clock's third repetition (the engine's test
        // line, `m6` and `pass` in turn from this position).
        let chaos = Setup {
            game: "chaos-clock".into(),
            options: String::new(),
            position: Some("1,2,6,4,5,0,7,8,0,10,11,12;1;0".into()),
            seed: 0,
        };
        let line: Vec<String> =
            (1..=9).map(|n| if n % 2 == 1 { "m6" } else { "pass" }.to_string()).collect();
        let out = play(&chaos, &line).unwrap();
        assert_eq!(out["outcome"], json!({"result": "both-lose", "reason": "repetition"}));
        let ended = out["events"].as_array().unwrap().iter().find(|e| e["type"] == "ended");
        assert_eq!(ended.unwrap()["outcome"]["result"], "both-lose");
        assert_eq!(out["to_act"], Value::Null);
        let err = play(&df("", None), &["A1 U".into(), "D4 U".into()]).unwrap_err();
        assert_eq!((err.action_index, err.kind.as_str()), (Some(1), "game-over"));
    }

    #[test]
    fn setup_errors_have_no_action_index() {
        let mut s = df("colour=red", None);
        assert_eq!(build(&s).unwrap_err().kind, "unknown-option");
        s = df("", Some("4x4 p1=A1"));
        assert_eq!(build(&s).unwrap_err().kind, "bad-position");
        s.game = "go".into();
        let err = build(&s).unwrap_err();
        assert_eq!((err.action_index, err.kind.as_str()), (None, "unknown-game"));
    }

    #[test]
    fn moves_lists_one_shortest_path_per_final_cell_and_direction() {
        let list = moves(&df("", None)).unwrap();
        assert_eq!(list.len(), 16 * 4, "every cell of 4x4 times four directions");
        assert!(list.contains(&"A1 U".to_string()));
        assert!(list.contains(&"A1-D1 R".to_string()));
        let mut sorted = list.clone();
        sorted.sort();
        assert_eq!(list, sorted);
        // With a fence under A1 the shortest way to A2 goes around it: A1-B1-B2-A2.
        let list = moves(&df("", Some("4x4 p1=A1 p2=D4 to=p1 fences=A1:D"))).unwrap();
        assert!(list.contains(&"A1-B1-B2-A2 D".to_string()), "{list:?}");
    }
}
