//! The players' list in words: a player added, edited, removed, withdrawn, expelled; who came.

use super::Words;
use crate::lang::Lang;
use crate::tournament::command::Command;
use crate::tournament::model::{Expelled, PlayerId, Sex, Tournament};

/// A change to the players' list in words.
pub fn said(w: &Words, cmd: &Command) -> String {
    match cmd {
        Command::AddPlayer { player } => format!(
            "{} {}",
            w.lang.agree(
                player.sex,
                "added",
                ["добавлен", "добавлена", "в списке новый участник:"]
            ),
            player.full_name()
        ),
        Command::EditPlayer { player } => {
            format!(
                "{} {}",
                w.l("edited", "изменены данные:"),
                player.full_name()
            )
        }
        Command::RemovePlayer { id } => removed(w.lang, w.sex(*id), &w.name(*id)),
        Command::Withdraw { id, after_round } => withdrawn(w, *id, *after_round),
        Command::Expel { id, expelled, .. } => expelled_said(w, *id, expelled.as_ref()),
        Command::SetCheckedIn { players } => {
            checked_in(w.t, &w.t.checked_in, players, players, w.lang)
        }
        // (Only the commands above are sent here.)
        _ => String::new(),
    }
}

/// «Иванов выбыл после тура 3», or back in the event.
fn withdrawn(w: &Words, id: PlayerId, after_round: Option<usize>) -> String {
    match after_round {
        Some(r) => format!(
            "{} {} {r}",
            w.name(id),
            w.agree(
                id,
                "withdrew after round",
                [
                    "выбыл после тура",
                    "выбыла после тура",
                    "— выбытие после тура"
                ]
            )
        ),
        None => format!(
            "{} {}",
            w.name(id),
            w.agree(
                id,
                "back in the event",
                ["вернулся", "вернулась", "— возвращение в турнир"]
            )
        ),
    }
}

/// «Иванов исключён после тура 3», or the expulsion taken back.
fn expelled_said(w: &Words, id: PlayerId, expelled: Option<&Expelled>) -> String {
    match expelled {
        // The reason is said with the journal's line (it is the change's reason).
        Some(e) => format!(
            "{} {} {}",
            w.name(id),
            w.agree(
                id,
                "expelled after round",
                [
                    "исключён после тура",
                    "исключена после тура",
                    "— исключение после тура"
                ]
            ),
            e.after_round
        ),
        None => format!(
            "{} {}",
            w.name(id),
            w.agree(
                id,
                "expulsion taken back",
                [
                    "снова в турнире (исключение отменено)",
                    "снова в турнире (исключение отменено)",
                    "— исключение отменено"
                ]
            )
        ),
    }
}

/// «удалена Иванова Анна»: a player taken off the list.
pub fn removed(lang: Lang, sex: Option<Sex>, name: &str) -> String {
    format!(
        "{} {name}",
        lang.agree(
            sex,
            "removed",
            ["удалён", "удалена", "удалён из списка участник"]
        )
    )
}

/// A check-in change as the difference it makes: who came, who was marked away (named when
/// few, counted when the whole hall is marked at once).
/// `count_of`: the list the count is of (the change's own, or the event's now after an undo).
pub fn checked_in(
    t: &Tournament,
    before: &[PlayerId],
    players: &[PlayerId],
    count_of: &[PlayerId],
    lang: Lang,
) -> String {
    let came: Vec<_> = players.iter().filter(|id| !before.contains(id)).collect();
    let away: Vec<_> = before.iter().filter(|id| !players.contains(id)).collect();
    let said = |ids: &[&PlayerId]| match ids.len() {
        0..=3 => ids
            .iter()
            .map(|&&id| {
                t.player(id)
                    .map(|p| p.full_name())
                    .unwrap_or_else(|| format!("#{id}"))
            })
            .collect::<Vec<_>>()
            .join(", "),
        n => lang.count(
            n as u64,
            ["player", "players"],
            ["участник", "участника", "участников"],
        ),
    };
    let mut parts = Vec::new();
    if !came.is_empty() {
        parts.push(format!(
            "{} {}",
            lang.pick("checked in:", "пришли:"),
            said(&came)
        ));
    }
    if !away.is_empty() {
        parts.push(format!(
            "{} {}",
            lang.pick("marked away:", "отмечены отсутствующими:"),
            said(&away)
        ));
    }
    if parts.is_empty() {
        parts.push(
            lang.pick("check-in unchanged", "регистрация без изменений")
                .to_string(),
        );
    }
    // The count after the change, as the hall's desk keeps it: «(6 из 8)».
    let roll = crate::tournament::registration::roll(t);
    let present = (roll.present.iter().chain(&roll.missing))
        .filter(|id| count_of.contains(id))
        .count();
    format!(
        "{} ({present} {} {})",
        parts.join("; "),
        lang.pick("of", "из"),
        roll.expected()
    )
}
