//! ЕВСК rank norms (разрядные нормы), by the method of `docs/evsk.md` in the shared docs: the
//! tournament coefficient k (the mean of the opponents' rank coefficients over the games played),
//! the norm of each rank (the table's percent of a point per game, summed and rounded to a half
//! point), and the rank met when k is at most the rank's required coefficient and the score
//! reaches the norm. The table and its options are data (`resources/evsk/`), replaceable.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use crate::lang::{Lang, Said};
use crate::tournament::model::{GameResult, Player, PlayerId, System, Tournament};
pub use crate::tournament::norm_choice::{NormsChoice, Options, Rounding};

/// The table shipped with the program.
pub const SHIPPED: &str = include_str!("../../resources/evsk/club-2018.ron");

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Table {
    pub source: String,
    /// The source in Russian, for a Russian sheet (the English one when absent).
    #[serde(default)]
    pub source_ru: String,
    pub edition: String,
    /// The edition in Russian words, for a Russian screen (the edition when absent).
    #[serde(default)]
    pub edition_ru: String,
    /// The edition in English words, where `edition` is a file's name for it.
    #[serde(default)]
    pub edition_en: String,
    pub ranks: Vec<RankDef>,
    pub adult_unranked: String,
    pub junior_unranked: String,
    /// The opponents' coefficients the percentages are given for, in order.
    pub columns: Vec<i32>,
    /// The ranks a norm can be met for, highest first.
    pub sought: Vec<Sought>,
    pub options: Options,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct RankDef {
    pub key: String,
    pub name: String,
    /// The key and name in English (an English document writes "CMS", not «КМС»); a table file
    /// without them is shown in its own words.
    #[serde(default)]
    pub key_en: String,
    #[serde(default)]
    pub name_en: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    pub coefficient: i32,
}

impl RankDef {
    /// The rank's short form in `lang` ("КМС" / "CMS").
    pub fn key_said(&self, lang: Lang) -> &str {
        match lang {
            Lang::En if !self.key_en.is_empty() => &self.key_en,
            _ => &self.key,
        }
    }

    /// The rank's full name in `lang` («кандидат в мастера спорта» / "Candidate Master of Sport").
    pub fn name_said(&self, lang: Lang) -> &str {
        match lang {
            Lang::En if !self.name_en.is_empty() => &self.name_en,
            _ => &self.name,
        }
    }
}

/// A rank a roster gives, as a document in `lang` shows it: read by the shipped table, the same
/// reader as the Swiss initial order's (see [`Table::title_said`]).
pub fn title_said(typed: &str, lang: Lang) -> String {
    Table::shipped().title_said(typed, lang)
}

/// A table key's short form (or `full` name) in `lang`, from the ranks the norms were computed
/// with; a key not among them as it stands.
pub fn key_in<'a>(ranks: &'a [RankDef], key: &'a str, lang: Lang, full: bool) -> &'a str {
    match ranks.iter().find(|r| r.key == key) {
        Some(r) if full => r.name_said(lang),
        Some(r) => r.key_said(lang),
        None => key,
    }
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Sought {
    pub rank: String,
    /// A tournament coefficient above this cannot meet the rank.
    pub required: i32,
    /// Percent of a point per game against each of [`Table::columns`].
    pub percent: Vec<u32>,
}

#[derive(Debug, thiserror::Error)]
pub enum TableError {
    #[error("{path}: {why}")]
    Read { path: String, why: String },
    #[error("the table is not whole: {0}")]
    Invalid(String),
}

impl Table {
    /// Read once: a screen asks for it on every frame.
    pub fn shipped() -> &'static Table {
        static SHIPPED_TABLE: std::sync::OnceLock<Table> = std::sync::OnceLock::new();
        SHIPPED_TABLE.get_or_init(|| Table::parse(SHIPPED).expect("the shipped ЕВСК table reads"))
    }

    pub fn parse(text: &str) -> Result<Table, TableError> {
        let table: Table = ron::from_str(text).map_err(|e| TableError::Read {
            path: String::new(),
            why: e.to_string(),
        })?;
        table.validate()?;
        Ok(table)
    }

    /// The table and options an event's norms use: its own table file (read again when the file
    /// changes: a screen asks on every frame) or the shipped one, with the event's options.
    pub fn for_event(
        choice: &NormsChoice,
        event: Option<&Path>,
    ) -> Result<std::borrow::Cow<'static, Table>, TableError> {
        let mut table = if choice.table.trim().is_empty() {
            std::borrow::Cow::Borrowed(Table::shipped())
        } else {
            let path = Path::new(choice.table.trim());
            let path = match event.and_then(Path::parent) {
                Some(dir) if path.is_relative() => dir.join(path),
                _ => path.to_path_buf(),
            };
            std::borrow::Cow::Owned(Table::load_cached(&path)?)
        };
        if let Some(options) = choice.options {
            table.to_mut().options = options;
        }
        Ok(table)
    }

    /// [`Table::load`], kept while the file's modification time stays the same.
    fn load_cached(path: &Path) -> Result<Table, TableError> {
        type Cached = Option<(std::path::PathBuf, Option<std::time::SystemTime>, Table)>;
        static CACHE: std::sync::Mutex<Cached> = std::sync::Mutex::new(None);
        let modified = std::fs::metadata(path).and_then(|m| m.modified()).ok();
        let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((p, m, table)) = cache.as_ref() {
            if p == path && *m == modified && modified.is_some() {
                return Ok(table.clone());
            }
        }
        let table = Table::load(path)?;
        *cache = Some((path.to_path_buf(), modified, table.clone()));
        Ok(table)
    }

    /// The edition as a screen in `lang` names it.
    pub fn edition_said(&self, lang: Lang) -> &str {
        match lang {
            Lang::Ru if !self.edition_ru.trim().is_empty() => &self.edition_ru,
            Lang::En if !self.edition_en.trim().is_empty() => &self.edition_en,
            _ => &self.edition,
        }
    }

    /// A table file an arbiter gives (`norms --table FILE`).
    pub fn load(path: &Path) -> Result<Table, TableError> {
        let text = std::fs::read_to_string(path).map_err(|e| TableError::Read {
            path: path.display().to_string(),
            why: e.to_string(),
        })?;
        Table::parse(&text).map_err(|e| match e {
            TableError::Read { why, .. } => TableError::Read {
                path: path.display().to_string(),
                why,
            },
            other => other,
        })
    }

    /// Every sought rank and the two unranked ones are defined, and every row has a percent for
    /// every column: a table that computes nothing silently is refused.
    fn validate(&self) -> Result<(), TableError> {
        let known = |k: &str| self.ranks.iter().any(|r| r.key == k);
        for k in [&self.adult_unranked, &self.junior_unranked] {
            if !known(k) {
                return Err(TableError::Invalid(format!(
                    "rank «{k}» is not among the ranks"
                )));
            }
        }
        for s in &self.sought {
            if !known(&s.rank) {
                return Err(TableError::Invalid(format!(
                    "sought rank «{}» is not among the ranks",
                    s.rank
                )));
            }
            if s.percent.len() != self.columns.len() {
                return Err(TableError::Invalid(format!(
                    "rank «{}» has {} percentages for {} columns",
                    s.rank,
                    s.percent.len(),
                    self.columns.len()
                )));
            }
        }
        Ok(())
    }

    fn def(&self, key: &str) -> Option<&RankDef> {
        self.ranks.iter().find(|r| r.key == key)
    }

    /// The rank a roster's text names, through the keys and aliases (case, spaces and dots
    /// ignored); `None` when it names none.
    pub fn rank_named(&self, text: &str) -> Option<&RankDef> {
        let norm = |s: &str| {
            s.chars()
                .filter(|c| !c.is_whitespace() && *c != '.')
                .flat_map(char::to_lowercase)
                .collect::<String>()
        };
        let wanted = norm(text);
        if wanted.is_empty() {
            return None;
        }
        self.ranks.iter().find(|r| {
            [&r.key, &r.name, &r.key_en, &r.name_en]
                .into_iter()
                .chain(&r.aliases)
                .any(|a| !a.is_empty() && norm(a) == wanted)
        })
    }

    /// A rank as a roster gives it, as a document in `lang` shows it: a rank the table knows in
    /// the table's words for `lang` — in Russian as the arbiter typed it («ГМ», «1 разряд»),
    /// unless he typed a bare number («2» is «II разряд»); in English always the English short
    /// form ("CMS", "II"). A rank the table does not know, and an empty one, as typed.
    pub fn title_said(&self, typed: &str, lang: Lang) -> String {
        let typed = typed.trim();
        let Some(r) = self.rank_named(typed) else {
            return typed.to_string();
        };
        let bare = typed
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, 'I' | 'V' | 'i' | 'v'));
        match lang {
            Lang::En => r.key_said(lang).to_string(),
            Lang::Ru if bare => r.name.clone(),
            Lang::Ru => typed.to_string(),
        }
    }

    /// Where a roster's rank stands, strongest first (the table lists its ranks so): what the
    /// Swiss initial order sorts by after the rating. An empty or unknown rank stands with the
    /// adult without a rank.
    pub fn strength(&self, text: &str) -> usize {
        let key = self
            .rank_named(text)
            .map_or(self.adult_unranked.as_str(), |r| r.key.as_str());
        self.ranks
            .iter()
            .position(|r| r.key == key)
            .unwrap_or(self.ranks.len())
    }

    /// Whether the table reads `text` as a rank (an empty text is no rank, and is read).
    pub fn knows(&self, text: &str) -> bool {
        text.trim().is_empty() || self.rank_named(text).is_some()
    }

    /// How the table's ranks are written, for a message about a rank it does not know.
    pub fn rank_keys(&self, lang: Lang) -> String {
        self.ranks
            .iter()
            .map(|r| r.key_said(lang))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// A player's rank before the event: the roster's, else unranked — a junior's when the player
    /// is under 18 in the year of the event's first day.
    pub fn rank_of(&self, p: &Player, event_year: Option<i32>) -> &RankDef {
        if let Some(r) = self.rank_named(&p.title) {
            return r;
        }
        let junior =
            matches!((event_year, p.birth_year), (Some(y), Some(b)) if y - i32::from(b) < 18);
        let key = if junior {
            &self.junior_unranked
        } else {
            &self.adult_unranked
        };
        self.def(key).expect("validated")
    }

    /// The percent of a point one game against coefficient `c` adds to rank `sought`'s norm.
    fn percent(&self, sought: &Sought, c: i32) -> u32 {
        self.columns
            .iter()
            .position(|&col| col == c)
            .and_then(|i| sought.percent.get(i).copied())
            .unwrap_or(0)
    }

    /// Where a rank stands among the sought ones (0 the highest); ranks above them all (МС, ГР)
    /// are `Above`, unranked ones `Below`.
    fn standing(&self, key: &str) -> Standing {
        if let Some(i) = self.sought.iter().position(|s| s.rank == key) {
            return Standing::At(i);
        }
        let top = self
            .sought
            .first()
            .and_then(|s| self.def(&s.rank))
            .map_or(i32::MIN, |d| d.coefficient);
        match self.def(key) {
            Some(d) if d.coefficient < top => Standing::Above,
            _ => Standing::Below,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Standing {
    Above,
    At(usize),
    Below,
}

/// A sum of percents as points, rounded as the options say.
pub fn round_norm(percent_sum: u32, rounding: Rounding) -> f64 {
    // A percent sum is a whole number of hundredths of a point: halves counted exactly.
    let hundredths = percent_sum;
    let halves = match rounding {
        Rounding::None => return f64::from(hundredths) / 100.0,
        Rounding::HalfUp => (hundredths + 25) / 50,
        Rounding::HalfEven => {
            let (whole, rest) = (hundredths / 50, hundredths % 50);
            match rest.cmp(&25) {
                std::cmp::Ordering::Less => whole,
                std::cmp::Ordering::Greater => whole + 1,
                std::cmp::Ordering::Equal => whole + whole % 2,
            }
        }
    };
    f64::from(halves) / 2.0
}

/// k with two decimals, as the norms sheets print it (`-0,40` in Russian, `-0.40` in English:
/// a minus a spreadsheet reads as a number, as the standings write negative values).
pub fn coefficient_text(k: f64, lang: Lang) -> String {
    lang.decimal(&format!("{k:.2}"))
}

/// The opponent of every game `id` played (in the rounds up to `up_to`), as the norms count
/// games.
pub fn opponents(t: &Tournament, id: PlayerId, up_to: Option<usize>) -> Vec<PlayerId> {
    games_of(t, id, up_to).iter().map(|g| g.opponent).collect()
}

/// One game a participant played, as the norms count it.
#[derive(Clone, Copy, Debug)]
struct Game {
    opponent: PlayerId,
    /// Points on the 1–½–0 scale.
    score: f64,
}

/// Every game `id` actually played (in the rounds up to `up_to`): the micromatches' and the
/// extra games; byes, forfeits and unplayed or pending games are not games.
fn games_of(t: &Tournament, id: PlayerId, up_to: Option<usize>) -> Vec<Game> {
    let mut out = Vec::new();
    for r in t
        .rounds
        .iter()
        .filter(|r| up_to.is_none_or(|n| r.number <= n))
    {
        for p in r.pairings.iter().filter(|p| p.white == id || p.black == id) {
            for g in 0..p.games.len() + p.extra.len() {
                let white = p.white_of(g) == id;
                let score = match p.result(g) {
                    Some(GameResult::WhiteWins) => 1.0,
                    Some(GameResult::Draw) => 0.5,
                    Some(GameResult::BlackWins) => 0.0,
                    _ => continue,
                };
                out.push(Game {
                    opponent: if p.white == id { p.black } else { p.white },
                    score: if white { score } else { 1.0 - score },
                });
            }
        }
    }
    out
}

/// The norm of one rank for one participant.
#[derive(Clone, Debug, PartialEq)]
pub struct RankNorm {
    pub rank: String,
    pub required: i32,
    pub norm: f64,
    pub met: bool,
    /// The norm over the whole schedule of a round robin (every opponent, every game).
    pub scheduled_norm: Option<f64>,
    /// Points still needed (0 when reached): over the whole schedule of a round robin, over the
    /// games played in a Swiss. `None` when the rank cannot be met (k above the required one, or
    /// more points than the games left give).
    pub needed: Option<f64>,
    /// Not met, and not yet decided: in a Swiss with rounds to come, the opponents still to be
    /// paired change k, so a k above the required one does not put the rank out of reach.
    pub open: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A rank higher than the one the participant had («выполнил»).
    Met,
    /// The rank he had («подтвердил»).
    Confirmed,
}

impl Kind {
    pub fn said(self, lang: Lang) -> &'static str {
        match self {
            Kind::Met => lang.pick("met", "выполнил"),
            Kind::Confirmed => lang.pick("confirmed", "подтвердил"),
        }
    }
}

#[derive(Clone, Debug)]
pub struct PlayerNorms {
    pub id: PlayerId,
    pub number: Option<usize>,
    pub name: String,
    /// The rank before the event (a table key).
    pub rank: String,
    /// k over the games played; `None` before any.
    pub coefficient: Option<f64>,
    pub games: usize,
    pub score: f64,
    /// From the highest rank down to the participant's own; empty when the event is not
    /// eligible. With too few games played (`reason`) none is met, and what is still needed
    /// stands: a round robin's schedule may yet give the games.
    pub norms: Vec<RankNorm>,
    pub result: Option<String>,
    pub kind: Option<Kind>,
    /// Why no norm is computed for him (too few games), when so.
    pub reason: Option<Said>,
}

#[derive(Clone, Debug)]
pub struct Norms {
    /// The table's ranks, for their words in each language.
    pub ranks: Vec<RankDef>,
    pub source: Said,
    pub edition: String,
    /// The edition in the words of each language, for printed documents.
    pub edition_words: Said,
    pub options: Options,
    pub eligible: bool,
    pub reason: Option<Said>,
    pub players: Vec<PlayerNorms>,
}

impl Norms {
    /// The table the norms were computed with: its edition and source.
    pub fn table_line(&self, lang: Lang) -> String {
        format!(
            "{}: {} — {}",
            lang.pick("Norms table", "Таблица норм"),
            self.edition,
            self.source.get(lang)
        )
    }

    /// The table as a printed document names it: the edition in words, without the source's
    /// account of where the table was found (that is the arbiter's, on screen). A table file
    /// other than the shipped one is named by its edition too, so that a copy that kept the
    /// shipped words is told apart.
    pub fn document_line(&self, lang: Lang) -> String {
        let words = self.edition_words.get(lang);
        let name = if words == self.edition || self.edition == Table::shipped().edition {
            String::new()
        } else {
            format!(" ({})", self.edition)
        };
        format!(
            "{} {}{name}",
            lang.pick(
                "Rank norms by the EVSK (Russian sports classification) table, edition",
                "Разрядные нормы по таблице ЕВСК, редакция"
            ),
            lang.quote(words)
        )
    }

    /// The options in words: the rounding, the least players and games.
    pub fn options_line(&self, lang: Lang) -> String {
        format!(
            "{} {}; {} {}, {} {}",
            lang.pick("Norm rounded", "Норма округляется"),
            self.options.rounding.said(lang),
            lang.pick("players at least", "участников не менее"),
            self.options.min_players,
            lang.pick("games at least", "партий не менее"),
            self.options.min_games
        )
    }

    /// The ranks somebody is measured against, highest first: a sheet's columns.
    pub fn ranks_used<'t>(&self, table: &'t Table) -> Vec<&'t str> {
        table
            .sought
            .iter()
            .map(|s| s.rank.as_str())
            .filter(|r| {
                self.players
                    .iter()
                    .any(|p| p.norms.iter().any(|x| x.rank == *r))
            })
            .collect()
    }

    /// A table key's short form in `lang` ("КМС" / "CMS").
    pub fn rank_said<'a>(&'a self, key: &'a str, lang: Lang) -> &'a str {
        key_in(&self.ranks, key, lang, false)
    }

    /// A table key's full name in `lang`.
    pub fn rank_name<'a>(&'a self, key: &'a str, lang: Lang) -> &'a str {
        key_in(&self.ranks, key, lang, true)
    }

    /// A participant's rank met («выполнил I», "met CMS"), else why no norm was computed, else
    /// a dash.
    pub fn outcome(&self, p: &PlayerNorms, lang: Lang) -> String {
        match (&p.result, p.kind, &p.reason) {
            (Some(rank), Some(kind), _) => {
                format!("{} {}", kind.said(lang), self.rank_said(rank, lang))
            }
            (_, _, Some(why)) => why.get(lang).to_string(),
            _ => "—".to_string(),
        }
    }

    /// The rank player `id` met or confirmed, as a protocol's column writes it; empty when he
    /// met none.
    pub fn met_by(&self, id: PlayerId, lang: Lang) -> String {
        self.players
            .iter()
            .find(|x| x.id == id)
            .filter(|x| x.result.is_some())
            .map_or_else(String::new, |x| self.outcome(x, lang))
    }
}

