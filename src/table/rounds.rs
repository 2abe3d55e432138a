//! A tournament's rounds (docs/community.md "Tournaments"): pairing the next round (Berger
//! tables or the Dutch Swiss, `arbiter-pairing`), starting its games in the tournament's chat
//! with each player told privately, noticing that a round is over (after any game of it ends,
//! and on the clock's tick, so a restart loses nothing), the standings and the end. Every step
//! reads the tournament from the store and writes it there; a round is paired once, whichever
//! instance gets there first (`Store::start_tournament_round`).

use arbiter_pairing::standings::{
    self as ranking, Bye, GameResult as Played, Layout, RoundResults, Rules, Standings,
};
use arbiter_pairing::{Colour, round_robin, swiss};

use super::prelude::*;
use super::referee::Referee;
use super::voice::{BoardLine, SeekTerms, StandingLine, TournamentFacts};
use crate::store::{NewBoard, PairingRow, TournamentPlayer, TournamentRow};

/// One board as paired: white's number, black's (`None`: a bye), and an unplayed board's
/// points (white's, black's, in half points; `None` for a game to play).
pub(super) type Pair = (i64, Option<i64>, Option<(i64, i64)>);

/// A tournament read whole: its row, its players by number, every board so far.
pub(super) struct Field {
    pub(super) row: TournamentRow,
    pub(super) players: Vec<TournamentPlayer>,
    pub(super) boards: Vec<PairingRow>,
}

impl Field {
    /// A round robin (`Some(double)`) or a Swiss.
    pub(super) fn round_robin(&self) -> Option<bool> {
        (self.row.format == "roundrobin").then_some(self.row.double_rr)
    }

    /// The player numbered `n`.
    pub(super) fn player(&self, n: i64) -> Option<&TournamentPlayer> {
        self.players.iter().find(|p| p.number == n)
    }

    /// The name of player `n`.
    pub(super) fn name(&self, n: i64) -> String {
        self.player(n).map_or_else(|| format!("#{n}"), |p| p.name.clone())
    }

    /// The players in seeding order: by rating when they joined, then by who joined first.
    fn seeded(&self) -> Vec<&TournamentPlayer> {
        let mut seeded: Vec<&TournamentPlayer> = self.players.iter().collect();
        seeded.sort_by(|a, b| b.rating.total_cmp(&a.rating).then(a.number.cmp(&b.number)));
        seeded
    }

    /// The points of board `b` (white's, black's, in half points); `None` while it is played.
    /// A played game's points come from its result: a win 1, a draw and both of Chaos Clock's
    /// shared results ½ each (as ratings count them), a game aborted 0 each.
    pub(super) fn points(&self, b: &PairingRow) -> Option<(u32, u32)> {
        let halves = |v: Option<i64>| u32::try_from(v.unwrap_or(0)).unwrap_or(0);
        if b.game_id.is_none() {
            return Some((halves(b.white_points), halves(b.black_points)));
        }
        match b.status.as_deref() {
            Some("over" | "aborted") => {}
            _ => return None,
        }
        Some(match b.result.as_deref().and_then(GameResult::from_code) {
            Some(GameResult::Winner(seat)) => {
                if Some(seat.index()) == self.white_seat(b) {
                    (2, 0)
                } else {
                    (0, 2)
                }
            }
            Some(_) => (1, 1),
            None => (0, 0),
        })
    }

    /// The seat white (the board's first player) has in its game: the seat that moves first,
    /// which is where the round put them.
    fn white_seat(&self, b: &PairingRow) -> Option<usize> {
        let seats: Vec<Option<UserId>> = serde_json::from_str(b.seats.as_deref()?).ok()?;
        let white = self.player(b.white)?;
        seats
            .iter()
            .position(|s| s.as_ref().is_some_and(|u| u.on(self.row.platform).1 == white.user_id))
    }

    /// The rounds whose every board has its result: the standings count these (a round being
    /// played is counted once it is over, so a game still running does not score as an
    /// absence).
    pub(super) fn played(&self) -> i64 {
        if self.round_done(self.row.round) { self.row.round } else { self.row.round - 1 }
    }

