//! `event option`: the regulation's settings changed from the command line — coming (check-in,
//! late entries) and, before or after the start, the rounds, the scoring and the tie-breaks. A
//! setting the paired rounds rest on is changed after the start only with `--yes`, after the
//! program has said what it does; journaled and written into the event's record.

use std::path::Path;
use std::process::ExitCode;

use shashki_arbiter::lang::{Lang, Russian};
use shashki_arbiter::store::event::{self, Because, EventError, EventFile};
use shashki_arbiter::tournament::command::Command;
use shashki_arbiter::tournament::model::{Scoring, TieBreak, Tournament};
use shashki_arbiter::tournament::registration::LateEntry;

use super::{outln, print_json, CliResult};
use crate::Format;

/// What `event option` was asked to change (`None`: left as it is).
#[derive(Default)]
pub struct Asked<'a> {
    pub checkin_required: Option<bool>,
    pub late_entry: Option<&'a str>,
    pub rounds: Option<usize>,
    pub tiebreaks: Option<&'a str>,
    pub scoring: Option<&'a str>,
    /// The arbiter confirmed a late setting's consequences.
    pub yes: bool,
    pub reason: Option<&'a str>,
}

impl Asked<'_> {
    fn changes_anything(&self) -> bool {
        self.checkin_required.is_some()
            || self.late_entry.is_some()
            || self.rounds.is_some()
            || self.tiebreaks.is_some()
            || self.scoring.is_some()
    }
}

/// A tie-break list as the command line names it: `buchholz,wins` (ids) or C.07 codes.
pub fn tiebreak_list(text: &str, lang: Lang) -> Result<Vec<TieBreak>, String> {
    text.split(',')
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .map(|w| {
            TieBreak::ALL
                .into_iter()
                .find(|tb| tb.id() == w || tb.c07().is_some_and(|c| c.eq_ignore_ascii_case(w)))
                .ok_or_else(|| {
                    let ids: Vec<&str> = TieBreak::ALL.iter().map(|tb| tb.id()).collect();
                    match lang {
                        Lang::En => format!(
                            "--tiebreaks: no tie-break `{w}` (one of {})",
                            ids.join(", ")
                        ),
                        Lang::Ru => format!(
                            "--tiebreaks: нет показателя `{w}` (один из: {})",
                            ids.join(", ")
                        ),
                    }
                })
        })
        .collect()
}

/// `W,D,L`: the points of a won, drawn and lost encounter.
fn scoring(text: &str, lang: Lang) -> Result<(f64, f64, f64), String> {
    let parts: Vec<Option<f64>> = text
        .split(',')
        .map(|p| p.trim().replace(',', ".").parse().ok())
        .collect();
    match parts.as_slice() {
        [Some(w), Some(d), Some(l)] => Ok((*w, *d, *l)),
        _ => Err(match lang {
            Lang::En => format!("--scoring: `{text}` is not W,D,L (e.g. 1,0.5,0 or 3,1,0)"),
            Lang::Ru => format!("--scoring: `{text}` — не В,Н,П (например 1,0.5,0 или 3,1,0)"),
        }),
    }
}

/// The one change `asked` makes of `t`: the settings replaced, and the tie-breaks (a batch when
/// both change).
fn change(t: &Tournament, asked: &Asked, lang: Lang) -> Result<Command, String> {
    let mut settings = t.settings.clone();
    if let Some(r) = asked.checkin_required {
        settings.registration.checkin_required = r;
    }
    if let Some(text) = asked.late_entry {
        settings.registration.late_entry = LateEntry::parse(text).ok_or_else(|| match lang {
            Lang::En => format!("--late-entry: `{text}` is not a rule (nothing or half)"),
            Lang::Ru => format!("--late-entry: `{text}` — не правило (nothing или half)"),
        })?;
    }
    if let Some(n) = asked.rounds {
        settings.rounds_planned = Some(n);
    }
    if let Some(text) = asked.scoring {
        let (w, d, l) = scoring(text, lang)?;
        settings.scoring = Scoring::of_points(&settings.scoring, settings.format.games, w, d, l);
    }
    let mut commands = Vec::new();
    if settings != t.settings {
        commands.push(Command::SetSettings {
            settings: Box::new(settings),
        });
    }
    if let Some(text) = asked.tiebreaks {
        commands.push(Command::SetTiebreaks {
            tiebreaks: tiebreak_list(text, lang)?,
        });
    }
    Ok(match commands.len() {
        1 => commands.pop().expect("one"),
        _ => Command::Batch { commands },
    })
}

pub fn option(file: &str, asked: &Asked, lang: Lang, format: Format) -> CliResult {
    let before = event::read(Path::new(file)).map_err(|e| e.said(lang))?;
    if asked.changes_anything() {
        let now = chrono::Utc::now();
        let holder = shashki_arbiter::files::lock::Holder::this("event option", now);
        let mut f = EventFile::open_as(Path::new(file), &holder).map_err(|e| e.said(lang))?;
        let cmd = change(&f.tournament, asked, lang).map_err(|e| format!("{file}: {e}"))?;
        let because = Because {
            confirmed: asked.yes,
            ..Because::reason(asked.reason)
        };
        if !matches!(&cmd, Command::Batch { commands } if commands.is_empty()) {
            f.apply_with(cmd, now, because).map_err(|e| match e {
                EventError::NotConfirmed { .. } => format!(
                    "{file}: {}\n{}",
                    e.said(lang),
                    lang.pick(
                        "nothing was changed; give --yes to make it (and --reason TEXT to say why)",
                        "ничего не изменено; чтобы внести его, укажите --yes (и --reason ТЕКСТ — почему)"
                    )
                ),
                e => format!("{file}: {}", e.said(lang)),
            })?;
        }
    }
    let t = event::read(Path::new(file)).map_err(|e| e.said(lang))?;
    show(&before, &t, lang, format)
}

