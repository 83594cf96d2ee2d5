//! `pair` (the Swiss pairing of the next round, with its explanation) and `trf` (export, import).

use crate::cli::{outln, outp};
use std::path::Path;
use std::process::ExitCode;

use chrono::Utc;
use serde::Serialize;
use shashki_arbiter::files::lock::Holder;
use shashki_arbiter::lang::{Lang, Russian};
use shashki_arbiter::store::event::{self, EventFile};
use shashki_arbiter::tournament::model::{ByeValue, PlayerId};
use shashki_arbiter::tournament::registration;
use shashki_arbiter::tournament::swiss::{self, audit, trf, trf26, Breach, Options, Proposal};
use shashki_arbiter::tournament::team;

use super::{print_json, CliResult};
use crate::Format;

#[derive(Serialize)]
struct PairJson<'a> {
    #[serde(flatten)]
    proposal: &'a Proposal,
    /// The seed of the colour drawn by lot in round 1.
    colour_seed: Option<u64>,
    saved: bool,
    breaches: Vec<Breach>,
    /// Left out because the event pairs only checked-in players and they have not checked in.
    not_checked_in: Vec<PlayerId>,
}

pub struct PairArgs<'a> {
    pub file: &'a str,
    pub round: Option<usize>,
    /// Player ids; in a team Swiss, team numbers (the list's order from 1).
    pub absent: &'a [u32],
    pub half_byes: &'a [PlayerId],
    pub full_byes: &'a [PlayerId],
    pub accelerated: bool,
    pub seed: Option<u64>,
    pub save: bool,
    /// The arbiter's own pairs (`W-B` by player id), instead of the program's.
    pub by_hand: Option<&'a [String]>,
    /// The pairing-allocated bye of a pairing by hand.
    pub bye: Option<PlayerId>,
    /// Breaches of a pairing by hand confirmed.
    pub yes: bool,
    pub reason: Option<&'a str>,
    /// The language of the text and of refusals.
    pub lang: Lang,
}

pub fn pair(args: PairArgs<'_>, format: Format) -> CliResult {
    let (path, lang) = (Path::new(args.file), args.lang);
    // A round that is saved is paired on the event as its only writer holds it: nobody can
    // change it between the reading and the saving (the console, another command).
    let mut file = match args.save {
        true => Some(
            EventFile::open_as(path, &Holder::this("pair --save", Utc::now()))
                .map_err(|e| e.said(lang))?,
        ),
        false => None,
    };
    let t = match &file {
        Some(f) => f.tournament.clone(),
        None => event::read(path).map_err(|e| e.said(lang))?,
    };
    let next = t.rounds.len() + 1;
    let round = args.round.unwrap_or(next);
    if round != next {
        return Err(format!(
            "{}: {} {next}",
            args.file,
            lang.pick(
                "the next round to pair is",
                "следующий тур для жеребьёвки —"
            )
        ));
    }
    if t.is_team_event() && t.settings.system == shashki_arbiter::tournament::model::System::Swiss {
        return pair_teams(&args, file, t, round, format);
    }
    let (options, not_checked_in, colour_seed) = options_for(&args, &t, round)?;
    if let Some(hand) = args.by_hand {
        return pair_by_hand(&args, hand, file, &t, &options, format);
    }
    let proposal = swiss::pair(&t, round, &options);
    let breaches = proposal.breaches(&t);
    if let Some(file) = file.as_mut() {
        for n in &file.notices {
            eprintln!("{n}");
        }
        file.apply(proposal.command(), Utc::now())
            .map_err(|e| e.said(lang))?;
    }
    match format {
        Format::Json => print_json(&PairJson {
            proposal: &proposal,
            colour_seed,
            saved: args.save,
            breaches,
            not_checked_in,
        })?,
        _ => print_proposal(&t, &proposal, &not_checked_in, colour_seed, args.save, lang),
    }
    Ok(ExitCode::SUCCESS)
}

