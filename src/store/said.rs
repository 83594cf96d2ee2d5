//! One line per journal entry, in the arbiter's words: the console's status and journal, the hall
//! network's answers and the command line's `journal` say a change alike (below the console, so
//! that a build without the window says it too).

use crate::lang::Lang;
use crate::store::event::{Entry, Made};
use crate::tournament::command::Command;
use crate::tournament::model::{GameResult, PlayerId, Sex, Tournament};
use crate::tournament::team::TeamId;

mod ballots;
mod deputies;
mod lists;
mod players;
mod record;
mod results;
mod rounds;
mod settings;
mod teams;

/// A journal entry as the arbiter made it: a change in its own words; an undo or a redo as what
/// it took back or made again («отмена №12: …»), not as the command that did it.
pub fn entry(t: &Tournament, journal: &[Entry], e: &Entry, lang: Lang) -> String {
    match e.made() {
        Made::Change => change(t, e, lang),
        Made::Undo(seq) => format!(
            "{} №{seq}: {}",
            lang.pick("undo of", "отмена"),
            undone(t, journal, e, lang)
        ),
        Made::Redo(seq) => format!(
            "{} №{seq}: {}",
            lang.pick("redo of", "возврат"),
            change(t, e, lang)
        ),
    }
}

/// The change an undo or redo entry (`seq`) took back or made again, in words: what the status
/// line says after Ctrl+Z or Ctrl+Y.
pub fn step(t: &Tournament, journal: &[Entry], seq: u64, lang: Lang) -> String {
    match journal.iter().find(|e| e.seq == seq) {
        Some(e) if matches!(e.made(), Made::Undo(_)) => undone(t, journal, e, lang),
        Some(e) => change(t, e, lang),
        None => String::new(),
    }
}

/// What an undo entry took back: the change of the entry it names (its own command is only the
/// inverse), with the check-in's count as it stands after the undo.
fn undone(t: &Tournament, journal: &[Entry], e: &Entry, lang: Lang) -> String {
    let original = match e.made() {
        Made::Undo(seq) => journal.iter().find(|o| o.seq == seq),
        _ => None,
    };
    let Some(o) = original else {
        return command(t, &e.command, lang);
    };
    match (&o.command, &o.undo) {
        (Command::SetCheckedIn { players }, Command::SetCheckedIn { players: before }) => {
            players::checked_in(t, before, players, &t.checked_in, lang)
        }
        _ => change(t, o, lang),
    }
}

/// The change an entry made, in words. A player removed is no longer in the event: his name is
/// in the entry's undo.
fn change(t: &Tournament, e: &Entry, lang: Lang) -> String {
    let mut said = made(t, &e.command, &e.undo, lang);
    if let Some(why) = &e.why {
        said.push_str(&reason(why, e.act, lang));
    }
    match &e.by {
        Some(by) => format!(
            "{said} ({} {}, {})",
            lang.pick("from the floor:", "с площадки:"),
            by.deputy,
            by.address
        ),
        None => said,
    }
}

/// « — исправление, причина: …»: what a change made with its reason says after its words, the
/// act of the record it is named first.
pub fn reason(why: &str, act: Option<crate::tournament::audit::Act>, lang: Lang) -> String {
    match act {
        Some(act) => format!(
            " — {}, {}: {why}",
            act.said(lang),
            lang.pick("reason", "причина")
        ),
        None => format!(" — {}: {why}", lang.pick("reason", "причина")),
    }
}

