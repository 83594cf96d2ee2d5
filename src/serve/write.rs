//! The only writes the hall's network may make: a deputy's result (`POST /api/result`), his
//! check-in mark (`POST /api/checkin`) and his login (`/deputy`). Each request is checked in the order a reader would expect —
//! the `Host` it names (DNS rebinding), the page it comes from (`Origin`), the lockout of an
//! address that guessed codes, the code, the body — and only then handed to the
//! [`Desk`](super::desk::Desk), which applies it as the console would. Every answer is JSON in
//! the deputy's language (`Accept-Language`).

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

use super::desk::{self, Desk};
use crate::lang::{Lang, Russian};
use crate::store::floor::{Accepted, Mark, Sent};
use crate::tournament::model::PlayerId;

/// The addresses of one connection: the server's (what `Host` must name) and the peer's.
#[derive(Clone, Copy, Debug)]
pub struct Conn {
    pub local: SocketAddr,
    pub peer: SocketAddr,
}

/// Wrong codes from one address before it is locked out.
pub const STRIKES: usize = 10;
/// The time in which those strikes count.
pub const STRIKE_WINDOW: Duration = Duration::from_secs(10 * 60);
/// How long a locked-out address is refused everything that takes a code.
pub const LOCKOUT: Duration = Duration::from_secs(5 * 60);
/// Addresses remembered at most (a flood of addresses cannot fill the memory).
const REMEMBERED: usize = 10_000;
/// The cookie a phone's login sets.
pub const COOKIE: &str = "deputy";

/// Wrong codes by address.
#[derive(Debug, Default)]
pub struct Lockout {
    by_address: Mutex<HashMap<IpAddr, Strikes>>,
}

#[derive(Debug, Default)]
struct Strikes {
    at: Vec<Instant>,
    until: Option<Instant>,
}

impl Lockout {
    /// How long `ip` is still locked out.
    pub fn locked(&self, ip: IpAddr, now: Instant) -> Option<Duration> {
        let map = self.by_address.lock().unwrap_or_else(|e| e.into_inner());
        let until = map.get(&ip)?.until?;
        (until > now).then(|| until - now)
    }

    /// A wrong code from `ip`; whether this one locked it out.
    pub fn strike(&self, ip: IpAddr, now: Instant) -> bool {
        let mut map = self.by_address.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= REMEMBERED && !map.contains_key(&ip) {
            map.retain(|_, s| s.until.is_some_and(|u| u > now));
        }
        let s = map.entry(ip).or_default();
        s.at.retain(|&t| now.duration_since(t) < STRIKE_WINDOW);
        s.at.push(now);
        if s.at.len() >= STRIKES {
            s.at.clear();
            s.until = Some(now + LOCKOUT);
            return true;
        }
        false
    }
}

/// What the write routes share.
#[derive(Clone, Debug)]
pub struct Writes {
    pub desk: Option<Desk>,
    pub lockout: Arc<Lockout>,
}

/// The reader's language: Russian when the browser (or the deputy's phone) asks for it first.
pub fn lang_of(headers: &HeaderMap) -> Lang {
    let ru = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().to_ascii_lowercase().starts_with("ru"));
    if ru {
        Lang::Ru
    } else {
        Lang::En
    }
}

/// An answer: the status, a short word for scripts, the message in the deputy's language and
/// whatever else it carries.
pub fn answer(status: StatusCode, word: &str, message: String, extra: Value) -> Response {
    let mut body = json!({ "ok": status.is_success(), "status": word, "message": message });
    if let (Value::Object(b), Value::Object(x)) = (&mut body, extra) {
        b.extend(x);
    }
    super::http::no_store(
        (
            status,
            [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
            body.to_string(),
        )
            .into_response(),
    )
}

fn said(lang: Lang, en: &str, ru: &str) -> String {
    lang.pick(en, ru).to_string()
}

/// The request's `Host`, if it names this server as the connection reached it: its address and
/// port (`localhost` too on loopback). Any other name is a page of another site that a DNS
/// trick pointed here.
fn host_is_ours(headers: &HeaderMap, conn: &Conn) -> bool {
    let Some(host) = headers.get(header::HOST).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    names_us(host, conn)
}

fn names_us(host: &str, conn: &Conn) -> bool {
    let host = host.trim().to_ascii_lowercase();
    let port = conn.local.port();
    let (name, given_port) = match host.rsplit_once(':') {
        // `[::1]:8080`, `10.0.0.5:8080`; a bare IPv6 address has colons but no brackets.
        Some((n, p)) if !n.contains(':') || n.ends_with(']') => (n.to_string(), p.parse().ok()),
        _ => (host.clone(), Some(80)),
    };
    if given_port != Some(port) {
        return false;
    }
    let ip = conn.local.ip();
    let name = name.trim_start_matches('[').trim_end_matches(']');
    if let Ok(named) = name.parse::<IpAddr>() {
        return named == ip || ip.to_canonical() == named.to_canonical();
    }
    name == "localhost" && ip.is_loopback()
}

/// A request sent by a page: it must be one of this server's own (a foreign page's request
/// carries its own origin, or `null`).
fn origin_is_ours(headers: &HeaderMap, conn: &Conn) -> bool {
    if headers
        .get("sec-fetch-site")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("cross-site"))
    {
        return false;
    }
    match headers.get(header::ORIGIN) {
        None => true,
        Some(origin) => origin
            .to_str()
            .ok()
            .and_then(|o| o.strip_prefix("http://"))
            .is_some_and(|host| names_us(host, conn)),
    }
}

