//! The checks a deputy's request passes before its body is read, in the order a reader would
//! expect — the `Host` it names (DNS rebinding), the page it comes from (`Origin`), a desk to
//! write to, the lockout of an address that guessed codes, then the code — as axum extractors:
//! a route that takes an [`Admitted`] or a [`Deputy`] runs only once they passed, and a refusal
//! is said by [`Refusal`] before any body is taken.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap};

use super::desk::{self, Desk};
use super::reply::{lang_of, Refusal};
use crate::lang::Lang;

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

/// A request let through to ask about a code: the desk to ask, the connection it came on, the
/// reader's language, and the lockout a wrong code strikes.
pub struct Admitted {
    pub desk: Desk,
    pub conn: Conn,
    pub lang: Lang,
    lockout: Arc<Lockout>,
}

impl Admitted {
    /// The checks every write and login go through before a code is asked about: the `Host`
    /// (421), the `Origin` (403), a desk to write to (403 on a read-only server), the address's
    /// lockout (429).
    pub fn check(
        w: &Writes,
        headers: &HeaderMap,
        conn: Option<&Conn>,
    ) -> Result<Admitted, Refusal> {
        let lang = lang_of(headers);
        let conn = conn.ok_or_else(|| Refusal::unchecked(lang))?;
        if !host_is_ours(headers, conn) {
            return Err(Refusal::host(lang));
        }
        if !origin_is_ours(headers, conn) {
            return Err(Refusal::origin(lang));
        }
        let desk = w.desk.clone().ok_or_else(|| Refusal::read_only(lang))?;
        if let Some(left) = w.lockout.locked(conn.peer.ip(), Instant::now()) {
            return Err(Refusal::locked_out(lang, left));
        }
        Ok(Admitted {
            desk,
            conn: *conn,
            lang,
            lockout: w.lockout.clone(),
        })
    }

    /// A wrong code: 401, and a strike against the address (429 once it is locked out).
    pub fn wrong_code(&self) -> Refusal {
        if self.lockout.strike(self.conn.peer.ip(), Instant::now()) {
            return Refusal::locked_out(self.lang, LOCKOUT);
        }
        Refusal::no_code(
            self.lang,
            "unknown or revoked code",
            "код неизвестен или отозван",
        )
    }

    /// Who `code` is: a live deputy (his name, from the holder's last revision), or a wrong
    /// code (a strike) or a holder gone (503).
    pub fn deputy(self, code: String) -> Result<Deputy, Refusal> {
        match self.desk.known(&code) {
            Err(desk::Closed) => Err(Refusal::desk_gone(self.lang)),
            Ok(None) => Err(self.wrong_code()),
            Ok(Some(name)) => Ok(Deputy {
                admitted: self,
                code,
                name,
            }),
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Admitted
where
    Writes: FromRef<S>,
{
    type Rejection = Refusal;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let conn = parts.extensions.get::<Conn>().copied();
        Admitted::check(&Writes::from_ref(state), &parts.headers, conn.as_ref())
    }
}

/// A live deputy's request: admitted, and carrying his code.
pub struct Deputy {
    pub admitted: Admitted,
    pub code: String,
    pub name: String,
}

impl<S: Send + Sync> FromRequestParts<S> for Deputy
where
    Writes: FromRef<S>,
{
    type Rejection = Refusal;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let admitted = Admitted::from_request_parts(parts, state).await?;
        let Some(code) = code_of(&parts.headers) else {
            return Err(Refusal::no_code(
                admitted.lang,
                "log in first: send your code (Authorization: Bearer CODE)",
                "сначала войдите: пришлите свой код (Authorization: Bearer КОД)",
            ));
        };
        admitted.deputy(code)
    }
}