    /// Whether every board of round `round` has its result.
    fn round_done(&self, round: i64) -> bool {
        self.boards.iter().filter(|b| b.round == round).all(|b| self.points(b).is_some())
    }

    /// The results of rounds `1..=upto` for the standings: finished games and unplayed boards
    /// (a bye, a withdrawn opponent's forfeit); a game still being played counts as not yet
    /// played.
    fn results(&self, upto: i64) -> Vec<RoundResults> {
        let id = |n: i64| u32::try_from(n).unwrap_or(0);
        (1..=upto)
            .map(|round| {
                let mut r = RoundResults { games: Vec::new(), byes: Vec::new() };
                for b in self.boards.iter().filter(|b| b.round == round) {
                    let Some((wp, bp)) = self.points(b) else { continue };
                    match (b.black, b.game_id) {
                        (Some(black), Some(_)) => r.games.push(Played {
                            white: id(b.white),
                            black: id(black),
                            white_points: wp,
                            black_points: bp,
                        }),
                        (black, _) => {
                            r.byes.push(Bye { player: id(b.white), points: wp });
                            if let Some(black) = black {
                                r.byes.push(Bye { player: id(black), points: bp });
                            }
                        }
                    }
                }
                r
            })
            .collect()
    }

    /// The standings after the rounds played so far (the current one's finished games
    /// included), with their crosstable.
    pub(super) fn standings(&self) -> Option<(Standings, ranking::Crosstable)> {
        let ids: Vec<u32> =
            self.seeded().iter().map(|p| u32::try_from(p.number).unwrap_or(0)).collect();
        let (rules, layout) = match self.round_robin() {
            Some(_) => (Rules::round_robin(), Layout::PerOpponent),
            None => (Rules::swiss(), Layout::PerRound),
        };
        let table = ranking::standings(&ids, &self.results(self.played()), &rules).ok()?;
        let cross = table.crosstable(layout);
        Some((table, cross))
    }

    /// The Swiss players before round `round`: scores, colours, opponents, byes and floats
    /// from the rounds played, ranked by seeding.
    fn swiss_players(&self, round: i64) -> Vec<swiss::Player> {
        let rank: HashMap<i64, u32> = self
            .seeded()
            .iter()
            .enumerate()
            .map(|(i, p)| (p.number, u32::try_from(i + 1).unwrap_or(u32::MAX)))
            .collect();
        let id = |n: i64| u32::try_from(n).unwrap_or(0);
        let mut players: Vec<swiss::Player> = self
            .players
            .iter()
            .filter(|p| p.joined_round <= round)
            .map(|p| {
                let mut s = swiss::Player::new(id(p.number), rank[&p.number]);
                s.withdrawn = p.withdrawn_round.is_some_and(|w| w <= round);
                s
            })
            .collect();
        for r in 1..round {
            let before: HashMap<u32, u32> = players.iter().map(|p| (p.id, p.score)).collect();
            for p in &mut players {
                let board = self.boards.iter().find(|b| {
                    b.round == r && (id(b.white) == p.id || b.black.map(id) == Some(p.id))
                });
                let Some(b) = board else {
                    p.record_absence();
                    continue;
                };
                let (wp, bp) = self.points(b).unwrap_or((0, 0));
                let white = id(b.white) == p.id;
                match (b.black, b.game_id) {
                    (Some(black), Some(_)) => {
                        let opponent = if white { id(black) } else { id(b.white) };
                        let (mine, theirs) = (before[&p.id], before.get(&opponent).copied());
                        let float = match theirs {
                            Some(t) if t > mine => Some(swiss::Float::Up),
                            Some(t) if t < mine => Some(swiss::Float::Down),
                            _ => None,
                        };
                        let colour = if white { Colour::White } else { Colour::Black };
                        p.record_game(opponent, colour, if white { wp } else { bp }, float);
                    }
                    (None, _) => p.record_bye(wp),
                    (Some(_), None) => {
                        p.record_absence();
                        p.score += if white { wp } else { bp };
                    }
                }
            }
        }
        players
    }