/// The code a request carries: `Authorization: Bearer CODE`, else the login's cookie.
pub fn code_of(headers: &HeaderMap) -> Option<String> {
    if let Some(auth) = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
    {
        let (scheme, code) = auth.trim().split_once(' ')?;
        return scheme
            .eq_ignore_ascii_case("bearer")
            .then(|| code.trim().to_string());
    }
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == COOKIE)
        .map(|(_, v)| v.trim().to_string())
}

/// A request let through to ask about its code: the desk to ask, the connection it came on.
pub struct Admitted {
    pub desk: Desk,
    pub conn: Conn,
}

/// The checks every write and login go through before the code is asked about: the `Host`
/// (421), the `Origin` (403), a desk to write to (403 on a read-only server), the address's
/// lockout (429).
/// (The refusal boxed: a response is large, and the way through is the common case.)
pub fn admit(
    w: &Writes,
    headers: &HeaderMap,
    conn: Option<&Conn>,
) -> Result<Admitted, Box<Response>> {
    let lang = lang_of(headers);
    let Some(conn) = conn else {
        return Err(Box::new(answer(
            StatusCode::MISDIRECTED_REQUEST,
            "host",
            said(
                lang,
                "the connection cannot be checked",
                "подключение не проверить",
            ),
            json!({}),
        )));
    };
    if !host_is_ours(headers, conn) {
        return Err(Box::new(answer(
            StatusCode::MISDIRECTED_REQUEST,
            "host",
            said(
                lang,
                "this server answers only to its own address: open it by its address, as the arbiter's screen shows it",
                "сервер отвечает только на свой адрес: откройте его по адресу, который показывает экран судьи",
            ),
            json!({}),
        )));
    }
    if !origin_is_ours(headers, conn) {
        return Err(Box::new(answer(
            StatusCode::FORBIDDEN,
            "origin",
            said(
                lang,
                "sent from another site's page: refused",
                "отправлено со страницы другого сайта: отклонено",
            ),
            json!({}),
        )));
    }
    let Some(desk) = w.desk.clone() else {
        return Err(Box::new(answer(
            StatusCode::FORBIDDEN,
            "read-only",
            said(
                lang,
                "this server is read-only: results are taken only where the event is held (`serve --write`, or the arbiter's console)",
                "этот сервер только для просмотра: результаты принимает только программа, ведущая турнир (`serve --write` или окно судьи)",
            ),
            json!({}),
        )));
    };
    if let Some(left) = w.lockout.locked(conn.peer.ip(), Instant::now()) {
        return Err(Box::new(locked_out(lang, left)));
    }
    Ok(Admitted { desk, conn: *conn })
}

fn locked_out(lang: Lang, left: Duration) -> Response {
    let secs = left.as_secs().max(1);
    let mut r = answer(
        StatusCode::TOO_MANY_REQUESTS,
        "locked-out",
        match lang {
            Lang::En => format!(
                "too many wrong codes from this address: try again in {} min",
                secs.div_ceil(60)
            ),
            Lang::Ru => format!(
                "слишком много неверных кодов с этого адреса: попробуйте снова через {} мин",
                secs.div_ceil(60)
            ),
        },
        json!({ "retry_after": secs }),
    );
    if let Ok(v) = HeaderValue::from_str(&secs.to_string()) {
        r.headers_mut().insert(header::RETRY_AFTER, v);
    }
    r
}

