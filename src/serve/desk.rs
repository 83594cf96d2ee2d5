//! The writer's desk: where deputies' results meet the one program that holds the event. The
//! HTTP side sends a [`Job`] and waits for its answer; the holder answers jobs one at a time
//! with [`answer`] — `serve --write`'s own thread ([`Desk::hold`]), or the console's window,
//! which takes them as messages ([`Desk::channel`]). Either way a result goes through
//! [`EventFile::from_floor`]: validated, saved, journaled with the deputy's name.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use serde::Serialize;
use tokio::sync::{mpsc, oneshot, watch};

use super::error::ServeError;
use crate::files::lock::Holder;
use crate::store::event::{Entry, EventFile};
use crate::store::floor::{Accepted, Mark, Recorder, Refused, Sent};
use crate::tournament::command::Command;
use crate::tournament::deputy::Deputy;
use crate::tournament::id::GameRef;
use crate::tournament::model::{GameResult, PlayerId, Sex, Tournament};
use crate::tournament::registration;

/// Jobs waiting for the holder at most; a flood beyond it is told to come back (503).
pub const QUEUE: usize = 1_024;

/// What the HTTP side asks of the holder: only what changes the event crosses to it (a code's
/// check and a deputy's boards are read from the holder's last [`Published`] revision).
#[derive(Debug)]
pub enum Job {
    /// A result from the floor.
    Submit {
        code: String,
        sent: Sent,
        address: String,
        at: DateTime<Utc>,
        reply: oneshot::Sender<Result<Accepted, Refused>>,
    },
    /// A player marked at the check-in from the floor; the answer is the check-in after it.
    CheckIn {
        code: String,
        mark: Mark,
        address: String,
        at: DateTime<Utc>,
        reply: oneshot::Sender<Result<Roll, Refused>>,
    },
}

/// A revision of the event as its holder committed it, for everything the server shows: the
/// pages' snapshot and the deputies' checks read it, never the file the holder just wrote.
#[derive(Debug)]
pub struct Published {
    /// The holder's revision ([`EventFile::revision`]): a new one for every change.
    pub revision: u64,
    pub tournament: Tournament,
    /// Who recorded each game of the current round (the journal's last word on it): the
    /// deputies' boards show it.
    recorders: HashMap<GameRef, Recorder>,
}

impl Published {
    pub fn of(file: &EventFile) -> Published {
        let t = &file.tournament;
        Published {
            revision: file.revision(),
            tournament: t.clone(),
            recorders: t
                .rounds
                .last()
                .map(|r| recorders(file.journal(), r.number))
                .unwrap_or_default(),
        }
    }

    /// Whose this code is: a live deputy's name.
    pub fn known(&self, code: &str) -> Option<String> {
        self.tournament.deputy_by_code(code).map(|d| d.name.clone())
    }

    /// Who this code is (a live deputy), and what he sees: his boards of the current round.
    pub fn mine(&self, code: &str) -> Option<Mine> {
        let d = self.tournament.deputy_by_code(code)?;
        Some(mine(self, d))
    }
}

/// Who last set each game of round `round`, reading the journal once from its end.
fn recorders(journal: &[Entry], round: usize) -> HashMap<GameRef, Recorder> {
    fn games(cmd: &Command, out: &mut Vec<GameRef>) {
        match cmd {
            Command::SetResult { game, .. } => out.push(*game),
            Command::Batch { commands } => commands.iter().for_each(|c| games(c, out)),
            _ => {}
        }
    }
    let mut found = HashMap::new();
    let mut set = Vec::new();
    for e in journal.iter().rev() {
        set.clear();
        games(&e.command, &mut set);
        for game in set.iter().filter(|g| g.round == round) {
            found.entry(*game).or_insert_with(|| Recorder {
                by: e.by.as_ref().map(|a| a.deputy.clone()),
                at: Some(e.at),
            });
        }
    }
    found
}

/// The holder's side of the desk: each revision it commits goes to the server at once.
#[derive(Debug)]
pub struct Publisher {
    tx: watch::Sender<Arc<Published>>,
}

impl Publisher {
    /// Sends the event's revision if it is not the one last sent (a job refused, a look that
    /// changed nothing: no page is woken).
    pub fn publish(&self, file: &EventFile) {
        if self.tx.borrow().revision != file.revision() {
            let _ = self.tx.send(Arc::new(Published::of(file)));
        }
    }
}

/// The way to the holder.
#[derive(Clone, Debug)]
pub struct Desk {
    tx: mpsc::Sender<Job>,
    published: watch::Receiver<Arc<Published>>,
}

