//! Seeks `scope=everywhere` between the two chat platforms (issue 43): one referee serving
//! Discord and Telegram pairs a Discord player with a Telegram player; the game is hosted on the
//! first seeker's platform, and each player plays, is told and is rated on their own platform.
//! The stand-ins play the same through the real clients (`discord::a_discord_player_and_a_telegram_player…`).

// Helpers outside `#[test]` functions are test code too; a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use std::collections::HashMap;
use std::sync::Arc;

use arbiter::store::{GameId, GameStatus, Platform, Store, UserId};
use arbiter::table::clock::ManualClock;
use arbiter::table::reply::{Dest, Outbound, plain};
use arbiter::table::{Chat, Incoming, Referee};

/// A Discord user id (a snowflake) and a Telegram one (a small number).
const DAVE: &str = "310000000000000001";
const TOM: &str = "5001";
const TESS: &str = "5002";

/// A player's private line, as a function of its text.
type Says<'a> = Box<dyn Fn(&str) -> Incoming + 'a>;

async fn referee(db: &std::path::Path) -> Referee {
    let store = Store::open(db).await.unwrap();
    let policies = HashMap::from([
        (Platform::Discord, arbiter::bot::discord::policy()),
        (Platform::Telegram, arbiter::bot::telegram::policy(Some("arbiter_bot"))),
    ]);
    let clock = Arc::new(ManualClock::new(arbiter::bot::script::EPOCH));
    Referee::open(store, clock, 1, policies).await.unwrap()
}

fn dm(platform: Platform, user: &str, name: &str, text: &str) -> Incoming {
    Incoming {
        platform,
        user_id: user.into(),
        user_name: name.into(),
        chat: Chat::Private,
        input: text.into(),
        locale: None,
        is_admin: false,
        scope: arbiter::table::Scope::default(),
    }
}

/// The plain texts `out` sends privately to `user` on `platform`.
fn told(out: &[Outbound], platform: Platform, user: &str) -> Vec<String> {
    out.iter()
        .filter(|m| m.platform == platform && m.to == Dest::User(UserId::new(user)))
        .map(|m| plain(&m.text))
        .collect()
}

/// Every message goes to a user of its own platform, under their own id: never a qualified
/// seat id, never one platform's user through the other.
fn each_on_its_own_platform(out: &[Outbound]) {
    for m in out {
        let Dest::User(u) = &m.to else { panic!("a private game has no chat: {m:?}") };
        let expected = match u.as_str() {
            DAVE => Platform::Discord,
            TOM | TESS => Platform::Telegram,
            other => panic!("a message to {other}: {m:?}"),
        };
        assert_eq!(m.platform, expected, "{m:?}");
        assert!(!m.text.contains("telegram:") && !m.text.contains("discord:"), "{}", m.text);
    }
}

