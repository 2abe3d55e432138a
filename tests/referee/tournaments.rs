//! Tournaments (issue 44, docs/community.md "Tournaments") through transcripts, as the console
//! plays them: a Swiss and a round robin from `/tournament new` to the winner, every run a
//! restart; refusals change nothing; a withdrawal, a bye, a timeout and a forfeit count as the
//! rules say; a 64-player Swiss over seven rounds and a 10-player double round robin run to
//! the end with timeouts and a withdrawal, checked against the pairing rules. On PostgreSQL too
//! when `ARBITER_TEST_POSTGRES` is set (`run` and `run_words` compare the two).

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::common::{run_words, texts_to};

/// The texts to `to`, plain (a moment as its UTC minute).
fn texts(out: &[serde_json::Value], to: &str) -> Vec<String> {
    texts_to(out, to).into_iter().map(arbiter::table::reply::plain).collect()
}

/// One board of a round as announced: white (moves first), black (`None`: a bye), the game.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Board {
    white: String,
    black: Option<String>,
    game: Option<i64>,
}

/// The boards of the round announced in `text` ("…round N of M has started…").
fn boards(text: &str) -> Vec<Board> {
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let (_, rest) = line.split_once(". ")?;
            if let Some((white, _)) = rest.split_once(": bye") {
                return Some(Board { white: white.to_string(), black: None, game: None });
            }
            let (pair, result) = rest.split_once(": ")?;
            let (white, black) = pair.split_once(" – ")?;
            let game = result.strip_prefix('#').and_then(|r| r.split(',').next()?.parse().ok());
            Some(Board { white: white.to_string(), black: Some(black.to_string()), game })
        })
        .collect()
}

/// The rounds started in `out`, in order: (round number, boards).
fn rounds_started(out: &[serde_json::Value], chat: &str) -> Vec<(u32, Vec<Board>)> {
    texts(out, chat)
        .iter()
        .filter(|t| t.lines().next().is_some_and(|l| l.contains(" has started.")))
        .map(|t| {
            let head = t.lines().next().unwrap_or_default();
            let round = head
                .split("round ")
                .nth(1)
                .and_then(|r| r.split(' ').next())
                .and_then(|r| r.parse().ok())
                .unwrap_or(0);
            (round, boards(t))
        })
        .collect()
}

/// A line ending board `b`'s game with white's points `white` (2 win, 1 draw, 0 loss), and
/// the points it gives each player.
fn finish(b: &Board, white: u32, chat: &str) -> (String, [(String, u32); 2]) {
    let black = b.black.clone().unwrap_or_default();
    let id = b.game.unwrap_or_default();
    let line = match white {
        2 => format!("{black}@{chat}: /resign #{id}\n"),
        0 => format!("{}@{chat}: /resign #{id}\n", b.white),
        _ => format!("{}@{chat}: /draw #{id}\n{black}@{chat}: /draw accept #{id}\n", b.white),
    };
    (line, [(b.white.clone(), white), (black, 2 - white)])
}

/// Each player's points in the final standings of `text`, in half points.
fn final_points(text: &str) -> BTreeMap<String, u32> {
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let (_, rest) = line.split_once(". ")?;
            let (name, rest) = rest.split_once(": ")?;
            let points = rest.split(' ').next()?;
            let halves = match points.strip_suffix('½') {
                Some("") => 1,
                Some(whole) => whole.parse::<u32>().ok()? * 2 + 1,
                None => points.parse::<u32>().ok()? * 2,
            };
            Some((name.to_string(), halves))
        })
        .collect()
}

