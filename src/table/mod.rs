//! The referee: platform-agnostic tables that own seats, turns, clocks, resign, draw offers,
//! takebacks and every sentence users see. Front ends (console, transcript runner, Discord,
//! Telegram) only translate to [`Incoming`] and from [`Outbound`](reply::Outbound).
//!
//! Order of effects for every change (STYLE §3.5): validate, apply to a copy, save (one
//! transaction, version-checked), then announce. One writer per game: each table sits behind its
//! own async mutex, and the store's version check catches a second writer anywhere else.
//!
//! The layers, one way (docs/architecture.md): input ([`command`], [`payload`]) → the operations
//! that decide (`dispatch`, `lookup`, `invite`, `play`, `endings`, `timers`, `bot_seat`,
//! `delivery`, `library`, `views`, `settings`, `community`, `away`, `follow`, `shared`, each an
//! `impl Referee` over the state in `referee` and the vocabulary in `types`) → the rules per
//! game (`games`) → typed events (the referee's notices and refusals, [`notice`]) → the voice
//! ([`voice`]: every sentence, each game's narrator, and the Fluent wording, private to it) →
//! replies ([`reply`]: `Lang`, `Outbound`, `Dest`, a leaf).

mod away;
mod bot_seat;
pub mod clock;
pub mod command;
mod community;
mod dates;
mod delivery;
mod dispatch;
mod endings;
pub mod error;
mod follow;
mod followups;
mod games;
mod invite;
mod library;
mod lookup;
pub mod notice;
pub mod payload;
mod play;
mod prelude;
pub mod record;
mod referee;
pub mod reply;
mod rounds;
mod rules;
mod seeks;
mod settings;
mod shared;
mod solver;
mod timers;
pub mod tournament_record;
mod tournaments;
mod types;
mod views;
pub mod voice;

pub use games::{game_aliases, kind_named};
pub use referee::{Referee, Work};
pub use types::{
    Answer, BOT_USER, BoxFuture, Chat, DEFAULT_INVITATION_LIMIT, DEFAULT_VACATION_DAYS,
    ENGINE_VERSION, Incoming, Input, Places, Policy, RoundPlaces, Scope,
};
pub use voice::natural_order;

#[cfg(test)]
mod tests {
    use super::voice::human_duration;

    #[test]
    fn numbered_texts_are_ordered_by_their_numbers() {
        let mut moves = vec!["m10", "d2", "m2", "pass", "m1", "d12", "m11", "c2c10", "c2c9"];
        moves.sort_by(|a, b| super::natural_order(a, b));
        assert_eq!(moves, ["c2c9", "c2c10", "d2", "d12", "m1", "m2", "m10", "m11", "pass"]);
        assert!(super::natural_order("m02", "m2").is_ne(), "different texts never compare equal");
    }
    use super::prelude::*;
    use super::*;

    /// A referee over a fresh store with one Chaos Clock game of alice (甲, to act) against bob
    /// in `#t`, hints on, from the spec's position where 甲 wins by m11 (a search of a few
    /// thousand positions).
    async fn hint_table() -> (tempfile::TempDir, Referee) {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let store = Store::open(&dir.path().join("a.db")).await.expect("the store opens");
        store
            .create_game(&NewGame {
                platform: crate::store::Platform::Script,
                chat: ChatId::new("#t"),
                kind: "chaos-clock".into(),
                options: "hints=on".into(),
                position: Some("4,3,7,11,5,10,12,0,0,2,0,0;0;7".into()),
                seed: 0,
                seats: r#"["alice","bob"]"#.into(),
                creator: "alice".into(),
                locale: "en".into(),
                status: GameStatus::Active,
                clock: serde_json::to_string(&TimeControl::default()).expect("serialises"),
                engine_version: ENGINE_VERSION,
                now: 0,
                community: None,
                parent_chat: None,
                rated: false,
                bot_level: None,
            })
            .await
            .expect("the game is written");
        let clock = Arc::new(clock::ManualClock::new(0));
        let referee =
            Referee::open(store, clock, 7, HashMap::new()).await.expect("the referee opens");
        (dir, referee)
    }

    fn alice_asks(text: &str) -> Incoming {
        Incoming {
            platform: crate::store::Platform::Script,
            user_id: "alice".into(),
            user_name: "alice".into(),
            chat: Chat::Private,
            input: text.into(),
            locale: None,
            is_admin: false,
            scope: Scope::default(),
        }
    }