/// Every participant's norms after the games played so far (in the rounds up to `up_to`).
pub fn compute(t: &Tournament, up_to: Option<usize>, table: &Table, options: &Options) -> Norms {
    let year = crate::tournament::model::first_day(&t.settings.dates).map(|d| {
        use chrono::Datelike;
        d.year()
    });
    let coefficient = |id: PlayerId| {
        t.player(id)
            .map_or(0, |p| table.rank_of(p, year).coefficient)
    };
    let event_reason = (t.players.len() < options.min_players).then(|| {
        Said::new(
            format!(
                "{} players: a norm needs at least {}",
                t.players.len(),
                options.min_players
            ),
            format!(
                "участников {}: для нормы нужно не менее {}",
                t.players.len(),
                options.min_players
            ),
        )
    });
    // A Swiss whose planned rounds are not all counted (or not planned): opponents to come.
    let counted = t
        .rounds
        .iter()
        .filter(|r| up_to.is_none_or(|n| r.number <= n))
        .count();
    let swiss_rounds_left = t.settings.system == System::Swiss
        && t.planned_rounds().is_none_or(|planned| counted < planned);
    let players = t
        .by_number()
        .into_iter()
        .map(|p| {
            let games = games_of(t, p.id, up_to);
            let scheduled = scheduled_opponents(t, p.id, &games, up_to);
            let opponents_to_come = swiss_rounds_left && p.withdrawn_after.is_none();
            player_norms(
                table,
                options,
                p,
                year,
                &games,
                scheduled.as_deref(),
                opponents_to_come,
                event_reason.as_ref(),
                &coefficient,
            )
        })
        .collect();
    Norms {
        ranks: table.ranks.clone(),
        source: Said::new(
            table.source.clone(),
            if table.source_ru.is_empty() {
                table.source.clone()
            } else {
                table.source_ru.clone()
            },
        ),
        edition: table.edition.clone(),
        edition_words: Said::new(
            table.edition_said(Lang::En).to_string(),
            table.edition_said(Lang::Ru).to_string(),
        ),
        options: *options,
        eligible: event_reason.is_none(),
        reason: event_reason,
        players,
    }
}

