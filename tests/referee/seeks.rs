//! Seeks (issue 43, docs/community.md "Seeks") through transcripts, as the console plays them:
//! a seek waits in one channel and a matching `/seek` from another channel of the same
//! community starts the game in the first one, both players told; seeks on other terms or in
//! other communities wait apart; `/seek` lists, `/unseek` withdraws, a seek survives a restart,
//! offers the bot once after a wait and closes after a day; refusals change nothing.

use arbiter::store::{GameStatus, Store};

use crate::common::{run, texts_to};

/// The texts to `to`, plain (a moment as its UTC minute).
fn texts(out: &[serde_json::Value], to: &str) -> Vec<String> {
    texts_to(out, to).into_iter().map(arbiter::table::reply::plain).collect()
}

#[tokio::test]
async fn a_seek_waits_across_a_restart_and_a_matching_seek_from_another_channel_starts_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let out = run("alice@#club.lobby: /seek ultima clock=live\n", &db).await;
    assert_eq!(
        texts(&out, "#club.lobby"),
        ["alice seeks an opponent: Ultima, live, 10m per move, rated. To play, type /seek \
          ultima clock=live here or in another channel of this community. Open until \
          2026-01-02 00:00 UTC; /unseek withdraws it."]
    );
    // A second run is a restart: the seek was kept, and bob sees it from another channel.
    let script = "bob@#club.games: /seek\nbob@#club.games: /seek ultima clock=live\n";
    let out = run(script, &db).await;
    let listed = &texts(&out, "#club.games")[0];
    assert_eq!(
        listed,
        "Open seeks:\nalice: Ultima, live, 10m per move, rated. To play: /seek ultima clock=live"
    );
    // The game starts in the channel of the first seek; bob is told where, alice privately.
    let started = texts(&out, "#club.lobby");
    assert_eq!(started.len(), 1, "{out:#?}");
    assert!(started[0].starts_with("Ultima #1: "), "{}", started[0]);
    assert!(started[0].contains("alice") && started[0].contains("bob"), "{}", started[0]);
    assert_eq!(
        texts(&out, "#club.games")[1],
        "You are paired with alice: Ultima #1 is played in the channel where they asked."
    );
    assert_eq!(
        texts(&out, "dm:alice"),
        ["Your seek found an opponent: bob. Ultima #1 has started in the chat where you asked."]
    );
    // Stored as a running game of both, in the first seek's channel, and the seek is gone.
    let store = Store::open(&db).await.unwrap();
    let row = store.game(arbiter::store::GameId(1)).await.unwrap();
    assert_eq!(
        (row.status, row.chat.id.as_str(), row.kind.as_str()),
        (GameStatus::Active, "#club.lobby", "ultima")
    );
    assert!(row.rated && row.bot_level.is_none());
    let seats: Vec<String> = serde_json::from_str(&row.seats).unwrap();
    let mut players = seats.clone();
    players.sort();
    assert_eq!(players, ["alice", "bob"]);
    assert!(row.clock.contains("live"), "{}", row.clock);
    store.close().await;
    // White moves in the game's channel; the list is empty again.
    let white = &seats[0];
    let out = run(&format!("{white}@#club.lobby: /move c2c5\nbob@#club.games: /seek\n"), &db).await;
    assert!(
        texts(&out, "#club.lobby")[0].contains("c2c5")
            || texts(&out, "#club.lobby")[0].contains("c2-c5"),
        "{out:#?}"
    );
    assert_eq!(
        texts(&out, "#club.games"),
        ["No open seeks here. Start one: /seek <game> [options]."]
    );
}

