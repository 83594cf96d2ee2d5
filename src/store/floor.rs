//! Results from the floor: a deputy arbiter's result for one of his boards, judged against the
//! open event and applied as the console applies the arbiter's (validated, saved, journaled,
//! undoable), with his name and address in the journal. What he may do is narrow: his own
//! boards, results not yet recorded; changing a recorded result is the chief arbiter's.

use chrono::{DateTime, Utc};

use super::event::{Entry, EventError, EventFile};
use crate::tournament::command::{Command, CommandError};
use crate::tournament::deputy::{Author, FloorResults, Submitted};
use crate::tournament::id::GameRef;
use crate::tournament::model::{GameResult, PlayerId, Tournament};
use crate::tournament::registration::{self, CheckInError};

/// A result as a deputy sends it: `game` from 1, `result` from that game's White.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sent {
    pub round: usize,
    pub board: usize,
    pub game: usize,
    pub result: GameResult,
}

/// A player marked at the check-in from a phone: come (`present`) or away, for the next round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    pub player: PlayerId,
    pub present: bool,
}

/// Who last recorded a result: a deputy's name (`None`: the chief arbiter at the console) and
/// when (`None` when the journal does not say: a result imported with the event).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorder {
    pub by: Option<String>,
    pub at: Option<DateTime<Utc>>,
}

/// A result taken.
#[derive(Clone, Debug, PartialEq)]
pub enum Accepted {
    /// Recorded, on disk: the journal's entry.
    Applied(Entry),
    /// Kept for the arbiter to confirm (the event asks for it), on disk.
    Pending(Entry),
    /// The same result was already recorded (or is already waiting): nothing changed.
    Already { pending: bool, recorder: Recorder },
}

/// A result refused, and why (nothing changed).
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    #[error("unknown or revoked code")]
    Code,
    #[error("board {board} is not yours (yours: {boards})")]
    NotHis { board: usize, boards: String },
    #[error("there is no round {0}")]
    NoRound(usize),
    #[error("round {round} has no board {board}")]
    NoBoard { round: usize, board: usize },
    #[error("board {board} of round {round} has no game {game} (games: {games})")]
    NoGame {
        round: usize,
        board: usize,
        game: usize,
        games: usize,
    },
    #[error("the result is already recorded: {} — by {}{}; only the chief arbiter changes it, at the console", .result.symbol(), recorder_en(.recorder), at_en(.recorder))]
    Set {
        result: GameResult,
        recorder: Recorder,
    },
    #[error("another result ({}) waits for the arbiter's confirmation — sent by {}{}", .result.symbol(), recorder_en(.recorder), at_en(.recorder))]
    Waiting {
        result: GameResult,
        recorder: Recorder,
    },
    #[error("round {0} is locked: only the chief arbiter changes it")]
    Locked(usize),
    #[error("{0}")]
    Command(CommandError),
    #[error("{0}")]
    CheckIn(CheckInError),
    /// The disk did not take it (full, read-only) or another program holds the file: the
    /// deputy sends it again later.
    #[error("not saved: {0}; send it again in a moment")]
    NotSaved(EventError),
}

fn recorder_en(r: &Recorder) -> String {
    r.by.clone()
        .unwrap_or_else(|| "the chief arbiter".to_string())
}

fn recorder_ru(r: &Recorder) -> String {
    r.by.clone().unwrap_or_else(|| "главный судья".to_string())
}

/// The hall's time of day (the computer's zone: the deputy reads it against the hall's clock).
fn local(at: DateTime<Utc>) -> String {
    at.with_timezone(&chrono::Local)
        .format("%H:%M:%S")
        .to_string()
}

fn at_en(r: &Recorder) -> String {
    r.at.map_or_else(String::new, |at| format!(" at {}", local(at)))
}

fn at_ru(r: &Recorder) -> String {
    r.at.map_or_else(String::new, |at| format!(" в {}", local(at)))
}

