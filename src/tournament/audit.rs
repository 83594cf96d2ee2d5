//! The event's record for an audit: the acts that change what a pairing or a standing rests on
//! after the fact — a correction, a pairing made by hand, a setting of the regulation changed
//! after the start, an adjournment, an expulsion, an import — each kept with its round, when,
//! who, why and what it did. A federation's rating officer reads them as the TRF's `###` lines,
//! an appeals committee in the chief arbiter's report. The record only grows: an act taken back
//! is a new line saying so, never a line removed.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::command::Command;
use super::model::{Settings, Tournament};
use crate::lang::{Lang, Said};

/// What kind of act a line of the record is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Act {
    /// A result or decision replaced in a round whose next round is paired.
    Correction,
    /// A round paired (or changed) by hand instead of by the program (TRF `MPA`).
    HandPairing,
    /// A setting the pairings or standings rest on, changed after round 1 was paired.
    Configuration,
    /// A game adjourned, to be finished later.
    Adjournment,
    /// A player expelled: no place, his later games lost by forfeit.
    Expulsion,
    /// The event read from another program's file.
    Import,
    /// A lot drawn to decide a tie (places), from a printed seed.
    Lot,
}

impl Act {
    pub const ALL: [Act; 7] = [
        Act::Correction,
        Act::HandPairing,
        Act::Configuration,
        Act::Adjournment,
        Act::Expulsion,
        Act::Import,
        Act::Lot,
    ];

    /// The key in JSON and the journal's `kind`.
    pub fn key(self) -> &'static str {
        match self {
            Act::Correction => "correction",
            Act::HandPairing => "hand_pairing",
            Act::Configuration => "configuration",
            Act::Adjournment => "adjournment",
            Act::Expulsion => "expulsion",
            Act::Import => "import",
            Act::Lot => "lot",
        }
    }

    /// The word of a TRF `###` line (`### MPA @ Round 4: …`).
    pub fn trf(self) -> &'static str {
        match self {
            Act::Correction => "Correction",
            Act::HandPairing => "MPA",
            Act::Configuration => "Configuration",
            Act::Adjournment => "Adjournment",
            Act::Expulsion => "Expulsion",
            Act::Import => "Import",
            Act::Lot => "Lot",
        }
    }

    pub fn said(self, lang: Lang) -> &'static str {
        match self {
            Act::Correction => lang.pick("correction", "исправление"),
            Act::HandPairing => lang.pick("pairing by hand", "ручная жеребьёвка"),
            Act::Configuration => lang.pick("setting changed", "изменение регламента"),
            Act::Adjournment => lang.pick("adjournment", "откладывание партии"),
            Act::Expulsion => lang.pick("expulsion", "исключение"),
            Act::Import => lang.pick("import", "импорт"),
            Act::Lot => lang.pick("lot", "жребий"),
        }
    }
}

/// One line of the record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Recorded {
    pub act: Act,
    /// The round it concerns: the round corrected, paired by hand, adjourned in; the last round
    /// paired when a setting changed.
    pub round: usize,
    /// When it was made (`None`: read from a file that did not say).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<DateTime<Utc>>,
    /// A deputy's name; `None`: the event's holder (the console or a command).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub who: Option<String>,
    /// The reason given with it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// What it did.
    pub what: Said,
    /// This line takes back an earlier act (an undo).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub undone: bool,
    /// The journal entry that made it (`None`: read from a file).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entry: Option<u64>,
}

impl Recorded {
    /// The line as the record prints it: «Исправление, тур 3: … (причина: …)».
    pub fn said(&self, lang: Lang) -> String {
        let mut s = format!(
            "{}, {} {}: {}",
            crate::lang::sentence(self.act.said(lang)),
            lang.pick("round", "тур"),
            self.round,
            self.what.get(lang)
        );
        if let Some(why) = &self.why {
            s.push_str(&format!(" ({}: {why})", lang.pick("reason", "причина")));
        }
        s
    }