/// What the pairing of round `round` is made with: the absent (those `--absent` names and, where
/// the event pairs only who has checked in, those who have not), the requested byes, the
/// acceleration, round 1's colour by lot; and who was left out unchecked, and the colour's seed.
fn options_for(
    args: &PairArgs,
    t: &shashki_arbiter::tournament::Tournament,
    round: usize,
) -> Result<(Options, Vec<PlayerId>, Option<u64>), String> {
    let (t, lang) = (t, args.lang);
    let mut absent: Vec<PlayerId> = args.absent.iter().map(|&n| PlayerId(n)).collect();
    // The event pairs only who has checked in: the others are left out as `--absent` leaves
    // them (a requested bye stays what was asked), and said so.
    let not_checked_in: Vec<PlayerId> = registration::left_out(t, round)
        .into_iter()
        .filter(|id| !absent.contains(id))
        .filter(|id| !args.half_byes.contains(id) && !args.full_byes.contains(id))
        .collect();
    absent.extend(&not_checked_in);
    for (flag, ids) in [
        ("--absent", &absent[..]),
        ("--half-bye", args.half_byes),
        ("--full-bye", args.full_byes),
    ] {
        if let Some(id) = ids.iter().find(|&&id| t.player(id).is_none()) {
            return Err(match lang {
                Lang::En => format!("{flag}: player {id} is not in the event"),
                Lang::Ru => format!("{flag}: участника {id} в турнире нет"),
            });
        }
    }
    let requested_byes: Vec<(PlayerId, ByeValue)> = args
        .half_byes
        .iter()
        .map(|&id| (id, ByeValue::Draw))
        .chain(args.full_byes.iter().map(|&id| (id, ByeValue::Win)))
        .collect();
    // A seed given for round 1 draws again even an event's own colour: the arbiter asked.
    let colour_seed = if (round == 1 && args.seed.is_some()) || swiss::colour_lot_due(t, round) {
        Some(match args.seed {
            Some(s) => s,
            None => shashki_arbiter::tournament::ballot::os_seed().map_err(|e| e.to_string())?,
        })
    } else {
        None
    };
    let options = Options {
        absent,
        requested_byes,
        accelerated: args.accelerated,
        first_colour: colour_seed.map(swiss::colour_by_lot),
    };
    Ok((options, not_checked_in, colour_seed))
}

/// `pair --by-hand W-B,…`: the arbiter's own pairing of the round, checked against the absolute
/// rules. A player twice, unknown, withdrawn or forgotten refuses it; a rematch, a forbidden
/// pair, a third colour in a row, a colour difference over 2 or a second bye is named and made
/// only with `--yes`. Saved, what differs from the program's pairing goes into the event's
/// record (`### MPA`) with the breaches confirmed and the reason.
fn pair_by_hand(
    args: &PairArgs,
    hand: &[String],
    file: Option<EventFile>,
    t: &shashki_arbiter::tournament::Tournament,
    options: &Options,
    format: Format,
) -> CliResult {
    use shashki_arbiter::lang::Russian;
    use shashki_arbiter::tournament::audit::{self, Act};
    let lang = args.lang;
    let proposal = swiss::pair(t, t.rounds.len() + 1, options);
    let pairs = hand_pairs(hand, lang)?;
    let absent = proposal.absent.clone();
    let breaches = swiss::check(t, proposal.round, &pairs, args.bye, &absent);
    let confirmed: Vec<shashki_arbiter::lang::Said> = confirmed_breaches(args, &breaches)?
        .iter()
        .map(|b| shashki_arbiter::lang::Said::new(b.to_string(), b.ru()))
        .collect();
    let program = (&proposal.pairs()[..], proposal.bye);
    let what = audit::hand_pairing(t, program, (&pairs, args.bye), &confirmed);
    let cmd = shashki_arbiter::tournament::command::Command::SetPairings {
        round: proposal.round,
        pairs: pairs.clone(),
        bye: args.bye,
        absent,
        requested_byes: proposal.requested_byes.clone(),
        acceleration: proposal.acceleration.clone(),
        advanced: vec![],
    };
    let saved = file.is_some();
    if let Some(mut file) = file {
        let because = shashki_arbiter::store::event::Because {
            confirmed: args.yes,
            act: what.clone().map(|w| (Act::HandPairing, w)),
            ..shashki_arbiter::store::event::Because::reason(args.reason)
        };
        file.apply_with(cmd, Utc::now(), because)
            .map_err(|e| format!("{}: {}", args.file, e.said(lang)))?;
    }
    match format {
        Format::Json => print_json(&serde_json::json!({
            "round": proposal.round,
            "pairs": pairs.iter().enumerate().map(|(k, (w, b))| serde_json::json!({
                "board": k + 1, "white": w, "black": b,
            })).collect::<Vec<_>>(),
            "bye": args.bye,
            "by_hand": what.is_some(),
            "differences": what.as_ref().map(|w| w.get(lang).to_string()),
            "breaches": breaches,
            "saved": saved,
        }))?,
        _ => print_hand(t, (&pairs, args.bye), what.as_ref(), saved, lang),
    }
    Ok(ExitCode::SUCCESS)
}

