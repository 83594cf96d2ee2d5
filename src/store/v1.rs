//! Schema 1 of the event file, read so that events saved by earlier versions still open: the
//! settings lay flat in the event and the time controls were free text. It is only ever read;
//! the next save writes schema 2 (the schema-1 file is kept beside it as `NAME.v1.bak`).

use serde::Deserialize;

use crate::clock::TimeControl;
use crate::rules::{Color, Variant};
use crate::tournament::model::{
    BallotRule, Player, PlayerId, Round, Scoring, Settings, System, TieBreak, Tournament, Unplayed,
    SCHEMA,
};

#[derive(Deserialize)]
#[serde(rename = "Tournament")]
pub struct TournamentV1 {
    name: String,
    #[serde(default)]
    dates: String,
    #[serde(default)]
    venue: String,
    #[serde(default)]
    chief_arbiter: String,
    #[serde(default)]
    arbiters: Vec<String>,
    #[serde(with = "crate::rules::variant::as_name")]
    variant: Variant,
    system: System,
    time_control: String,
    format: MatchFormatV1,
    scoring: Scoring,
    tiebreaks: Vec<TieBreak>,
    #[serde(default)]
    unplayed: Unplayed,
    #[serde(default)]
    rounds_planned: Option<usize>,
    players: Vec<Player>,
    #[serde(default)]
    rounds: Vec<Round>,
    #[serde(default)]
    forbidden: Vec<(PlayerId, PlayerId)>,
    #[serde(default)]
    numbers_seed: Option<u64>,
    #[serde(default)]
    initial_colour: Option<Color>,
}

#[derive(Deserialize)]
struct MatchFormatV1 {
    games: u32,
    #[serde(default)]
    ballot: Option<BallotRule>,
    #[serde(default)]
    extra_micromatches: u32,
    #[serde(default)]
    extra_time_control: Option<String>,
}

/// What the upgrade could not carry over.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UpgradeError {
    #[error("the time control `{text}` cannot be read: {why}")]
    TimeControl { text: String, why: String },
}

impl crate::lang::Russian for UpgradeError {
    fn ru(&self) -> String {
        match self {
            UpgradeError::TimeControl { text, why } => {
                // `why` is the English of the time control's own error: read it again for its
                // Russian (the same text gives the same error).
                let why = match text.parse::<TimeControl>() {
                    Err(e) if e.to_string() == *why => e.ru(),
                    _ => why.clone(),
                };
                format!("контроль времени `{text}` не читается: {why}")
            }
        }
    }
}

/// The event in schema 2, and the text of an extra-micromatch time control that schema 1 kept
/// unchecked and that is not one (dropped: the extra games then use the event's own clock).
pub fn upgrade(old: TournamentV1) -> Result<(Tournament, Option<String>), UpgradeError> {
    let parse = |text: &str| {
        text.parse::<TimeControl>()
            .map_err(|e| UpgradeError::TimeControl {
                text: text.to_string(),
                why: e.to_string(),
            })
    };
    let time_control = parse(&old.time_control)?;
    let (extra_time_control, dropped) = match old.format.extra_time_control {
        None => (None, None),
        Some(text) if text.trim().is_empty() => (None, None),
        Some(text) => match parse(&text) {
            Ok(c) => (Some(c), None),
            Err(_) => (None, Some(text)),
        },
    };
    let t = Tournament {
        schema: SCHEMA,
        settings: Settings {
            name: old.name,
            dates: old.dates,
            venue: old.venue,
            chief_arbiter: old.chief_arbiter,
            arbiters: old.arbiters,
            paperwork: Default::default(),
            norms: Default::default(),
            variant: old.variant.into(),
            system: old.system,
            time_control,
            format: crate::tournament::model::MatchFormat {
                games: old.format.games,
                ballot: old.format.ballot,
                extra_micromatches: old.format.extra_micromatches,
                extra_time_control,
            },
            scoring: old.scoring,
            unplayed: old.unplayed,
            rounds_planned: old.rounds_planned,
            teams: None,
            floor_results: Default::default(),
            registration: Default::default(),
            cycles: None,
            knockout: None,
            scheveningen: None,
            groups: None,
            stage: None,
        },
        tiebreaks: old.tiebreaks,
        players: old.players,
        rounds: old.rounds,
        forbidden: old.forbidden,
        numbers_seed: old.numbers_seed,
        initial_colour: old.initial_colour,
        acceleration: Default::default(),
        teams: vec![],
        deputies: vec![],
        pending: vec![],
        categories: vec![],
        prizes: Default::default(),
        checked_in: Vec::new(),
        schedule: Default::default(),
        lot: None,
        record: Vec::new(),
    };
    Ok((t, dropped))
}