/// A change as the difference it made, from the command and its undo (the value before it).
fn made(t: &Tournament, cmd: &Command, undo: &Command, lang: Lang) -> String {
    match (cmd, undo) {
        (Command::RemovePlayer { id }, Command::AddPlayer { player })
            if t.player(*id).is_none() =>
        {
            players::removed(lang, player.sex, &player.full_name())
        }
        // Once made, the event holds the list after the change: the entry's undo, the one
        // before it (else every journal line read «unchanged»).
        (Command::SetCheckedIn { players }, Command::SetCheckedIn { players: before }) => {
            players::checked_in(t, before, players, players, lang)
        }
        (Command::SetPrizes { prizes }, Command::SetPrizes { prizes: before }) => {
            lists::prizes(t, before, prizes, lang)
        }
        (Command::SetCategories { categories }, Command::SetCategories { categories: before }) => {
            lists::categories(before, categories, lang)
        }
        (Command::SetSchedule { schedule }, Command::SetSchedule { schedule: before }) => {
            lists::schedule(before, schedule, lang)
        }
        // A result put over another (a correction): what stood before it, for the appeal.
        (Command::SetResult { result, .. }, Command::SetResult { result: before, .. })
            if *before != GameResult::Pending && before != result =>
        {
            format!(
                "{} ({} {})",
                command(t, cmd, lang),
                lang.pick("was", "было"),
                before.symbol()
            )
        }
        (Command::SetSettings { settings }, Command::SetSettings { settings: before }) => {
            settings::changed(t, before, settings, lang)
        }
        // A batch's undo is its changes' undos in reverse order.
        // (A correction in a locked round is one too: unlock, the result, lock.)
        (Command::Batch { commands }, Command::Batch { commands: undos })
            if commands.len() == undos.len() && worded_by_difference(commands) =>
        {
            commands
                .iter()
                .zip(undos.iter().rev())
                .map(|(c, u)| made(t, c, u, lang))
                .collect::<Vec<_>>()
                .join("; ")
        }
        _ => command(t, cmd, lang),
    }
}

/// A batch worded change by change against the values before them: lists (prizes, categories)
/// and, in a short batch that is not a result confirmed from the floor, a result or settings.
fn worded_by_difference(commands: &[Command]) -> bool {
    let lists =
        |c: &Command| matches!(c, Command::SetPrizes { .. } | Command::SetCategories { .. });
    let values = |c: &Command| matches!(c, Command::SetResult { .. } | Command::SetSettings { .. });
    let confirmed = matches!(commands, [_, Command::SetPending { pending: None, .. }]);
    commands.iter().any(lists) || (commands.len() <= 3 && !confirmed && commands.iter().any(values))
}

/// The event a command is worded against and the language it is said in: a player's name and
/// sex, a team's name, words in both languages — what every area's wording below asks for.
struct Words<'a> {
    t: &'a Tournament,
    lang: Lang,
}

impl Words<'_> {
    fn l(&self, en: &str, ru: &str) -> String {
        self.lang.pick(en, ru).to_string()
    }

    fn name(&self, id: PlayerId) -> String {
        self.t
            .player(id)
            .map(|p| p.full_name())
            .unwrap_or_else(|| format!("#{id}"))
    }

    fn sex(&self, id: PlayerId) -> Option<Sex> {
        self.t.player(id).and_then(|p| p.sex)
    }

    /// Russian verbs agree with the player's sex; an unknown one gets a form without gender.
    fn agree(&self, id: PlayerId, en: &str, ru: [&str; 3]) -> String {
        self.lang.agree(self.sex(id), en, ru).to_string()
    }

    fn team(&self, id: TeamId) -> String {
        self.t
            .team(id)
            .map(|tm| tm.name.clone())
            .unwrap_or_else(|| format!("#{id}"))
    }
}

