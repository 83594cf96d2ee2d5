//! Why the server cannot serve: the event unreadable, the address taken, the runtime stopped.

use std::net::SocketAddr;

#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("{0}")]
    Event(#[from] crate::store::event::EventError),
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("the server stopped: {0}")]
    Io(#[from] std::io::Error),
}

impl crate::lang::Russian for ServeError {
    fn ru(&self) -> String {
        match self {
            ServeError::Event(e) => e.ru(),
            ServeError::Listen { addr, source } => format!(
                "нельзя принимать подключения на {addr}: {}",
                crate::lang::io_ru(source)
            ),
            ServeError::Io(e) => format!("сервер остановился: {}", crate::lang::io_ru(e)),
        }
    }
}