impl crate::lang::Russian for Refused {
    fn ru(&self) -> String {
        match self {
            Refused::Code => "код неизвестен или отозван".to_string(),
            Refused::NotHis { board, boards } => {
                format!("доска {board} не ваша (ваши: {boards})")
            }
            Refused::NoRound(r) => format!("тура {r} нет"),
            Refused::NoBoard { round, board } => format!("в туре {round} нет доски {board}"),
            Refused::NoGame {
                round,
                board,
                game,
                games,
            } => format!("на доске {board} тура {round} нет партии {game} (партий: {games})"),
            Refused::Set { result, recorder } => format!(
                "результат уже записан: {} — записал {}{}; изменить его может только главный судья",
                result.symbol(),
                recorder_ru(recorder),
                at_ru(recorder)
            ),
            Refused::Waiting { result, recorder } => format!(
                "другой результат ({}) ждёт подтверждения судьи — прислал {}{}",
                result.symbol(),
                recorder_ru(recorder),
                at_ru(recorder)
            ),
            Refused::Locked(r) => {
                format!("тур {r} закрыт: изменить его может только главный судья")
            }
            Refused::Command(e) => e.ru(),
            Refused::CheckIn(e) => e.ru(),
            Refused::NotSaved(e) => {
                format!("не сохранено: {}; пришлите ещё раз чуть позже", e.ru())
            }
        }
    }
}

impl Refused {
    /// The HTTP status that says it.
    pub fn status(&self) -> u16 {
        match self {
            Refused::Code => 401,
            Refused::NotHis { .. } => 403,
            Refused::NoRound(_)
            | Refused::NoBoard { .. }
            | Refused::NoGame { .. }
            | Refused::Command(_)
            | Refused::CheckIn(_) => 422,
            Refused::Set { .. } | Refused::Waiting { .. } | Refused::Locked(_) => 409,
            Refused::NotSaved(_) => 503,
        }
    }
}

/// The game a result names, found in the event: its current result and what waits for it.
fn find(t: &Tournament, sent: &Sent) -> Result<GameResult, Refused> {
    let round = t
        .rounds
        .iter()
        .find(|r| r.number == sent.round)
        .ok_or(Refused::NoRound(sent.round))?;
    let pairing = round
        .pairings
        .iter()
        .find(|p| p.board == sent.board)
        .ok_or(Refused::NoBoard {
            round: sent.round,
            board: sent.board,
        })?;
    if sent.game == 0 || sent.game > pairing.games.len() {
        return Err(Refused::NoGame {
            round: sent.round,
            board: sent.board,
            game: sent.game,
            games: pairing.games.len(),
        });
    }
    if round.locked {
        return Err(Refused::Locked(sent.round));
    }
    Ok(pairing.games[sent.game - 1])
}

/// Who last set a game's result, as the journal says.
pub fn recorder(journal: &[Entry], game: GameRef) -> Recorder {
    fn sets(cmd: &Command, at: GameRef) -> bool {
        match cmd {
            Command::SetResult { game, .. } => *game == at,
            Command::Batch { commands } => commands.iter().any(|c| sets(c, at)),
            _ => false,
        }
    }
    journal
        .iter()
        .rev()
        .find(|e| sets(&e.command, game))
        .map_or(Recorder { by: None, at: None }, |e| Recorder {
            by: e.by.as_ref().map(|a| a.deputy.clone()),
            at: Some(e.at),
        })
}

impl EventFile {
    /// A deputy's result: who he is (by his code), whether the game is his and still without a
    /// result, then applied (or kept for the arbiter, as the event says), saved before this
    /// returns.
    pub fn from_floor(
        &mut self,
        code: &str,
        sent: &Sent,
        address: &str,
        at: DateTime<Utc>,
    ) -> Result<Accepted, Refused> {
        let t = &self.tournament;
        let deputy = t.deputy_by_code(code).ok_or(Refused::Code)?.clone();
        let now = find(t, sent)?;
        if !deputy.boards.contains(sent.board) {
            return Err(Refused::NotHis {
                board: sent.board,
                boards: deputy.boards.to_string(),
            });
        }
        if let Some(answer) = self.sent_before(sent, now) {
            return answer;
        }
        let by = Author {
            deputy: deputy.name.clone(),
            address: address.to_string(),
        };
        let confirm = t.settings.floor_results == FloorResults::Confirm;
        let cmd = floor_command(sent, &deputy.name, address, at, confirm);
        match self.apply_by(cmd, at, by) {
            Ok(entry) if confirm => Ok(Accepted::Pending(entry.clone())),
            Ok(entry) => Ok(Accepted::Applied(entry.clone())),
            Err(EventError::Refused(CommandError::Locked(r))) => Err(Refused::Locked(r)),
            Err(EventError::Refused(e)) => Err(Refused::Command(e)),
            Err(e) => Err(Refused::NotSaved(e)),
        }
    }

