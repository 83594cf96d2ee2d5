//! The deputy's page (`/deputy`) and its session: a login by the code typed in or by the QR
//! code's link (`/deputy/login?code=…`, answered with a redirect, so the code leaves the
//! address bar at once), kept as an HttpOnly, SameSite=Strict cookie; `/api/deputy` tells the
//! page his boards.

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::desk;
use super::write::{self, answer, lang_of, Conn, Writes, COOKIE};

const PAGE: &str = include_str!("../../resources/web/deputy.html");

/// How long a phone stays logged in (an event's days; a revoked code ends it at once anyway).
const SESSION_SECS: u64 = 14 * 24 * 3600;

/// A response of the deputy's: not kept, not leaked to another site, never framed by one.
fn secured(r: Response) -> Response {
    let mut r = super::http::no_store(r);
    let h = r.headers_mut();
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    r
}

/// `GET /deputy`: the page, with the logged-in deputy's boards inside it (one request draws
/// them; without a live code it shows the login form).
pub async fn page(w: Writes, conn: Option<Conn>, headers: HeaderMap) -> Response {
    let mut html = PAGE.to_string();
    let admitted = write::admit(&w, &headers, conn.as_ref()).ok();
    if let (Some(a), Some(code)) = (admitted, write::code_of(&headers)) {
        if let Ok(Some(mine)) = a.desk.mine(&code).await {
            let json = serde_json::to_string(&mine).unwrap_or_default();
            html = super::http::with_json(PAGE, "initial-deputy", &json);
        }
    }
    let mut r = ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response();
    r.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'",
        ),
    );
    secured(r)
}

fn cookie(code: &str) -> HeaderValue {
    // A live code, as it is hashed: base-32 letters only, nothing that can break the header.
    HeaderValue::from_str(&format!(
        "{COOKIE}={code}; Path=/; Max-Age={SESSION_SECS}; HttpOnly; SameSite=Strict"
    ))
    .unwrap_or_else(|_| HeaderValue::from_static("deputy=; Path=/; Max-Age=0"))
}

/// Logs a phone in with `code`: the cookie to set, the desk and the deputy's name, or why not.
async fn login(
    w: &Writes,
    headers: &HeaderMap,
    conn: Option<Conn>,
    code: &str,
) -> Result<(HeaderValue, desk::Desk, String), Response> {
    let lang = lang_of(headers);
    let write::Admitted { desk, conn } = write::admit(w, headers, conn.as_ref()).map_err(|r| *r)?;
    match desk.known(code).await {
        Err(desk::Closed) => Err(write::desk_gone(lang)),
        Ok(None) => Err(write::wrong_code(w, lang, &conn)),
        Ok(Some(name)) => {
            let cookie = cookie(&crate::tournament::deputy::normalise(code));
            Ok((cookie, desk, name))
        }
    }
}

/// The QR code's link: `?code=…`.
#[derive(Default, serde::Deserialize)]
pub struct Link {
    #[serde(default)]
    code: String,
}

/// `GET /deputy/login?code=…` (the QR code's link): logged in, then sent to `/deputy` with the
/// code gone from the address; a wrong code goes back to the page, which says so.
pub async fn login_link(w: Writes, conn: Option<Conn>, headers: HeaderMap, link: Link) -> Response {
    let to = |place: &'static str| {
        let mut r = StatusCode::SEE_OTHER.into_response();
        r.headers_mut()
            .insert(header::LOCATION, HeaderValue::from_static(place));
        r
    };
    match login(&w, &headers, conn, &link.code).await {
        Ok((cookie, _, _)) => {
            let mut r = to("/deputy");
            r.headers_mut().insert(header::SET_COOKIE, cookie);
            secured(r)
        }
        // Refused for its host or origin, or locked out: said as is.
        Err(r) if r.status() != StatusCode::UNAUTHORIZED => r,
        Err(_) => secured(to("/deputy?login=failed")),
    }
}

/// `POST /deputy/login` with `{"code": "…"}`.
pub async fn login_post(
    w: Writes,
    conn: Option<Conn>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    let lang = lang_of(&headers);
    let bytes = match write::body_of(body, lang).await {
        Ok(b) => b,
        Err(r) => return *r,
    };
    let code = serde_json::from_slice::<serde_json::Value>(&bytes)
        .ok()
        .and_then(|v| v.get("code").and_then(|c| c.as_str()).map(str::to_string))
        .unwrap_or_default();
    match login(&w, &headers, conn, &code).await {
        Ok((cookie, desk, name)) => {
            // The page draws his boards from the answer.
            let mine = desk.mine(&code).await.ok().flatten();
            let mut r = answer(
                StatusCode::OK,
                "logged-in",
                match lang {
                    crate::lang::Lang::En => format!("logged in: {name}"),
                    crate::lang::Lang::Ru => format!("вход выполнен: {name}"),
                },
                json!({ "deputy": mine }),
            );
            r.headers_mut().insert(header::SET_COOKIE, cookie);
            secured(r)
        }
        Err(r) => r,
    }
}

/// `POST /deputy/logout`: the cookie dropped.
pub async fn logout(headers: HeaderMap) -> Response {
    let lang = lang_of(&headers);
    let mut r = answer(
        StatusCode::OK,
        "logged-out",
        lang.pick("logged out", "выход выполнен").to_string(),
        json!({}),
    );
    r.headers_mut().insert(
        header::SET_COOKIE,
        HeaderValue::from_static("deputy=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"),
    );
    r
}

/// `GET /api/deputy`: who is logged in and his boards of the current round.
pub async fn mine(w: Writes, conn: Option<Conn>, headers: HeaderMap) -> Response {
    let lang = lang_of(&headers);
    let write::Admitted { desk, conn } = match write::admit(&w, &headers, conn.as_ref()) {
        Ok(a) => a,
        Err(r) => return *r,
    };
    let Some(code) = write::code_of(&headers) else {
        return write::no_code(lang, "not logged in", "вход не выполнен");
    };
    match desk.mine(&code).await {
        Err(desk::Closed) => write::desk_gone(lang),
        Ok(None) => write::wrong_code(&w, lang, &conn),
        Ok(Some(mine)) => answer(
            StatusCode::OK,
            "deputy",
            mine.name.clone(),
            json!({ "deputy": mine }),
        ),
    }
}