/// The pairs `--by-hand` names, `W-B` by player id.
fn hand_pairs(hand: &[String], lang: Lang) -> Result<Vec<(PlayerId, PlayerId)>, String> {
    hand.iter()
        .map(|p| {
            let (w, b) = p.split_once('-').unwrap_or((p, ""));
            match (w.trim().parse(), b.trim().parse()) {
                (Ok(w), Ok(b)) => Ok((PlayerId(w), PlayerId(b))),
                _ => Err(match lang {
                    Lang::En => format!("--by-hand: `{p}` is not WHITE-BLACK (player ids: 3-7)"),
                    Lang::Ru => {
                        format!("--by-hand: `{p}` — не БЕЛЫЕ-ЧЁРНЫЕ (номера участников: 3-7)")
                    }
                }),
            }
        })
        .collect()
}

/// The breaches of a pairing by hand that need the arbiter's `--yes`, once he gave it; a breach
/// the rules refuse, or one not confirmed, refuses the pairing, naming them all.
fn confirmed_breaches<'b>(
    args: &PairArgs,
    breaches: &'b [Breach],
) -> Result<Vec<&'b Breach>, String> {
    use shashki_arbiter::tournament::audit::Level;
    let lang = args.lang;
    let said = |b: &Breach| b.said(lang);
    let refused: Vec<String> = breaches
        .iter()
        .filter(|b| b.level() == Level::Refuse)
        .map(said)
        .collect();
    if !refused.is_empty() {
        return Err(format!("{}: {}", args.file, refused.join("; ")));
    }
    let confirm: Vec<&Breach> = breaches
        .iter()
        .filter(|b| b.level() == Level::Confirm)
        .collect();
    if !confirm.is_empty() && !args.yes {
        let list: Vec<String> = confirm.iter().map(|b| said(b)).collect();
        return Err(format!(
            "{}: {}; {}",
            args.file,
            list.join("; "),
            lang.pick(
                "nothing was saved; give --yes to pair so",
                "ничего не сохранено; чтобы спарить так, укажите --yes"
            )
        ));
    }
    Ok(confirm)
}

/// A pairing by hand as text: its boards and bye (`paired`), what differs from the program's
/// pairing, whether it was saved.
fn print_hand(
    t: &shashki_arbiter::tournament::Tournament,
    paired: (&[(PlayerId, PlayerId)], Option<PlayerId>),
    what: Option<&shashki_arbiter::lang::Said>,
    saved: bool,
    lang: Lang,
) {
    let name = |id: PlayerId| {
        t.player(id)
            .map(|p| format!("{} ({})", p.full_name(), p.number.unwrap_or(0)))
            .unwrap_or_else(|| id.to_string())
    };
    let (pairs, bye) = paired;
    for (k, (w, b)) in pairs.iter().enumerate() {
        outln!("{:>3}. {} – {}", k + 1, name(*w), name(*b));
    }
    if let Some(b) = bye {
        outln!("{}: {}", lang.pick("bye", "свободный тур"), name(b));
    }
    match what {
        Some(w) => outln!("{}: {}", lang.pick("by hand", "вручную"), w.get(lang)),
        None => outln!(
            "{}",
            lang.pick(
                "the same as the program's pairing",
                "совпадает с жеребьёвкой программы"
            )
        ),
    }
    outln!("{}", saved_said(saved, lang));
}