/// The options as they are now, each as `old → new` where the change replaced it.
fn show(before: &Tournament, t: &Tournament, lang: Lang, format: Format) -> CliResult {
    let tiebreaks =
        |t: &Tournament| -> Vec<&'static str> { t.tiebreaks.iter().map(|tb| tb.id()).collect() };
    // The arbiter reads the criteria by their names, not the file's ids.
    let named = |t: &Tournament| -> String {
        if t.tiebreaks.is_empty() {
            return "—".to_string();
        }
        let names: Vec<&str> = t
            .tiebreaks
            .iter()
            .map(|tb| lang.pick(tb.name().0, tb.name().1))
            .collect();
        names.join(", ")
    };
    let scoring = shashki_arbiter::tournament::audit::scoring_said;
    let r = &t.settings.registration;
    match format {
        Format::Json => print_json(&serde_json::json!({
            "checkin_required": r.checkin_required,
            "late_entry": r.late_entry,
            "rounds": t.settings.rounds_planned,
            "scoring": scoring(&t.settings),
            "tiebreaks": tiebreaks(t),
            "record": t.record.len(),
        }))?,
        _ => {
            let old = before.settings.registration.rules_said(lang);
            for (k, (rule, new)) in r.rules_said(lang).into_iter().enumerate() {
                outln!("{rule}: {}", replaced(Some(old[k].1.clone()), new));
            }
            let rounds = |t: &Tournament| {
                t.settings
                    .rounds_planned
                    .map_or("—".to_string(), |n| n.to_string())
            };
            outln!(
                "{}: {}",
                lang.pick("rounds", "туров"),
                replaced(Some(rounds(before)), rounds(t))
            );
            outln!(
                "{}: {}",
                lang.pick("scoring", "очки"),
                replaced(Some(scoring(&before.settings)), scoring(&t.settings))
            );
            outln!(
                "{}: {}",
                lang.pick("tie-breaks", "доп. показатели"),
                replaced(Some(named(before)), named(t))
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A value as a change left it: `old → new` when the change replaced another, else the value.
fn replaced(old: Option<String>, new: String) -> String {
    match old {
        Some(old) if old != new => format!("{old} → {new}"),
        _ => new,
    }
}

/// `event lot`: the lot for the places still tied, drawn from a printed seed; what it decided.
pub fn lot(file: &str, seed: Option<u64>, lang: Lang, format: Format) -> CliResult {
    use shashki_arbiter::lang::Said;
    use shashki_arbiter::tournament::audit::Act;
    use shashki_arbiter::tournament::standings;
    let now = chrono::Utc::now();
    let holder = shashki_arbiter::files::lock::Holder::this("event lot", now);
    let mut f = EventFile::open_as(Path::new(file), &holder).map_err(|e| e.said(lang))?;
    let seed = match seed {
        Some(s) => s,
        None => shashki_arbiter::tournament::ballot::os_seed().map_err(|e| e.to_string())?,
    };
    // The ties as the standings leave them without a lot.
    let mut without = f.tournament.clone();
    without.lot = None;
    let ties = standings::ties(&standings::compute(&without, None));
    let mut with = without.clone();
    with.lot = Some(seed);
    let after = standings::compute(&with, None);
    let name = |id| {
        without
            .player(id)
            .map(|p| p.full_name())
            .unwrap_or_default()
    };
    let place_of = |id| {
        after
            .iter()
            .find(|l| l.id == id)
            .map_or(String::new(), |l| l.place.clone())
    };
    let decided = |lang: Lang| -> String {
        if ties.is_empty() {
            return lang
                .pick("no places tied", "разделённых мест нет")
                .to_string();
        }
        ties.iter()
            .map(|(place, ids)| {
                let mut ids = ids.clone();
                ids.sort_by_key(|id| place_of(*id).parse::<usize>().unwrap_or(0));
                let who: Vec<String> = ids
                    .iter()
                    .map(|id| format!("{} {}", place_of(*id), name(*id)))
                    .collect();
                format!("{place}: {}", who.join(", "))
            })
            .collect::<Vec<_>>()
            .join("; ")
    };
    let what = Said::new(
        format!("seed {seed}: {}", decided(Lang::En)),
        format!("зерно {seed}: {}", decided(Lang::Ru)),
    );
    let because = Because {
        act: Some((Act::Lot, what)),
        ..Because::default()
    };
    f.apply_with(Command::SetLot { seed: Some(seed) }, now, because)
        .map_err(|e| format!("{file}: {}", e.said(lang)))?;
    match format {
        Format::Json => print_json(&serde_json::json!({
            "seed": seed,
            "ties": ties.iter().map(|(place, ids)| serde_json::json!({
                "place": place,
                "players": ids.iter().map(|id| serde_json::json!({
                    "id": id, "place": place_of(*id),
                })).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
        }))?,
        _ => {
            outln!("{}: {seed}", lang.pick("seed of the lot", "зерно жребия"));
            outln!("{}", decided(lang));
        }
    }
    Ok(ExitCode::SUCCESS)
}
