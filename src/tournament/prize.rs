//! Prizes (призы) as the regulation (положение) lists them — per list, the main standings or a
//! category, a place with an amount and/or a title — and their allocation:
//! 1. a player takes at most one prize, unless the event allows more (a medal overall and one in
//!    an age group, as Russian events often do);
//! 2. prizes are taken in the order of their value: the amount, then the main list before the
//!    categories, then the smaller place, then the categories in the order defined;
//! 3. a player who could take several takes the first in that order; a prize he does not take
//!    passes to the next eligible player of its list (the next place): the prize of place k is
//!    the k-th player's of the list when he may still take it, else the first below him who
//!    may — places are the standings', never counted again without those who took another
//!    prize (the player placed 3rd who has no prize takes the 3rd place's, whoever above him
//!    took what);
//! 4. places are the standings' with their tie-breaks; with the option "shared by points" a
//!    group level on points shares the amounts of the places it covers equally, rounded down to
//!    the currency unit, the remainder to the highest placed of them.

use serde::{Deserialize, Serialize};

use super::category::{self, Category};
use super::model::{PlayerId, Tournament};
use super::standings::Line;
use crate::lang::Russian;

/// Which standings a prize is for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum List {
    Main,
    Category(String),
}

impl List {
    /// `main` or the category's id, as the command line writes it.
    pub fn id(&self) -> &str {
        match self {
            List::Main => "main",
            List::Category(id) => id,
        }
    }

    pub fn parse(text: &str) -> List {
        match text.trim() {
            "main" => List::Main,
            id => List::Category(id.to_string()),
        }
    }
}

/// How the amounts of players level on points are divided.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Split {
    /// Each place its own amount, the places by the tie-breaks.
    #[default]
    Places,
    /// A group level on points shares the amounts of the places it covers.
    Points,
}

impl Split {
    /// The rule as the award list and the console word it.
    pub fn said(self, lang: crate::lang::Lang) -> &'static str {
        match self {
            Split::Places => lang.pick("places by the tie-breaks", "места по доп. показателям"),
            Split::Points => lang.pick(
                "players level on points share the amounts of their places",
                "при равенстве очков суммы призов за занятые места делятся поровну",
            ),
        }
    }
}

/// Rule 1 as the award list and the console word it.
pub fn one_per_player_said(one: bool, lang: crate::lang::Lang) -> &'static str {
    match one {
        true => lang.pick("one prize a player", "один приз одному участнику"),
        false => lang.pick(
            "a player may take prizes in several lists",
            "участник может получить призы в нескольких зачётах",
        ),
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prize {
    pub list: List,
    pub place: usize,
    /// In whole currency units.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<u64>,
    /// A cup, a medal, a diploma.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
}

/// The event's prizes and the rules they are given by.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prizes {
    pub prizes: Vec<Prize>,
    /// At most one prize a player (the default).
    pub one_per_player: bool,
    pub split: Split,
}

impl Default for Prizes {
    fn default() -> Prizes {
        Prizes {
            prizes: vec![],
            one_per_player: true,
            split: Split::Places,
        }
    }
}