/// A wrong code: 401, and a strike against the address (429 once it is locked out).
pub fn wrong_code(w: &Writes, lang: Lang, conn: &Conn) -> Response {
    if w.lockout.strike(conn.peer.ip(), Instant::now()) {
        return locked_out(lang, LOCKOUT);
    }
    no_code(
        lang,
        "unknown or revoked code",
        "код неизвестен или отозван",
    )
}

pub fn no_code(lang: Lang, en: &str, ru: &str) -> Response {
    let mut r = answer(
        StatusCode::UNAUTHORIZED,
        "code",
        said(lang, en, ru),
        json!({}),
    );
    r.headers_mut().insert(
        header::WWW_AUTHENTICATE,
        HeaderValue::from_static("Bearer realm=\"deputy\""),
    );
    r
}

pub fn desk_gone(lang: Lang) -> Response {
    answer(
        StatusCode::SERVICE_UNAVAILABLE,
        "closed",
        said(
            lang,
            "the event is not open for results now: ask the chief arbiter",
            "турнир сейчас не принимает результаты: обратитесь к главному судье",
        ),
        json!({}),
    )
}

/// 400: the body does not read; the answer says why and the shape to send.
fn unreadable(lang: Lang, why: String, shape: &str) -> Box<Response> {
    Box::new(answer(
        StatusCode::BAD_REQUEST,
        "unreadable",
        match lang {
            Lang::En => format!("the request cannot be read: {why}; send {shape}"),
            Lang::Ru => format!("запрос не прочитать: {why}; пришлите {shape}"),
        },
        json!({}),
    ))
}

/// A write's body as a JSON object (400 naming `shape` when it is not one).
fn object(
    body: &[u8],
    lang: Lang,
    shape: &str,
) -> Result<serde_json::Map<String, Value>, Box<Response>> {
    let value: Value =
        serde_json::from_slice(body).map_err(|e| unreadable(lang, e.to_string(), shape))?;
    match value {
        Value::Object(o) => Ok(o),
        _ => Err(unreadable(
            lang,
            said(lang, "not an object", "не объект"),
            shape,
        )),
    }
}