#[tokio::test]
async fn seeks_on_other_terms_or_of_other_communities_wait_apart_and_are_withdrawn_by_their_seekers()
 {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let script = "alice@#club.lobby: /seek ultima\n\
                  bob@#club.games: /seek ultima clock=live\n\
                  carol@#other: /seek ultima\n\
                  dave@#club.lobby: /seek ultima rated=no\n\
                  erin@#club.lobby: /seek ultima nocapture_limit=40\n\
                  alice@#club.lobby: /seek ultima\n\
                  bob@#club.games: /seek\n\
                  bob@#club.games: /unseek\n\
                  bob@#club.games: /unseek\n\
                  alice@#club.lobby: /unseek rabble\n";
    let out = run(script, &db).await;
    let lobby = texts(&out, "#club.lobby");
    assert!(
        lobby[0].starts_with(
            "alice seeks an opponent: Ultima, 1d per move, rated. To play, type /seek ultima here"
        ),
        "{}",
        lobby[0]
    );
    assert!(lobby[1].starts_with("dave seeks an opponent: Ultima, 1d per move, unrated. To play, type /seek ultima rated=no here"), "{}", lobby[1]);
    assert!(lobby[2].starts_with("erin seeks an opponent: Ultima (nocapture_limit=40), 1d per move, rated. To play, type /seek ultima nocapture_limit=40 here"), "{}", lobby[2]);
    // The same seek again is renewed, told to its seeker.
    assert!(
        lobby[3].starts_with("Your seek is open again: Ultima, 1d per move, rated, until"),
        "{}",
        lobby[3]
    );
    assert_eq!(lobby[4], "You have no open seek.");
    assert!(texts(&out, "#other")[0].starts_with("carol seeks an opponent"));
    // The club lists its four seeks (carol's is another community's), oldest first.
    let games = texts(&out, "#club.games");
    let listed: Vec<&str> = games[1].lines().collect();
    assert_eq!(listed.len(), 5, "{}", games[1]);
    // Alice's renewed seek keeps its place (and its number: its button still answers it).
    assert!(listed[1].starts_with("alice: Ultima, 1d per move, rated."), "{}", games[1]);
    assert!(listed[2].starts_with("bob: Ultima, live"), "{}", games[1]);
    assert!(listed[3].starts_with("dave: "), "{}", games[1]);
    assert!(listed[4].starts_with("erin: "), "{}", games[1]);
    assert_eq!(games[2], "Your seek is withdrawn.");
    assert_eq!(games[3], "You have no open seek.");
    // Nothing paired: no game was created.
    let store = Store::open(&db).await.unwrap();
    assert!(
        store
            .games_with_status(&[GameStatus::Active, GameStatus::Invited])
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(store.open_seeks(0).await.unwrap().len(), 4);
}

#[tokio::test]
async fn bad_seeks_are_refused_with_the_reason_and_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let script = "alice@dm: /seek ultima scope=community\n\
                  alice@#t: /seek chess\n\
                  alice@#t: /seek ultima level=3\n\
                  alice@#t: /seek ultima clock=blitz\n\
                  alice@#t: /seek dark-fence position=\"4x4 p1=A1 p2=D4 to=p1\"\n\
                  alice@#t: /seek ultima per_move=1h\n\
                  alice@#t: /seek perfect10\n\
                  alice@#t: /seek rabble\n\
                  alice@#t: /seek chaos-clock\n\
                  alice@#t: /seek dark-fence\n\
                  alice@#t: /seek ultima clock=live\n";
    let out = run(script, &db).await;
    assert_eq!(texts(&out, "dm:alice"), ["Start games in a group channel, not in private."]);
    let said = texts(&out, "#t");
    assert!(said[0].starts_with("I don't know the game \"chess\""), "{}", said[0]);
    assert!(said[1].contains("level"), "{}", said[1]);
    assert!(said[2].contains("blitz"), "{}", said[2]);
    assert_eq!(
        said[3],
        "A seek is for a game from its normal start: to play from a position, use /new with position=."
    );
    // Five open seeks are the most; a sixth is refused.
    assert_eq!(said[9], "You already have 5 open seeks, the most allowed: /unseek one first.");
    let store = Store::open(&db).await.unwrap();
    assert_eq!(store.open_seeks(0).await.unwrap().len(), 5);
}