    #[tokio::test]
    async fn a_game_started_in_a_forum_topic_lives_there_and_a_topic_beside_it_does_not_see_it() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let db = dir.path().join("topics.db");
        let store = Store::open(&db).await.expect("the store opens");
        let clock = Arc::new(clock::ManualClock::new(1_000));
        let referee = Referee::open(store.clone(), clock.clone(), 7, HashMap::new())
            .await
            .expect("the referee opens");
        let say = |user: &str, chat: &ChatId, text: &str| Incoming {
            platform: Platform::Script,
            user_id: user.into(),
            user_name: user.into(),
            chat: Chat::Group(chat.clone()),
            input: text.into(),
            locale: None,
            is_admin: false,
            scope: Scope::default(),
        };
        let (group, seven, eight) =
            (ChatId::new("-100"), ChatId::in_topic("-100", 7), ChatId::in_topic("-100", 8));
        let public = |out: &[Outbound]| -> Vec<Dest> {
            out.iter().filter(|m| matches!(m.to, Dest::Chat(_))).map(|m| m.to.clone()).collect()
        };
        let out = referee.handle(say("alice", &seven, "/new ultima @bob")).await;
        assert_eq!(public(&out), [Dest::Chat(seven.clone())], "the invitation is in the topic");
        // Neither the group's general chat nor another topic holds the invitation.
        for elsewhere in [&group, &eight] {
            let out = referee.handle(say("bob", elsewhere, "/accept")).await;
            assert_eq!(public(&out), [Dest::Chat(elsewhere.clone())], "refused where typed");
            let row = store.game(GameId(1)).await.expect("the game is stored");
            assert_eq!(row.status, GameStatus::Invited, "accepting from {elsewhere} changed it");
        }
        let out = referee.handle(say("bob", &seven, "/accept")).await;
        assert!(!out.is_empty() && public(&out).iter().all(|d| *d == Dest::Chat(seven.clone())));
        let row = store.game(GameId(1)).await.expect("the game is stored");
        assert_eq!((row.status, row.chat), (GameStatus::Active, seven.clone()));
        // After a restart the game is still found in its topic and still speaks there.
        drop(referee);
        let store = Store::open(&db).await.expect("the store opens again");
        let referee =
            Referee::open(store, clock, 7, HashMap::new()).await.expect("the referee reopens");
        let out = referee.handle(say("alice", &seven, "/move c2c5")).await;
        assert!(public(&out).contains(&Dest::Chat(seven.clone())), "{out:?}");
        assert!(public(&out).iter().all(|d| *d == Dest::Chat(seven.clone())), "{out:?}");
        let listed = referee.handle(say("alice", &seven, "/games")).await;
        assert!(listed.iter().any(|m| m.text.contains("#1 ")), "{listed:?}");
        let listed = referee.handle(say("alice", &eight, "/games")).await;
        assert!(listed.iter().all(|m| !m.text.contains("#1 ")), "{listed:?}");
    }

    #[tokio::test]
    async fn announcements_of_changes_are_kept_in_the_outbox_and_answers_to_questions_are_not() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let store = Store::open(&dir.path().join("o.db")).await.expect("the store opens");
        let clock = Arc::new(clock::ManualClock::new(1_000));
        let policy = Policy { outbox: true, ..Policy::default() };
        let policies = HashMap::from([(Platform::Script, policy)]);
        let referee =
            Referee::open(store.clone(), clock, 7, policies).await.expect("the referee opens");
        let say = |user: &str, text: &str| Incoming {
            platform: crate::store::Platform::Script,
            user_id: user.into(),
            user_name: user.into(),
            chat: Chat::Group("g".into()),
            input: text.into(),
            locale: None,
            is_admin: false,
            scope: Scope::default(),
        };
        let mut kept = Vec::new();
        for (user, text) in [("alice", "/new ultima @bob"), ("bob", "/accept"), ("bob", "/resign")]
        {
            let out = referee.handle(say(user, text)).await;
            assert!(!out.is_empty(), "{text}");
            assert!(out.iter().all(|m| m.outbox.is_some()), "{text}: {out:?}");
            kept.extend(out);
        }
        // Questions and refusals change nothing: sent at once, not kept.
        for (user, text) in [("alice", "/games"), ("alice", "/resign"), ("carol", "/help")] {
            let out = referee.handle(say(user, text)).await;
            assert!(out.iter().all(|m| m.outbox.is_none()), "{text}: {out:?}");
        }
        let stored = store.pending_messages(Platform::Script).await.expect("the outbox reads");
        let read: Vec<Outbound> = stored.iter().filter_map(Outbound::from_stored).collect();
        assert_eq!(read, kept, "kept exactly as answered, in order, images included");
        assert!(read.iter().any(|m| m.image.is_some()));
    }

    #[tokio::test]
    async fn a_second_solver_request_in_flight_is_refused_and_a_known_position_needs_no_search() {
        let (_dir, referee) = hint_table().await;
        // Alice has a request in flight: another one is refused at once.
        let held = referee.solver.reserve("user:script:alice").expect("nothing in flight");
        let out = referee.answer(alice_asks("/hint")).await;
        assert!(out.refused, "{out:?}");
        assert!(out.messages[0].text.contains("still being worked out"), "{out:?}");
        drop(held);
        // Answered once, the position's advice is kept ...
        let first = referee.answer(alice_asks("/hint")).await;
        assert!(!first.refused && first.messages[0].text.contains("Best: move 11"), "{first:?}");
        assert_eq!(referee.lock_advice().len(), 1);
        // ... so asking again needs no search, and no slot: it is answered even while another
        // request of hers is in flight.
        let _held = referee.solver.reserve("user:script:alice").expect("nothing in flight");
        let again = referee.answer(alice_asks("/hint")).await;
        assert_eq!(again, first);
    }

    #[test]
    fn durations_read_in_two_units_at_most() {
        assert_eq!(human_duration(90_061, Lang::En), "1d 1h");
        assert_eq!(human_duration(3_600 * 12, Lang::ZhHans), "12小时");
        assert_eq!(human_duration(0, Lang::En), "0s");
        assert_eq!(human_duration(125, Lang::En), "2m 5s");
    }

    #[test]
    fn stored_result_codes_read_back_as_the_results_they_were_written_from() {
        use crate::store::TextCode;
        for result in [
            GameResult::Winner(Seat(0)),
            GameResult::Winner(Seat(1)),
            GameResult::Draw,
            GameResult::BothWin,
            GameResult::BothLose,
        ] {
            let code = result.to_code();
            assert_eq!(GameResult::from_code(&code), Some(result));
        }
        assert_eq!(GameResult::from_code("seat:x"), None);
        assert_eq!(GameResult::from_code("won"), None);
    }

    #[test]
    fn seeds_survive_the_trip_through_sqlite_integers() {
        for seed in [0, 1, u64::MAX, 1 << 63] {
            assert_eq!(seed_of(seed_bits(seed)), Seed(seed));
        }
        assert_ne!(mix(1), mix(2));
    }
}
