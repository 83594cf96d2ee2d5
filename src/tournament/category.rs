//! Categories (зачёты): the players an open or a festival also ranks apart — «девушки до 12
//! лет», women, veterans, «без разряда», a club — each defined by what the regulation names
//! (sex, years of birth, rank, rating, club or region, or a list of players), and their own
//! standings: the category's players in the event's order with places of their own.

use serde::{Deserialize, Serialize};

use super::model::{Player, PlayerId, Sex, Tournament};
use super::norms::Table;
use super::standings::Line;
use crate::lang::{Lang, Russian};

/// One category. Every condition given must hold (girls under 12: sex and years of birth);
/// a condition left out admits everyone.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Category {
    /// The short name the command line and the files use (`u12`, `women`).
    pub id: String,
    pub name: String,
    /// The Russian name; the English one stands for it where it is empty.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name_ru: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sex: Option<Sex>,
    /// Born in this year or later (the youngest categories: «2014 г. р. и моложе»).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub born_from: Option<u16>,
    /// Born in this year or earlier (veterans).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub born_to: Option<u16>,
    /// This rank or a higher one, in the ЕВСК order («не ниже I разряда»).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank_from: Option<String>,
    /// This rank or a lower one («не выше II разряда», «б/р»).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank_to: Option<String>,
    /// A rating of at least this; an unrated player counts as 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_from: Option<u32>,
    /// A rating of at most this; an unrated player counts as 0 (so he is in).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_to: Option<u32>,
    /// The roster's club or region, as written (case and spaces aside).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
    /// Only these players (a list the regulation names).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<PlayerId>,
}

/// Why a category cannot be set.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CategoryError {
    #[error("a category needs an id of letters, digits, `-` or `_` (not `{0}`)")]
    BadId(String),
    #[error("the category `{0}` exists already")]
    Twice(String),
    #[error("the category `{0}` needs a name")]
    NoName(String),
    #[error("no category `{0}` in this event")]
    NoSuch(String),
    #[error("category `{id}`: no rank `{rank}` in the ЕВСК table (one of {known})")]
    UnknownRank {
        id: String,
        rank: String,
        known: String,
    },
    #[error("category `{id}`: {} from {from} is above {} to {to}", what.en(), what.en())]
    Range {
        id: String,
        what: Bound,
        from: String,
        to: String,
    },
    #[error("category `{id}`: no player {player} in this event")]
    NoPlayer { id: String, player: PlayerId },
    #[error("category `{0}`: `main` names the event's own standings")]
    Reserved(String),
}

/// Which range of a category is the wrong way round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    Born,
    Rank,
    Rating,
}

impl Bound {
    fn en(self) -> &'static str {
        match self {
            Bound::Born => "year of birth",
            Bound::Rank => "rank",
            Bound::Rating => "rating",
        }
    }

    fn ru(self) -> &'static str {
        match self {
            Bound::Born => "год рождения",
            Bound::Rank => "разряд",
            Bound::Rating => "рейтинг",
        }
    }
}

impl Russian for CategoryError {
    fn ru(&self) -> String {
        match self {
            CategoryError::BadId(id) => format!(
                "у зачёта должно быть короткое имя из букв, цифр, «-» или «_» (а не «{id}»)"
            ),
            CategoryError::Twice(id) => format!("зачёт «{id}» уже есть"),
            CategoryError::NoName(id) => format!("у зачёта «{id}» нет названия"),
            CategoryError::NoSuch(id) => format!("в турнире нет зачёта «{id}»"),
            CategoryError::UnknownRank { id, rank, known } => {
                format!("зачёт «{id}»: в таблице ЕВСК нет разряда «{rank}» (есть: {known})")
            }
            CategoryError::Range { id, what, from, to } => format!(
                "зачёт «{id}»: {} «от» {from} {} «до» {to}",
                what.ru(),
                match what {
                    Bound::Rank => "выше, чем",
                    Bound::Born | Bound::Rating => "больше, чем",
                }
            ),
            CategoryError::NoPlayer { id, player } => {
                format!("зачёт «{id}»: в турнире нет участника {player}")
            }
            CategoryError::Reserved(id) => {
                format!("зачёт «{id}»: имя «main» занято общим зачётом турнира")
            }
        }
    }
}

impl Category {
    /// The name in `lang`.
    pub fn name_in(&self, lang: Lang) -> &str {
        match lang {
            Lang::Ru if !self.name_ru.is_empty() => &self.name_ru,
            _ => &self.name,
        }
    }

