//! Tournament pairing for arbiter (issue 44): pure functions from standings to the next
//! round's games. No I/O, no clock, no randomness; the referee keeps the tournament's state
//! and the store saves it.
//!
//! - [`round_robin::berger`]: every round of a (double) round robin by the Berger tables of
//!   FIDE Handbook C.05 Annex 1, players as indices in seeding order.
//! - [`swiss::pair`]: the next round of a Swiss tournament by the FIDE Dutch system (Handbook
//!   C.04.3, the rules in force since 2017), players as [`swiss::Player`] records.
//! - [`standings::standings`]: the standings after finished rounds, ranked by points and
//!   tie-breaks (Buchholz, Sonneborn-Berger, direct encounter; unplayed rounds by FIDE's
//!   virtual opponent in a Swiss), with shared places and a crosstable.
//!
//! In games whose seats are not colours, **white is the seat that moves first** and black the
//! second.
//!
//! # The Swiss pairing
//!
//! What it does, in the order of C.04.3:
//!
//! - **Absolute criteria.** No two players meet twice (C.1); nobody gets a second
//!   pairing-allocated bye (C.2); two players with the same absolute colour preference do not
//!   meet (C.3). Together with the colour allocation this keeps every colour difference within
//!   ±2 and never gives anyone the same colour three games running.
//! - **The bye** (a full point is the caller's to record) goes to the lowest-ranked player of
//!   the lowest score group who has not had one and without whom everyone else can still be
//!   paired under the absolute criteria.
//! - **Brackets, top down.** Each score group, with the players who floated down into it, is
//!   paired by a search in the Dutch order: moved-down players against residents first, then
//!   S1 (upper half) against S2 (lower half) through the transpositions of S2 in lexicographic
//!   order. Every candidate must pass the **completion test**: the players it leaves to float
//!   down, together with every lower score group, can still all be paired (a blossom matching,
//!   so this is exact). Candidates are ranked by the quality criteria C.5 (most pairs), C.6
//!   (simplified, below), C.10 and C.11 (colour preferences), C.12–C.15 (no repeated
//!   downfloats or upfloats from the last two rounds).
//! - **Colours** by C.04.3 article 5: both preferences, else the stronger (of two absolute
//!   ones the wider colour difference), else alternate from the most recent round in which the
//!   two had different colours, else the higher-ranked player's preference, else the initial
//!   colour (drawn by lot, [`swiss::Options::initial_colour`]) to an odd pairing number.
//! - **Late joiners** are players with 0 points and a short or `None`-padded history;
//!   **withdrawn** players are simply not paired.
//! - **When no pairing keeps the absolute criteria** (tiny fields, many rounds), C.3 is
//!   given up first, then C.1 and C.2 (repeats only cost, so they are still avoided as far as
//!   the search budget reaches). [`swiss::Pairing::relaxed`] says which happened; it is
//!   [`swiss::Relaxation::None`] whenever a pairing keeping all three exists.
//!
//! ## Simplifications (where this is not the full Dutch system)
//!
//! 1. **Exchanges.** When no transposition works, FIDE exchanges players between S1 and S2 in
//!    a fixed order (fewest players exchanged, then by the differences of their pairing
//!    numbers). Here an S1 player that has tried every S2 partner tries the S1 players below
//!    it instead; the search therefore reaches every pairing of the bracket, but the order in
//!    which exchanged candidates are met is not FIDE's, so among equally good candidates
//!    another one may win.
//! 2. **C.6 (pairing score differences)** is reduced to "float the lowest scores": the sum of
//!    the floaters' scores is minimised. The full PSD comparison (the sorted list of score
//!    differences, with the artificial value for floaters) is not made. In a heterogeneous
//!    bracket, moved-down players are always offered residents first, highest MDP first.
//! 3. **C.7** (choose the downfloaters so that the next bracket pairs best) is only enforced
//!    as far as the completion test goes: the next bracket can be paired, but its quality is
//!    not looked ahead to.
//! 4. **C.8, C.9 and the topscorer exception** of the last round (topscorers may get a colour
//!    difference of ±3 or three same colours) are not implemented: C.3 is absolute for
//!    everyone, in every round. So no round number is needed.
//! 5. **C.16–C.19** (score differences of repeated floaters) are not implemented; only the
//!    counts of repeated floats (C.12–C.15) are.
//! 6. **The bye** is chosen before the brackets are paired (lowest eligible player whose
//!    absence still leaves a complete pairing) instead of falling out of the last bracket.
//!    The two agree except when the last bracket could be paired better with another bye.
//! 7. **Very long Swisses.** With far more rounds than a Swiss normally has (60 players over
//!    30 rounds, say), most candidates fail the completion test, brackets hit the cap of 200
//!    completion tests, and the matching fallback pairs them: still no repeats where they can
//!    be avoided, but more floaters than the Dutch rules would give.
//! 8. **The round-1 pairing and colours** follow from the same rules (one score group, S1
//!    against S2, colours by rule 5.2.5), which is what C.04.3 prescribes.
//!
//! ## Bounded search
//!
//! The Dutch search is exponential in the worst case. It is a branch and bound: every node's
//! cost so far plus a lower bound for the players still undecided (an odd one out must float,
//! and when more players want one colour than there are pairs, the excess cannot get it) is
//! compared with the best candidate found, and the search stops as soon as a candidate
//! reaches the bound of the whole bracket, which is the usual case. Otherwise it stops after
//! [`swiss::Options::bracket_budget`] search nodes (or 200 completion tests) with the best
//! legal candidate found; if it found none, it takes the pairs that a perfect matching of the
//! bracket and the lower groups gives inside the bracket. That matching exists by the previous
//! brackets' completion tests, so **the pairing never breaks an absolute criterion that some
//! pairing keeps**, whatever the budget: only the quality criteria can suffer.

pub mod round_robin;
pub mod standings;
pub mod swiss;

mod matching;

use serde::{Deserialize, Serialize};

/// A colour in a two-player game. In games whose seats are not colours, white is the seat
/// that moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Colour {
    /// The first seat.
    White,
    /// The second seat.
    Black,
}

impl Colour {
    /// The other colour.
    #[must_use]
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}
