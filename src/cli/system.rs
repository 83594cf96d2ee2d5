//! `event new`, `event next-stage`, `result`, `scheveningen` and `pair` for every system but the
//! Swiss (whose pairing, with its options and reasons, is `cli::swiss::pair`).

use crate::cli::outln;
use std::path::Path;
use std::process::ExitCode;

use chrono::Utc;
use serde::Serialize;
use shashki_arbiter::clock::TimeControl;
use shashki_arbiter::files::lock::Holder;
use shashki_arbiter::lang::{Lang, Russian};
use shashki_arbiter::rules::columns::AnyVariant;
use shashki_arbiter::store::event::{self, EventError, EventFile};
use shashki_arbiter::tournament::command::{self, Command};
use shashki_arbiter::tournament::model::{
    Decision, GameResult, Pairing, PlayerId, Round, System, Tournament,
};
use shashki_arbiter::tournament::standings::{self, Line};
use shashki_arbiter::tournament::system::groups::{self, Grouping};
use shashki_arbiter::tournament::system::knockout::{self, Knockout, Places, TieStage};
use shashki_arbiter::tournament::system::scheveningen;
use shashki_arbiter::tournament::system::setup::{
    self, Entrants, Kind, Regulation, Seeding, SetupError,
};
use shashki_arbiter::tournament::system::stage::{self, Stage, Take};
use shashki_arbiter::tournament::system::{self, Draft};

use super::{print_json, CliResult};
use crate::Format;
use shashki_arbiter::tournament::id::GameRef;

/// What `event new` was asked.
#[derive(Clone, Copy)]
pub struct NewEvent<'a> {
    pub output: &'a str,
    pub roster: Option<&'a str>,
    pub sides: &'a [String],
    pub system: &'a str,
    pub cycles: Option<u32>,
    pub games: u32,
    pub final_games: Option<u32>,
    pub third_place: bool,
    pub tie_break: &'a [String],
    pub places: &'a str,
    pub seeding: &'a str,
    pub seed: Option<u64>,
    pub groups: Option<usize>,
    pub grouping: &'a str,
    pub double: bool,
    pub soviet: bool,
    pub variant: &'a str,
    pub control: &'a str,
    pub name: Option<&'a str>,
    pub rounds: Option<usize>,
    pub lang: Lang,
}

/// A refusal in the asked language.
fn said(lang: Lang, e: &impl Russian) -> String {
    e.said(lang)
}

fn both(lang: Lang, en: String, ru: String) -> String {
    match lang {
        Lang::Ru => ru,
        _ => en,
    }
}

fn read_roster(
    path: &str,
    first_id: PlayerId,
    lang: Lang,
) -> Result<Vec<shashki_arbiter::tournament::Player>, String> {
    let bytes = std::fs::read(path).map_err(|e| {
        both(
            lang,
            format!("{path}: cannot be read: {e}"),
            format!("{path}: файл не читается: {e}"),
        )
    })?;
    shashki_arbiter::tournament::roster::parse_csv(path, &bytes, first_id)
        .map_err(|e| said(lang, &e))
}

/// The regulation as the command line gives it; `stage`: the next stage's numbers are its order
/// from the last, unless drawn by lot.
fn regulation(a: &NewEvent, stage: bool) -> Result<Regulation, String> {
    let lang = a.lang;
    let kind: Kind = a.system.parse().map_err(|e: SetupError| said(lang, &e))?;
    let knockout = if kind == Kind::Knockout {
        Some(knockout_of(a)?)
    } else if a.final_games.is_some() || a.third_place || !a.tie_break.is_empty() {
        return Err(said(lang, &SetupError::KnockoutOnly));
    } else {
        None
    };
    let groups = match a.groups {
        Some(count) => {
            let grouping: Grouping = a.grouping.parse().map_err(|e| format!("--grouping {e}"))?;
            Some((count, grouping))
        }
        None => None,
    };
    let seeding = match a.seeding {
        "order" if stage => Seeding::AsNumbered,
        "order" => Seeding::Order,
        "lot" => Seeding::Lot,
        other => return Err(format!("--seeding `{other}`: order or lot")),
    };
    Ok(Regulation {
        kind,
        cycles: a.cycles,
        games: a.games,
        knockout,
        groups,
        double: a.double,
        soviet: a.soviet,
        seeding,
        seed: a.seed,
    })
}

