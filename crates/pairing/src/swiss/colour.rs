//! Colour preferences (C.04.3 A.6) and colour allocation (C.04.3 article 5) of the Dutch system.

use crate::Colour;

/// How strongly a player wants a colour (C.04.3 A.6), weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Strength {
    /// No games played yet.
    None,
    /// Colour difference 0: alternate from the last game played.
    Mild,
    /// Colour difference ±1.
    Strong,
    /// Colour difference beyond ±1, or the same colour in the last two games played.
    Absolute,
}

/// A player's colour preference, with what allocation needs to break ties.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Preference {
    /// The colour wanted (`None` with [`Strength::None`]).
    pub colour: Option<Colour>,
    /// How strongly.
    pub strength: Strength,
    /// Whites minus blacks over the games played.
    pub difference: i32,
}

impl Preference {
    /// The preference after the colours of the games played so far (`None` = not played).
    pub(crate) fn of(history: &[Option<Colour>]) -> Preference {
        let played: Vec<Colour> = history.iter().flatten().copied().collect();
        let difference: i32 = played
            .iter()
            .map(|c| match c {
                Colour::White => 1,
                Colour::Black => -1,
            })
            .sum();
        let Some(&last) = played.last() else {
            return Preference { colour: None, strength: Strength::None, difference };
        };
        let twice = played.len() >= 2 && played[played.len() - 2] == last;
        let (colour, strength) = if difference > 1 {
            (Colour::Black, Strength::Absolute)
        } else if difference < -1 {
            (Colour::White, Strength::Absolute)
        } else if twice {
            (last.opposite(), Strength::Absolute)
        } else if difference == 1 {
            (Colour::Black, Strength::Strong)
        } else if difference == -1 {
            (Colour::White, Strength::Strong)
        } else {
            (last.opposite(), Strength::Mild)
        };
        Preference { colour: Some(colour), strength, difference }
    }

    /// Whether this is an absolute preference for `colour`.
    pub(crate) fn is_absolute_for(&self, colour: Colour) -> bool {
        self.strength == Strength::Absolute && self.colour == Some(colour)
    }
}

/// One side of a pair as allocation sees it.
pub(crate) struct Side<'a> {
    /// The player's preference.
    pub preference: &'a Preference,
    /// The player's colours by round, oldest first (the last entry is the previous round).
    pub history: &'a [Option<Colour>],
    /// The player's pairing number (rule 5.2.5 uses its parity).
    pub rank: u32,
}

/// The colour of the higher-ranked player `high` against `low` (C.04.3 article 5.2).
pub(crate) fn allocate(high: &Side<'_>, low: &Side<'_>, initial: Colour) -> Colour {
    let (hp, lp) = (high.preference, low.preference);
    match (hp.colour, lp.colour) {
        // 5.2.1: grant both preferences.
        (Some(h), Some(l)) if h != l => return h,
        (Some(h), None) => return h,
        (None, Some(l)) => return l.opposite(),
        (Some(h), Some(_)) => {
            // 5.2.2: grant the stronger preference; of two absolute ones, the wider difference.
            if hp.strength != lp.strength {
                return if hp.strength > lp.strength { h } else { h.opposite() };
            }
            if hp.strength == Strength::Absolute && hp.difference.abs() != lp.difference.abs() {
                return if hp.difference.abs() > lp.difference.abs() { h } else { h.opposite() };
            }
        }
        (None, None) => {}
    }
    // 5.2.3: alternate from the most recent round in which one had white and the other black.
    let rounds = high.history.len().min(low.history.len());
    for back in 1..=rounds {
        let h = high.history[high.history.len() - back];
        let l = low.history[low.history.len() - back];
        if let (Some(h), Some(l)) = (h, l)
            && h != l
        {
            return h.opposite();
        }
    }
    // 5.2.4: grant the higher-ranked player's preference.
    if let Some(h) = hp.colour {
        return h;
    }
    // 5.2.5: the initial colour to an odd pairing number, the other to an even one.
    if high.rank % 2 == 1 { initial } else { initial.opposite() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    fn pref(history: &[Colour]) -> Preference {
        Preference::of(&history.iter().copied().map(Some).collect::<Vec<_>>())
    }

    #[test]
    fn preferences_follow_the_colour_difference_and_the_last_two_games() {
        assert_eq!(pref(&[]).strength, Strength::None);
        let p = pref(&[W, B]);
        assert_eq!((p.colour, p.strength), (Some(W), Strength::Mild));
        let p = pref(&[W]);
        assert_eq!((p.colour, p.strength), (Some(B), Strength::Strong));
        let p = pref(&[B, W, W]);
        assert_eq!((p.colour, p.strength), (Some(B), Strength::Absolute));
        let p = pref(&[W, W, B, B]);
        assert_eq!((p.colour, p.strength), (Some(W), Strength::Absolute));
        let p = pref(&[W, B, W, W, B, W]);
        assert_eq!((p.colour, p.strength), (Some(B), Strength::Absolute));
    }

    #[test]
    fn unplayed_rounds_are_skipped_when_looking_for_the_last_two_games() {
        // Colour difference -1 alone would be strong; the two blacks around the gap make it
        // absolute.
        let p = Preference::of(&[Some(W), Some(B), None, Some(B)]);
        assert_eq!((p.colour, p.strength), (Some(W), Strength::Absolute));
    }

    #[test]
    fn the_stronger_preference_wins_and_ties_go_to_the_higher_ranked_player() {
        let strong = pref(&[B]);
        let mild = pref(&[W, B]);
        let h1 = [Some(B)];
        let h2 = [Some(W), Some(B)];
        let high = Side { preference: &mild, history: &h2, rank: 1 };
        let low = Side { preference: &strong, history: &h1, rank: 2 };
        // Both want white; the lower-ranked player's is strong, so the higher gets black.
        assert_eq!(allocate(&high, &low, W), B);
        let low = Side { preference: &mild, history: &h2, rank: 2 };
        // Equal, with the same history: 5.2.3 finds no round to alternate from, 5.2.4 decides.
        assert_eq!(allocate(&high, &low, W), W);
    }
}