    /// Round `round`'s boards as pairs of numbers (white, black; black `None` for a bye) with
    /// an unplayed board's points, and the tournament's rounds.
    pub(super) fn pair(&self, round: i64) -> (Vec<Pair>, i64) {
        match self.round_robin() {
            Some(double) => {
                let seeded = self.seeded();
                let schedule = round_robin::berger(seeded.len(), double);
                let rounds = i64::try_from(schedule.len()).unwrap_or(0);
                let Some(r) = usize::try_from(round - 1).ok().and_then(|i| schedule.get(i)) else {
                    return (Vec::new(), rounds);
                };
                let playing = |p: &TournamentPlayer| p.withdrawn_round.is_none_or(|w| w > round);
                let mut boards = Vec::new();
                for g in &r.games {
                    let (w, b) = (seeded[g.white], seeded[g.black]);
                    let unplayed = match (playing(w), playing(b)) {
                        (true, true) => None,
                        (true, false) => Some((2, 0)),
                        (false, true) => Some((0, 2)),
                        (false, false) => Some((0, 0)),
                    };
                    boards.push((w.number, Some(b.number), unplayed));
                }
                // An odd field's player who sits out scores nothing (Berger's dummy).
                if let Some(bye) = r.bye {
                    boards.push((seeded[bye].number, None, Some((0, 0))));
                }
                (boards, rounds)
            }
            None => {
                let players = self.swiss_players(round);
                let options = swiss::Options {
                    initial_colour: if self.row.seed & 1 == 0 {
                        Colour::White
                    } else {
                        Colour::Black
                    },
                    ..swiss::Options::default()
                };
                let rounds = self.row.rounds;
                let Ok(pairing) = swiss::pair(&players, &options) else {
                    return (Vec::new(), rounds);
                };
                let mut boards: Vec<_> = pairing
                    .games
                    .iter()
                    .map(|g| (i64::from(g.white), Some(i64::from(g.black)), None))
                    .collect();
                // The pairing-allocated bye is a full point (C.04.1 c).
                if let Some(bye) = pairing.bye {
                    boards.push((i64::from(bye), None, Some((2, 0))));
                }
                (boards, rounds)
            }
        }
    }

    /// The facts the voice names a tournament by.
    pub(super) fn facts(&self) -> TournamentFacts {
        facts_of(&self.row)
    }

    /// Round `round`'s boards as the voice words them.
    pub(super) fn board_lines(&self, round: i64) -> Vec<BoardLine> {
        self.boards
            .iter()
            .filter(|b| b.round == round)
            .map(|b| BoardLine {
                board: b.board,
                white: self.name(b.white),
                black: b.black.map(|n| self.name(n)),
                game: b.game_id,
                points: self.points(b),
            })
            .collect()
    }

    /// The standings' lines as the voice words them, with the crosstable.
    pub(super) fn standing_lines(
        &self,
    ) -> Option<(Vec<StandingLine>, Vec<ranking::TieBreak>, ranking::Crosstable)> {
        let (table, cross) = self.standings()?;
        let lines = table
            .rows
            .iter()
            .map(|r| {
                let p = self.player(i64::from(r.player));
                StandingLine {
                    place: r.place.to_string(),
                    name: p.map_or_else(String::new, |p| p.name.clone()),
                    points: r.points,
                    tie_breaks: r.tie_breaks.clone(),
                    withdrawn: p.is_some_and(|p| p.withdrawn_round.is_some()),
                }
            })
            .collect();
        Some((lines, table.tie_breaks, cross))
    }
}

/// The facts the voice names the tournament `row` by.
pub(super) fn facts_of(row: &TournamentRow) -> TournamentFacts {
    let kind = GameKind::from_code(&row.kind).unwrap_or(GameKind::Ultima);
    let options = AnyOptions::parse(kind, &row.options)
        .map(|o| o.summary())
        .unwrap_or_else(|_| row.options.clone());
    TournamentFacts {
        id: row.id,
        round_robin: (row.format == "roundrobin").then_some(row.double_rr),
        rounds: row.rounds,
        terms: SeekTerms {
            kind,
            options,
            time: serde_json::from_str(&row.clock).unwrap_or_default(),
            rated: row.rated,
            command: String::new(),
            everywhere: false,
        },
        maker: row.creator_name.clone(),
        starts_at: row.starts_at,
        max: row.max_players,
    }
}