/// In a round robin, the opponents of every game the participant will have played when the
/// schedule is through: those played, and one game per game of a pairing against every player
/// not yet met who has not withdrawn. `None` in a Swiss, whose later opponents are not known.
fn scheduled_opponents(
    t: &Tournament,
    id: PlayerId,
    played: &[Game],
    up_to: Option<usize>,
) -> Option<Vec<PlayerId>> {
    // Only a round robin knows every opponent in advance.
    let legs = match t.settings.system {
        System::RoundRobin | System::DoubleRoundRobin => t.settings.cycles() as usize,
        System::Swiss | System::Knockout | System::Scheveningen => return None,
    };
    let per = t.settings.format.games.max(1) as usize;
    let mut out: Vec<PlayerId> = played.iter().map(|g| g.opponent).collect();
    let me = t.player(id)?;
    if me.withdrawn_after.is_some() {
        return Some(out);
    }
    let paired: BTreeMap<PlayerId, usize> = t
        .rounds
        .iter()
        .filter(|r| up_to.is_none_or(|n| r.number <= n))
        .flat_map(|r| &r.pairings)
        .filter(|p| p.white == id || p.black == id)
        .fold(BTreeMap::new(), |mut m, p| {
            *m.entry(if p.white == id { p.black } else { p.white })
                .or_insert(0) += 1;
            m
        });
    for o in t.players.iter().filter(|o| o.id != id) {
        if o.withdrawn_after.is_some() {
            continue;
        }
        let left = legs - paired.get(&o.id).copied().unwrap_or(0).min(legs);
        out.extend(std::iter::repeat_n(o.id, left * per));
    }
    Some(out)
}