/// The holder is gone (the console closed the event, the thread stopped).
#[derive(Debug)]
pub struct Closed;

impl Desk {
    /// A desk for `file`'s holder (the console answers the jobs itself): the desk, the jobs it
    /// receives, and the publisher the holder tells each committed revision.
    pub fn channel(file: &EventFile) -> (Desk, mpsc::Receiver<Job>, Publisher) {
        let (tx, rx) = mpsc::channel(QUEUE);
        let (publish, published) = watch::channel(Arc::new(Published::of(file)));
        (Desk { tx, published }, rx, Publisher { tx: publish })
    }

    /// Takes the event's lock (refused, naming the holder, while another program has it) and
    /// answers jobs on a thread of its own for as long as the desk lives: `serve --write`.
    pub fn hold(path: &Path) -> Result<Desk, ServeError> {
        let mut file = EventFile::open_as(path, &Holder::this("serve --write", Utc::now()))?;
        let (desk, mut rx, publisher) = Desk::channel(&file);
        std::thread::Builder::new()
            .name("deputies-desk".into())
            .spawn(move || {
                while let Some(job) = rx.blocking_recv() {
                    answer(&mut file, job);
                    publisher.publish(&file);
                }
            })?;
        Ok(desk)
    }

    /// The holder's revisions, as it commits them.
    pub fn published(&self) -> watch::Receiver<Arc<Published>> {
        self.published.clone()
    }

    /// The last revision, unless the holder is gone.
    fn latest(&self) -> Result<Arc<Published>, Closed> {
        if self.tx.is_closed() {
            return Err(Closed);
        }
        Ok(self.published.borrow().clone())
    }

    /// Whose this code is, from the holder's last revision (no crossing to the holder).
    pub fn known(&self, code: &str) -> Result<Option<String>, Closed> {
        Ok(self.latest()?.known(code))
    }

    /// A deputy's boards, from the holder's last revision.
    pub fn mine(&self, code: &str) -> Result<Option<Mine>, Closed> {
        Ok(self.latest()?.mine(code))
    }

    async fn ask<T>(&self, job: impl FnOnce(oneshot::Sender<T>) -> Job) -> Result<T, Closed> {
        let (reply, answer) = oneshot::channel();
        self.tx.send(job(reply)).await.map_err(|_| Closed)?;
        answer.await.map_err(|_| Closed)
    }

    pub async fn submit(
        &self,
        code: &str,
        sent: Sent,
        address: &str,
    ) -> Result<Result<Accepted, Refused>, Closed> {
        let (code, address) = (code.to_string(), address.to_string());
        self.ask(|reply| Job::Submit {
            code,
            sent,
            address,
            at: Utc::now(),
            reply,
        })
        .await
    }

    pub async fn check_in(
        &self,
        code: &str,
        mark: Mark,
        address: &str,
    ) -> Result<Result<Roll, Refused>, Closed> {
        let (code, address) = (code.to_string(), address.to_string());
        self.ask(|reply| Job::CheckIn {
            code,
            mark,
            address,
            at: Utc::now(),
            reply,
        })
        .await
    }
}

/// Answers a job with the event the holder has open. A change is on disk before its answer
/// leaves (a refused save is a refusal); the journal's entry of a change made is returned, for
/// the console to say.
pub fn answer(file: &mut EventFile, job: Job) -> Option<Entry> {
    match job {
        Job::Submit {
            code,
            sent,
            address,
            at,
            reply,
        } => {
            let done = file.from_floor(&code, &sent, &address, at);
            let entry = match &done {
                Ok(Accepted::Applied(e) | Accepted::Pending(e)) => Some(e.clone()),
                _ => None,
            };
            let _ = reply.send(done);
            entry
        }
        Job::CheckIn {
            code,
            mark,
            address,
            at,
            reply,
        } => {
            let done = file.checkin_from_floor(&code, mark, &address, at);
            let entry = done.as_ref().ok().cloned().flatten();
            let _ = reply.send(done.map(|_| Roll::of(&file.tournament)));
            entry
        }
    }
}

/// What a deputy's page shows: who he is and his boards of the current round.
#[derive(Clone, Debug, Serialize)]
pub struct Mine {
    pub name: String,
    pub boards: String,
    /// The current round (`None` before the first is paired).
    pub round: Option<usize>,
    pub locked: bool,
    /// Results wait for the arbiter's confirmation in this event.
    pub confirm: bool,
    pub rows: Vec<Row>,
    /// The check-in for the next round (`None` in a team event: its line-ups name who plays).
    pub checkin: Option<Roll>,
}