    /// The answer to a result sent for a game that has one already (`now`) or one waiting for
    /// the arbiter: the same result is taken as sent, another refused naming who recorded it.
    /// `None`: the game waits for its result.
    fn sent_before(&self, sent: &Sent, now: GameResult) -> Option<Result<Accepted, Refused>> {
        let game = sent.game - 1;
        if now != GameResult::Pending {
            let recorder = recorder(self.journal(), GameRef::new(sent.round, sent.board, game));
            if now == sent.result {
                return Some(Ok(Accepted::Already {
                    pending: false,
                    recorder,
                }));
            }
            return Some(Err(Refused::Set {
                result: now,
                recorder,
            }));
        }
        let w = self
            .tournament
            .pending
            .iter()
            .find(|w| (w.round, w.board, w.game) == (sent.round, sent.board, game))?;
        let recorder = Recorder {
            by: Some(w.by.clone()),
            at: Some(w.at),
        };
        if w.result == sent.result {
            return Some(Ok(Accepted::Already {
                pending: true,
                recorder,
            }));
        }
        Some(Err(Refused::Waiting {
            result: w.result,
            recorder,
        }))
    }
}

/// The change a deputy's result makes: kept for the arbiter (`confirm`) with who sent it, from
/// where and when, or the game's result itself.
fn floor_command(
    sent: &Sent,
    deputy: &str,
    address: &str,
    at: DateTime<Utc>,
    confirm: bool,
) -> Command {
    let game = sent.game - 1;
    if confirm {
        Command::SetPending {
            round: sent.round,
            board: sent.board,
            game,
            pending: Some(Submitted {
                round: sent.round,
                board: sent.board,
                game,
                result: sent.result,
                by: deputy.to_string(),
                address: address.to_string(),
                at,
            }),
        }
    } else {
        Command::SetResult {
            game: GameRef {
                round: sent.round,
                board: sent.board,
                game,
            },
            result: sent.result,
        }
    }
}

impl EventFile {
    /// A deputy's check-in mark: who he is (by his code), a player of this individual event
    /// who still plays the next round, then the list of players present changed as the
    /// console's desk changes it, saved and journaled with his name before this returns.
    /// `None`: the player was marked so already (nothing written).
    pub fn checkin_from_floor(
        &mut self,
        code: &str,
        mark: Mark,
        address: &str,
        at: DateTime<Utc>,
    ) -> Result<Option<Entry>, Refused> {
        let t = &self.tournament;
        let deputy = t.deputy_by_code(code).ok_or(Refused::Code)?.clone();
        if t.is_team_event() {
            return Err(Refused::CheckIn(CheckInError::TeamEvent));
        }
        let Some(player) = t.player(mark.player) else {
            return Err(Refused::CheckIn(CheckInError::NoPlayer(mark.player)));
        };
        if !registration::plays_in(player, registration::next_round(t)) {
            return Err(Refused::CheckIn(CheckInError::Withdrawn(mark.player)));
        }
        if t.checked_in.contains(&mark.player) == mark.present {
            return Ok(None);
        }
        let players = registration::marked(t, &[mark.player], mark.present);
        let by = Author {
            deputy: deputy.name,
            address: address.to_string(),
        };
        match self.apply_by(Command::SetCheckedIn { players }, at, by) {
            Ok(entry) => Ok(Some(entry.clone())),
            Err(EventError::Refused(e)) => Err(Refused::Command(e)),
            Err(e) => Err(Refused::NotSaved(e)),
        }
    }
}

/// The confirmation of a result a deputy sent (the arbiter's, at the console): recorded, and no
/// longer waiting.
pub fn confirm(s: &Submitted) -> Command {
    Command::Batch {
        commands: vec![
            Command::SetResult {
                game: GameRef {
                    round: s.round,
                    board: s.board,
                    game: s.game,
                },
                result: s.result,
            },
            reject(s),
        ],
    }
}

/// A result a deputy sent, rejected by the arbiter: no longer waiting, nothing recorded.
pub fn reject(s: &Submitted) -> Command {
    Command::SetPending {
        round: s.round,
        board: s.board,
        game: s.game,
        pending: None,
    }
}