/// The body of a result, read: `{"round", "board", "game", "result"}` (400 when it is not that
/// shape, 422 when the result is not one of the three).
fn read_body(body: &[u8], lang: Lang) -> Result<Sent, Box<Response>> {
    const SHAPE: &str =
        r#"{"round": R, "board": B, "game": G, "result": "1-0" | "0-1" | "1/2-1/2"}"#;
    let unreadable = |why: String| unreadable(lang, why, SHAPE);
    let o = object(body, lang, SHAPE)?;
    let number = |key: &str| -> Result<usize, Box<Response>> {
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
                    Box::new(no_such(lang, key, &v.to_string()))
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
            desk::read_result(s).ok_or_else(|| Box::new(no_such(lang, "result", s)))?
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

fn no_such(lang: Lang, key: &str, value: &str) -> Response {
    answer(
        StatusCode::UNPROCESSABLE_ENTITY,
        "no-such",
        match (lang, key) {
            (Lang::En, "result") => format!(
                "`{value}` is not a result: send 1-0, 0-1 or 1/2-1/2 (from that game's White)"
            ),
            (Lang::Ru, "result") => format!(
                "«{value}» — не результат: пришлите 1-0, 0-1 или 1/2-1/2 (для белых этой партии)"
            ),
            (Lang::En, _) => format!("there is no {key} {value}"),
            (Lang::Ru, _) => format!(
                "нет {} {value}",
                match key {
                    "round" => "тура",
                    "board" => "доски",
                    "player" => "участника",
                    _ => "партии",
                }
            ),
        },
        json!({}),
    )
}

/// A deputy's write let through: the desk, the connection, his code.
struct Authorised {
    desk: Desk,
    conn: Conn,
    code: String,
}

/// The steps every deputy's write takes: [`admit`], a
/// code (401), the code a live deputy's (401, a strike), a JSON body (415) within the limit
/// (413), then the body `read` as what it is (400, 422). `what` names the body in the refusal of
/// another type.
async fn authorised<T>(
    w: &Writes,
    conn: Option<Conn>,
    headers: &HeaderMap,
    body: axum::body::Body,
    what: (&str, &str),
    read: fn(&[u8], Lang) -> Result<T, Box<Response>>,
) -> Result<(Authorised, T), Response> {
    let lang = lang_of(headers);
    let Admitted { desk, conn } = admit(w, headers, conn.as_ref()).map_err(|r| *r)?;
    let Some(code) = code_of(headers) else {
        return Err(no_code(
            lang,
            "log in first: send your code (Authorization: Bearer CODE)",
            "сначала войдите: пришлите свой код (Authorization: Bearer КОД)",
        ));
    };
    // The code first: who is refused for his body must at least be someone.
    match desk.known(&code).await {
        Err(desk::Closed) => return Err(desk_gone(lang)),
        Ok(None) => return Err(wrong_code(w, lang, &conn)),
        Ok(Some(_)) => {}
    }
    let json_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
    if !json_type {
        return Err(answer(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "not-json",
            match lang {
                Lang::En => format!(
                    "send the {} as JSON (Content-Type: application/json)",
                    what.0
                ),
                Lang::Ru => format!(
                    "пришлите {} в JSON (Content-Type: application/json)",
                    what.1
                ),
            },
            json!({}),
        ));
    }
    let body = body_of(body, lang).await.map_err(|r| *r)?;
    let sent = read(&body, lang).map_err(|r| *r)?;
    Ok((Authorised { desk, conn, code }, sent))
}

/// A refusal of the holder's, as the phone reads it: its status, a word for scripts, the
/// reason in the deputy's language.
fn refused_answer(
    w: &Writes,
    refused: &crate::store::floor::Refused,
    lang: Lang,
    conn: &Conn,
) -> Response {
    use crate::store::floor::Refused;
    if let Refused::Code = refused {
        return wrong_code(w, lang, conn);
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
    answer(status, word, refused.said(lang), extra)
}

/// `POST /api/result`.
pub async fn post_result(
    w: Writes,
    conn: Option<Conn>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    let lang = lang_of(&headers);
    let what = ("result", "результат");
    let (a, sent) = match authorised(&w, conn, &headers, body, what, read_body).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    let address = a.conn.peer.ip().to_string();
    match a.desk.submit(&a.code, sent, &address).await {
        Err(desk::Closed) => desk_gone(lang),
        Ok(Ok(accepted)) => accepted_answer(&accepted, &sent, lang),
        Ok(Err(refused)) => refused_answer(&w, &refused, lang, &a.conn),
    }
}

/// The body of a check-in mark, read: `{"player": ID, "present": true | false}`.
fn read_mark(body: &[u8], lang: Lang) -> Result<Mark, Box<Response>> {
    const SHAPE: &str = r#"{"player": ID, "present": true | false}"#;
    let unreadable = |why: String| unreadable(lang, why, SHAPE);
    let o = object(body, lang, SHAPE)?;
    let player = match o.get("player") {
        None => return Err(unreadable(said(lang, "no `player`", "нет поля `player`"))),
        Some(v) => match v.as_u64().and_then(|n| u32::try_from(n).ok()) {
            Some(n) => PlayerId(n),
            None if v.is_number() => return Err(Box::new(no_such(lang, "player", &v.to_string()))),
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
    w: Writes,
    conn: Option<Conn>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    let lang = lang_of(&headers);
    let what = ("mark", "отметку");
    let (a, mark) = match authorised(&w, conn, &headers, body, what, read_mark).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    let address = a.conn.peer.ip().to_string();
    match a.desk.check_in(&a.code, mark, &address).await {
        Err(desk::Closed) => desk_gone(lang),
        Ok(Err(refused)) => refused_answer(&w, &refused, lang, &a.conn),
        Ok(Ok(roll)) => {
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
            answer(
                StatusCode::OK,
                "checked-in",
                format!("{name} — {state} ({count})"),
                json!({ "player": mark.player, "present": mark.present, "checkin": roll }),
            )
        }
    }
}

/// A write's body, read up to [`super::http::MAX_BODY`] (one sent in chunks is counted as it
/// comes): 413 past it.
pub async fn body_of(
    body: axum::body::Body,
    lang: Lang,
) -> Result<axum::body::Bytes, Box<Response>> {
    axum::body::to_bytes(body, super::http::MAX_BODY as usize)
        .await
        .map_err(|_| Box::new(too_large(lang)))
}

pub fn too_large(lang: Lang) -> Response {
    answer(
        StatusCode::PAYLOAD_TOO_LARGE,
        "too-large",
        said(
            lang,
            "the request is too large (at most 1 KB)",
            "запрос слишком велик (не более 1 КБ)",
        ),
        json!({}),
    )
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