#[tokio::test]
async fn a_discord_seeker_and_a_telegram_seeker_meet_everywhere_and_each_plays_on_their_own_platform()
 {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let r = referee(&db).await;
    let dave = |text: &str| dm(Platform::Discord, DAVE, "dave", text);
    let tom = |text: &str| dm(Platform::Telegram, TOM, "tom", text);

    // Dave seeks from his Discord direct messages (everywhere, as a private seek is).
    let out = r.handle(dave("/seek ultima clock=live")).await;
    assert!(
        told(&out, Platform::Discord, DAVE)[0].starts_with("dave seeks an opponent"),
        "{out:?}"
    );
    // Tom, on Telegram, sees it and answers it with the same terms.
    let out = r.handle(tom("/seek")).await;
    let listed = &told(&out, Platform::Telegram, TOM)[0];
    assert!(
        listed.contains("dave: Ultima, live, 10m per move, rated")
            && listed.contains("/seek ultima clock=live scope=everywhere"),
        "{listed}"
    );
    let out = r.handle(tom("/seek ultima clock=live")).await;
    each_on_its_own_platform(&out);
    let to_dave = told(&out, Platform::Discord, DAVE);
    let to_tom = told(&out, Platform::Telegram, TOM);
    assert!(to_dave.iter().any(|t| t.starts_with("Ultima #1: ")), "{to_dave:?}");
    assert!(to_tom.iter().any(|t| t.starts_with("Ultima #1: ")), "{to_tom:?}");
    assert!(
        to_dave.iter().any(|t| t.starts_with("Your seek found an opponent: tom.")),
        "{to_dave:?}"
    );
    // Hosted on the first seeker's platform; the Telegram player's seat names its platform.
    let store = Store::open(&db).await.unwrap();
    let row = store.game(GameId(1)).await.unwrap();
    assert_eq!((row.platform, row.status), (Platform::Discord, GameStatus::Active));
    let seats: Vec<String> = serde_json::from_str(&row.seats).unwrap();
    let mut sorted = seats.clone();
    sorted.sort();
    assert_eq!(sorted, [DAVE.to_string(), format!("telegram:{TOM}")]);
    assert!(store.open_seeks(arbiter::bot::script::EPOCH).await.unwrap().is_empty());

    // White moves first: each plays from their own platform, both told on their own.
    let (white, black): (Says, Says) = if seats[0] == DAVE {
        (Box::new(dave), Box::new(tom))
    } else {
        (Box::new(tom), Box::new(dave))
    };
    let out = r.handle(white("/move c2c5")).await;
    each_on_its_own_platform(&out);
    assert!(told(&out, Platform::Discord, DAVE).iter().any(|t| t.contains("c2-c5")), "{out:?}");
    assert!(told(&out, Platform::Telegram, TOM).iter().any(|t| t.contains("c2-c5")), "{out:?}");
    // The wrong player's move is refused on their own platform and changes nothing.
    let out = r.handle(white("/move d2d4")).await;
    each_on_its_own_platform(&out);
    assert_eq!(out.len(), 1, "{out:?}");

    // Tess, on Telegram, follows the game by its number and hears the next move there.
    let out = r.handle(dm(Platform::Telegram, TESS, "tess", "/follow #1")).await;
    each_on_its_own_platform(&out);
    assert_eq!(told(&out, Platform::Telegram, TESS).len(), 1, "{out:?}");

    // A restart: a new referee on the same database resumes the game for both platforms.
    drop(r);
    let r = referee(&db).await;
    let out = r.handle(black("/move d7d5")).await;
    each_on_its_own_platform(&out);
    for (platform, user) in
        [(Platform::Discord, DAVE), (Platform::Telegram, TOM), (Platform::Telegram, TESS)]
    {
        let heard = told(&out, platform, user);
        // Names read back after the restart from each player's own platform.
        assert!(heard.iter().any(|t| t.contains("d7-d5") && t.contains("tom")), "{user}: {out:?}");
    }
    // `/games` on Telegram lists it; the Telegram player resigns from there.
    let out = r.handle(tom("/games")).await;
    assert!(told(&out, Platform::Telegram, TOM)[0].contains("#1"), "{out:?}");
    let out = r.handle(tom("/resign")).await;
    each_on_its_own_platform(&out);
    assert!(told(&out, Platform::Discord, DAVE).iter().any(|t| t.contains("resign")), "{out:?}");
    let row = store.game(GameId(1)).await.unwrap();
    assert_eq!(row.status, GameStatus::Over);

    // The record names both players by name; its user headers keep the seats as stored (the
    // qualified id, which `arbiter import` gives back to the seat).
    let record = arbiter::table::record::export(&store, GameId(1)).await.unwrap();
    let header = |key: &str| record.headers.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
    let (tom_colour, dave_colour) =
        if seats[0] == DAVE { ("Black", "White") } else { ("White", "Black") };
    assert_eq!(header(tom_colour).as_deref(), Some("tom"));
    assert_eq!(header(dave_colour).as_deref(), Some("dave"));
    assert_eq!(header(&format!("{tom_colour}User")), Some(format!("telegram:{TOM}")));
    // One pool between the platforms, each rating kept under its player's own platform.
    let dave_rated =
        store.ratings_of(Platform::Discord, "everywhere", &UserId::new(DAVE)).await.unwrap();
    let tom_rated =
        store.ratings_of(Platform::Telegram, "everywhere", &UserId::new(TOM)).await.unwrap();
    assert_eq!((dave_rated.len(), tom_rated.len()), (1, 1), "{dave_rated:?} {tom_rated:?}");
    assert_eq!((dave_rated[0].wins, tom_rated[0].losses), (1, 1));
    assert!(dave_rated[0].rating > tom_rated[0].rating);
    let qualified = store
        .ratings_of(Platform::Discord, "everywhere", &UserId::new(format!("telegram:{TOM}")))
        .await
        .unwrap();
    assert!(qualified.is_empty(), "no rating under a seat id: {qualified:?}");
    // A rebuild from the stored results comes to the same figures.
    let live = store.all_ratings().await.unwrap();
    store.rebuild_ratings().await.unwrap();
    assert_eq!(store.all_ratings().await.unwrap(), live);
}