/// A command in words, by the area it changes; each area words its commands in both languages.
pub fn command(t: &Tournament, cmd: &Command, lang: Lang) -> String {
    let w = Words { t, lang };
    match cmd {
        Command::AddPlayer { .. }
        | Command::EditPlayer { .. }
        | Command::RemovePlayer { .. }
        | Command::Withdraw { .. }
        | Command::Expel { .. }
        | Command::SetCheckedIn { .. } => players::said(&w, cmd),
        Command::DrawNumbers { .. }
        | Command::SetNumbers { .. }
        | Command::PairRound { .. }
        | Command::DrawTableRound { .. }
        | Command::SetPairings { .. }
        | Command::SetForbidden { .. }
        | Command::RestoreRound { .. }
        | Command::UnpairRound { .. }
        | Command::LockRound { .. }
        | Command::UnlockRound { .. } => rounds::said(&w, cmd),
        Command::DrawBallot { .. } | Command::SetBallot { .. } | Command::SetBallots { .. } => {
            ballots::said(&w, cmd)
        }
        Command::SetResult { .. }
        | Command::SetExtraResult { .. }
        | Command::Decide { .. }
        | Command::SetLot { .. } => results::said(&w, cmd),
        Command::SetRecord { .. } | Command::SetNotes { .. } => record::said(&w, cmd),
        Command::SetTeams { .. }
        | Command::SetLineUp { .. }
        | Command::PairTeams { .. }
        | Command::SetMatches { .. } => teams::said(&w, cmd),
        Command::AddDeputy { .. }
        | Command::RemoveDeputy { .. }
        | Command::RevokeDeputy { .. }
        | Command::KeepRevoked { .. }
        | Command::SetPending { .. } => deputies::said(&w, cmd),
        Command::SetSettings { .. }
        | Command::SetTiebreaks { .. }
        | Command::SetCategories { .. }
        | Command::SetPrizes { .. }
        | Command::SetSchedule { .. } => settings::said(&w, cmd),
        Command::Batch { commands } => batch(&w, commands),
    }
}

/// Several changes made as one: a result from the floor confirmed, many players added, many
/// changes counted; a few said one by one.
fn batch(w: &Words, commands: &[Command]) -> String {
    match commands {
        // The arbiter's confirmation of a result sent from the floor.
        [result @ Command::SetResult { .. }, Command::SetPending { pending: None, .. }] => {
            format!(
                "{} {}",
                w.l(
                    "confirmed from the floor:",
                    "подтверждён результат с площадки:"
                ),
                command(w.t, result, w.lang)
            )
        }
        _ if commands.len() > 3 => {
            let added = commands
                .iter()
                .filter(|c| matches!(c, Command::AddPlayer { .. }))
                .count();
            if added == commands.len() {
                format!("{} {added}", w.l("players added:", "добавлено участников:"))
            } else {
                format!("{} {}", commands.len(), w.l("changes", "изменений"))
            }
        }
        _ => commands
            .iter()
            .map(|c| command(w.t, c, w.lang))
            .collect::<Vec<_>>()
            .join("; "),
    }
}

/// What another program changed in the event, as the arbiter needs it to enter a lost change
/// again: rounds and players added or removed, every result that differs (the first few).
pub fn changes(before: &Tournament, after: &Tournament, lang: Lang) -> String {
    let l = |en: &'static str, ru: &'static str| lang.pick(en, ru).to_string();
    let mut said = Vec::new();
    for (what, was, now) in [
        (
            l("players", "участников"),
            before.players.len(),
            after.players.len(),
        ),
        (
            l("rounds", "туров"),
            before.rounds.len(),
            after.rounds.len(),
        ),
    ] {
        if was != now {
            said.push(format!("{what} {was} → {now}"));
        }
    }
    let mut results = Vec::new();
    for r in &after.rounds {
        let old = before.rounds.iter().find(|o| o.number == r.number);
        for p in &r.pairings {
            let was = old.and_then(|o| o.pairings.iter().find(|q| q.board == p.board));
            for (g, result) in p.games.iter().enumerate() {
                let before = was.and_then(|q| q.games.get(g));
                if before != Some(result) && was.is_some() {
                    results.push(format!(
                        "{} {}, {} {}, {} {}: {} → {}",
                        l("round", "тур"),
                        r.number,
                        l("board", "доска"),
                        p.board,
                        l("game", "партия"),
                        g + 1,
                        before.map_or("—", |b| b.symbol()),
                        result.symbol()
                    ));
                }
            }
        }
    }
    let more = results.len().saturating_sub(5);
    said.extend(results.into_iter().take(5));
    if more > 0 {
        said.push(format!("{} {more}", l("more results:", "ещё результатов:")));
    }
    if said.is_empty() {
        said.push(l(
            "no round, player or result differs",
            "туры, участники и результаты те же",
        ));
    }
    said.join("; ")
}
