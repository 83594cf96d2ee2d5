//! A team event in words: its teams, a team's line-up, a round's matches.

use super::Words;
use crate::tournament::command::Command;

/// A change to the teams, a line-up or a round's matches in words.
pub fn said(w: &Words, cmd: &Command) -> String {
    match cmd {
        Command::SetTeams { teams, settings } => match settings {
            Some(s) => format!(
                "{}: {} ({} {})",
                w.l("teams", "команды"),
                teams
                    .iter()
                    .map(|tm| tm.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                s.boards,
                w.lang.noun(
                    s.boards as u64,
                    ["board", "boards"],
                    ["доска", "доски", "досок"]
                )
            ),
            None => w.l("teams removed", "команды удалены"),
        },
        Command::SetLineUp {
            round,
            team,
            players,
        } => format!(
            "{} {round}, {}: {}",
            w.l("round", "тур"),
            w.team(*team),
            players
                .iter()
                .map(|&id| w.name(id))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Command::PairTeams {
            round,
            matches,
            pab,
            ..
        } => {
            let mut s = format!(
                "{} {round}: {}",
                w.l("pair round", "жеребьёвка тура"),
                matches
                    .iter()
                    .map(|&(h, a)| format!("{} – {}", w.team(h), w.team(a)))
                    .collect::<Vec<_>>()
                    .join("; ")
            );
            if let Some(b) = pab {
                s.push_str(&format!("; {}: {}", w.l("bye", "свободна"), w.team(*b)));
            }
            s
        }
        Command::SetMatches { round, matches, .. } => format!(
            "{} {round}, {}: {}",
            w.l("round", "тур"),
            w.l("matches", "матчи"),
            matches
                .iter()
                .map(|m| format!("{} – {}", w.team(m.home), w.team(m.away)))
                .collect::<Vec<_>>()
                .join("; ")
        ),
        // (Only the commands above are sent here.)
        _ => String::new(),
    }
}