/// The tournament `id` read whole from `store`.
pub(super) async fn read_field(
    store: &Store,
    id: i64,
) -> Result<Option<Field>, crate::store::DbError> {
    let Some(row) = store.tournament(id).await? else { return Ok(None) };
    let players = store.tournament_players(id).await?;
    let boards = store.tournament_pairings(id).await?;
    Ok(Some(Field { row, players, boards }))
}

impl Referee {
    /// The tournament `id` read whole.
    pub(super) async fn field(&self, id: i64) -> Result<Option<Field>, TableError> {
        Ok(read_field(&self.store, id).await?)
    }

    /// After a game ended and was saved: if it was a tournament's, and its round is now over,
    /// the next round (or the end). Failures are logged; the clock's tick tries again.
    pub(super) async fn tournament_game_over(&self, t: &Table) -> Vec<Outbound> {
        match self.store.tournament_of_game(t.row.id).await {
            Ok(Some((id, _, _))) => self.advance_tournament(id).await,
            Ok(None) => Vec::new(),
            Err(e) => {
                tracing::error!(game = %t.row.id, error = ?e, "finding a game's tournament failed");
                Vec::new()
            }
        }
    }

    /// The clock's part for tournaments: starts those due to start, and moves on those whose
    /// round is over (after a restart, or a round another instance finished).
    pub(super) async fn tournament_timers(&self, now: i64) -> Vec<Outbound> {
        let unfinished = match self.store.unfinished_tournaments().await {
            Ok(rows) => rows,
            Err(e) => {
                tracing::error!(error = ?e, "reading the tournaments failed");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for row in unfinished {
            if row.status == "open" {
                if row.starts_at.is_some_and(|at| at <= now)
                    && self.store.take_tournament_start(row.id, now).await.unwrap_or(false)
                {
                    out.extend(self.start_tournament(row.id, None).await.unwrap_or_default());
                }
            } else {
                out.extend(self.advance_tournament(row.id).await);
            }
        }
        out
    }

    /// Moves the running tournament `id` on if its round is over: pairs and starts the next
    /// round, or ends it after the last. Saved before it is announced; nothing when another
    /// instance did it first.
    pub(super) async fn advance_tournament(&self, id: i64) -> Vec<Outbound> {
        let field = match self.field(id).await {
            Ok(Some(f)) => f,
            Ok(None) => return Vec::new(),
            Err(e) => {
                tracing::error!(tournament = id, error = ?e, "reading a tournament failed");
                return Vec::new();
            }
        };
        let mut field = field;
        let mut out = Vec::new();
        // A round with no game to play (a round robin's round whose every game has a withdrawn
        // player) is over as soon as it is paired: the next one follows at once.
        for _ in 0..=field.row.rounds {
            if field.row.status != "running" || !field.round_done(field.row.round) {
                break;
            }
            let next = field.row.round + 1;
            let (boards, _) = field.pair(next);
            let games = boards.iter().any(|b| b.1.is_some() && b.2.is_none());
            // A Swiss ends when fewer than two of its players are left to pair.
            if next > field.row.rounds || (field.round_robin().is_none() && !games) {
                out.extend(self.close_tournament(&field, None).await);
                break;
            }
            match self.start_round(&field, next).await {
                Ok(o) => out.extend(o),
                Err(e) => {
                    tracing::error!(tournament = id, error = ?e, "starting a round failed");
                    break;
                }
            }
            match self.field(id).await {
                Ok(Some(f)) if f.row.round == next => field = f,
                _ => break,
            }
        }
        out
    }

    /// Starts the open tournament `id` (asked by `by`, or at its start time): its first round,
    /// or its end for want of players.
    pub(super) async fn start_tournament(&self, id: i64, by: Option<&str>) -> Reply {
        let Some(mut field) = self.field(id).await? else {
            return Err(TableError::Refused(Refusal::Tournament(notice::TournamentRefusal::None)));
        };
        if field.players.len() < 2 {
            if by.is_some() {
                return Err(TableError::Refused(Refusal::Tournament(
                    notice::TournamentRefusal::TooFew,
                )));
            }
            return Ok(self.close_tournament(&field, None).await);
        }
        if field.round_robin().is_none() && field.row.rounds == 0 {
            // A Swiss without `rounds=`: enough rounds to separate the field (⌈log₂ n⌉ + 2),
            // but no more than a round robin would have.
            let n = i64::try_from(field.players.len()).unwrap_or(2);
            let log = 64 - i64::from((n - 1).leading_zeros());
            let most = if n % 2 == 0 { n - 1 } else { n };
            field.row.rounds = (log + 2).min(most).max(1);
        }
        self.start_round(&field, 1).await
    }

    /// Pairs round `round` of `field`, creates its games and the boards in one transaction,
    /// and announces it: the pairings in the chat, each game's start, each player told
    /// privately where they play.
    async fn start_round(&self, field: &Field, round: i64) -> Reply {
        let (pairs, rounds) = field.pair(round);
        let row = &field.row;
        let kind = GameKind::from_code(&row.kind).unwrap_or(GameKind::Ultima);
        let options = AnyOptions::parse(kind, &row.options).map_err(options_refused)?;
        let time: TimeControl = serde_json::from_str(&row.clock).unwrap_or_default();
        let now = self.clock.now();
        let lang = Lang::from_code(&row.locale).unwrap_or_default();
        // The round's own place (a thread, a topic) where the platform opens one; opened only
        // when there are games and the round is still to start (an instance that loses the
        // race below leaves an empty place, nothing else).
        let mut place = None;
        if pairs.iter().any(|p| p.1.is_some() && p.2.is_none())
            && let Some(places) = self.policy(row.platform).round_places.0
        {
            let title = voice::round_place_title(lang, &facts_of(row), round);
            place = places.open(&row.chat, &title).await.map(|chat| (chat, title));
        }
        let game_chat = place.as_ref().map_or_else(|| row.chat.clone(), |(c, _)| c.clone());
        // A thread's games are reached from the tournament's channel too.
        let parent = match &place {
            Some((chat, _)) if chat.id != row.chat.id => Some(row.chat.id.clone()),
            _ => row.parent_chat.clone(),
        };
        let mut boards = Vec::with_capacity(pairs.len());
        let mut engines = Vec::new();
        for (white, black, unplayed) in &pairs {
            let (Some(black), None) = (black, unplayed) else {
                let points = unplayed.unwrap_or((0, 0));
                boards.push(NewBoard { white: *white, black: *black, game: None, points });
                continue;
            };
            let seed = self.next_seed().await?;
            let opts = options.clone();
            let engine = self
                .search(&format!("tournament:{}", row.id), "drawing the start", move || {
                    AnyGame::new(&opts, Seed(seed))
                })
                .await?
                .map_err(options_refused)?;
            // White is the seat that moves first.
            let first = engine.to_act().seat().map_or(0, |s| s.index());
            let (w, b) = (field.player(*white), field.player(*black));
            let (Some(w), Some(b)) = (w, b) else { continue };
            let mut seats = vec![Some(b.user_id.clone()), Some(b.user_id.clone())];
            let mut names = vec![b.name.clone(), b.name.clone()];
            seats[first.min(1)] = Some(w.user_id.clone());
            names[first.min(1)] = w.name.clone();
            let pairs: Vec<String> =
                engine.options().to_pairs().iter().map(|(k, v)| format!("{k}={v}")).collect();
            let game = NewGame {
                platform: row.platform,
                chat: game_chat.clone(),
                kind: row.kind.clone(),
                options: pairs.join(","),
                position: None,
                seed: seed_bits(seed),
                seats: serde_json::to_string(&seats).unwrap_or_default(),
                creator: row.created_by.clone(),
                locale: row.locale.clone(),
                status: GameStatus::Active,
                clock: row.clock.clone(),
                engine_version: ENGINE_VERSION,
                now,
                community: Some(row.community.clone()),
                parent_chat: parent.clone(),
                rated: row.rated && !games::hints_allowed(&engine),
                bot_level: None,
            };
            boards.push(NewBoard {
                white: *white,
                black: Some(*black),
                game: Some(game),
                points: (0, 0),
            });
            engines.push((engine, seats, names));
        }
        let Some(rows) = self.store.start_tournament_round(row.id, round, rounds, &boards).await?
        else {
            return Ok(Vec::new());
        };
        let mut field = self.field(row.id).await?.ok_or(TableError::Conflict)?;
        field.row.rounds = rounds;
        let facts = field.facts();
        let chat = Dest::Chat(row.chat.clone());
        let mut text = voice::round_pairings(lang, &facts, round, &field.board_lines(round), true);
        if let Some((_, title)) = &place {
            text.push('\n');
            text.push_str(&voice::round_place(lang, title));
        }
        let mut out = vec![Outbound::text_to(row.platform, chat, text)];
        // Each player told privately (where the bot can write to them) what they play.
        for b in field.boards.iter().filter(|b| b.round == round) {
            for (me, other) in [(Some(b.white), b.black), (b.black, Some(b.white))] {
                let Some(p) = me.and_then(|n| field.player(n)) else { continue };
                if !self.reachable(p.platform, &p.user_id).await.unwrap_or(false) {
                    continue;
                }
                let plang = self.lang_of(p.platform, &p.user_id).await;
                let opponent = other.map(|n| field.name(n));
                let first = me == Some(b.white);
                let text =
                    voice::round_told(plang, &facts, round, opponent.as_deref(), first, b.game_id);
                out.push(Outbound::text_to(p.platform, Dest::User(p.user_id.clone()), text));
            }
        }
        let mut out = self.enqueue(out, None).await;
        for (game_row, (engine, seats, names)) in rows.into_iter().zip(engines) {
            let table = Table {
                row: game_row,
                game: engine,
                seats,
                names,
                time,
                actions: 0,
                pending: HashMap::new(),
                partial: HashMap::new(),
                last: None,
            };
            match self.open_round_game(table).await {
                Ok(o) => out.extend(o),
                Err(e) => {
                    tracing::error!(tournament = row.id, error = ?e, "starting a game failed")
                }
            }
        }
        Ok(out)
    }

    /// A round's game starts: its clock set, its start and first prompts said, as a seek's
    /// pairing says them.
    async fn open_round_game(&self, mut table: Table) -> Reply {
        let (next, update, out) = self.starting(&table).await;
        let out = self.save(&mut table, next, GameWrite::Update, &update, out).await?;
        self.install(table);
        Ok(out)
    }

    /// Ends the tournament (`by` its organiser, else because its rounds are played or it
    /// never had players) and announces the final standings with the crosstable and the
    /// winner. Once, whichever instance gets there first.
    pub(super) async fn close_tournament(&self, field: &Field, by: Option<&str>) -> Vec<Outbound> {
        let now = self.clock.now();
        match self.store.end_tournament(field.row.id, now).await {
            Ok(true) => {}
            Ok(false) => return Vec::new(),
            Err(e) => {
                tracing::error!(tournament = field.row.id, error = ?e, "ending a tournament failed");
                return Vec::new();
            }
        }
        let lang = Lang::from_code(&field.row.locale).unwrap_or_default();
        let facts = field.facts();
        let chat = Dest::Chat(field.row.chat.clone());
        let mut out = Vec::new();
        if field.row.round == 0 {
            let text = voice::tournament_cancelled(lang, &facts, by);
            out.push(Outbound::text_to(field.row.platform, chat, text));
        } else {
            if by.is_some() {
                let text = voice::tournament_cancelled(lang, &facts, by);
                out.push(Outbound::text_to(field.row.platform, chat.clone(), text));
            }
            out.push(self.standings_message(field, lang, chat, true));
        }
        self.enqueue(out, None).await
    }

    /// The standings as a message to `to`: text and the crosstable picture.
    pub(super) fn standings_message(
        &self,
        field: &Field,
        lang: Lang,
        to: Dest,
        over: bool,
    ) -> Outbound {
        let facts = field.facts();
        let played = field.played();
        let Some((lines, tbs, cross)) = field.standing_lines() else {
            return Outbound::text_to(field.row.platform, to, voice::tournament_name(lang, &facts));
        };
        let names = |n: u32| field.name(i64::from(n));
        let (text, image) =
            voice::standings(lang, &facts, played, over, &lines, &tbs, &cross, &names, self.images);
        let mut m = Outbound::text_to(field.row.platform, to, text);
        m.image = image;
        m
    }
}
