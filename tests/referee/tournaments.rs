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
                .split(": round ")
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
    assert_eq!(
        said[0],
        "Only this community's administrators make tournaments here (they may let everyone: /settings tournaments=everyone)."
    );
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

#[tokio::test]
async fn a_round_robin_follows_the_berger_table_and_a_withdrawn_players_games_are_forfeited() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let script = "!admin alice\n\
                  alice@#club: /tournament new ultima format=roundrobin rounds=3\n\
                  alice@#club: /tournament new ultima format=roundrobin\n\
                  bob@#club: /tournament join\n\
                  carol@#club: /tournament join\n\
                  dave@#club: /tournament join\n\
                  carol@#club: /tournament leave\n\
                  carol@#club: /tournament join\n\
                  alice@#club: /tournament start\n\
                  erin@#club: /tournament join\n";
    let out = run_words(script, &db).await;
    let said = texts(&out, "#club");
    assert!(
        said[0].starts_with("rounds=3 is not a setting this tournament can take"),
        "{}",
        said[0]
    );
    assert!(said[1].starts_with("alice made the Ultima round robin #1"), "{}", said[1]);
    assert_eq!(said[5], "carol left the Ultima round robin #1.");
    // Seeded bob 1, dave 2, carol 3 (carol joined again last). Three players: the Berger table
    // of four with number 4 a bye. Its round 1 is 1–4, 2–3: bob sits out, dave (white) meets
    // carol.
    let rounds = rounds_started(&out, "#club");
    assert_eq!(rounds.len(), 1, "{said:#?}");
    let r1 = &rounds[0].1;
    assert!(r1.contains(&Board {
        white: "dave".into(),
        black: Some("carol".into()),
        game: r1[0].game
    }));
    assert!(r1.contains(&Board { white: "bob".into(), black: None, game: None }), "{r1:?}");
    assert!(said[said.len() - 1].starts_with("This tournament takes no more players"));
    // carol withdraws during round 1 and resigns: dave wins. Round 2 (4–3, 1–2): carol's bye
    // stands as a bye, bob (white) meets dave.
    let id = r1.iter().find_map(|b| b.game).unwrap();
    let out =
        run_words(&format!("carol@#club: /tournament leave\ncarol@#club: /resign #{id}\n"), &db)
            .await;
    let rounds = rounds_started(&out, "#club");
    assert_eq!(rounds.len(), 1, "{:#?}", texts(&out, "#club"));
    let r2 = &rounds[0].1;
    let game = r2.iter().find(|b| b.black.is_some()).unwrap();
    assert_eq!((game.white.as_str(), game.black.as_deref()), ("bob", Some("dave")));
    // A draw. Round 3 (2–4, 3–1): dave sits out, and carol–bob is not played: bob scores it.
    let (line, _) = finish(game, 1, "#club");
    let out = run_words(&line, &db).await;
    let said = texts(&out, "#club");
    let r3 = said.iter().find(|t| t.contains("round 3 of 3 has started")).expect("round 3");
    assert!(r3.contains("carol – bob: not played, 0–1"), "{r3}");
    assert!(r3.contains("dave: bye (0)"), "{r3}");
    // No game to play in round 3: the tournament ends at once. bob 1½ (a draw and a forfeit),
    // dave 1½ (a win and a draw), carol 0. Sonneborn-Berger counts games played: bob ½ × 1½,
    // dave 1 × 0 + ½ × 1½; equal, and their game was a draw: they share first place.
    let last = said.iter().find(|t| t.contains("final standings")).expect("final standings");
    let expected: BTreeMap<String, u32> =
        [("bob".to_string(), 3), ("dave".to_string(), 3), ("carol".to_string(), 0)].into();
    assert_eq!(final_points(last), expected, "{last}");
    assert!(last.contains("1-2. bob") && last.contains("1-2. dave"), "{last}");
    assert!(
        last.contains("share first place in the Ultima round robin #1 with a score of 1½ each"),
        "{last}"
    );
}

/// A small deterministic generator for the simulations' results.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 =
            self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