/// The proposal as the arbiter reads it out, in `lang`: each board with its reason, the bye,
/// who is absent and why, who could not be paired, the criteria in the order they decide.
fn print_proposal(
    t: &shashki_arbiter::tournament::Tournament,
    proposal: &Proposal,
    not_checked_in: &[PlayerId],
    colour_seed: Option<u64>,
    saved: bool,
    lang: Lang,
) {
    let name = |id: PlayerId| {
        t.player(id)
            .map(|p| format!("{} ({})", p.full_name(), p.number.unwrap_or(0)))
            .unwrap_or_else(|| id.to_string())
    };
    let points = |x: f64| lang.decimal(&x.to_string());
    match lang {
        Lang::En => outln!("Round {} of {}", proposal.round, t.settings.name),
        Lang::Ru => outln!("Тур {} — {}", proposal.round, t.settings.name),
    }
    for p in &proposal.pairings {
        outln!(
            "{:>3}. {} [{}] – {} [{}]   {}: {}",
            p.board,
            name(p.white),
            points(p.white_score),
            name(p.black),
            points(p.black_score),
            lang.pick("colours", "цвета"),
            p.reason(name, lang)
        );
    }
    if let (Some(b), Some(why)) = (proposal.bye, proposal.bye_reason_in(lang)) {
        outln!("{}: {} — {why}", lang.pick("bye", "свободный тур"), name(b));
    }
    for a in &proposal.absent {
        let why = match proposal.requested_byes.iter().find(|(id, _)| id == a) {
            Some((_, ByeValue::Win)) => {
                lang.pick("full-point bye (requested)", "очко без игры (по заявлению)")
            }
            Some((_, ByeValue::Draw)) => lang.pick(
                "half-point bye (requested)",
                "пол-очка без игры (по заявлению)",
            ),
            _ if not_checked_in.contains(a) => lang.pick(
                "absent (not checked in)",
                "отсутствует (не отмечен на регистрации)",
            ),
            _ => lang.pick("absent", "отсутствует"),
        };
        outln!("{why}: {}", name(*a));
    }
    for u in &proposal.unpaired {
        outln!(
            "{}: {}",
            lang.pick(
                "NOT PAIRED (no legal opponent left; pair by hand)",
                "НЕ СПАРЕН (не осталось допустимого соперника; спарьте вручную)"
            ),
            name(*u)
        );
    }
    if let Some(s) = colour_seed {
        outln!(
            "{}: seed {s}",
            lang.pick("colour of board 1 by lot", "цвет на 1-й доске по жребию")
        );
    }
    outln!(
        "{}",
        lang.pick(
            "criteria, in the order they decide:",
            "критерии в порядке старшинства:"
        )
    );
    for c in proposal.criteria_in(lang) {
        outln!("  - {c}");
    }
    outln!("{}", saved_said(saved, lang));
}

/// The last line of `pair`: whether the round went into the event.
pub fn saved_said(saved: bool, lang: Lang) -> &'static str {
    match saved {
        true => lang.pick(
            "saved to the event (journaled)",
            "сохранено в турнире (записано в журнал)",
        ),
        false => lang.pick(
            "not saved (use --save)",
            "не сохранено (сохраните с --save)",
        ),
    }
}