/// The new event as asked, its players numbered (by the initial order or by lot) and, for
/// groups, grouped; nothing is written.
pub fn build(a: &NewEvent) -> Result<Tournament, String> {
    let lang = a.lang;
    let variant: AnyVariant = a.variant.parse().map_err(|e| format!("--variant: {e}"))?;
    let control: TimeControl =
        a.control
            .parse()
            .map_err(|e: shashki_arbiter::clock::control::ControlError| {
                format!("--control `{}`: {}", a.control, e.said(lang))
            })?;
    let reg = regulation(a, false)?;
    let name = a
        .name
        .map(str::to_string)
        .unwrap_or_else(|| file_name(a.output));
    let entrants =
        match (a.roster, a.sides) {
            (Some(path), []) => Entrants::Roster(read_roster(path, PlayerId(1), lang)?),
            (None, [one, two]) => {
                let a_side = read_roster(one, PlayerId(1), lang)?;
                let b_side = read_roster(two, PlayerId(1).offset(a_side.len()), lang)?;
                Entrants::Sides([(file_name(one), a_side), (file_name(two), b_side)])
            }
            (None, []) => return Err(both(
                lang,
                "--roster PLAYERS.csv is needed (or --sides A.csv,B.csv for a Scheveningen)".into(),
                "нужен --roster PLAYERS.csv (или --sides A.csv,B.csv для схевенингенской системы)"
                    .into(),
            )),
            _ => return Err(said(lang, &SetupError::SidesOnly)),
        };
    let mut t =
        setup::new_event(&name, variant, control, &reg, entrants).map_err(|e| said(lang, &e))?;
    t.settings.rounds_planned = a.rounds;
    Ok(t)
}

fn file_name(path: &str) -> String {
    Path::new(path)
        .file_stem()
        .map_or(String::new(), |s| s.to_string_lossy().into_owned())
}

#[derive(Serialize)]
struct CreatedJson<'a> {
    file: &'a str,
    system: System,
    players: usize,
    rounds: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    numbers_seed: Option<u64>,
    seeds: Vec<SeedJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    groups: Option<Vec<GroupJson<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    groups_seed: Option<u64>,
}

#[derive(Serialize)]
struct SeedJson {
    seed: usize,
    id: PlayerId,
    name: String,
}

#[derive(Serialize)]
struct GroupJson<'a> {
    name: &'a str,
    players: &'a [PlayerId],
}

/// A new event is never written over another file.
fn not_there(output: &str, lang: Lang) -> Result<(), String> {
    if !Path::new(output).exists() {
        return Ok(());
    }
    Err(both(
        lang,
        format!("{output}: the file exists; an event is never written over another"),
        format!("{output}: файл уже есть; турнир никогда не записывается поверх другого"),
    ))
}

/// A knockout's regulation as `event new` and `event next-stage` are asked it.
fn knockout_of(a: &NewEvent) -> Result<Knockout, String> {
    let ladder = a
        .tie_break
        .iter()
        .map(|s| TieStage::parse(s).map_err(|e| format!("--tie-break {}", e.said(a.lang))))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Knockout {
        final_games: a.final_games,
        third_place: a.third_place,
        ladder,
        places: match a.places {
            "shared" => Places::Shared,
            "seed" => Places::BySeed,
            other => return Err(format!("--places `{other}`: shared or seed")),
        },
    })
}

/// `event new`: never over an existing file.
pub fn event_new(a: &NewEvent, format: Format) -> CliResult {
    not_there(a.output, a.lang)?;
    let t = build(a)?;
    EventFile::create(Path::new(a.output), t.clone()).map_err(|e| e.to_string())?;
    created(a.output, &t, format, a.lang)
}