/// Plays a whole tournament of `players` (named `p01`…) made by `new`, round by round, each
/// run a restart: most games resigned or drawn, one in six left to lose on time, and the
/// player `withdraws` (by number) leaving during round `withdraw_in`. Returns every round's
/// boards, each player's points as tallied here, and the final standings' text.
async fn simulate(
    new: &str,
    players: usize,
    withdraws: usize,
    withdraw_in: u32,
) -> (Vec<Vec<Board>>, HashMap<String, u32>, String) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("a.db");
    let name = |i: usize| format!("p{i:02}");
    let mut script = format!("!admin alice\nalice@#club: {new}\n");
    for i in 1..=players {
        script.push_str(&format!("{}@#club: /tournament join\n", name(i)));
    }
    script.push_str("alice@#club: /tournament start\n");
    let mut out = run_words(&script, &db).await;
    let mut rng = Lcg(44);
    let mut rounds = Vec::new();
    let mut points: HashMap<String, u32> = HashMap::new();
    loop {
        let said = texts(&out, "#club");
        if let Some(last) = said.iter().find(|t| t.contains("final standings")) {
            return (rounds, points, last.clone());
        }
        let started = rounds_started(&out, "#club");
        assert_eq!(started.len(), 1, "round {}: {said:#?}", rounds.len() + 1);
        let (round, boards) = started.into_iter().next().expect("a round");
        assert_eq!(round as usize, rounds.len() + 1);
        let mut script = String::new();
        let mut anchor: Option<(Board, String)> = None;
        if round == withdraw_in {
            script.push_str(&format!("{}@#club: /tournament leave\n", name(withdraws)));
        }
        for b in &boards {
            let Some(black) = &b.black else {
                // A Swiss bye is a point; a round robin's sitting out is none.
                let bye = said.iter().any(|t| t.contains(&format!("{}: bye (1)", b.white)));
                *points.entry(b.white.clone()).or_default() += if bye { 2 } else { 0 };
                continue;
            };
            if b.game.is_none() {
                // A round robin's game of a withdrawn player: its present player scores.
                let w = name(withdraws);
                *points
                    .entry(if b.white == w { black.clone() } else { b.white.clone() })
                    .or_default() += 2;
                continue;
            }
            if rng.below(6) == 0 {
                // Left to the clock: white, to move, loses on time.
                *points.entry(black.clone()).or_default() += 2;
                continue;
            }
            let white_points = [2, 1, 0][usize::try_from(rng.below(3)).expect("below 3")];
            let (line, got) = finish(b, white_points, "#club");
            match anchor {
                None => anchor = Some((b.clone(), line)),
                Some(_) => script.push_str(&line),
            }
            for (p, n) in got {
                *points.entry(p).or_default() += n;
            }
        }
        // The games left to the clock run out before the round's last game ends (the next
        // round starts then, and its clocks must not have run): that game's white moves
        // before their time is up, and its end comes after the others' time ran out.
        match anchor {
            Some((b, line)) => {
                let id = b.game.unwrap_or_default();
                script.push_str(&format!("!clock +9m\n{}@#club: /move c2c5 #{id}\n", b.white));
                script.push_str(&format!("!clock +2m\n{line}"));
            }
            None => script.push_str("!clock +11m\n"),
        }
        rounds.push(boards);
        out = run_words(&script, &db).await;
    }
}

/// Each player's colours (white `true`) over the rounds, `None` for a round without a game.
fn colour_history(rounds: &[Vec<Board>]) -> HashMap<String, Vec<Option<bool>>> {
    let mut history: HashMap<String, Vec<Option<bool>>> = HashMap::new();
    for (i, boards) in rounds.iter().enumerate() {
        for b in boards.iter().filter(|b| b.game.is_some()) {
            for (p, white) in
                [(&b.white, true), (b.black.as_ref().expect("a game has two players"), false)]
            {
                let h = history.entry(p.clone()).or_default();
                h.resize(i, None);
                h.push(Some(white));
            }
        }
    }
    history
}

#[tokio::test]
async fn a_64_player_swiss_of_seven_rounds_runs_to_the_end_within_the_dutch_rules() {
    let (rounds, points, last) =
        simulate("/tournament new ultima format=swiss rounds=7 clock=live", 64, 17, 3).await;
    assert_eq!(rounds.len(), 7);
    let mut met = HashSet::new();
    let mut byes: HashMap<&str, usize> = HashMap::new();
    for (i, boards) in rounds.iter().enumerate() {
        let mut seen = HashSet::new();
        for b in boards {
            for p in std::iter::once(&b.white).chain(&b.black) {
                assert!(seen.insert(p.clone()), "{p} twice in round {}", i + 1);
                assert!(i < 3 || p != "p17", "the withdrawn player paired in round {}", i + 1);
            }
            match &b.black {
                None => *byes.entry(b.white.as_str()).or_default() += 1,
                Some(black) => {
                    let mut pair = [b.white.clone(), black.clone()];
                    pair.sort();
                    assert!(met.insert(pair.clone()), "{pair:?} met twice");
                }
            }
        }
        // 64 players: no bye until one withdraws, then one each round.
        let expected = if i < 3 { 64 } else { 63 };
        assert_eq!(seen.len(), expected, "round {}", i + 1);
    }
    assert!(byes.values().all(|n| *n == 1), "{byes:?}");
    assert_eq!(byes.len(), 4);
    for (p, h) in colour_history(&rounds) {
        let played: Vec<bool> = h.iter().flatten().copied().collect();
        let whites = played.iter().filter(|w| **w).count();
        let difference = i64::try_from(whites * 2).unwrap() - i64::try_from(played.len()).unwrap();
        assert!(difference.abs() <= 2, "{p}: {h:?}");
        assert!(!played.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]), "{p}: {h:?}");
    }
    let expected: BTreeMap<String, u32> = points.into_iter().collect();
    assert_eq!(final_points(&last).len(), 64, "{last}");
    assert_eq!(final_points(&last), expected, "{last}");
}