    /// Its conditions as the regulation words them: «пол: ж · родились в 2014 г. и позже ·
    /// разряд: не ниже III»; «все участники» where it names none.
    pub fn conditions_said(&self, lang: Lang) -> String {
        let range = |from: Option<String>, to: Option<String>, what: [&str; 2]| {
            let what = lang.pick(what[0], what[1]);
            match (from, to) {
                (Some(a), Some(b)) => Some(format!("{what}: {a}–{b}")),
                (Some(a), None) => Some(format!("{what}: {} {a}", lang.pick("from", "от"))),
                (None, Some(b)) => Some(format!("{what}: {} {b}", lang.pick("up to", "до"))),
                (None, None) => None,
            }
        };
        let ranks = |from: &Option<String>, to: &Option<String>| {
            let what = lang.pick("rank", "разряд");
            match (from, to) {
                (None, None) => None,
                (Some(a), None) => {
                    Some(format!("{what}: {} {a}", lang.pick("at least", "не ниже")))
                }
                (None, Some(b)) => Some(format!("{what}: {} {b}", lang.pick("at most", "не выше"))),
                (Some(a), Some(b)) => Some(format!(
                    "{what}: {} {a}, {} {b}",
                    lang.pick("at least", "не ниже"),
                    lang.pick("at most", "не выше")
                )),
            }
        };
        let parts: Vec<String> = [
            self.sex.map(|s| match s {
                Sex::Male => lang.pick("men and boys", "мужчины и юноши").to_string(),
                Sex::Female => lang
                    .pick("women and girls", "женщины и девушки")
                    .to_string(),
            }),
            range(
                self.born_from.map(|y| y.to_string()),
                self.born_to.map(|y| y.to_string()),
                ["born", "год рождения"],
            ),
            ranks(&self.rank_from, &self.rank_to),
            range(
                self.rating_from.map(|r| r.to_string()),
                self.rating_to.map(|r| r.to_string()),
                ["rating", "рейтинг"],
            ),
            self.club
                .as_ref()
                .map(|c| format!("{}: {c}", lang.pick("club or region", "клуб или регион"))),
            (!self.players.is_empty()).then(|| {
                format!(
                    "{}: {}",
                    lang.pick("players", "участники"),
                    self.players
                        .iter()
                        .map(|p| p.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }),
        ]
        .into_iter()
        .flatten()
        .collect();
        match parts.is_empty() {
            true => lang.pick("every player", "все участники").to_string(),
            false => parts.join(" · "),
        }
    }

    /// `p` is in the category: every condition it names holds for him.
    pub fn includes(&self, p: &Player) -> bool {
        let table = Table::shipped();
        let rating = p.rating.unwrap_or(0);
        let strength = table.strength(&p.title);
        let born = |check: fn(u16, u16) -> bool, bound: Option<u16>| {
            bound.is_none_or(|y| p.birth_year.is_some_and(|b| check(b, y)))
        };
        (self.players.is_empty() || self.players.contains(&p.id))
            && self.sex.is_none_or(|s| p.sex == Some(s))
            && born(|b, y| b >= y, self.born_from)
            && born(|b, y| b <= y, self.born_to)
            // The table lists ranks strongest first: "from" is the weakest admitted.
            && self
                .rank_from
                .as_ref()
                .is_none_or(|r| strength <= table.strength(r))
            && self
                .rank_to
                .as_ref()
                .is_none_or(|r| strength >= table.strength(r))
            && self.rating_from.is_none_or(|r| rating >= r)
            && self.rating_to.is_none_or(|r| rating <= r)
            && self.club.as_ref().is_none_or(|c| same_club(c, &p.club))
    }

    /// The category's players, in the event's order.
    pub fn members<'a>(&'a self, t: &'a Tournament) -> impl Iterator<Item = &'a Player> + 'a {
        t.players.iter().filter(move |p| self.includes(p))
    }

    /// The category can stand in `t`: an id of its own, a name, ranks the table knows, ranges
    /// the right way round, players who are in the event.
    pub fn check(&self, t: &Tournament) -> Result<(), CategoryError> {
        let id = &self.id;
        let good = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
        if id.is_empty() || !id.chars().all(good) {
            return Err(CategoryError::BadId(id.clone()));
        }
        if id == "main" {
            return Err(CategoryError::Reserved(id.clone()));
        }
        if self.name.trim().is_empty() && self.name_ru.trim().is_empty() {
            return Err(CategoryError::NoName(id.clone()));
        }
        self.check_ranks()?;
        let range = |what, from: Option<String>, to: Option<String>, wrong: bool| match (from, to) {
            (Some(from), Some(to)) if wrong => Err(CategoryError::Range {
                id: id.clone(),
                what,
                from,
                to,
            }),
            _ => Ok(()),
        };
        let years = matches!((self.born_from, self.born_to), (Some(a), Some(b)) if a > b);
        range(
            Bound::Born,
            self.born_from.map(|y| y.to_string()),
            self.born_to.map(|y| y.to_string()),
            years,
        )?;
        let ratings = matches!((self.rating_from, self.rating_to), (Some(a), Some(b)) if a > b);
        range(
            Bound::Rating,
            self.rating_from.map(|r| r.to_string()),
            self.rating_to.map(|r| r.to_string()),
            ratings,
        )?;
        let table = Table::shipped();
        let ranks = matches!((&self.rank_from, &self.rank_to),
            (Some(a), Some(b)) if table.strength(a) < table.strength(b));
        range(
            Bound::Rank,
            self.rank_from.clone(),
            self.rank_to.clone(),
            ranks,
        )?;
        if let Some(&player) = self.players.iter().find(|&&p| t.player(p).is_none()) {
            return Err(CategoryError::NoPlayer {
                id: id.clone(),
                player,
            });
        }
        Ok(())
    }

    fn check_ranks(&self) -> Result<(), CategoryError> {
        let table = Table::shipped();
        for rank in [&self.rank_from, &self.rank_to].into_iter().flatten() {
            if rank.trim().is_empty() || !table.knows(rank) {
                return Err(CategoryError::UnknownRank {
                    id: self.id.clone(),
                    rank: rank.clone(),
                    known: table.rank_keys(Lang::Ru),
                });
            }
        }
        Ok(())
    }
}

/// The categories once `c` is added after the others (the regulation's order is the order
/// added); the rest is checked by the one `apply`.
pub fn added(t: &Tournament, c: Category) -> Result<Vec<Category>, CategoryError> {
    if t.categories.iter().any(|d| d.id == c.id) {
        return Err(CategoryError::Twice(c.id.clone()));
    }
    let mut all = t.categories.clone();
    all.push(c);
    Ok(all)
}

/// A whole list of categories can stand: each one can, and no id twice.
pub fn check_all(t: &Tournament, categories: &[Category]) -> Result<(), CategoryError> {
    for (i, c) in categories.iter().enumerate() {
        c.check(t)?;
        if categories[..i].iter().any(|d| d.id == c.id) {
            return Err(CategoryError::Twice(c.id.clone()));
        }
    }
    Ok(())
}

fn same_club(wanted: &str, club: &str) -> bool {
    let norm = |s: &str| {
        s.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    norm(wanted) == norm(club)
}

/// «Зачёт: Юноши» — a category's list as the documents, the console and the wall head it.
pub fn heading(name: &str, lang: Lang) -> String {
    format!("{}: {name}", lang.pick("Category", "Зачёт"))
}

/// «Общий зачёт» — the event's own list where the categories' stand beside it.
pub fn overall(lang: Lang) -> &'static str {
    lang.pick("Overall", "Общий зачёт")
}

/// A category's standings from the event's: its players in the event's order, placed among
/// themselves. Players the event places equal (`5-8`) stay equal: those of them in the
/// category share the places they cover in it.
pub fn standings(c: &Category, t: &Tournament, lines: &[Line]) -> Vec<Line> {
    let mut kept: Vec<Line> = lines
        .iter()
        .filter(|l| t.player(l.id).is_some_and(|p| c.includes(p)))
        .cloned()
        .collect();
    let mut start = 0;
    while start < kept.len() {
        let tied = kept[start..]
            .iter()
            .take_while(|l| l.place == kept[start].place)
            .count();
        let place = if tied == 1 {
            (start + 1).to_string()
        } else {
            format!("{}-{}", start + 1, start + tied)
        };
        for l in &mut kept[start..start + tied] {
            l.place = place.clone();
        }
        start += tied;
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(id: u32, sex: Option<Sex>, born: Option<u16>, title: &str, rating: u32) -> Player {
        let mut p = Player::new(PlayerId(id), format!("Игрок{id}"));
        p.sex = sex;
        p.birth_year = born;
        p.title = title.into();
        p.rating = (rating > 0).then_some(rating);
        p.club = "СШОР № 2".into();
        p
    }

    #[test]
    fn a_categorys_conditions_are_said_as_the_regulation_words_them() {
        let c = Category {
            id: "g12".into(),
            name: "Girls under 12".into(),
            sex: Some(Sex::Female),
            born_from: Some(2014),
            rank_to: Some("II".into()),
            ..Category::default()
        };
        assert_eq!(
            c.conditions_said(Lang::Ru),
            "женщины и девушки · год рождения: от 2014 · разряд: не выше II"
        );
        assert_eq!(
            c.conditions_said(Lang::En),
            "women and girls · born: from 2014 · rank: at most II"
        );
        let all = Category::default();
        assert_eq!(all.conditions_said(Lang::Ru), "все участники");
    }

    #[test]
    fn every_condition_named_must_hold_and_a_missing_fact_keeps_a_player_out() {
        let girls = Category {
            id: "g12".into(),
            name: "Girls under 12".into(),
            sex: Some(Sex::Female),
            born_from: Some(2014),
            ..Category::default()
        };
        assert!(girls.includes(&player(1, Some(Sex::Female), Some(2015), "", 0)));
        assert!(!girls.includes(&player(2, Some(Sex::Male), Some(2015), "", 0)));
        assert!(!girls.includes(&player(3, Some(Sex::Female), Some(2013), "", 0)));
        assert!(!girls.includes(&player(4, Some(Sex::Female), None, "", 0)));
        assert!(!girls.includes(&player(5, None, Some(2015), "", 0)));
        let club = Category {
            club: Some("  сшор   № 2 ".into()),
            ..girls.clone()
        };
        assert!(club.includes(&player(1, Some(Sex::Female), Some(2015), "", 0)));
    }

    #[test]
    fn ranks_go_by_the_evsk_order_and_unrated_counts_as_nought() {
        let at_most_2nd = Category {
            id: "low".into(),
            name: "Up to 2nd category".into(),
            rank_to: Some("2".into()),
            ..Category::default()
        };
        assert!(at_most_2nd.includes(&player(1, None, None, "II", 0)));
        assert!(at_most_2nd.includes(&player(2, None, None, "3 разряд", 0)));
        assert!(at_most_2nd.includes(&player(3, None, None, "", 0)), "б/р");
        assert!(!at_most_2nd.includes(&player(4, None, None, "1", 0)));
        assert!(!at_most_2nd.includes(&player(5, None, None, "КМС", 0)));
        let strong = Category {
            rank_from: Some("КМС".into()),
            rank_to: None,
            rating_to: Some(1500),
            ..at_most_2nd
        };
        assert!(strong.includes(&player(6, None, None, "МС", 0)));
        assert!(!strong.includes(&player(7, None, None, "1", 0)));
        assert!(!strong.includes(&player(8, None, None, "КМС", 1600)));
    }

    #[test]
    fn a_category_that_cannot_stand_is_refused_with_its_reason() {
        let t = Tournament::new(
            "t",
            crate::rules::Variant::Russian,
            crate::tournament::model::System::Swiss,
            "45m".parse().unwrap(),
            1,
        );
        let ok = Category {
            id: "w".into(),
            name: "Women".into(),
            ..Category::default()
        };
        assert_eq!(ok.check(&t), Ok(()));
        let bad = |c: Category| c.check(&t).unwrap_err().ru();
        assert!(bad(Category {
            id: "a b".into(),
            ..ok.clone()
        })
        .contains("короткое имя"));
        assert!(bad(Category {
            rank_to: Some("гроссмейстер вселенной".into()),
            ..ok.clone()
        })
        .contains("нет разряда"));
        assert!(bad(Category {
            born_from: Some(2015),
            born_to: Some(2010),
            ..ok.clone()
        })
        .contains("год рождения"));
        assert!(bad(Category {
            // «КМС or higher» and «III or lower»: no one.
            rank_from: Some("КМС".into()),
            rank_to: Some("3".into()),
            ..ok.clone()
        })
        .contains("разряд"));
        assert!(bad(Category {
            players: vec![PlayerId(9)],
            ..ok.clone()
        })
        .contains("нет участника 9"));
        assert_eq!(
            check_all(&t, &[ok.clone(), ok.clone()]),
            Err(CategoryError::Twice("w".into()))
        );
    }

    #[test]
    fn a_categorys_places_are_its_own_and_ties_stay_shared() {
        let line = |id: u32, place: &str| Line {
            place: place.into(),
            number: Some(id as usize),
            id: PlayerId(id),
            name: format!("Игрок{id}"),
            points: 0.0,
            tiebreaks: vec![],
            rounds: vec![],
            withdrawn_after: None,
            joined_in: None,
            expelled: false,
        };
        let mut t = Tournament::new(
            "t",
            crate::rules::Variant::Russian,
            crate::tournament::model::System::Swiss,
            "45m".parse().unwrap(),
            1,
        );
        for id in 1..=6 {
            let sex = if id % 2 == 0 { Sex::Female } else { Sex::Male };
            t.players.push(player(id, Some(sex), None, "", 0));
        }
        let lines = [
            line(1, "1"),
            line(2, "2-4"),
            line(3, "2-4"),
            line(4, "2-4"),
            line(5, "5"),
            line(6, "6"),
        ];
        let women = Category {
            id: "w".into(),
            name: "Women".into(),
            sex: Some(Sex::Female),
            ..Category::default()
        };
        let got: Vec<(u32, String)> = standings(&women, &t, &lines)
            .into_iter()
            .map(|l| (l.id.0, l.place))
            .collect();
        assert_eq!(got, [(2, "1-2".into()), (4, "1-2".into()), (6, "3".into())]);
    }
}