#[tokio::test]
async fn an_unanswered_seek_offers_the_bot_once_after_its_wait_and_closes_after_a_day() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let script = "alice@#t: /seek ultima clock=live per_move=5m\n\
                  bob@#t: /seek dark-fence\n\
                  !clock +4m\n";
    let out = run(script, &db).await;
    assert_eq!(texts(&out, "#t").len(), 2, "nothing offered before the wait: {out:#?}");
    // Five minutes for a live game, an hour for a correspondence game; each once.
    let out = run("!clock +1m\n!clock +1m\n", &db).await;
    assert_eq!(
        texts(&out, "dm:alice"),
        ["No one has answered your seek yet (Ultima, live, 5m per move, rated). Meanwhile you \
          can play me: /new ultima @bot clock=live per_move=5m (your seek stays open)."]
    );
    assert!(texts(&out, "dm:bob").is_empty());
    let out = run("!clock +1h\n", &db).await;
    assert_eq!(
        texts(&out, "dm:bob"),
        ["No one has answered your seek yet (Dark Fence, 1d per move, rated). Meanwhile you \
          can play me: /new dark-fence @bot (your seek stays open)."]
    );
    // The offer is what it says: that game starts against the bot, the seek still open.
    let out = run("alice@#t: /new ultima @bot clock=live per_move=5m\nbob@#t: /seek\n", &db).await;
    assert!(texts(&out, "#t")[0].starts_with("Ultima #1: "), "{out:#?}");
    assert!(texts(&out, "#t").last().unwrap().contains("alice: Ultima, live, 5m per move"));
    // A day after each was made, both close, each seeker told once.
    let out = run("!clock +1d\n!clock +1m\n", &db).await;
    assert_eq!(
        texts(&out, "dm:alice"),
        [
            "Your seek closed without an opponent: Ultima, live, 5m per move, rated. /seek again to keep waiting."
        ]
    );
    assert_eq!(texts(&out, "dm:bob").len(), 1);
    let out = run("bob@#t: /seek\n", &db).await;
    assert_eq!(texts(&out, "#t"), ["No open seeks here. Start one: /seek <game> [options]."]);
}

#[tokio::test]
async fn a_paired_dark_fence_game_tells_each_seeker_their_own_view_privately() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let script = "alice@#club.a: /seek dark-fence\nbob@#club.b: /seek dark-fence\n";
    let out = run(script, &db).await;
    let public = texts(&out, "#club.a");
    assert!(public[1].starts_with("Dark Fence #1: "), "{out:#?}");
    assert_eq!(
        texts(&out, "#club.b"),
        ["You are paired with alice: Dark Fence #1 is played in the channel where they asked."]
    );
    // Each player's own cell, privately, and only there: the first mover is asked for a move,
    // the other told to wait; the first seeker also hears that her seek was answered.
    let first = if public[1].contains("bob (moves first)") { "bob" } else { "alice" };
    let second = if first == "bob" { "alice" } else { "bob" };
    let to_first = texts(&out, &format!("dm:{first}"));
    let to_second = texts(&out, &format!("dm:{second}"));
    assert!(to_first.iter().any(|t| t.starts_with("#1: your move (ply 1).")), "{out:#?}");
    assert!(to_second.iter().any(|t| t.starts_with("#1: the game has begun;")), "{out:#?}");
    assert!(
        texts(&out, "dm:alice").iter().any(|t| t.starts_with("Your seek found an opponent: bob."))
    );
    for told in [&to_first, &to_second] {
        assert_eq!(told.iter().filter(|t| t.contains("Your cell:")).count(), 1, "{out:#?}");
    }
}

#[tokio::test]
async fn a_seeks_play_button_answers_it_once_from_its_community_and_not_for_its_own_seeker() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let out = run("alice@#club.a: /seek chaos-clock clock=live\n", &db).await;
    let announced = out.iter().find(|m| m["to"] == "#club.a").expect("the announcement");
    assert_eq!(announced["buttons"], serde_json::json!(["Play"]));
    let script = "alice@#club.a: /press 0:1:seek\n\
                  carol@#other: /press 0:1:seek\n\
                  bob@#club.b: /press 0:1:seek\n\
                  dave@#club.a: /press 0:1:seek\n";
    let out = run(script, &db).await;
    assert_eq!(
        texts(&out, "#club.a")[0],
        "That is your own seek: someone else's /seek on the same terms, or their press of Play, \
         starts the game. /unseek withdraws it."
    );
    // Another community's press finds no seek of its own community.
    assert!(texts(&out, "#other")[0].starts_with("That seek is no longer open"), "{out:#?}");
    // Bob's press starts the game on the seek's terms, in its channel; Dave's comes too late.
    let started = &texts(&out, "#club.a")[1];
    assert!(started.starts_with("Chaos Clock #1: "), "{started}");
    assert!(started.contains("live, 10m per move"), "{started}");
    assert_eq!(
        texts(&out, "#club.b"),
        ["You are paired with alice: Chaos Clock #1 is played in the channel where they asked."]
    );
    assert!(texts(&out, "#club.a").last().unwrap().starts_with("That seek is no longer open"));
    let store = Store::open(&db).await.unwrap();
    assert_eq!(store.games_with_status(&[GameStatus::Active]).await.unwrap().len(), 1);
}

