//! One line per journal entry, in the arbiter's words: the console's status and journal, the hall
//! network's answers and the command line's `journal` say a change alike (below the console, so
//! that a build without the window says it too).

use crate::lang::Lang;
use crate::store::event::{Entry, Made};
use crate::tournament::command::Command;
use crate::tournament::id::GameRef;
use crate::tournament::model::{GameResult, Sex, Tournament};

mod lists;

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
            checked_in(t, before, players, &t.checked_in, lang)
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
            removed(lang, player.sex, &player.full_name())
        }
        // Once made, the event holds the list after the change: the entry's undo, the one
        // before it (else every journal line read «unchanged»).
        (Command::SetCheckedIn { players }, Command::SetCheckedIn { players: before }) => {
            checked_in(t, before, players, players, lang)
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
        // A batch's undo is its changes' undos in reverse order.
        (Command::Batch { commands }, Command::Batch { commands: undos })
            if commands.len() == undos.len()
                && commands.iter().any(|c| {
                    matches!(c, Command::SetPrizes { .. } | Command::SetCategories { .. })
                }) =>
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

/// A change to the deputies or to a result waiting for the arbiter, in words.
fn floor(t: &Tournament, cmd: &Command, lang: Lang) -> String {
    let l = |en: &str, ru: &str| lang.pick(en, ru).to_string();
    match cmd {
        Command::AddDeputy { deputy } => format!(
            "{} {} ({} {})",
            l("deputy arbiter added:", "добавлен заместитель судьи"),
            deputy.name,
            l("boards", "доски"),
            deputy.boards
        ),
        Command::RemoveDeputy { name } => {
            format!(
                "{} {name}",
                l("deputy arbiter taken off:", "снят заместитель судьи")
            )
        }
        Command::RevokeDeputy { name, .. } => {
            format!("{} {name}", l("code revoked:", "отозван код заместителя"))
        }
        Command::KeepRevoked { name } => format!(
            "{} {name} {}",
            l("the code of", "код заместителя"),
            l(
                "stays revoked (a revoked code never works again)",
                "остаётся отозванным (отозванный код больше не действует)"
            )
        ),
        Command::SetPending {
            round,
            board,
            game,
            pending,
        } => match pending {
            // (Who sent it is the journal entry's own: said after it.)
            Some(s) => format!(
                "{}: {}",
                l("waits for confirmation", "ждёт подтверждения"),
                command(
                    t,
                    &Command::SetResult {
                        game: GameRef {
                            round: *round,
                            board: *board,
                            game: *game
                        },
                        result: s.result
                    },
                    lang
                ),
            ),
            None => format!(
                "{} {round}, {} {board}, {} {}",
                l(
                    "result from the floor turned down: round",
                    "отклонён результат с площадки: тур"
                ),
                l("board", "доска"),
                l("game", "партия"),
                game + 1,
            ),
        },
        // (Only the commands above are sent here.)
        _ => String::new(),
    }
}

/// «удалена Иванова Анна»: a player taken off the list.
fn removed(lang: Lang, sex: Option<Sex>, name: &str) -> String {
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
fn checked_in(
    t: &Tournament,
    before: &[crate::tournament::model::PlayerId],
    players: &[crate::tournament::model::PlayerId],
    count_of: &[crate::tournament::model::PlayerId],
    lang: Lang,
) -> String {
    let came: Vec<_> = players.iter().filter(|id| !before.contains(id)).collect();
    let away: Vec<_> = before.iter().filter(|id| !players.contains(id)).collect();
    let said = |ids: &[&crate::tournament::model::PlayerId]| match ids.len() {
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

/// New settings in words; a change of the rules on coming (the check-in page's) says what it
/// replaced, `rule: old → new`.
fn settings_said(
    t: &Tournament,
    settings: &crate::tournament::model::Settings,
    lang: Lang,
) -> String {
    let saved = lang.pick("event settings saved", "настройки турнира");
    let Some(change) = settings
        .registration
        .change_said(&t.settings.registration, lang)
    else {
        return saved.to_string();
    };
    let rest_same = crate::tournament::model::Settings {
        registration: t.settings.registration.clone(),
        ..settings.clone()
    } == t.settings;
    match rest_same {
        true => change,
        false => format!("{saved}; {change}"),
    }
}

pub fn command(t: &Tournament, cmd: &Command, lang: Lang) -> String {
    let name = |id| {
        t.player(id)
            .map(|p| p.full_name())
            .unwrap_or_else(|| format!("#{id}"))
    };
    let l = |en: &str, ru: &str| lang.pick(en, ru).to_string();
    // Russian verbs agree with the player's sex; an unknown one gets a form without gender.
    let sex = |id| t.player(id).and_then(|p| p.sex);
    let agree = |id, en, ru| lang.agree(sex(id), en, ru).to_string();
    match cmd {
        Command::AddPlayer { player } => format!(
            "{} {}",
            lang.agree(
                player.sex,
                "added",
                ["добавлен", "добавлена", "в списке новый участник:"]
            ),
            player.full_name()
        ),
        Command::EditPlayer { player } => {
            format!("{} {}", l("edited", "изменены данные:"), player.full_name())
        }
        Command::RemovePlayer { id } => removed(lang, sex(*id), &name(*id)),
        Command::Withdraw { id, after_round } => match after_round {
            Some(r) => format!(
                "{} {} {r}",
                name(*id),
                agree(
                    *id,
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
                name(*id),
                agree(
                    *id,
                    "back in the event",
                    ["вернулся", "вернулась", "— возвращение в турнир"]
                )
            ),
        },
        Command::Expel { id, expelled, .. } => match expelled {
            // The reason is said with the journal's line (it is the change's reason).
            Some(e) => format!(
                "{} {} {}",
                name(*id),
                agree(
                    *id,
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
                name(*id),
                agree(
                    *id,
                    "expulsion taken back",
                    [
                        "снова в турнире (исключение отменено)",
                        "снова в турнире (исключение отменено)",
                        "— исключение отменено"
                    ]
                )
            ),
        },
        Command::SetLot { seed } => match seed {
            Some(seed) => format!(
                "{} ({} {seed})",
                l(
                    "lot drawn for the places still tied",
                    "жребий для мест, оставшихся разделёнными"
                ),
                l("seed", "зерно")
            ),
            None => l("the lot for the places taken back", "жребий мест отменён"),
        },
        Command::DrawNumbers { seed } => {
            format!(
                "{} ({} {seed})",
                l("numbers drawn by lot", "жеребьёвка номеров"),
                l("seed", "зерно")
            )
        }
        Command::SetNumbers { .. } => l("pairing numbers set", "номера установлены"),
        Command::PairRound { round, .. } | Command::DrawTableRound { round, .. } => {
            format!("{} {round} {}", l("round", "тур"), l("paired", "составлен"))
        }
        Command::SetPairings { round, pairs, .. } => format!(
            "{} {round} {} ({})",
            l("round", "тур"),
            l("paired", "составлен"),
            lang.count(
                pairs.len() as u64,
                ["board", "boards"],
                ["доска", "доски", "досок"]
            )
        ),
        Command::SetForbidden { pairs } => format!(
            "{}: {}",
            l("forbidden pairs", "запрещённые пары"),
            pairs.len()
        ),
        Command::SetCategories { categories } => lists::categories(&t.categories, categories, lang),
        Command::SetPrizes { prizes } => lists::prizes(t, &t.prizes, prizes, lang),
        Command::SetCheckedIn { players } => checked_in(t, &t.checked_in, players, players, lang),
        Command::SetSchedule { schedule } => lists::schedule(&t.schedule, schedule, lang),
        Command::RestoreRound { round } => format!(
            "{} {} {}",
            l("round", "тур"),
            round.number,
            l("put back", "восстановлен")
        ),
        Command::Decide {
            round,
            board,
            decision,
        } => match decision {
            Some(d) => format!(
                "{} {round}, {} {board}: {} {} ({})",
                l("round", "тур"),
                l("board", "доска"),
                agree(
                    d.winner,
                    "goes on by the arbiter's decision:",
                    [
                        "проходит дальше по решению судьи:",
                        "проходит дальше по решению судьи:",
                        "проходит дальше по решению судьи:"
                    ]
                ),
                name(d.winner),
                d.reason
            ),
            None => format!(
                "{} {round}, {} {board}: {}",
                l("round", "тур"),
                l("board", "доска"),
                l(
                    "the arbiter's decision taken back",
                    "решение судьи отменено"
                )
            ),
        },
        Command::UnpairRound { round } => {
            format!(
                "{} {round} {}",
                l("round", "тур"),
                l("taken back", "отменён")
            )
        }
        Command::DrawBallot {
            round, board, seed, ..
        } => match board {
            Some(b) => format!(
                "{} {round}, {} {b}: {} ({} {seed})",
                l("round", "тур"),
                l("board", "доска"),
                l("ballot drawn", "жеребьёвка начала"),
                l("seed", "зерно")
            ),
            None => format!(
                "{} {round}: {} ({} {seed})",
                l("round", "тур"),
                l("ballots drawn", "жеребьёвка начал"),
                l("seed", "зерно")
            ),
        },
        Command::SetBallot {
            round,
            board,
            ballot,
        } => format!(
            "{} {round}, {} {board}: {} {}",
            l("round", "тур"),
            l("board", "доска"),
            l("ballot", "начало"),
            ballot
                .as_ref()
                .map(|b| b.cell.clone())
                .unwrap_or_else(|| "—".into())
        ),
        Command::SetBallots { round, .. } => {
            format!(
                "{} {round}: {}",
                l("round", "тур"),
                l("ballots set", "начала")
            )
        }
        Command::SetResult {
            game: GameRef { round, board, game },
            result,
        }
        | Command::SetExtraResult {
            round,
            board,
            game,
            result,
        } => {
            let extra = matches!(cmd, Command::SetExtraResult { .. });
            let pairing = t
                .rounds
                .iter()
                .find(|r| r.number == *round)
                .and_then(|r| r.pairings.iter().find(|p| p.board == *board));
            let won = |id| match (lang, sex(id)) {
                (Lang::Ru, None) => format!(" — победа: {}", name(id)),
                _ => format!(
                    " — {} {}",
                    name(id),
                    agree(id, "wins", ["выиграл", "выиграла", ""])
                ),
            };
            // Who won, by name: in a micromatch "1" in game 2 is a win for the pairing's Black.
            let winner = pairing.and_then(|p| {
                let slot = *game + if extra { p.games.len() } else { 0 };
                let white = p.white_of(slot);
                let black = if white == p.white { p.black } else { p.white };
                match result {
                    GameResult::WhiteWins | GameResult::WhiteByForfeit => Some(won(white)),
                    GameResult::BlackWins | GameResult::BlackByForfeit => Some(won(black)),
                    _ => None,
                }
            });
            format!(
                "{} {round}, {} {board}, {} {}: {}{}",
                l("round", "тур"),
                l("board", "доска"),
                if extra {
                    l("extra game", "доп. партия")
                } else {
                    l("game", "партия")
                },
                game + 1,
                // `*` said nothing to the arbiter: a result taken off is said so.
                if *result == GameResult::Pending {
                    l("result cleared", "результат стёрт")
                } else {
                    result.symbol().to_string()
                },
                winner.unwrap_or_default()
            )
        }
        Command::SetSettings { settings } => settings_said(t, settings, lang),
        Command::SetRecord {
            game: GameRef { round, board, game },
            moves,
        } => format!(
            "{} {round}, {} {board}, {} {}: {}",
            l("round", "тур"),
            l("board", "доска"),
            l("game", "партия"),
            game + 1,
            match moves {
                Some(text) => {
                    let plies = crate::rules::pdn::read(text)
                        .ok()
                        .and_then(|g| g.first().map(|g| g.moves.len()))
                        .unwrap_or(0);
                    format!(
                        "{} ({})",
                        l("score sheet kept", "бланк записи сохранён"),
                        lang.count(
                            plies as u64,
                            ["ply", "plies"],
                            ["полуход", "полухода", "полуходов"]
                        )
                    )
                }
                None => l("score sheet removed", "бланк записи удалён"),
            }
        ),
        Command::SetNotes {
            round,
            board,
            notes,
        } => format!(
            "{} {round}, {} {board}: {}",
            l("round", "тур"),
            l("board", "доска"),
            notes.last().map_or_else(
                || l("notes cleared", "заметки стёрты"),
                |n| n.get(lang).to_string()
            )
        ),
        Command::SetTiebreaks { tiebreaks } => format!(
            "{}: {}",
            l("tie-breaks", "доп. показатели"),
            tiebreaks
                .iter()
                .map(|tb| {
                    let (en, ru) = tb.name();
                    lang.pick(en, ru)
                })
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Command::SetTeams { teams, settings } => match settings {
            Some(s) => format!(
                "{}: {} ({} {})",
                l("teams", "команды"),
                teams
                    .iter()
                    .map(|tm| tm.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                s.boards,
                lang.noun(
                    s.boards as u64,
                    ["board", "boards"],
                    ["доска", "доски", "досок"]
                )
            ),
            None => l("teams removed", "команды удалены"),
        },
        Command::SetLineUp {
            round,
            team,
            players,
        } => format!(
            "{} {round}, {}: {}",
            l("round", "тур"),
            t.team(*team)
                .map(|tm| tm.name.clone())
                .unwrap_or_else(|| format!("#{team}")),
            players
                .iter()
                .map(|&id| name(id))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Command::PairTeams {
            round,
            matches,
            pab,
            ..
        } => {
            let team = |id| {
                t.team(id)
                    .map(|tm| tm.name.clone())
                    .unwrap_or_else(|| format!("#{id}"))
            };
            let mut s = format!(
                "{} {round}: {}",
                l("pair round", "жеребьёвка тура"),
                matches
                    .iter()
                    .map(|&(h, a)| format!("{} – {}", team(h), team(a)))
                    .collect::<Vec<_>>()
                    .join("; ")
            );
            if let Some(b) = pab {
                s.push_str(&format!("; {}: {}", l("bye", "свободна"), team(*b)));
            }
            s
        }
        Command::SetMatches { round, matches, .. } => {
            let team = |id| {
                t.team(id)
                    .map(|tm| tm.name.clone())
                    .unwrap_or_else(|| format!("#{id}"))
            };
            format!(
                "{} {round}, {}: {}",
                l("round", "тур"),
                l("matches", "матчи"),
                matches
                    .iter()
                    .map(|m| format!("{} – {}", team(m.home), team(m.away)))
                    .collect::<Vec<_>>()
                    .join("; ")
            )
        }
        Command::AddDeputy { .. }
        | Command::RemoveDeputy { .. }
        | Command::RevokeDeputy { .. }
        | Command::KeepRevoked { .. }
        | Command::SetPending { .. } => floor(t, cmd, lang),
        Command::LockRound { round } => {
            format!("{} {round} {}", l("round", "тур"), l("locked", "закрыт"))
        }
        Command::UnlockRound { round } => {
            format!("{} {round} {}", l("round", "тур"), l("unlocked", "открыт"))
        }
        // The arbiter's confirmation of a result sent from the floor.
        Command::Batch { commands }
            if matches!(
                commands.as_slice(),
                [
                    Command::SetResult { .. },
                    Command::SetPending { pending: None, .. }
                ]
            ) =>
        {
            format!(
                "{} {}",
                l(
                    "confirmed from the floor:",
                    "подтверждён результат с площадки:"
                ),
                command(t, &commands[0], lang)
            )
        }
        Command::Batch { commands } if commands.len() > 3 => {
            let added = commands
                .iter()
                .filter(|c| matches!(c, Command::AddPlayer { .. }))
                .count();
            if added == commands.len() {
                format!("{} {added}", l("players added:", "добавлено участников:"))
            } else {
                format!("{} {}", commands.len(), l("changes", "изменений"))
            }
        }
        Command::Batch { commands } => commands
            .iter()
            .map(|c| command(t, c, lang))
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