#[tokio::test]
async fn a_swiss_runs_from_its_making_to_its_winner_with_a_withdrawal_a_bye_and_a_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let script = "!admin alice\n\
                  bob@#club: /tournament new ultima\n\
                  alice@#club: /tournament new ultima format=swiss rounds=3 clock=live\n\
                  alice@#club: /tournament start\n\
                  bob@#club: /tournament join\n\
                  carol@#club: /比赛 加入\n\
                  dave@#club: /tournament join\n\
                  erin@#club: /tournament join\n\
                  bob@#club: /tournament join\n\
                  bob@#club: /tournament start\n\
                  alice@#club: /tournament new ultima\n\
                  alice@#club: /tournament start\n";
    let out = run_words(script, &db).await;
    let said = texts(&out, "#club");
    assert_eq!(said[0], "Only this chat's administrators make tournaments here.");
    assert!(said[1].starts_with("alice made the Ultima Swiss #1: Ultima, live, 10m per move"));
    assert!(said[1].contains("3 rounds, up to 200 players"), "{}", said[1]);
    assert_eq!(said[2], "A tournament needs at least two players to start: /tournament join.");
    assert_eq!(said[3], "bob joined the Ultima Swiss #1 (1 of at most 200 players).");
    assert_eq!(said[4], "carol joined the Ultima Swiss #1 (2 of at most 200 players).");
    assert_eq!(said[7], "You already play in this tournament.");
    assert_eq!(said[8], "Only the tournament's maker or an administrator of its chat may do that.");
    assert!(said[9].starts_with("This chat already has a tournament that is not over (#1)"));
    // Round 1: four unrated players seeded in the order they joined; the top half meets the
    // bottom half (1–3, 2–4), and the two higher seeds get opposite colours.
    let rounds = rounds_started(&out, "#club");
    assert_eq!(rounds.len(), 1, "{said:#?}");
    let r1 = &rounds[0].1;
    let pair = |b: &Board| {
        let mut p = vec![b.white.clone(), b.black.clone().unwrap_or_default()];
        p.sort();
        p
    };
    assert_eq!(r1.iter().map(pair).collect::<Vec<_>>(), [["bob", "dave"], ["carol", "erin"]]);
    assert_ne!(r1[0].white == "bob", r1[1].white == "carol", "{r1:?}");
    // Each player told privately whom they play and who moves first.
    let bob_told = &texts(&out, "dm:bob")[0];
    assert!(bob_told.starts_with("Ultima Swiss #1, round 1: you play dave"), "{bob_told}");
    let mut points: HashMap<String, u32> = HashMap::new();
    let mut colours: HashMap<String, Vec<bool>> = HashMap::new();
    for b in r1 {
        colours.entry(b.white.clone()).or_default().push(true);
        colours.entry(b.black.clone().unwrap_or_default()).or_default().push(false);
    }
    // Round 1's results, after a restart: bob beats dave, carol and erin draw.
    let mut script = String::new();
    for b in r1 {
        let white_points =
            if pair(b)[0] == "bob" { if b.white == "bob" { 2 } else { 0 } } else { 1 };
        let (line, got) = finish(b, white_points, "#club");
        script.push_str(&line);
        for (p, n) in got {
            *points.entry(p).or_default() += n;
        }
    }
    let out = run_words(&script, &db).await;
    let rounds = rounds_started(&out, "#club");
    assert_eq!(rounds.len(), 1, "{:#?}", texts(&out, "#club"));
    // Round 2 by score groups: bob (1) floats down to the ½ group and meets carol, whom he has
    // not met and whose colour preference is his opposite; dave (0) meets erin. Everyone gets
    // the other colour than in round 1 (every preference can be granted).
    let r2 = &rounds[0].1;
    assert_eq!(r2.iter().map(pair).collect::<Vec<_>>(), [["bob", "carol"], ["dave", "erin"]]);
    for b in r2 {
        assert_eq!(colours[&b.white], [false], "{b:?}");
        colours.entry(b.white.clone()).or_default().push(true);
        colours.entry(b.black.clone().unwrap_or_default()).or_default().push(false);
    }
    // dave withdraws during round 2: his game goes on, he is not paired again. bob beats
    // carol; dave's game is lost on time by whoever moves first in it.
    let bob_board = r2.iter().find(|b| pair(b)[0] == "bob").unwrap();
    let (line, got) = finish(bob_board, if bob_board.white == "bob" { 2 } else { 0 }, "#club");
    let timed_out = r2.iter().find(|b| pair(b)[0] == "dave").unwrap();
    for (p, n) in got {
        *points.entry(p).or_default() += n;
    }
    *points.entry(timed_out.black.clone().unwrap_or_default()).or_default() += 2;
    let script = format!("dave@#club: /tournament leave\n{line}!clock +11m\n");
    let out = run_words(&script, &db).await;
    let said = texts(&out, "#club");
    assert_eq!(
        said[0],
        "dave withdrew from the Ultima Swiss #1: not paired from round 3 on (a game being played \
         goes on)."
    );
    assert!(said.iter().any(|t| t.contains(&format!("{} lost on time", timed_out.white))));
    // Round 3 pairs the three left: one of them has the bye, a full point, and dave is not
    // paired.
    let rounds = rounds_started(&out, "#club");
    assert_eq!(rounds.len(), 1, "{said:#?}");
    let r3 = &rounds[0].1;
    assert_eq!(r3.len(), 2, "{r3:?}");
    assert!(r3.iter().all(|b| b.white != "dave" && b.black.as_deref() != Some("dave")));
    let bye = r3.iter().find(|b| b.black.is_none()).expect("a bye");
    *points.entry(bye.white.clone()).or_default() += 2;
    let game = r3.iter().find(|b| b.black.is_some()).unwrap();
    // Nobody meets an opponent twice.
    let met: HashSet<Vec<String>> = r1.iter().chain(r2).map(pair).collect();
    assert!(!met.contains(&pair(game)), "{game:?} met before");
    // The last game: white wins. The final standings and the winner follow at once.
    let (line, got) = finish(game, 2, "#club");
    for (p, n) in got {
        *points.entry(p).or_default() += n;
    }
    let script = format!("{line}bob@#club: /tournament join\nbob@dm: /tournament standings\n");
    let out = run_words(&script, &db).await;
    let said = texts(&out, "#club");
    let last = said.iter().find(|t| t.contains("final standings")).expect("final standings");
    let expected: BTreeMap<String, u32> = points.clone().into_iter().collect();
    assert_eq!(final_points(last), expected, "{last}");
    let best = points.values().max().copied().unwrap_or_default();
    let winners: Vec<&String> =
        points.iter().filter(|(_, p)| **p == best).map(|(n, _)| n).collect();
    for w in &winners {
        assert!(last.lines().last().is_some_and(|l| l.contains(w.as_str())), "{last}");
    }
    assert!(last.contains("dave") && last.contains("(withdrawn)"), "{last}");
    assert_eq!(
        said.last().unwrap(),
        "This tournament is over: /tournament standings shows its final standings."
    );
    // Privately, a player reaches their tournament: the same final standings.
    assert_eq!(texts(&out, "dm:bob"), std::slice::from_ref(last));
}