/// The ranks a participant of standing `own` may seek, with their places in the table: every
/// rank above his own, and his own (to confirm it).
fn sought_from(table: &Table, own: Standing) -> Vec<(usize, &Sought)> {
    table
        .sought
        .iter()
        .enumerate()
        .filter(|(i, _)| match own {
            Standing::Above => false,
            Standing::At(o) => *i <= o,
            Standing::Below => true,
        })
        .collect()
}

/// Why a participant with `played` games has no norm.
fn too_few_games(played: usize, min_games: usize) -> Said {
    Said::new(
        format!("{played} games played: a norm needs at least {min_games}"),
        format!("сыграно партий {played}: для нормы нужно не менее {min_games}"),
    )
}

#[allow(clippy::too_many_arguments)]
fn player_norms(
    table: &Table,
    options: &Options,
    p: &Player,
    year: Option<i32>,
    games: &[Game],
    scheduled: Option<&[PlayerId]>,
    opponents_to_come: bool,
    event_reason: Option<&Said>,
    coefficient: &dyn Fn(PlayerId) -> i32,
) -> PlayerNorms {
    let rank = table.rank_of(p, year);
    let score: f64 = games.iter().map(|g| g.score).sum();
    let mean = |ids: &mut dyn Iterator<Item = PlayerId>| {
        let (sum, n) = ids.fold((0i64, 0usize), |(s, n), id| {
            (s + i64::from(coefficient(id)), n + 1)
        });
        (n > 0).then(|| sum as f64 / n as f64)
    };
    let k = mean(&mut games.iter().map(|g| g.opponent));
    let scheduled_k = scheduled.and_then(|s| mean(&mut s.iter().copied()));
    let mut out = PlayerNorms {
        id: p.id,
        number: p.number,
        name: p.full_name(),
        rank: rank.key.clone(),
        coefficient: k,
        games: games.len(),
        score,
        norms: Vec::new(),
        result: None,
        kind: None,
        reason: None,
    };
    // An event too small for norms gives every participant its reason (evsk.md's JSON).
    if let Some(reason) = event_reason {
        out.reason = Some(reason.clone());
        return out;
    }
    let own = table.standing(&rank.key);
    let sought = sought_from(table, own);
    let played_enough = games.len() >= options.min_games;
    if !played_enough {
        out.reason = Some(too_few_games(games.len(), options.min_games));
    }
    let reckoning = Reckoning {
        table,
        options,
        games,
        scheduled,
        coefficient,
        score,
        k,
        scheduled_k,
        played_enough,
        opponents_to_come,
    };
    for (i, s) in sought {
        let norm = reckoning.rank_norm(s);
        if norm.met && out.result.is_none() {
            out.result = Some(s.rank.clone());
            out.kind = Some(if Standing::At(i) == own {
                Kind::Confirmed
            } else {
                Kind::Met
            });
        }
        out.norms.push(norm);
    }
    out
}

