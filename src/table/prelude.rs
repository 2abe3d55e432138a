//! What the referee's operation files read (`referee.rs`, `dispatch.rs`, `play.rs` and the other
//! files that `impl Referee`): the vocabulary ([`super::types`]) and the layers below the
//! decisions (rules per game, notices, the voice, the store). It re-exports only what sits below
//! the operations, never an operation file, so `use super::prelude::*` cannot close an import
//! circle (`tests/architecture.rs` checks it).
// Each operation file uses a different part of this list.
#![allow(unused_imports)]

pub(super) use std::collections::{BTreeMap, HashMap};
pub(super) use std::sync::{Arc, Mutex as StdMutex};

pub(super) use serde::{Deserialize, Serialize};
pub(super) use tokio::sync::Mutex;

pub(super) use super::clock::{self, Clock, Pace, TimeControl};
pub(super) use super::command::{self, Command};
pub(super) use super::error::{self, TableError};
pub(super) use super::games::game_kind;
pub(super) use super::notice::{self, Elsewhere, Notice, Refusal};
pub(super) use super::payload::{self, Choice, OfferKind, Payload, StartToken, WindowChoice};
pub(super) use super::reply::{self, Button, Dest, Lang, Outbound};
pub(super) use super::types::*;
pub(super) use super::voice::{self, AdviceResult, natural_order};
pub(super) use super::{games, solver};
pub(super) use crate::core::{GameResult, Prompt, Seat, Seed, ToAct, Viewer};
pub(super) use crate::games::{AnyAction, AnyGame, AnyOptions, GameKind};
pub(super) use crate::store::{
    ActionRow, ChatId, EndReason, GameId, GameRow, GameStatus, GameUpdate, GameWrite, NewGame,
    NewMessage, Pings, Platform, Store, UserId, UserRow,
};