    /// The TRF `###` line (English, as the file's other words).
    pub fn trf_line(&self) -> String {
        let mut s = format!(
            "### {} @ Round {}: {}",
            self.act.trf(),
            self.round,
            self.what.en
        );
        if let Some(why) = &self.why {
            s.push_str(&format!(" (reason: {why})"));
        }
        s
    }

    /// A `###` line read back: `None` when it is no record this program writes (another
    /// program's comment, kept out of the record).
    pub fn from_trf(line: &str) -> Option<Recorded> {
        let rest = line.strip_prefix("###")?.trim_start();
        let (word, rest) = rest.split_once(" @ Round ")?;
        let act = Act::ALL.into_iter().find(|a| a.trf() == word.trim())?;
        let (round, what) = rest.split_once(':')?;
        let what = what.strip_prefix(' ').unwrap_or(what).to_string();
        Some(Recorded {
            act,
            round: round.trim().parse().ok()?,
            at: None,
            who: None,
            why: None,
            what: Said::new(what.clone(), what),
            undone: false,
            entry: None,
        })
    }
}

/// The round a change concerns: its own, its game's, its first part's; else the last paired.
pub fn round_of(t: &Tournament, cmd: &Command) -> usize {
    match cmd {
        Command::SetPairings { round, .. }
        | Command::PairTeams { round, .. }
        | Command::PairRound { round, .. }
        | Command::SetMatches { round, .. } => *round,
        Command::SetResult { game, .. } => game.round,
        Command::Batch { commands } => commands.first().map_or(t.rounds.len(), |c| round_of(t, c)),
        _ => t.rounds.len(),
    }
}

/// The act a change is by what it does, whoever makes it: a game adjourned, a player expelled
/// (a correction and a late setting are told apart before: they need the arbiter's word).
pub fn act_of(t: &Tournament, cmd: &Command) -> Option<(Act, usize)> {
    use super::model::GameResult;
    match cmd {
        Command::SetResult { game, result } if *result == GameResult::Adjourned => {
            let before = t
                .pairing(game.round, game.board)
                .and_then(|p| p.games.get(game.game).copied());
            (before != Some(GameResult::Adjourned)).then_some((Act::Adjournment, game.round))
        }
        Command::Expel {
            expelled: Some(_), ..
        } => Some((Act::Expulsion, t.rounds.len())),
        Command::SetLot { seed: Some(_) } => Some((Act::Lot, t.rounds.len())),
        Command::Batch { commands } => commands.iter().find_map(|c| act_of(t, c)),
        _ => None,
    }
}

/// The act a change made now would be, before it is made (the caller's own acts aside).
pub fn act_kind(t: &Tournament, cmd: &Command) -> Option<Act> {
    if super::correction::corrected_round(t, cmd).is_some() {
        Some(Act::Correction)
    } else if !late_configuration(t, cmd).is_empty() {
        Some(Act::Configuration)
    } else {
        act_of(t, cmd).map(|(act, _)| act)
    }
}