#[tokio::test]
async fn everywhere_seeks_pair_across_communities_that_allow_it_and_are_played_privately() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let script = "alice@#a: /seek ultima scope=everywhere\n\
                  !admin alice\n\
                  bob@#b: /settings public-seeks=on\n\
                  alice@#a: /settings public-seeks=on\n\
                  alice@#a: /seek ultima scope=everywhere\n\
                  bob@#b: /seek\n\
                  carol@dm: /seek\n";
    let out = run(script, &db).await;
    let a = texts(&out, "#a");
    assert_eq!(
        a[0],
        "This community's seeks stay in it: an administrator lets them pair with other \
         communities by /settings public-seeks=on."
    );
    assert!(a[1].starts_with("This community's seeks with scope=everywhere now pair"), "{}", a[1]);
    assert!(
        a[2].starts_with(
            "alice seeks an opponent in every community that allows it: Ultima, 1d per move, \
             rated. Anyone there answers with /seek ultima scope=everywhere;"
        ),
        "{}",
        a[2]
    );
    // Bob administers nothing; his community does not see everywhere seeks; a private chat does.
    let b = texts(&out, "#b");
    assert_eq!(b[1], "No open seeks here. Start one: /seek <game> [options].");
    assert!(
        texts(&out, "dm:carol")[0]
            .contains("alice: Ultima, 1d per move, rated. To play: /seek ultima scope=everywhere")
    );
    // A seek typed privately is an everywhere seek: Carol's pairs with Alice's, and the game is
    // played in their private chats; no channel hears of it.
    let out = run("carol@dm: /seek ultima\n", &db).await;
    assert!(texts(&out, "#a").is_empty() && texts(&out, "#b").is_empty(), "{out:#?}");
    for player in ["dm:alice", "dm:carol"] {
        assert!(texts(&out, player).iter().any(|t| t.starts_with("Ultima #1: ")), "{out:#?}");
    }
    assert!(texts(&out, "dm:alice").iter().any(|t| t
        == "Your seek found an opponent: carol. Ultima #1 is played here, in our private chat."));
    let store = Store::open(&db).await.unwrap();
    let row = store.game(arbiter::store::GameId(1)).await.unwrap();
    assert_eq!((row.chat.id.as_str(), row.community.as_deref()), ("pool:1", Some("everywhere")));
    let seats: Vec<String> = serde_json::from_str(&row.seats).unwrap();
    store.close().await;
    // Typed in a channel, a move is sent to the private chat, which is named as such.
    let out = run(&format!("{}@#a: /move c2c5\n", seats[0]), &db).await;
    assert!(
        texts(&out, "#a")[0].contains("yours: #1 (Ultima) in our private chat. Type it there"),
        "{out:#?}"
    );
    // Moves are typed privately and announced to both players privately; a spectator follows
    // the game by its number from anywhere (it has no community) and gets the same lines.
    let script = format!("erin@dm: /follow #1\n{}@dm: /move c2c5\n", seats[0]);
    let out = run(&script, &db).await;
    for player in ["dm:alice", "dm:carol", "dm:erin"] {
        assert!(texts(&out, player).iter().any(|t| t.starts_with("#1 ply 1: ")), "{out:#?}");
    }
    assert!(texts(&out, "dm:erin")[0].contains("#1"), "{out:#?}");
    // Answered from a group: the answering player is told there, the game is still private.
    let script = "!admin bob\n\
                  bob@#b: /settings public-seeks=on\n\
                  bob@#b: /seek rabble scope=everywhere\n\
                  dave@#a: /seek rabble scope=everywhere\n";
    let out = run(script, &db).await;
    assert_eq!(
        texts(&out, "#a").last().unwrap(),
        "You are paired with bob: Rabble chess #2 is played in our private chat."
    );
    assert!(texts(&out, "dm:dave").iter().any(|t| t.starts_with("Rabble chess #2: ")), "{out:#?}");
    assert!(texts(&out, "dm:bob").iter().any(|t| t.starts_with("Rabble chess #2: ")), "{out:#?}");
    assert!(!texts(&out, "#b").iter().any(|t| t.starts_with("Rabble chess #2")), "{out:#?}");
}