#[tokio::test]
async fn a_telegram_player_who_never_opened_the_private_chat_cannot_answer_a_discord_seek() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let r = referee(&db).await;
    r.handle(dm(Platform::Discord, DAVE, "dave", "/seek chaos-clock")).await;
    // Tom types in a Telegram group whose administrators let its seeks out; the bot cannot
    // write to him privately yet (he never opened the private chat).
    let in_group = |text: &str, is_admin: bool| Incoming {
        chat: Chat::Group(arbiter::store::ChatId::new("-100200")),
        scope: arbiter::table::Scope {
            community: Some("-100200".into()),
            ..arbiter::table::Scope::default()
        },
        is_admin,
        ..dm(Platform::Telegram, TOM, "tom", text)
    };
    let out = r.handle(in_group("/settings public_seeks=on", true)).await;
    assert!(plain(&out[0].text).contains("everywhere"), "{out:?}");
    let group = in_group("/seek chaos-clock scope=everywhere", false);
    let out = r.handle(group).await;
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(plain(&out[0].text).contains("t.me/arbiter_bot"), "{}", out[0].text);
    let store = Store::open(&db).await.unwrap();
    assert!(store.game(GameId(1)).await.is_err(), "no game was made");
    assert_eq!(store.open_seeks(arbiter::bot::script::EPOCH).await.unwrap().len(), 1);
}

/// The link code in a `/link` answer.
fn code_in(text: &str) -> String {
    let at = text.find(": ").expect("a code") + 2;
    text[at..at + 9].to_string()
}

#[tokio::test]
async fn a_player_never_answers_their_own_seek_from_an_account_linked_on_the_other_platform() {
    use crate::common::{run, texts_to};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let out = run("bob@telegram/dm: /link\n", &db).await;
    let code = code_in(texts_to(&out, "dm:telegram/bob")[0]);
    let script = format!(
        "bob@discord/dm: /link {code}\nbob@telegram/dm: /seek ultima\nbob@discord/dm: /seek ultima\n"
    );
    let out = run(&script, &db).await;
    // Bob's Discord seek waits beside his Telegram one: no game of bob against bob.
    let discord = texts_to(&out, "dm:discord/bob");
    assert!(discord.last().unwrap().starts_with("bob seeks an opponent"), "{discord:?}");
    let store = Store::open(&db).await.unwrap();
    assert!(store.game(GameId(1)).await.is_err(), "no game was made");
    assert_eq!(store.open_seeks(arbiter::bot::script::EPOCH).await.unwrap().len(), 2);
    // Alice on Discord takes the oldest: bob's Telegram seek.
    let out = run("alice@discord/dm: /seek ultima\n", &db).await;
    assert!(
        texts_to(&out, "dm:telegram/bob").iter().any(|t| t.starts_with("Ultima #1: ")),
        "{out:#?}"
    );
    let row = store.game(GameId(1)).await.unwrap();
    assert_eq!(row.platform, Platform::Telegram);
    assert!(row.seats.contains("discord:alice"), "{}", row.seats);
}

