//! The seed's puzzle (两人对局的题目): "an endgame of the original game seen from the god's
//! view, both sides knowing everything; you are B (the second player) and it is your move: how
//! do you move so that you may still survive the opponent's best next move (not necessarily
//! win)? Not hard: the key is understanding the rules." Its picture is lost, so the position
//! here is ours, built to ask exactly that (see `docs/dark-fence.md`, "The seed's puzzle"), and
//! [`judge`] answers any attempt by playing it and every reply on copies of the game with the
//! engine's own rules.

use std::collections::VecDeque;

use super::{Action, Cell, Dir, MoveInput, Player, State};
use crate::core::{GameResult, ToAct, Viewer};
use crate::games::Game;

/// The puzzle's position: a wall of three fences between columns A and B leaves a pocket of
/// four cells (A1 to A4) open only at the bottom, between A4 and B4. The second player stands
/// in the pocket on A1; the first player is outside on D1 and threatens to close the gap.
pub const POSITION: &str = "4x4 p1=D1 p2=A1 to=p2 fences=A1:R,A2:R,A3:R";

/// What an attempt comes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Judgement {
    /// The move itself ends the game, lost for its player (a broken rule, or a separation into
    /// the smaller area); the engine's reason code.
    LosesNow(&'static str),
    /// The move ends the game and its player does not lose (a win or a draw by areas).
    EndsNow(GameResult),
    /// The opponent has a reply that wins at once: this one.
    Dies(MoveInput),
    /// No reply of the opponent's wins at once.
    Survives,
}

/// Every move `player` could make in `state`: for each cell it can walk to without crossing a
/// fence (its own cell included), a shortest path there and each of the four fence sides.
/// Moves that break a rule at the end (a fence on the border or on a fence, stopping on the
/// opponent) are included: [`judge`] lets the engine rule on them.
#[must_use]
pub fn moves(state: &State, player: Player) -> Vec<MoveInput> {
    let view = state.view(Viewer::Referee);
    let dims = view.dims();
    let Some(start) = view.positions[player.index()] else { return Vec::new() };
    let fences: Vec<super::Edge> =
        view.reveal.as_ref().map(|r| r.fences.iter().map(|f| f.edge).collect()).unwrap_or_default();
    let mut parent: Vec<Option<Cell>> = vec![None; usize::from(dims.cols) * usize::from(dims.rows)];
    let mut seen = vec![false; parent.len()];
    let mut order = Vec::new();
    let mut queue = VecDeque::from([start]);
    seen[dims.index(start)] = true;
    while let Some(cell) = queue.pop_front() {
        order.push(cell);
        for dir in Dir::ALL {
            let Some(next) = dims.step(cell, dir) else { continue };
            if seen[dims.index(next)] || fences.contains(&dims.edge(cell, dir)) {
                continue;
            }
            seen[dims.index(next)] = true;
            parent[dims.index(next)] = Some(cell);
            queue.push_back(next);
        }
    }
    let mut out = Vec::new();
    for cell in order {
        let mut path = vec![cell];
        while let Some(p) = parent[dims.index(*path.last().unwrap_or(&cell))] {
            path.push(p);
        }
        path.reverse();
        for dir in [Dir::U, Dir::D, Dir::L, Dir::R] {
            out.push(MoveInput { path: path.clone(), dir });
        }
    }
    out
}

/// Plays `input` for the player to move on a copy of `state`, then every reply, and says what
/// the attempt comes to. `None` when no one is to move or the engine refuses the move as
/// malformed (nothing to judge).
#[must_use]
pub fn judge(state: &State, input: &MoveInput) -> Option<Judgement> {
    let ToAct::Seat(seat, _) = state.to_act() else { return None };
    let mut after = state.clone();
    after.play(seat, &Action::Move(input.clone())).ok()?;
    if let ToAct::Over(outcome) = after.to_act() {
        return Some(match outcome.result {
            GameResult::Winner(w) if w != seat => Judgement::LosesNow(outcome.reason),
            result => Judgement::EndsNow(result),
        });
    }
    let ToAct::Seat(other, _) = after.to_act() else { return None };
    let opponent = Player::from_seat(other)?;
    for reply in moves(&after, opponent) {
        let mut next = after.clone();
        if next.play(other, &Action::Move(reply.clone())).is_err() {
            continue;
        }
        if let ToAct::Over(outcome) = next.to_act()
            && outcome.result == GameResult::Winner(other)
        {
            return Some(Judgement::Dies(reply));
        }
    }
    Some(Judgement::Survives)
}