pub fn trf_export(
    file: &str,
    output: &str,
    trf26: bool,
    provisional: bool,
    format: Format,
) -> CliResult {
    super::safe_output(file, output)?;
    let t = event::read(Path::new(file)).map_err(|e| e.to_string())?;
    super::adjourned_refused(&t, file, provisional, shashki_arbiter::lang::Lang::En)?;
    let text = if trf26 {
        shashki_arbiter::tournament::swiss::trf26::export(&t)
    } else {
        trf::export(&t)
    };
    shashki_arbiter::files::atomic::write(Path::new(output), text.as_bytes(), true)
        .map_err(|e| e.to_string())?;
    let (players, rounds, teams) = (t.players.len(), t.rounds.len(), t.teams.len());
    super::report_written(
        format,
        output,
        text.len(),
        serde_json::json!({"players": players, "teams": teams, "rounds": rounds}),
        &if teams > 0 {
            format!("{output}: {teams} teams, {players} players, {rounds} rounds")
        } else {
            format!("{output}: {players} players, {rounds} rounds")
        },
    )?;
    Ok(ExitCode::SUCCESS)
}

pub fn trf_import(input: &str, output: &str, format: Format) -> CliResult {
    let bytes = super::read_input(input)?;
    let text = shashki_arbiter::rules::pdn::decode(&bytes);
    let (t, warnings) = if team::trf::is_team_file(&text) {
        team::trf::import(input, &text).map(|t| (t, Vec::new()))
    } else {
        shashki_arbiter::tournament::swiss::trf26::import(input, &text)
    }
    .map_err(|e| e.to_string())?;
    for w in &warnings {
        eprintln!("warning: {w}");
    }
    let (players, rounds, teams) = (t.players.len(), t.rounds.len(), t.teams.len());
    // A title the ЕВСК table does not read counts as no rank everywhere: said, not silent.
    let table = shashki_arbiter::tournament::norms::Table::shipped();
    let unknown: Vec<String> = t
        .players
        .iter()
        .filter(|p| !table.knows(&p.title))
        .map(|p| format!("{} ({})", p.title.trim(), p.full_name()))
        .collect();
    if !unknown.is_empty() {
        eprintln!(
            "warning: titles the EVSK table does not read, counted as no rank: {}",
            unknown.join(", ")
        );
    }
    // Never over an existing event.
    EventFile::create(Path::new(output), t).map_err(|e| e.to_string())?;
    let written = std::fs::metadata(output).map_or(0, |m| m.len() as usize);
    super::report_written(
        format,
        output,
        written,
        serde_json::json!({"players": players, "teams": teams, "rounds": rounds}),
        &if teams > 0 {
            format!("{output}: {teams} teams, {players} players, {rounds} rounds")
        } else {
            format!("{output}: {players} players, {rounds} rounds")
        },
    )?;
    Ok(ExitCode::SUCCESS)
}

#[derive(Serialize)]
struct CheckJson {
    round: usize,
    agrees: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    difference: Option<String>,
    file: PairingJson,
    dutch: PairingJson,
    /// Starting ranks the Dutch pairing cannot pair (no complete legal pairing exists).
    unpaired: Vec<usize>,
}

#[derive(Serialize)]
struct PairingJson {
    pairs: Vec<(usize, usize)>,
    bye: Option<usize>,
}

fn pairing_json(p: &audit::Pairing) -> PairingJson {
    PairingJson {
        pairs: p.pairs.clone(),
        bye: p.bye,
    }
}

fn pairing_text(p: &audit::Pairing) -> String {
    let mut s: Vec<String> = p.pairs.iter().map(|(w, b)| format!("{w}-{b}")).collect();
    if let Some(b) = p.bye {
        s.push(format!("bye {b}"));
    }
    s.join(" ")
}

