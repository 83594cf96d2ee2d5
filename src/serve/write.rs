//! The only writes the hall's network may make: a deputy's result (`POST /api/result`) and his
//! check-in mark (`POST /api/checkin`); his login is `login`'s. A request reaches these routes
//! only through the [`Deputy`] extractor (`Host`, `Origin`, lockout, code: `guard`); here its
//! body is read (JSON, within the limit, the shape asked) and handed to the
//! [`Desk`](super::desk::Desk), which applies it as the console would. Every answer is JSON in
//! the deputy's language (`Accept-Language`).

use axum::http::{header, HeaderMap, StatusCode};
use axum::response::Response;
use serde_json::{json, Value};

use super::desk;
use super::guard::{Admitted, Deputy};
use super::reply::{answer, Refusal, MAX_BODY};
use crate::lang::{Lang, Russian};
use crate::store::floor::{Accepted, Mark, Sent};
use crate::tournament::model::PlayerId;

fn said(lang: Lang, en: &str, ru: &str) -> String {
    lang.pick(en, ru).to_string()
}

/// A write's body as a JSON object (400 naming `shape` when it is not one).
fn object(body: &[u8], lang: Lang, shape: &str) -> Result<serde_json::Map<String, Value>, Refusal> {
    let value: Value = serde_json::from_slice(body)
        .map_err(|e| Refusal::unreadable(lang, e.to_string(), shape))?;
    match value {
        Value::Object(o) => Ok(o),
        _ => Err(Refusal::unreadable(
            lang,
            said(lang, "not an object", "не объект"),
            shape,
        )),
    }
}

/// A write's body, read up to [`MAX_BODY`] (one sent in chunks is counted as it comes): 413
/// past it.
pub async fn body_of(body: axum::body::Body, lang: Lang) -> Result<axum::body::Bytes, Refusal> {
    axum::body::to_bytes(body, MAX_BODY as usize)
        .await
        .map_err(|_| Refusal::too_large(lang))
}

/// A deputy's body: JSON by its type (415, naming `what`), within the limit (413), then `read`
/// as what it is (400, 422).
async fn json_body<T>(
    lang: Lang,
    headers: &HeaderMap,
    body: axum::body::Body,
    what: (&str, &str),
    read: fn(&[u8], Lang) -> Result<T, Refusal>,
) -> Result<T, Refusal> {
    let json_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
    if !json_type {
        return Err(Refusal::not_json(lang, what));
    }
    let body = body_of(body, lang).await?;
    read(&body, lang)
}

/// The body of a result, read: `{"round", "board", "game", "result"}` (400 when it is not that
/// shape, 422 when the result is not one of the three).
fn read_body(body: &[u8], lang: Lang) -> Result<Sent, Refusal> {
    const SHAPE: &str =
        r#"{"round": R, "board": B, "game": G, "result": "1-0" | "0-1" | "1/2-1/2"}"#;
    let unreadable = |why: String| Refusal::unreadable(lang, why, SHAPE);
    let o = object(body, lang, SHAPE)?;
    let number = |key: &str| -> Result<usize, Refusal> {
        let v = o.get(key).ok_or_else(|| {
            unreadable(match lang {
                Lang::En => format!("no `{key}`"),
                Lang::Ru => format!("нет поля `{key}`"),
            })
        })?;
        v.as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| {
                if v.is_number() {
                    // A number that names nothing (0, negative, a fraction): there is no such.
                    Refusal::no_such(lang, key, &v.to_string())
                } else {
                    unreadable(match lang {
                        Lang::En => format!("`{key}` is not a number"),
                        Lang::Ru => format!("`{key}` — не число"),
                    })
                }
            })
    };
    let (round, board, game) = (number("round")?, number("board")?, number("game")?);
    let result = match o.get("result") {
        Some(Value::String(s)) => {
            desk::read_result(s).ok_or_else(|| Refusal::no_such(lang, "result", s))?
        }
        Some(_) => {
            return Err(unreadable(said(
                lang,
                "`result` is not text",
                "`result` — не текст",
            )))
        }
        None => return Err(unreadable(said(lang, "no `result`", "нет поля `result`"))),
    };
    Ok(Sent {
        round,
        board,
        game,
        result,
    })
}

/// A refusal of the holder's, as the phone reads it: its status, a word for scripts, the
/// reason in the deputy's language.
fn refused_answer(a: &Admitted, refused: &crate::store::floor::Refused) -> Refusal {
    use crate::store::floor::Refused;
    if let Refused::Code = refused {
        return a.wrong_code();
    }
    let status = StatusCode::from_u16(refused.status()).unwrap_or(StatusCode::UNPROCESSABLE_ENTITY);
    let extra = match refused {
        Refused::Set { result, recorder } | Refused::Waiting { result, recorder } => json!({
            "result": desk::api_result(*result),
            "by": recorder.by,
            "at": recorder.at,
        }),
        _ => json!({}),
    };
    let word = match status.as_u16() {
        403 => "not-yours",
        409 => "already-set",
        503 => "not-saved",
        _ => "no-such",
    };
    Refusal::new(status, word, refused.said(a.lang)).with(extra)
}