/// What one participant's norms are reckoned from.
struct Reckoning<'a> {
    table: &'a Table,
    options: &'a Options,
    games: &'a [Game],
    /// A round robin's whole schedule of opponents.
    scheduled: Option<&'a [PlayerId]>,
    coefficient: &'a dyn Fn(PlayerId) -> i32,
    score: f64,
    /// The opponents' mean coefficient: of the games played, of the whole schedule.
    k: Option<f64>,
    scheduled_k: Option<f64>,
    played_enough: bool,
    opponents_to_come: bool,
}

impl Reckoning<'_> {
    fn norm_over(&self, s: &Sought, ids: &mut dyn Iterator<Item = PlayerId>) -> f64 {
        let sum: u32 = ids
            .map(|id| self.table.percent(s, (self.coefficient)(id)))
            .sum();
        round_norm(sum, self.options.rounding)
    }

    /// The norm of the rank sought `s`: its points, whether it is met, what is still needed.
    fn rank_norm(&self, s: &Sought) -> RankNorm {
        let (games, score, scheduled) = (self.games, self.score, self.scheduled);
        let norm = self.norm_over(s, &mut games.iter().map(|g| g.opponent));
        let k_ok = self.k.is_some_and(|k| k <= f64::from(s.required));
        let met = self.played_enough && k_ok && score >= norm;
        // What is still needed: in a round robin over the whole schedule (its k and norm), the
        // games left giving at most a point each; in a Swiss over the games played.
        let scheduled_norm = scheduled.map(|all| self.norm_over(s, &mut all.iter().copied()));
        let needed = match (scheduled, scheduled_norm) {
            (Some(all), Some(full)) => {
                let k_all = self.scheduled_k.is_some_and(|k| k <= f64::from(s.required));
                let left = all.len().saturating_sub(games.len()) as f64;
                let short = (full - score).max(0.0);
                (k_all && short <= left && all.len() >= self.options.min_games).then_some(short)
            }
            _ => k_ok.then_some((norm - score).max(0.0)),
        };
        RankNorm {
            rank: s.rank.clone(),
            required: s.required,
            norm,
            met,
            scheduled_norm,
            needed,
            open: !met && !k_ok && self.opponents_to_come,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_norm_is_rounded_to_a_half_point_a_quarter_up() {
        assert_eq!(round_norm(325, Rounding::HalfUp), 3.5);
        assert_eq!(round_norm(375, Rounding::HalfUp), 4.0);
        assert_eq!(round_norm(320, Rounding::HalfUp), 3.0);
        assert_eq!(round_norm(330, Rounding::HalfUp), 3.5);
        assert_eq!(round_norm(325, Rounding::HalfEven), 3.0);
        assert_eq!(round_norm(375, Rounding::HalfEven), 4.0);
        assert_eq!(round_norm(325, Rounding::None), 3.25);
    }

    #[test]
    fn ranks_are_read_through_their_aliases() {
        let t = Table::shipped();
        for (written, key) in [
            ("КМС", "КМС"),
            ("кмс", "КМС"),
            ("1 разряд", "I"),
            ("I", "I"),
            ("2", "II"),
            ("III разряд", "III"),
            ("1 юн", "I юн"),
            ("GMI", "ГР"),
            ("ГМ", "ГР"),
            ("МС", "МС"),
            ("б/р", "б/р"),
        ] {
            assert_eq!(
                t.rank_named(written).map(|r| r.key.as_str()),
                Some(key),
                "{written}"
            );
        }
        assert!(t.rank_named("чемпион двора").is_none());
    }

    /// A document shows a rank in its own language: English in English words, Russian as the
    /// arbiter typed it unless he typed a bare number; what the table does not know, as typed.
    #[test]
    fn ranks_are_shown_in_the_documents_language() {
        let t = Table::shipped();
        for (typed, en, ru) in [
            ("КМС", "CMS", "КМС"),
            ("1 разряд", "I", "1 разряд"),
            ("2", "II", "II разряд"),
            ("1ю", "I jun", "1ю"),
            ("б/р", "n/r", "б/р"),
            ("CMS", "CMS", "CMS"),
            ("чемпион двора", "чемпион двора", "чемпион двора"),
        ] {
            assert_eq!(t.title_said(typed, Lang::En), en, "{typed}");
            assert_eq!(t.title_said(typed, Lang::Ru), ru, "{typed}");
        }
        assert_eq!(t.rank_named("CMS").map(|r| r.key.as_str()), Some("КМС"));
    }
}