pub fn trf_check(file: &str, format: Format) -> CliResult {
    let bytes = super::read_input(file)?;
    let text = shashki_arbiter::rules::pdn::decode(&bytes);
    let team = shashki_arbiter::tournament::team::trf::is_team_file(&text);
    let rounds = if team {
        shashki_arbiter::tournament::team::swiss::audit::check(file, &text)
    } else {
        audit::check(file, &text)
    }
    .map_err(|e| e.to_string())?;
    let differ = rounds.iter().filter(|r| r.difference.is_some()).count();
    // The standings the file states (a team file's are its teams': checked by the pairing).
    let standings = if team {
        Vec::new()
    } else {
        shashki_arbiter::tournament::swiss::trf26::check_standings(file, &text)
            .map_err(|e| e.to_string())?
    };
    match format {
        Format::Json => print_json(&check_json(&rounds, &standings))?,
        _ => print_check(file, team, &rounds, &standings),
    }
    Ok(if differ == 0 && standings.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `trf check` as JSON: a round's check per element, then the standings' check.
fn check_json(
    rounds: &[audit::RoundCheck],
    standings: &[trf26::Differs],
) -> Vec<serde_json::Value> {
    let mut all: Vec<serde_json::Value> = rounds
        .iter()
        .map(|r| CheckJson {
            round: r.round,
            agrees: r.difference.is_none(),
            difference: r.difference.as_ref().map(|d| d.to_string()),
            file: pairing_json(&r.in_file),
            dutch: pairing_json(&r.dutch),
            unpaired: r.unpaired.clone(),
        })
        .map(|c| serde_json::to_value(c).expect("serialises"))
        .collect();
    // After the rounds, the standings' check (an element of its own, so that the
    // rounds keep their places).
    all.push(serde_json::json!({
        "standings": true,
        "agrees": standings.is_empty(),
        "first_difference": standings.first().map(|d| d.to_string()),
        "differs": standings,
    }));
    all
}

/// `trf check` as text: each round as the file pairs it against the rules' pairing (`team`: a
/// team file, C.04.6), then how many differ and the standings' check.
fn print_check(file: &str, team: bool, rounds: &[audit::RoundCheck], standings: &[trf26::Differs]) {
    let (system, label) = if team {
        ("FIDE C.04.6 team pairing (2026)", "C.04.6")
    } else {
        ("FIDE Dutch pairing (2025 rules)", "Dutch")
    };
    let differ = rounds.iter().filter(|r| r.difference.is_some()).count();
    for r in rounds {
        match &r.difference {
            None => outln!("round {}: the {label} pairing", r.round),
            Some(d) => {
                outln!("round {}: DIFFERS in {d}", r.round);
                outln!("  file:  {}", pairing_text(&r.in_file));
                outln!("  {label}: {}", pairing_text(&r.dutch));
            }
        }
        if !r.unpaired.is_empty() {
            let ranks: Vec<String> = r.unpaired.iter().map(usize::to_string).collect();
            outln!(
                "  unpaired: {} (no pairing of every player meets the absolute criteria)",
                ranks.join(" ")
            );
        }
    }
    outln!(
        "{file}: {} round(s), {differ} differ from the {system}",
        rounds.len()
    );
    match standings.first() {
        None if !team => outln!(
            "{file}: standings: every player's points (and rank, where 212 or 202 names the tie-breaks) agree with the games"
        ),
        None => {}
        Some(d) => outln!(
            "{file}: standings DIFFER ({} line(s)); first: {d}",
            standings.len()
        ),
    }
}

/// The seed asked for, or one drawn from the system and printed (on standard error, so that the
/// file on standard output stays a TRF) for the run to be repeated.
pub fn seed_or_drawn(seed: Option<u64>) -> Result<u64, String> {
    match seed {
        Some(s) => Ok(s),
        None => {
            let s = shashki_arbiter::tournament::ballot::os_seed().map_err(|e| e.to_string())?;
            eprintln!("seed: {s}");
            Ok(s)
        }
    }
}

pub fn trf_generate(g: &audit::Generate, output: Option<&str>, format: Format) -> CliResult {
    use shashki_arbiter::limits;
    limits::at_most("--players", g.players, limits::MAX_PLAYERS).map_err(|e| e.to_string())?;
    limits::at_most("--rounds", g.rounds, limits::MAX_ROUNDS).map_err(|e| e.to_string())?;
    for (name, p) in [
        ("--draws", g.draws),
        ("--forfeits", g.forfeits),
        ("--half-byes", g.half_byes),
    ] {
        limits::at_most(name, p, 100).map_err(|e| format!("{e} (a percentage)"))?;
    }
    if g.players < 2 {
        return Err("--players: at least 2".into());
    }
    let text = match g.every_kind {
        true => audit::generate_trf26(g).map_err(|e| e.to_string())?,
        false => audit::generate(g),
    };
    match output {
        Some(path) => {
            let p = Path::new(path);
            if p.exists() {
                return Err(format!("{path}: the file exists; choose another name"));
            }
            shashki_arbiter::files::atomic::write(p, text.as_bytes(), false)
                .map_err(|e| e.to_string())?;
            let rounds = audit::rounds_in(&text);
            super::report_written(
                format,
                path,
                text.len(),
                serde_json::json!({"players": g.players, "rounds": rounds}),
                &format!("{path}: {} players, {rounds} rounds", g.players),
            )?;
        }
        None if format == Format::Json => {
            print_json(&serde_json::json!({
                "players": g.players,
                "rounds": audit::rounds_in(&text),
                "trf": text,
            }))?;
        }
        None => outp!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}

pub fn trf_generate_teams(
    g: &shashki_arbiter::tournament::team::swiss::audit::Generate,
    output: Option<&str>,
    format: Format,
) -> CliResult {
    use shashki_arbiter::limits;
    use shashki_arbiter::tournament::team;
    limits::at_most("--teams", g.teams, limits::MAX_PLAYERS).map_err(|e| e.to_string())?;
    limits::at_most("--boards", g.boards, team::MAX_BOARDS).map_err(|e| e.to_string())?;
    limits::at_most("--rounds", g.rounds, limits::MAX_ROUNDS).map_err(|e| e.to_string())?;
    limits::at_most(
        "--teams × --boards",
        g.teams * g.boards,
        limits::MAX_PLAYERS,
    )
    .map_err(|e| e.to_string())?;
    for (name, p) in [("--draws", g.draws), ("--forfeits", g.forfeits)] {
        limits::at_most(name, p, 100).map_err(|e| format!("{e} (a percentage)"))?;
    }
    if g.teams < 2 || g.boards < 2 {
        return Err("--teams: at least 2, --boards: at least 2 (a team event)".into());
    }
    let text = team::swiss::audit::generate(g).map_err(|e| e.to_string())?;
    let rounds = audit::rounds_in(&text);
    match output {
        Some(path) => {
            let p = Path::new(path);
            if p.exists() {
                return Err(format!("{path}: the file exists; choose another name"));
            }
            shashki_arbiter::files::atomic::write(p, text.as_bytes(), false)
                .map_err(|e| e.to_string())?;
            super::report_written(
                format,
                path,
                text.len(),
                serde_json::json!({"teams": g.teams, "boards": g.boards, "rounds": rounds}),
                &format!(
                    "{path}: {} teams of {} boards, {rounds} rounds",
                    g.teams, g.boards
                ),
            )?;
        }
        None if format == Format::Json => {
            print_json(&serde_json::json!({
                "teams": g.teams,
                "boards": g.boards,
                "rounds": rounds,
                "trf": text,
            }))?;
        }
        None => outp!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Serialize)]
struct TeamPairJson<'a> {
    #[serde(flatten)]
    proposal: &'a team::swiss::propose::Proposal,
    colour_seed: Option<u64>,
    saved: bool,
    reasons: Vec<String>,
}

/// `pair` on a team Swiss: C.04.6's proposal with its reasons; `--absent` names teams by number.
fn pair_teams(
    args: &PairArgs<'_>,
    mut file: Option<EventFile>,
    t: shashki_arbiter::tournament::Tournament,
    round: usize,
    format: Format,
) -> CliResult {
    let lang = args.lang;
    team_round_due(args, &t, round)?;
    let absent = absent_teams(args, &t)?;
    let colour_seed = if round == 1 && (args.seed.is_some() || t.initial_colour.is_none()) {
        Some(match args.seed {
            Some(s) => s,
            None => shashki_arbiter::tournament::ballot::os_seed().map_err(|e| e.to_string())?,
        })
    } else {
        None
    };
    let first = colour_seed
        .map(swiss::colour_by_lot)
        .or(t.initial_colour)
        .unwrap_or(shashki_arbiter::rules::Color::White);
    let proposal = if args.accelerated {
        team::swiss::propose::propose_accelerated(&t, &absent, first)
            .map_err(|e| format!("{}: --accelerated: {e}", args.file))?
    } else {
        team::swiss::propose::propose(&t, round, &absent, first)
    };
    if let Some(e) = &proposal.impossible {
        return Err(match lang {
            Lang::En => format!(
                "{}: round {round}: {e}: the Chief Arbiter decides (C.04.6 art. 3.3.3)",
                args.file
            ),
            Lang::Ru => format!(
                "{}: тур {round}: {e}: решает главный судья (C.04.6, ст. 3.3.3)",
                args.file
            ),
        });
    }
    if let Some(file) = file.as_mut() {
        for n in &file.notices {
            eprintln!("{n}");
        }
        file.apply(proposal.command(&t), Utc::now())
            .map_err(|e| e.said(lang))?;
    }
    match format {
        Format::Json => print_json(&TeamPairJson {
            proposal: &proposal,
            colour_seed,
            saved: args.save,
            reasons: proposal.reasons(&t, lang),
        })?,
        _ => print_team_proposal(&t, &proposal, round, colour_seed, args.save, lang),
    }
    Ok(ExitCode::SUCCESS)
}

/// A team round is paired after the last is over, without requested byes (C.04.6 has none).
fn team_round_due(
    args: &PairArgs<'_>,
    t: &shashki_arbiter::tournament::Tournament,
    round: usize,
) -> Result<(), String> {
    let lang = args.lang;
    if !args.half_byes.is_empty() || !args.full_byes.is_empty() {
        return Err(format!(
            "{}: {}",
            args.file,
            lang.pick(
                "a team Swiss takes --absent (team numbers) and --accelerated: requested byes are not part of C.04.6",
                "командная швейцарская система принимает --absent (номера команд) и --accelerated: свободных туров по заявлению в C.04.6 нет"
            )
        ));
    }
    if let Some(last) = t.rounds.last() {
        if !last.finished(&t.settings.format) {
            return Err(match lang {
                Lang::En => format!(
                    "{}: round {} is not over (results missing): pair round {round} after it",
                    args.file, last.number
                ),
                Lang::Ru => format!(
                    "{}: тур {} не закончен (нет результатов): жеребьёвка тура {round} — после него",
                    args.file, last.number
                ),
            });
        }
    }
    Ok(())
}

/// The teams `--absent` names by number (the list's order from 1).
fn absent_teams(
    args: &PairArgs<'_>,
    t: &shashki_arbiter::tournament::Tournament,
) -> Result<Vec<team::TeamId>, String> {
    let lang = args.lang;
    let mut absent = Vec::new();
    for &n in args.absent {
        match t.teams.get((n as usize).wrapping_sub(1)) {
            Some(tm) => absent.push(tm.id),
            None => {
                return Err(match lang {
                    Lang::En => format!(
                        "--absent: there is no team number {n} (1 to {})",
                        t.teams.len()
                    ),
                    Lang::Ru => format!(
                        "--absent: команды с номером {n} нет (от 1 до {})",
                        t.teams.len()
                    ),
                })
            }
        }
    }
    Ok(absent)
}

/// A team round's proposal as text: the reasons, the matches, round 1's colour by lot.
fn print_team_proposal(
    t: &shashki_arbiter::tournament::Tournament,
    proposal: &team::swiss::propose::Proposal,
    round: usize,
    colour_seed: Option<u64>,
    saved: bool,
    lang: Lang,
) {
    outln!(
        "{} {round} — {} (FIDE C.04.6)",
        lang.pick("Round", "Тур"),
        t.settings.name
    );
    for line in proposal
        .reasons(t, lang)
        .into_iter()
        .chain(proposal.match_lines(t, lang))
    {
        outln!("{line}");
    }
    if let Some(s) = colour_seed {
        outln!(
            "{}: seed {s}",
            lang.pick("initial colour by lot", "начальный цвет по жребию")
        );
    }
    outln!("{}", saved_said(saved, lang));
}