/// `POST /api/result`.
pub async fn post_result(
    deputy: Deputy,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Result<Response, Refusal> {
    let a = &deputy.admitted;
    let sent = json_body(a.lang, &headers, body, ("result", "результат"), read_body).await?;
    let address = a.conn.peer.ip().to_string();
    match a.desk.submit(&deputy.code, sent, &address).await {
        Err(desk::Closed) => Err(Refusal::desk_gone(a.lang)),
        Ok(Ok(accepted)) => Ok(accepted_answer(&accepted, &sent, a.lang)),
        Ok(Err(refused)) => Err(refused_answer(a, &refused)),
    }
}

/// The body of a check-in mark, read: `{"player": ID, "present": true | false}`.
fn read_mark(body: &[u8], lang: Lang) -> Result<Mark, Refusal> {
    const SHAPE: &str = r#"{"player": ID, "present": true | false}"#;
    let unreadable = |why: String| Refusal::unreadable(lang, why, SHAPE);
    let o = object(body, lang, SHAPE)?;
    let player = match o.get("player") {
        None => return Err(unreadable(said(lang, "no `player`", "нет поля `player`"))),
        Some(v) => match v.as_u64().and_then(|n| u32::try_from(n).ok()) {
            Some(n) => PlayerId(n),
            None if v.is_number() => return Err(Refusal::no_such(lang, "player", &v.to_string())),
            None => {
                return Err(unreadable(said(
                    lang,
                    "`player` is not a number",
                    "`player` — не число",
                )))
            }
        },
    };
    let present = match o.get("present") {
        None => true,
        Some(Value::Bool(b)) => *b,
        Some(_) => {
            return Err(unreadable(said(
                lang,
                "`present` is not true or false",
                "`present` — не true и не false",
            )))
        }
    };
    Ok(Mark { player, present })
}

/// `POST /api/checkin`: a deputy at the registration desk marks a player come (or away) for the
/// next round. The answer names the player and carries the check-in after the mark.
pub async fn post_checkin(
    deputy: Deputy,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Result<Response, Refusal> {
    let a = &deputy.admitted;
    let lang = a.lang;
    let mark = json_body(lang, &headers, body, ("mark", "отметку"), read_mark).await?;
    let address = a.conn.peer.ip().to_string();
    let roll = match a.desk.check_in(&deputy.code, mark, &address).await {
        Err(desk::Closed) => return Err(Refusal::desk_gone(lang)),
        Ok(Err(refused)) => return Err(refused_answer(a, &refused)),
        Ok(Ok(roll)) => roll,
    };
    let who = roll.players.iter().find(|p| p.id == mark.player);
    let name = who.map_or_else(|| mark.player.to_string(), |p| p.name.clone());
    let sex = who.and_then(|p| p.sex);
    let state = match mark.present {
        true => lang.agree(sex, "checked in", ["пришёл", "пришла", "пришёл(ла)"]),
        false => lang.agree(
            sex,
            "marked away",
            [
                "отмечен отсутствующим",
                "отмечена отсутствующей",
                "отмечен(а) отсутствующим",
            ],
        ),
    };
    let count = match lang {
        Lang::En => format!("{} of {}", roll.present, roll.present + roll.missing),
        Lang::Ru => format!("{} из {}", roll.present, roll.present + roll.missing),
    };
    Ok(answer(
        StatusCode::OK,
        "checked-in",
        format!("{name} — {state} ({count})"),
        json!({ "player": mark.player, "present": mark.present, "checkin": roll }),
    ))
}

fn accepted_answer(a: &Accepted, sent: &Sent, lang: Lang) -> Response {
    let what = json!({
        "round": sent.round,
        "board": sent.board,
        "game": sent.game,
        "result": desk::api_result(sent.result),
    });
    let entry = |e: &crate::store::event::Entry| {
        json!({
            "seq": e.seq,
            "at": e.at,
            "by": e.by.as_ref().map(|b| &b.deputy),
            "address": e.by.as_ref().map(|b| &b.address),
        })
    };
    let place = match lang {
        Lang::En => format!(
            "round {}, board {}, game {}: {}",
            sent.round,
            sent.board,
            sent.game,
            sent.result.symbol()
        ),
        Lang::Ru => format!(
            "тур {}, доска {}, партия {}: {}",
            sent.round,
            sent.board,
            sent.game,
            sent.result.symbol()
        ),
    };
    match a {
        Accepted::Applied(e) => answer(
            StatusCode::OK,
            "applied",
            format!("{place} — {}", said(lang, "recorded", "записано")),
            json!({ "applied": what, "entry": entry(e) }),
        ),
        Accepted::Pending(e) => answer(
            StatusCode::ACCEPTED,
            "pending",
            format!(
                "{place} — {}",
                said(
                    lang,
                    "received; waits for the arbiter's confirmation",
                    "принято; ждёт подтверждения судьи"
                )
            ),
            json!({ "pending": what, "entry": entry(e) }),
        ),
        Accepted::Already { pending, recorder } => answer(
            if *pending {
                StatusCode::ACCEPTED
            } else {
                StatusCode::OK
            },
            "already",
            format!(
                "{place} — {}",
                said(
                    lang,
                    "already so: nothing changed",
                    "уже записано так: ничего не изменено"
                )
            ),
            json!({ "applied": what, "already": true, "by": recorder.by, "at": recorder.at }),
        ),
    }
}