/// The check-in as a phone shows it: the round it is for, and every player expected for it in
/// the event's order, come or not.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Roll {
    pub round: usize,
    /// The event pairs only players checked in.
    pub required: bool,
    pub present: usize,
    pub missing: usize,
    pub players: Vec<RollPlayer>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RollPlayer {
    pub id: PlayerId,
    /// «Surname Name», as the lists print it.
    pub name: String,
    /// For the words that agree with it (пришёл, пришла); `null` where the roster does not say.
    pub sex: Option<Sex>,
    pub present: bool,
}

impl Roll {
    pub fn of(t: &Tournament) -> Roll {
        let roll = registration::roll(t);
        // The event's order, as the desk's list (present and missing interleaved).
        let players = t
            .by_number()
            .into_iter()
            .filter_map(|p| {
                let present = roll.present.contains(&p.id);
                (present || roll.missing.contains(&p.id)).then(|| RollPlayer {
                    id: p.id,
                    name: p.full_name(),
                    sex: p.sex,
                    present,
                })
            })
            .collect();
        Roll {
            round: roll.round,
            required: roll.required,
            present: roll.present.len(),
            missing: roll.missing.len(),
            players,
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct Row {
    pub board: usize,
    /// A team event's match on this board: «Home – Away».
    #[serde(skip_serializing_if = "Option::is_none")]
    pub teams: Option<String>,
    pub games: Vec<GameRow>,
}

#[derive(Clone, Debug, Serialize)]
pub struct GameRow {
    /// From 1, as the API counts.
    pub game: usize,
    /// That game's White and Black.
    pub white: String,
    pub black: String,
    /// `1-0`, `0-1`, `1/2-1/2` (as the API writes them), another result's symbol, or `null`.
    pub result: Option<String>,
    /// A result sent and waiting for the arbiter.
    pub pending: Option<String>,
    /// Who recorded (or sent) it, and when.
    pub by: Option<String>,
    pub at: Option<DateTime<Utc>>,
}

/// A result as the API writes it.
pub fn api_result(r: GameResult) -> Option<String> {
    Some(
        match r {
            GameResult::Pending => return None,
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            other => other.symbol(),
        }
        .to_string(),
    )
}

/// A result as the API reads it: from the game's White, a played game only.
pub fn read_result(text: &str) -> Option<GameResult> {
    match text.trim() {
        "1-0" => Some(GameResult::WhiteWins),
        "0-1" => Some(GameResult::BlackWins),
        "1/2-1/2" | "½-½" => Some(GameResult::Draw),
        _ => None,
    }
}

fn mine(published: &Published, d: &Deputy) -> Mine {
    let t = &published.tournament;
    let round = t.rounds.last();
    let name = |id| {
        t.player(id)
            .map_or_else(|| format!("#{id}"), |p| p.full_name())
    };
    let rows = round
        .map(|r| {
            r.pairings
                .iter()
                .filter(|p| d.boards.contains(p.board))
                .map(|p| Row {
                    board: p.board,
                    teams: r
                        .matches
                        .iter()
                        .find(|m| m.boards.contains(&p.board))
                        .map(|m| format!("{} – {}", t.team_name(m.home), t.team_name(m.away))),
                    games: (0..p.games.len())
                        .map(|g| {
                            let white = p.white_of(g);
                            let black = if white == p.white { p.black } else { p.white };
                            let waiting = t
                                .pending
                                .iter()
                                .find(|s| (s.round, s.board, s.game) == (r.number, p.board, g));
                            let (by, at) = match (p.games[g], waiting) {
                                (GameResult::Pending, Some(s)) => (Some(s.by.clone()), Some(s.at)),
                                (GameResult::Pending, None) => (None, None),
                                _ => {
                                    let at = GameRef::new(r.number, p.board, g);
                                    let rec = published.recorders.get(&at);
                                    (rec.and_then(|r| r.by.clone()), rec.and_then(|r| r.at))
                                }
                            };
                            GameRow {
                                game: g + 1,
                                white: name(white),
                                black: name(black),
                                result: api_result(p.games[g]),
                                pending: waiting.and_then(|s| api_result(s.result)),
                                by,
                                at,
                            }
                        })
                        .collect(),
                })
                .collect()
        })
        .unwrap_or_default();
    Mine {
        name: d.name.clone(),
        boards: d.boards.to_string(),
        round: round.map(|r| r.number),
        locked: round.is_some_and(|r| r.locked),
        confirm: t.settings.floor_results == crate::tournament::deputy::FloorResults::Confirm,
        rows,
        checkin: (!t.is_team_event()).then(|| Roll::of(t)),
    }
}