impl Prizes {
    pub fn is_default(&self) -> bool {
        *self == Prizes::default()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PrizeError {
    #[error("places are counted from 1")]
    PlaceZero,
    #[error("no category `{0}` in this event (a prize's list is `main` or a category's id)")]
    NoList(String),
    #[error("{list}, place {place}: the prize is there already")]
    Twice { list: String, place: usize },
    #[error("{list}, place {place}: a prize needs an amount or a title")]
    Empty { list: String, place: usize },
    #[error("the category `{0}` has prizes: remove them first")]
    HasPrizes(String),
    #[error("{list}, place {place}: there is no such prize")]
    NoPrize { list: String, place: usize },
}

impl Russian for PrizeError {
    fn ru(&self) -> String {
        let list = |l: &str| {
            if l == "main" {
                "общий зачёт".to_string()
            } else {
                format!("зачёт «{l}»")
            }
        };
        match self {
            PrizeError::PlaceZero => "места считаются с 1".into(),
            PrizeError::NoList(id) => format!(
                "в турнире нет зачёта «{id}» (приз — в общем зачёте «main» или в зачёте по его имени)"
            ),
            PrizeError::Twice { list: l, place } => {
                format!("{}, {place}-е место: приз уже есть", list(l))
            }
            PrizeError::Empty { list: l, place } => format!(
                "{}, {place}-е место: у приза должна быть сумма или награда",
                list(l)
            ),
            PrizeError::HasPrizes(id) => {
                format!("у зачёта «{id}» есть призы: сначала уберите их")
            }
            PrizeError::NoPrize { list: l, place } => {
                format!("{}, {place}-е место: такого приза нет", list(l))
            }
        }
    }
}

/// The prizes can stand in `t`: places from 1, lists that exist, one prize a place, each worth
/// something.
pub fn check(t: &Tournament, p: &Prizes) -> Result<(), PrizeError> {
    for (i, prize) in p.prizes.iter().enumerate() {
        let (list, place) = (prize.list.id().to_string(), prize.place);
        if place == 0 {
            return Err(PrizeError::PlaceZero);
        }
        if let List::Category(id) = &prize.list {
            if !t.categories.iter().any(|c| &c.id == id) {
                return Err(PrizeError::NoList(id.clone()));
            }
        }
        if prize.amount.is_none() && prize.title.as_deref().is_none_or(|s| s.trim().is_empty()) {
            return Err(PrizeError::Empty { list, place });
        }
        if p.prizes[..i]
            .iter()
            .any(|q| q.list == prize.list && q.place == place)
        {
            return Err(PrizeError::Twice { list, place });
        }
    }
    Ok(())
}

/// One prize given (or not: `player` is `None` where no one is eligible).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Award {
    pub list: String,
    pub place: usize,
    pub amount: Option<u64>,
    pub title: Option<String>,
    pub player: Option<PlayerId>,
    /// The player's own place in the list's standings (`2`, `3-5` where tied): another than the
    /// prize's where the prize passed down to him.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub standing: Option<String>,
    /// Shared by points: the places the player's group covers in the list (`3-5`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shared: Option<String>,
}

/// The order prizes are taken in (rule 2): the larger amount, then the main list before the
/// categories, then the smaller place, then the categories in the order defined.
fn by_value(t: &Tournament, p: &Prize) -> (std::cmp::Reverse<u64>, bool, usize, usize) {
    let category = match &p.list {
        List::Main => 0,
        List::Category(id) => 1 + t.categories.iter().position(|c| &c.id == id).unwrap_or(0),
    };
    (
        std::cmp::Reverse(p.amount.unwrap_or(0)),
        category > 0,
        p.place,
        category,
    )
}

/// One player of a list: his points and his place in it (`3-5` where tied).
type Placed = (PlayerId, f64, String);

/// Each list's players in its order: every list a prize names, once.
type Orders = std::collections::BTreeMap<String, Vec<Placed>>;

fn orders(t: &Tournament, main: &[Line]) -> Orders {
    t.prizes
        .prizes
        .iter()
        .map(|p| (p.list.id().to_string(), ordered(t, main, &p.list)))
        .collect()
}

/// A list's players in its order.
fn ordered(t: &Tournament, main: &[Line], list: &List) -> Vec<Placed> {
    let lines = match list {
        List::Main => main.to_vec(),
        List::Category(id) => match t.categories.iter().find(|c| &c.id == id) {
            Some(c) => category::standings(c, t, main),
            None => vec![],
        },
    };
    lines
        .iter()
        .map(|l| (l.id, l.points, l.place.clone()))
        .collect()
}

/// The prizes given on `main` (the event's standings): in the order they are taken.
pub fn allocate(t: &Tournament, main: &[Line]) -> Vec<Award> {
    let rules = &t.prizes;
    let mut order: Vec<&Prize> = rules.prizes.iter().collect();
    order.sort_by_key(|p| by_value(t, p));
    // Who took what so far, and from which list.
    let orders = orders(t, main);
    let mut taken: Vec<(PlayerId, List)> = vec![];
    let mut out = vec![];
    for prize in order {
        let list = &orders[prize.list.id()];
        // Eligible: no prize yet (rule 1), or, where several are allowed, none of this list.
        let may_take = |id: &PlayerId| {
            !taken
                .iter()
                .any(|(p, l)| p == id && (rules.one_per_player || *l == prize.list))
        };
        // The place's player, else the next place's who may take it (rule 3).
        let found = list
            .iter()
            .skip(prize.place - 1)
            .find(|(id, _, _)| may_take(id));
        let player = found.map(|(id, _, _)| *id);
        if let Some(id) = player {
            taken.push((id, prize.list.clone()));
        }
        out.push(Award {
            list: prize.list.id().to_string(),
            place: prize.place,
            amount: prize.amount,
            title: prize.title.clone(),
            player,
            standing: found.map(|(_, _, place)| place.clone()),
            shared: None,
        });
    }
    if rules.split == Split::Points {
        share_by_points(&orders, &mut out, &taken, rules.one_per_player);
    }
    out
}

/// Rule 4's option: within each list, a group level on points shares the amounts its members
/// took in that list, equally; a member whose place took no prize gets his share as an award of
/// his place. The group covers the places of the list's standings; a member who took another
/// list's prize (one prize a player) takes no share.
fn share_by_points(
    orders: &Orders,
    awards: &mut Vec<Award>,
    taken: &[(PlayerId, List)],
    one_per_player: bool,
) {
    for (id, order) in orders {
        let list = List::parse(id);
        let elsewhere = |p: &PlayerId| taken.iter().any(|(q, l)| q == p && *l != list);
        let mut start = 0;
        while start < order.len() {
            let level = order[start].1;
            let end = start
                + order[start..]
                    .iter()
                    .take_while(|(_, pts, _)| *pts == level)
                    .count();
            let sharers: Vec<(PlayerId, usize, String)> = (start..end)
                .map(|k| (order[k].0, k + 1, order[k].2.clone()))
                .filter(|(p, _, _)| !one_per_player || !elsewhere(p))
                .collect();
            if end - start > 1 && sharers.len() > 1 {
                share_group(awards, id, &sharers, format!("{}-{end}", start + 1));
            }
            start = end;
        }
    }
}

/// One group's `sharers` of `list` (each with his place), covering `places`: the amounts they
/// took summed and divided equally, rounded down, the remainder to the highest placed.
fn share_group(
    awards: &mut Vec<Award>,
    list: &str,
    sharers: &[(PlayerId, usize, String)],
    places: String,
) {
    let of_group =
        |a: &Award| a.list == list && a.player.is_some_and(|p| sharers.iter().any(|g| g.0 == p));
    let total: u64 = awards
        .iter()
        .filter(|a| of_group(a))
        .filter_map(|a| a.amount)
        .sum();
    if total == 0 {
        return;
    }
    let share = total / sharers.len() as u64;
    let rest = total - share * sharers.len() as u64;
    for (k, (player, place, standing)) in sharers.iter().enumerate() {
        let (player, place) = (*player, *place);
        let amount = share + if k == 0 { rest } else { 0 };
        let shared = Some(places.clone());
        match awards
            .iter_mut()
            .find(|a| a.list == list && a.player == Some(player))
        {
            Some(a) => {
                a.amount = Some(amount);
                a.shared = shared;
            }
            None => awards.push(Award {
                list: list.to_string(),
                place,
                amount: Some(amount),
                title: None,
                player: Some(player),
                standing: Some(standing.clone()),
                shared,
            }),
        }
    }
}

/// The prizes once `p` is added after the others (checked by the one `apply`).
pub fn added(t: &Tournament, p: Prize) -> Prizes {
    let mut all = t.prizes.clone();
    all.prizes.push(p);
    all
}

/// The prizes once the prize of `list`'s place `place` is taken off.
pub fn removed(t: &Tournament, list: &List, place: usize) -> Result<Prizes, PrizeError> {
    let mut all = t.prizes.clone();
    let before = all.prizes.len();
    all.prizes
        .retain(|p| !(p.list == *list && p.place == place));
    if all.prizes.len() == before {
        return Err(PrizeError::NoPrize {
            list: list.id().to_string(),
            place,
        });
    }
    Ok(all)
}

/// The prizes under new rules: `None` keeps a rule as it is.
pub fn ruled(t: &Tournament, one_per_player: Option<bool>, split: Option<Split>) -> Prizes {
    Prizes {
        one_per_player: one_per_player.unwrap_or(t.prizes.one_per_player),
        split: split.unwrap_or(t.prizes.split),
        ..t.prizes.clone()
    }
}

/// A category taken out of the event with its prizes: the categories and the prizes left
/// (set together, one change and one undo).
pub fn without(
    t: &Tournament,
    id: &str,
) -> Result<(Vec<Category>, Prizes), category::CategoryError> {
    let gone = t
        .categories
        .iter()
        .find(|c| c.id == id)
        .ok_or_else(|| category::CategoryError::NoSuch(id.to_string()))?;
    let categories = t
        .categories
        .iter()
        .filter(|c| c.id != id)
        .cloned()
        .collect();
    Ok((categories, without_category(&t.prizes, gone)))
}

/// A category's prizes go with it: the prizes left when `gone` is removed.
pub fn without_category(p: &Prizes, gone: &Category) -> Prizes {
    Prizes {
        prizes: p
            .prizes
            .iter()
            .filter(|q| q.list != List::Category(gone.id.clone()))
            .cloned()
            .collect(),
        ..p.clone()
    }
}