#[tokio::test]
async fn a_ten_player_double_round_robin_meets_every_pair_twice_with_colours_reversed() {
    let (rounds, points, last) =
        simulate("/tournament new ultima format=roundrobin double=yes clock=live", 10, 4, 10).await;
    assert_eq!(rounds.len(), 18);
    let mut games: HashMap<[String; 2], Vec<String>> = HashMap::new();
    for boards in &rounds {
        assert_eq!(boards.len(), 5, "{boards:?}");
        for b in boards {
            let black = b.black.clone().expect("no bye in an even field");
            let mut pair = [b.white.clone(), black];
            pair.sort();
            games.entry(pair).or_default().push(b.white.clone());
        }
    }
    assert_eq!(games.len(), 45);
    for (pair, whites) in &games {
        assert_eq!(whites.len(), 2, "{pair:?}");
        assert_ne!(whites[0], whites[1], "{pair:?} with the same colours twice");
    }
    // From round 10 on, p04's games are forfeited to their opponents.
    for boards in &rounds[10..] {
        for b in boards.iter().filter(|b| b.white == "p04" || b.black.as_deref() == Some("p04")) {
            assert_eq!(b.game, None, "{b:?}");
        }
    }
    let expected: BTreeMap<String, u32> = points.into_iter().collect();
    assert_eq!(final_points(&last), expected, "{last}");
}

#[tokio::test]
async fn anyone_makes_a_tournament_where_the_administrators_allow_it_and_its_maker_runs_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let script = "!admin alice\n\
                  bob@#club.lobby: /settings tournaments=everyone\n\
                  bob@#club.lobby: /tournament new chaos-clock\n\
                  alice@#club.lobby: /settings tournaments=everyone\n\
                  bob@#club.games: /tournament new chaos-clock format=roundrobin\n\
                  carol@#club.games: /tournament join\n\
                  dave@#club.games: /tournament join\n\
                  carol@#club.games: /tournament end\n\
                  carol@#club.games: /tournament withdraw @dave\n\
                  bob@#club.games: /tournament start\n\
                  bob@#club.games: /tournament pairings 2\n\
                  alice@#club.lobby: /设置 比赛=管理员\n\
                  erin@#club.lobby: /tournament new ultima\n\
                  bob@#club.games: /tournament end\n";
    let out = run_words(script, &db).await;
    let lobby = texts(&out, "#club.lobby");
    assert_eq!(lobby[0], "Only an administrator of this chat may do that.", "{lobby:#?}");
    assert!(lobby[1].starts_with("Only this community's administrators make tournaments"));
    assert!(lobby[2].starts_with("Anyone in this community may make a tournament now"));
    let games = texts(&out, "#club.games");
    assert!(games[0].starts_with("bob made the Chaos Clock round robin #1"), "{games:#?}");
    // A member who did not make it neither ends it nor withdraws others.
    let organisers = "Only the tournament's maker or an administrator of its chat may do that.";
    assert_eq!([games[3].as_str(), games[4].as_str()], [organisers, organisers]);
    assert!(games[5].starts_with("Chaos Clock round robin #1: round 1 of 1 has started."));
    assert!(games.contains(&"Round 2 has not been paired.".to_string()), "{games:#?}");
    // Back to administrators only; the maker still ends their own.
    assert_eq!(lobby[3], "Only this community's administrators make tournaments now.");
    assert!(lobby[4].starts_with("Only this community's administrators make tournaments here"));
    let ended =
        games.iter().find(|t| t.starts_with("bob ended the Chaos Clock round robin #1 early"));
    assert!(ended.is_some(), "{games:#?}");
}