fn created(output: &str, t: &Tournament, format: Format, lang: Lang) -> CliResult {
    let seeds: Vec<SeedJson> = t
        .by_number()
        .iter()
        .map(|p| SeedJson {
            seed: p.number.unwrap_or(0),
            id: p.id,
            name: p.full_name(),
        })
        .collect();
    match format {
        Format::Json => print_json(&CreatedJson {
            file: output,
            system: t.settings.system,
            players: t.players.len(),
            rounds: t.planned_rounds(),
            numbers_seed: t.numbers_seed,
            seeds,
            groups: t.settings.groups.as_ref().map(|g| {
                g.groups
                    .iter()
                    .map(|g| GroupJson {
                        name: &g.name,
                        players: &g.players,
                    })
                    .collect()
            }),
            groups_seed: t.settings.groups.as_ref().and_then(|g| g.seed),
        })?,
        _ => {
            let rounds = t.planned_rounds().map_or("?".into(), |r| r.to_string());
            let (system, players) = (t.settings.system.said(lang), t.players.len());
            match lang {
                Lang::En => outln!("{output}: {system}, {players} players, {rounds} rounds"),
                Lang::Ru => outln!("{output}: {system}, участников: {players}, туров: {rounds}"),
            }
            let seed = lang.pick("seed of the lot", "зерно жребия");
            if let Some(s) = t.numbers_seed {
                outln!(
                    "{} ({seed} {s})",
                    lang.pick("numbers by lot", "номера по жребию")
                );
            }
            for s in &seeds {
                outln!("{:>3}. {}", s.seed, s.name);
            }
            if let Some(g) = &t.settings.groups {
                if let Some(seed) = g.seed {
                    outln!(
                        "{} ({} {seed})",
                        lang.pick("groups by lot", "группы по жребию"),
                        lang.pick("seed of the lot", "зерно жребия")
                    );
                }
                for g in &g.groups {
                    let names: Vec<String> =
                        g.players.iter().map(|&id| system::name(t, id)).collect();
                    outln!(
                        "{} {}: {}",
                        lang.pick("group", "группа"),
                        g.name,
                        names.join(", ")
                    );
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Serialize)]
struct PairingJson {
    board: usize,
    white: PlayerId,
    black: PlayerId,
    #[serde(skip_serializing_if = "Option::is_none")]
    group: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    table: Option<String>,
    /// The stage its games were played in, carried over (not played again).
    #[serde(skip_serializing_if = "Option::is_none")]
    carried: Option<String>,
}

/// An encounter's players with the colours its games are played with: a match carried over from
/// the stage before keeps the colours it was played with (`stage::carry_into`), and its games.
fn as_played(
    t: &Tournament,
    white: PlayerId,
    black: PlayerId,
) -> (PlayerId, PlayerId, Option<&stage::Carried>) {
    let stage = t.settings.stage.as_ref();
    match stage.and_then(|s| s.carried_between(white, black)) {
        Some(c) => (c.white, c.black, Some(c)),
        None => (white, black, None),
    }
}

#[derive(Serialize)]
struct EncounterJson {
    board: usize,
    entrants: [PlayerId; 2],
    seeds: Option<[usize; 2]>,
    white: PlayerId,
    black: PlayerId,
    games: u32,
    third_place: bool,
}

#[derive(Serialize)]
struct DraftJson {
    round: usize,
    system: System,
    pairings: Vec<PairingJson>,
    /// The one bye of a round robin; a knockout's: every entrant passing this round.
    bye: serde_json::Value,
    /// Everyone without an encounter this round (a knockout's passes, a group's resting).
    byes: Vec<PlayerId>,
    encounters: Vec<EncounterJson>,
    saved: bool,
}

/// `pair` for a round robin, a knockout, a Scheveningen, groups: the system's proposal, saved
/// with `--save`.
pub fn pair(file: &str, round: Option<usize>, save: bool, lang: Lang, format: Format) -> CliResult {
    let path = Path::new(file);
    let mut held = match save {
        true => Some(
            EventFile::open_as(path, &Holder::this("pair --save", Utc::now()))
                .map_err(|e| e.said(lang))?,
        ),
        false => None,
    };
    let t = match &held {
        Some(f) => f.tournament.clone(),
        None => event::read(path).map_err(|e| e.said(lang))?,
    };
    let round = round.unwrap_or(t.rounds.len() + 1);
    // The round before must be over and, in a knockout, every encounter decided: the same
    // check the saved pairing goes through.
    command::next_round_due(&t, round).map_err(|e| format!("{file}: {}", e.said(lang)))?;
    let draft = system::of(&t)
        .propose(&t, round)
        .map_err(|e| format!("{file}: {}", e.said(lang)))?;
    if let Some(f) = held.as_mut() {
        f.apply(draft.command.clone(), Utc::now())
            .map_err(|e| e.said(lang))?;
    }
    // A fixed table pairs everyone: who has not checked in is named, his games to be lost at
    // the default time (`schedule` proposes those forfeits).
    for id in shashki_arbiter::tournament::registration::left_out(&t, round) {
        eprintln!(
            "{}: {} — {}",
            lang.pick("not checked in", "не отмечен на регистрации"),
            system::name(&t, id),
            lang.pick(
                "a fixed table pairs him; his games are lost by default if he does not come",
                "таблица ставит его в пару; если он не придёт, его партии проиграны за неявку"
            )
        );
    }
    let games_of = |board: usize| t.games_of(round, board) as u32;
    match format {
        Format::Json => print_json(&draft_json(&t, &draft, save, games_of))?,
        _ => print_draft(&t, &draft, save, lang),
    }
    Ok(ExitCode::SUCCESS)
}

fn draft_json(
    t: &Tournament,
    d: &Draft,
    saved: bool,
    games_of: impl Fn(usize) -> u32,
) -> DraftJson {
    let knockout = t.settings.system == System::Knockout;
    DraftJson {
        round: d.round,
        system: t.settings.system,
        pairings: d
            .encounters
            .iter()
            .map(|e| {
                let (white, black, carried) = as_played(t, e.white, e.black);
                PairingJson {
                    board: e.board,
                    white,
                    black,
                    group: e.group.clone(),
                    table: e.table.clone(),
                    carried: carried
                        .and(t.settings.stage.as_ref())
                        .map(|s| s.from_name.clone()),
                }
            })
            .collect(),
        bye: if knockout {
            serde_json::json!(d.passes)
        } else {
            serde_json::json!(d.bye)
        },
        byes: d.bye.into_iter().chain(d.passes.iter().copied()).collect(),
        encounters: d
            .encounters
            .iter()
            .map(|e| EncounterJson {
                board: e.board,
                entrants: [e.white, e.black],
                seeds: e.seeds.map(|(a, b)| [a, b]),
                white: e.white,
                black: e.black,
                games: games_of(e.board),
                third_place: d.third_place == Some(e.board),
            })
            .collect(),
        saved,
    }
}

fn print_draft(t: &Tournament, d: &Draft, saved: bool, lang: Lang) {
    let system = t.settings.system.said(lang);
    match lang {
        Lang::En => outln!("Round {} of {} ({system})", d.round, t.settings.name),
        Lang::Ru => outln!("Тур {} — {} ({system})", d.round, t.settings.name),
    }
    for e in &d.encounters {
        let seeds = e
            .seeds
            .map(|(a, b)| format!("  [{} {a} – {b}]", lang.pick("seeds", "номера посева")))
            .unwrap_or_default();
        let group = e
            .group
            .as_ref()
            .map(|g| format!("  ({} {g})", lang.pick("group", "группа")))
            .unwrap_or_default();
        let table = e
            .table
            .as_ref()
            .map(|x| format!("  ({x})"))
            .unwrap_or_default();
        let third = if d.third_place == Some(e.board) {
            format!("  {}", lang.pick("third place", "матч за 3-е место"))
        } else {
            String::new()
        };
        let (white, black, carried) = as_played(t, e.white, e.black);
        let carried = match (carried, &t.settings.stage) {
            (Some(c), Some(stage)) => {
                let games: Vec<&str> = c.games.iter().map(|g| g.symbol()).collect();
                format!(
                    "  — {}: {}",
                    shashki_arbiter::report::round_protocol::carried_said(&stage.from_name, lang),
                    games.join(", ")
                )
            }
            _ => String::new(),
        };
        outln!(
            "{:>3}. {} – {}{seeds}{group}{table}{third}{carried}",
            e.board,
            system::name(t, white),
            system::name(t, black)
        );
    }
    if let Some(b) = d.bye {
        outln!(
            "{}: {}",
            lang.pick("bye", "свободный тур"),
            system::name(t, b)
        );
    }
    for p in &d.passes {
        let what = if t.settings.system == System::Knockout {
            lang.pick(
                "passes to the next round",
                "проходит в следующий тур без игры",
            )
        } else {
            lang.pick("rests", "отдыхает")
        };
        outln!("{what}: {}", system::name(t, *p));
    }
    outln!("{}", super::swiss::saved_said(saved, lang));
}

/// `1-0`, `0-1`, `1/2-1/2` (or `=`), `+-`, `-+`, `--`, from White's side of that game.
fn score(text: &str) -> Option<GameResult> {
    Some(match text.trim() {
        "1-0" | "1" => GameResult::WhiteWins,
        "0-1" | "0" => GameResult::BlackWins,
        "1/2-1/2" | "½-½" | "=" | "1/2" => GameResult::Draw,
        "+-" | "+/-" => GameResult::WhiteByForfeit,
        "-+" | "-/+" => GameResult::BlackByForfeit,
        "--" | "-/-" => GameResult::DoubleForfeit,
        "*" => GameResult::Pending,
        "?" => GameResult::Adjourned,
        _ => return None,
    })
}

/// What `result` was asked.
pub struct ResultArgs<'a> {
    pub file: &'a str,
    pub round: usize,
    pub board: usize,
    /// From 1: the match's games, then its tie-break games.
    pub game: usize,
    pub score: Option<&'a str>,
    pub winner: Option<PlayerId>,
    pub reason: Option<&'a str>,
    /// Replace a result or decision already recorded.
    pub correct: bool,
    /// A correction's reason (a result of a round whose next round is paired).
    pub correction: Option<&'a str>,
    pub lang: Lang,
}

/// `result`: one game's result, or the arbiter's decision of a tied encounter, journaled.
pub fn result(a: &ResultArgs, format: Format) -> CliResult {
    let mut f = EventFile::open_as(Path::new(a.file), &Holder::this("result", Utc::now()))
        .map_err(|e| e.said(a.lang))?;
    let (r, p) = result_board(&f.tournament, a)?;
    let cmd = result_command(a, p)?;
    replaces(a, p)?;
    let locked = r.locked;
    apply_result(&mut f, a, cmd, locked)?;
    print_result(&f.tournament, a, format)?;
    Ok(ExitCode::SUCCESS)
}

/// The round and the board a result is for, refused when either is not there.
fn result_board<'t>(t: &'t Tournament, a: &ResultArgs) -> Result<(&'t Round, &'t Pairing), String> {
    let r = t
        .rounds
        .iter()
        .find(|r| r.number == a.round)
        .ok_or_else(|| {
            both(
                a.lang,
                format!("{}: round {} is not paired", a.file, a.round),
                format!("{}: тур {} не составлен", a.file, a.round),
            )
        })?;
    let p = r
        .pairings
        .iter()
        .find(|p| p.board == a.board)
        .ok_or_else(|| {
            both(
                a.lang,
                format!("{}: round {} has no board {}", a.file, a.round, a.board),
                format!("{}: в туре {} нет доски {}", a.file, a.round, a.board),
            )
        })?;
    Ok((r, p))
}

/// The change asked: a game's result (a tie-break game's after the match's games), or the
/// arbiter's decision of who goes on.
fn result_command(a: &ResultArgs, p: &Pairing) -> Result<Command, String> {
    Ok(match (a.score, a.winner) {
        (Some(text), None) => {
            let result = score(text).ok_or_else(|| {
                both(
                    a.lang,
                    format!(
                        "`{text}` is not a result: 1-0, 0-1, 1/2-1/2, +-, -+, -- (or --adjourned)"
                    ),
                    format!(
                        "`{text}` — не результат: 1-0, 0-1, 1/2-1/2, +-, -+, -- (или --adjourned)"
                    ),
                )
            })?;
            if a.game == 0 {
                return Err("--game counts from 1".into());
            }
            let game = a.game - 1;
            match game.checked_sub(p.games.len()) {
                None => Command::SetResult {
                    game: GameRef {
                        round: a.round,
                        board: a.board,
                        game,
                    },
                    result,
                },
                Some(extra) => Command::SetExtraResult {
                    round: a.round,
                    board: a.board,
                    game: extra,
                    result,
                },
            }
        }
        (None, Some(winner)) => Command::Decide {
            round: a.round,
            board: a.board,
            decision: Some(Decision {
                winner,
                reason: a.reason.unwrap_or("").trim().to_string(),
            }),
        },
        _ => {
            return Err(both(
                a.lang,
                "give a SCORE, or --winner ID --reason TEXT".into(),
                "укажите результат SCORE или --winner ID --reason TEXT".into(),
            ))
        }
    })
}

/// The change applied and saved (`locked`: the round is locked), with a correction's reason.
fn apply_result(
    f: &mut EventFile,
    a: &ResultArgs,
    cmd: Command,
    locked: bool,
) -> Result<(), String> {
    // A locked round is corrected by the chief arbiter with his reason: opened, corrected and
    // locked again in one change (one journal line, one undo).
    let cmd = match (locked, a.correction) {
        (true, Some(_)) => Command::Batch {
            commands: vec![
                Command::UnlockRound { round: a.round },
                cmd,
                Command::LockRound { round: a.round },
            ],
        },
        _ => cmd,
    };
    let done = match a.correction {
        Some(why) => f.apply_with(
            cmd.clone(),
            Utc::now(),
            shashki_arbiter::store::event::Because::reason(Some(why)),
        ),
        None => f.apply(cmd.clone(), Utc::now()),
    };
    done.map_err(|e| match e {
        // A refused command does not name the file; the others do.
        EventError::Refused(e) => format!("{}: {}", a.file, e.said(a.lang)),
        EventError::CorrectionWithoutReason { .. } => format!(
            "{}: {}; {}",
            a.file,
            e.said(a.lang),
            a.lang.pick(
                "give it with --correction TEXT",
                "укажите её: --correction ТЕКСТ"
            )
        ),
        e => e.said(a.lang),
    })?;
    Ok(())
}

/// The board as the result leaves it: its games, and in a knockout who goes on.
fn print_result(t: &Tournament, a: &ResultArgs, format: Format) -> Result<(), String> {
    let p = t
        .rounds
        .iter()
        .find(|r| r.number == a.round)
        .and_then(|r| r.pairings.iter().find(|p| p.board == a.board))
        .expect("the board was found above");
    let winner = (t.settings.system == System::Knockout)
        .then(|| knockout::winner(&t.settings.knockout.clone().unwrap_or_default(), p))
        .flatten();
    match format {
        Format::Json => print_json(&serde_json::json!({
            "round": a.round,
            "board": a.board,
            "games": p.games.iter().map(|g| g.symbol()).collect::<Vec<_>>(),
            "extra": p.extra.iter().map(|g| g.symbol()).collect::<Vec<_>>(),
            "decided": p.decided,
            "winner": winner,
            "saved": true,
        }))?,
        _ => {
            let games: Vec<&str> = p.games.iter().chain(&p.extra).map(|g| g.symbol()).collect();
            let lang = a.lang;
            outln!(
                "{} {}, {} {}: {} – {}: {}",
                lang.pick("round", "тур"),
                a.round,
                lang.pick("board", "доска"),
                a.board,
                system::name(t, p.white),
                system::name(t, p.black),
                games.join(" ")
            );
            if let Some(w) = winner {
                outln!(
                    "{}: {}",
                    lang.pick("goes on", "проходит дальше"),
                    system::name(t, w)
                );
            }
        }
    }
    Ok(())
}

/// A result or decision that would replace another already recorded is refused unless it is
/// asked as a correction (`--correct`), naming what stands.
fn replaces(a: &ResultArgs, p: &Pairing) -> Result<(), String> {
    if a.correct {
        return Ok(());
    }
    let standing = match (a.score.and_then(score), a.winner) {
        (Some(new), None) => p
            .result(a.game.saturating_sub(1))
            // An adjourned game is finished, not corrected.
            .filter(|old| !matches!(old, GameResult::Pending | GameResult::Adjourned))
            .filter(|old| *old != new)
            .map(|old| old.symbol().to_string()),
        (None, Some(w)) => p
            .decided
            .as_ref()
            .filter(|d| d.winner != w)
            .map(|d| format!("{} ({})", d.winner, d.reason)),
        _ => None,
    };
    match standing {
        Some(old) => Err(both(
            a.lang,
            format!(
                "{}: round {}, board {}: {old} is recorded; give --correct to replace it",
                a.file, a.round, a.board
            ),
            format!(
                "{}: тур {}, доска {}: записано {old}; чтобы заменить, укажите --correct",
                a.file, a.round, a.board
            ),
        )),
        None => Ok(()),
    }
}

/// `scheveningen N`: the table, as `berger` prints its own.
pub fn scheveningen_table(boards: usize, double: bool, soviet: bool, format: Format) -> CliResult {
    if boards < 2 {
        return Err("a Scheveningen needs sides of at least 2".into());
    }
    let rounds = scheveningen::table(boards, double, soviet).map_err(|e| e.to_string())?;
    match format {
        Format::Json => {
            let rounds: Vec<serde_json::Value> = rounds
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    serde_json::json!({
                        "round": i + 1,
                        "pairs": r.iter().map(|(w, b)| [w.to_string(), b.to_string()]).collect::<Vec<_>>(),
                    })
                })
                .collect();
            print_json(&serde_json::json!({
                "boards": boards,
                "double": double,
                "soviet": soviet,
                "rounds": rounds,
            }))?
        }
        _ => {
            for (i, r) in rounds.iter().enumerate() {
                let pairs: Vec<String> = r.iter().map(|(w, b)| format!("{w}-{b}")).collect();
                outln!("Rd {}: {}", i + 1, pairs.join(" "));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// What `event next-stage` was asked.
pub struct NextStage<'a> {
    pub file: &'a str,
    pub output: &'a str,
    pub system: &'a str,
    pub take: &'a str,
    pub carry_over: bool,
    pub new: NewEvent<'a>,
}

/// Each list the next stage takes from: every group's standings, or the event's.
fn lists(t: &Tournament) -> Vec<(Option<String>, Vec<Line>)> {
    match &t.settings.groups {
        Some(g) => g
            .groups
            .iter()
            .map(|g| (Some(g.name.clone()), groups::standings(t, g, None)))
            .collect(),
        None => vec![(None, standings::compute(t, None))],
    }
}

/// `event next-stage`: the entrants taken from the last stage's standings into a new event.
pub fn next_stage(a: &NextStage, format: Format) -> CliResult {
    let lang = a.new.lang;
    not_there(a.output, lang)?;
    let prev = event::read(Path::new(a.file)).map_err(|e| e.to_string())?;
    let planned = prev.planned_rounds().unwrap_or(prev.rounds.len());
    if !prev.over() {
        return Err(both(
            lang,
            format!(
                "{}: the stage is not over ({} of {planned} rounds played)",
                a.file,
                prev.rounds.len()
            ),
            format!(
                "{}: этап не окончен (сыграно туров: {} из {planned})",
                a.file,
                prev.rounds.len()
            ),
        ));
    }
    let take: Take = a.take.parse()?;
    // By place, then by list: the winners of the groups first (A1, B1, C1 …, then A2 …).
    let mut by_list = Vec::new();
    for (group, lines) in lists(&prev) {
        let taken = stage::taken(&lines, take).map_err(|e| match &group {
            Some(g) => format!("group {g}: {e}"),
            None => e,
        })?;
        by_list.push(taken);
    }
    let longest = by_list.iter().map(Vec::len).max().unwrap_or(0);
    let order: Vec<PlayerId> = (0..longest)
        .flat_map(|i| by_list.iter().filter_map(move |l| l.get(i).copied()))
        .collect();
    let mut new = a.new;
    new.system = a.system;
    let mut t = build_from(&prev, &order, &new)?;
    if a.carry_over && (!t.settings.system.is_round_robin() || t.settings.groups.is_some()) {
        {
            return Err(both(
                lang,
                "--carry-over is for a round robin final (their game is in its table)".into(),
                "--carry-over — для финала по круговой системе (их партия есть в его таблице)"
                    .into(),
            ));
        }
    }
    t.settings.stage = Some(Stage {
        number: prev.settings.stage.as_ref().map_or(1, |s| s.number) + 1,
        from: Some(a.file.to_string()),
        from_name: prev.settings.name.clone(),
        take: a.take.to_string(),
        carried: if a.carry_over {
            stage::carried(&prev, &order)
        } else {
            vec![]
        },
    });
    EventFile::create(Path::new(a.output), t.clone()).map_err(|e| e.to_string())?;
    created(a.output, &t, format, lang)
}

/// The next stage's event: the previous one's regulation (variant, clock, games, scoring,
/// tie-breaks) unless asked otherwise, with the players taken, numbered in the order taken.
fn build_from(prev: &Tournament, order: &[PlayerId], a: &NewEvent) -> Result<Tournament, String> {
    let reg = regulation(a, true)?;
    let name = a.name.map_or_else(|| file_name(a.output), str::to_string);
    setup::next_stage(prev, &name, order, &reg).map_err(|e| said(a.lang, &e))
}

/// The standings as listed: each group's own (its places within it), or the event's.
pub fn listed(
    t: &Tournament,
    round: Option<usize>,
    lines: Vec<Line>,
) -> Vec<(Option<String>, Line)> {
    match &t.settings.groups {
        Some(g) => g
            .groups
            .iter()
            .flat_map(|g| {
                groups::standings(t, g, round)
                    .into_iter()
                    .map(|l| (Some(g.name.clone()), l))
            })
            .collect(),
        None => lines.into_iter().map(|l| (None, l)).collect(),
    }
}

/// `standings FINAL_A --then FINAL_B,…`: the event's order across its finals.
pub fn final_order(first: &str, then: &[String], lang: Lang, format: Format) -> CliResult {
    let mut finals = vec![];
    for file in std::iter::once(first).chain(then.iter().map(String::as_str)) {
        finals.push(event::read(Path::new(file)).map_err(|e| e.to_string())?);
    }
    let refs: Vec<&Tournament> = finals.iter().collect();
    let order = stage::final_order(&refs).map_err(|e| said(lang, &e))?;
    match format {
        Format::Json => print_json(&order)?,
        Format::Text => {
            for l in &order {
                outln!(
                    "{:>6}  {:<32} {:>5}  {} ({}{})",
                    l.place,
                    l.name,
                    shashki_arbiter::report::points(l.points, lang),
                    l.final_name,
                    l.place_in_final,
                    if l.over {
                        ""
                    } else {
                        lang.pick(", not over", ", не окончен")
                    }
                );
            }
        }
        _ => {
            return Err(both(
                lang,
                "--then: the order across finals is given as text or json".into(),
                "--then: порядок по финалам — в виде текста или json".into(),
            ))
        }
    }
    Ok(ExitCode::SUCCESS)
}