/// What a round paired by hand changed of the program's own pairing, board by board (`board 2:
/// 3–8 (the program: 3–7)`), with its bye and the breaches the arbiter confirmed; `None` when
/// the hand pairing is the program's.
pub fn hand_pairing(
    t: &Tournament,
    program: (
        &[(super::model::PlayerId, super::model::PlayerId)],
        Option<super::model::PlayerId>,
    ),
    hand: (
        &[(super::model::PlayerId, super::model::PlayerId)],
        Option<super::model::PlayerId>,
    ),
    confirmed: &[Said],
) -> Option<Said> {
    let n = |id: super::model::PlayerId| {
        t.player(id)
            .and_then(|p| p.number)
            .map_or_else(|| id.to_string(), |n| n.to_string())
    };
    let pair = |p: Option<&(super::model::PlayerId, super::model::PlayerId)>| {
        p.map_or("—".to_string(), |&(w, b)| format!("{}–{}", n(w), n(b)))
    };
    let boards = program.0.len().max(hand.0.len());
    let mut en = Vec::new();
    let mut ru = Vec::new();
    for k in 0..boards {
        let (mine, theirs) = (hand.0.get(k), program.0.get(k));
        if mine != theirs {
            en.push(format!(
                "board {}: {} (the program: {})",
                k + 1,
                pair(mine),
                pair(theirs)
            ));
            ru.push(format!(
                "доска {}: {} (программа: {})",
                k + 1,
                pair(mine),
                pair(theirs)
            ));
        }
    }
    if hand.1 != program.1 {
        let bye = |b: Option<super::model::PlayerId>| b.map_or("—".to_string(), n);
        en.push(format!(
            "bye: {} (the program: {})",
            bye(hand.1),
            bye(program.1)
        ));
        ru.push(format!(
            "свободный тур: {} (программа: {})",
            bye(hand.1),
            bye(program.1)
        ));
    }
    if en.is_empty() {
        return None;
    }
    if !confirmed.is_empty() {
        let list = |lang| {
            confirmed
                .iter()
                .map(|s| s.get(lang).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        en.push(format!("confirmed: {}", list(Lang::En)));
        ru.push(format!("подтверждено: {}", list(Lang::Ru)));
    }
    Some(Said::new(en.join("; "), ru.join("; ")))
}

/// How far the program lets a change go: said and made, made only once confirmed, or refused.
/// None of them can be turned off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Note,
    Confirm,
    Refuse,
}

/// What a change of the regulation's settings after the start does, said before it is made:
/// each setting changed and what it recomputes or leaves standing. Empty when the change
/// touches no setting the rounds paired rest on, or no round is paired.
pub fn late_configuration(t: &Tournament, cmd: &Command) -> Vec<Said> {
    let paired = t.rounds.len();
    if paired == 0 {
        return Vec::new();
    }
    let recomputed = |what_en: &str, what_ru: &str| {
        let rounds = if paired == 1 {
            "1".to_string()
        } else {
            format!("1–{paired}")
        };
        Said::new(
            format!("{what_en}: the standings of rounds {rounds} are recomputed"),
            format!("{what_ru}: положение после туров {rounds} пересчитывается"),
        )
    };
    match cmd {
        Command::SetTiebreaks { tiebreaks } if *tiebreaks != t.tiebreaks => {
            let names = |list: &[super::model::TieBreak], lang: Lang| {
                if list.is_empty() {
                    "—".to_string()
                } else {
                    list.iter()
                        .map(|tb| lang.pick(tb.short().0, tb.short().1))
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            };
            let old_new = |lang| {
                format!(
                    "{} → {}",
                    names(&t.tiebreaks, lang),
                    names(tiebreaks, lang)
                )
            };
            vec![recomputed(
                &format!("tie-breaks {}", old_new(Lang::En)),
                &format!("дополнительные показатели {}", old_new(Lang::Ru)),
            )]
        }
        Command::SetForbidden { pairs } if *pairs != t.forbidden => vec![Said::new(
            format!(
                "forbidden pairs: {} → {}; rounds 1–{paired} stand as paired, the pairings from round {} follow the new list",
                t.forbidden.len(),
                pairs.len(),
                paired + 1
            ),
            format!(
                "запрещённые пары: {} → {}; туры 1–{paired} остаются как составлены, жеребьёвка с тура {} следует новому списку",
                t.forbidden.len(),
                pairs.len(),
                paired + 1
            ),
        )],
        Command::SetSettings { settings } => settings_changed(&t.settings, settings, paired)
            .into_iter()
            .chain(
                scoring_changed(&t.settings, settings)
                    .map(|(en, ru)| recomputed(&en, &ru)),
            )
            .chain(
                (t.settings.unplayed != settings.unplayed).then(|| {
                    recomputed(
                        "unplayed rounds in the tie-breaks",
                        "несыгранные туры в коэффициентах",
                    )
                }),
            )
            .collect(),
        Command::Batch { commands } => commands
            .iter()
            .flat_map(|c| late_configuration(t, c))
            .collect(),
        _ => Vec::new(),
    }
}

/// The scoring's change in words (`1-½-0 → 3-1-0`), if it changed.
fn scoring_changed(old: &Settings, new: &Settings) -> Option<(String, String)> {
    if old.scoring == new.scoring {
        return None;
    }
    let (a, b) = (scoring_said(old), scoring_said(new));
    Some((
        format!("scoring {a} → {b}"),
        format!("начисление очков {a} → {b}"),
    ))
}

/// The points of a won, drawn and lost encounter as the standings count them: `1-½-0`, `3-1-0`.
pub fn scoring_said(s: &Settings) -> String {
    let (w, d, l) = scoring_points(s);
    // `1`, `0.5`: the form a file and the arbiter's command line write.
    let n = |x: f64| {
        let s = format!("{x:.3}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    };
    format!("{}-{}-{}", n(w), n(d), n(l))
}

/// A won, drawn and lost encounter's points (a micromatch's match points when the event counts
/// them, else a game's).
pub fn scoring_points(s: &Settings) -> (f64, f64, f64) {
    match s.scoring.match_points {
        Some(mp) => (mp.win, mp.draw, mp.loss),
        None => match s.scoring.game {
            super::model::GamePoints::OneHalfZero => (1.0, 0.5, 0.0),
            super::model::GamePoints::TwoOneZero => (2.0, 1.0, 0.0),
        },
    }
}

/// The number of rounds planned, changed after the start.
fn settings_changed(old: &Settings, new: &Settings, paired: usize) -> Option<Said> {
    if old.rounds_planned == new.rounds_planned {
        return None;
    }
    let n = |r: Option<usize>| r.map_or("—".to_string(), |r| r.to_string());
    let (a, b) = (n(old.rounds_planned), n(new.rounds_planned));
    Some(Said::new(
        format!(
            "rounds {a} → {b}: rounds 1–{paired} stand as paired; the last round's colour rule for the topscorers moves to round {b}"
        ),
        format!(
            "число туров {a} → {b}: туры 1–{paired} остаются как составлены; правило цвета последнего тура для лидеров переходит на тур {b}"
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn before_round_1_is_paired_no_setting_asks_for_confirmation() {
        let mut t = Tournament::new(
            "t",
            crate::rules::Variant::Russian,
            super::super::model::System::Swiss,
            "45m".parse().unwrap(),
            1,
        );
        let cmd = Command::SetTiebreaks {
            tiebreaks: vec![super::super::model::TieBreak::SonnebornBerger],
        };
        assert!(late_configuration(&t, &cmd).is_empty());
        use super::super::command::apply_in_place as apply;
        use super::super::model::{Player, PlayerId};
        for id in [1, 2] {
            let player = Player::new(PlayerId(id), format!("P{id}"));
            apply(&mut t, &Command::AddPlayer { player }).unwrap();
        }
        let pair = Command::SetPairings {
            round: 1,
            pairs: vec![(PlayerId(1), PlayerId(2))],
            bye: None,
            absent: vec![],
            requested_byes: vec![],
            acceleration: vec![],
            advanced: vec![],
        };
        apply(&mut t, &pair).unwrap();
        assert_eq!(late_configuration(&t, &cmd).len(), 1);
    }

    #[test]
    fn a_trf_record_line_reads_back_as_written() {
        let r = Recorded {
            act: Act::HandPairing,
            round: 4,
            at: None,
            who: None,
            why: Some("a family pair".into()),
            what: Said::new("board 2: 3-8 instead of 3-7", "доска 2"),
            undone: false,
            entry: None,
        };
        let line = r.trf_line();
        assert_eq!(
            line,
            "### MPA @ Round 4: board 2: 3-8 instead of 3-7 (reason: a family pair)"
        );
        let back = Recorded::from_trf(&line).expect("read");
        assert_eq!(back.act, Act::HandPairing);
        assert_eq!(back.round, 4);
        assert_eq!(back.trf_line(), line);
        assert!(Recorded::from_trf("### a comment of another program").is_none());
    }
}