#[tokio::test]
async fn a_telegram_players_vacation_holds_the_clock_of_a_game_hosted_on_discord_and_ends_when_they_play()
 {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let r = referee(&db).await;
    let dave = |text: &str| dm(Platform::Discord, DAVE, "dave", text);
    let tom = |text: &str| dm(Platform::Telegram, TOM, "tom", text);
    r.handle(dave("/seek ultima")).await;
    r.handle(tom("/seek ultima")).await;
    let store = Store::open(&db).await.unwrap();
    let seats: Vec<String> =
        serde_json::from_str(&store.game(GameId(1)).await.unwrap().seats).unwrap();
    // Tom goes on vacation for three days before his first move.
    let out = r.handle(tom("/vacation 3")).await;
    each_on_its_own_platform(&out);
    if seats[0] == DAVE {
        let out = r.handle(dave("/move c2c5")).await;
        each_on_its_own_platform(&out);
    }
    // Tom's turn: a day per move, counted from the end of his vacation.
    let now = arbiter::bot::script::EPOCH;
    let due = store.game(GameId(1)).await.unwrap().deadline_at.unwrap();
    assert!(due >= now + 4 * 86_400 - 60, "the clock waits for the vacation: {}", due - now);
    // He plays: his vacation ends (the days not begun given back), and the game's next
    // deadline is a day again.
    let on = store.user(Platform::Telegram, &UserId::new(TOM)).await.unwrap().unwrap();
    assert!(on.vacation_until.is_some() && on.vacation_used == 3, "{on:?}");
    let out = r.handle(tom(if seats[0] == DAVE { "/move d7d5" } else { "/move c2c5" })).await;
    each_on_its_own_platform(&out);
    let off = store.user(Platform::Telegram, &UserId::new(TOM)).await.unwrap().unwrap();
    assert_eq!((off.vacation_until, off.vacation_used), (None, 1), "{off:?}");
    let due = store.game(GameId(1)).await.unwrap().deadline_at.unwrap();
    assert_eq!(due - now, 86_400);
}

#[tokio::test]
async fn the_leaderboard_asked_privately_ranks_the_everywhere_pool_of_both_platforms() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let r = referee(&db).await;
    let dave = |text: &str| dm(Platform::Discord, DAVE, "dave", text);
    let tom = |text: &str| dm(Platform::Telegram, TOM, "tom", text);
    let tess = |text: &str| dm(Platform::Telegram, TESS, "tess", text);
    let out = r.handle(tess("/leaderboard ultima")).await;
    assert_eq!(
        told(&out, Platform::Telegram, TESS),
        ["No rated Ultima game has ended among the games paired everywhere yet."]
    );
    // Dave (Discord) beats Tom (Telegram) in a game hosted on Discord: a move each, then Tom
    // resigns.
    r.handle(dave("/seek ultima")).await;
    r.handle(tom("/seek ultima")).await;
    let store = Store::open(&db).await.unwrap();
    let seats: Vec<String> =
        serde_json::from_str(&store.game(GameId(1)).await.unwrap().seats).unwrap();
    let (white, black): (Says, Says) = if seats[0] == DAVE {
        (Box::new(dave), Box::new(tom))
    } else {
        (Box::new(tom), Box::new(dave))
    };
    r.handle(white("/move c2c5")).await;
    r.handle(black("/move d7d5")).await;
    r.handle(tom("/resign")).await;
    // Either platform's private chat reads the one pool; each reader finds their own place.
    let out = r.handle(tom("/leaderboard ultima")).await;
    let board = told(&out, Platform::Telegram, TOM).join("\n");
    assert!(board.starts_with("Ultima leaderboard of the games paired everywhere"), "{board}");
    let dave_at = board.find("1. dave ").expect("dave first");
    let tom_at = board.find("2. tom ").expect("tom second");
    assert!(dave_at < tom_at, "{board}");
    assert!(board.ends_with("You are number 2 of 2, at 1338?."), "{board}");
    let out = r.handle(dave("/leaderboard ultima")).await;
    assert!(told(&out, Platform::Discord, DAVE)[0].ends_with("You are number 1 of 2, at 1662?."));
    let out = r.handle(tess("/leaderboard ultima")).await;
    assert!(
        told(&out, Platform::Telegram, TESS)[0]
            .ends_with("You have no Ultima rating among the games paired everywhere yet: finish a rated game to get one."),
        "{out:?}"
    );
}
