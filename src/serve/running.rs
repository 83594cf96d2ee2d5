//! The server started from the console (its switch on the hall-network page): on its own thread
//! with its own runtime, so the window never waits for it, and stopped when switched off or when
//! another event is opened.

use std::net::{IpAddr, Ipv4Addr, SocketAddr, UdpSocket};
use std::path::PathBuf;
use std::thread::JoinHandle;

use super::desk::Desk;
use super::error::ServeError;
use super::http::serve_desk;

/// The port the console tries first, then the next nine.
pub const PORT: u16 = 8080;

#[derive(Debug)]
pub struct Running {
    /// Where it listens (every interface: the switch is for the hall's network).
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Running {
    /// Starts serving `event` on the first free port from [`PORT`], taking deputies' results
    /// through `desk` when the console holds the event.
    pub fn start(event: PathBuf, desk: Option<Desk>) -> Result<Running, ServeError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()?;
        let mut last = None;
        let listener = (PORT..PORT + 10).find_map(|port| {
            let addr = SocketAddr::from((Ipv4Addr::UNSPECIFIED, port));
            match runtime.block_on(tokio::net::TcpListener::bind(addr)) {
                Ok(l) => Some(l),
                Err(source) => {
                    last = Some(ServeError::Listen { addr, source });
                    None
                }
            }
        });
        let listener = match listener {
            Some(l) => l,
            None => return Err(last.expect("ten ports were tried")),
        };
        let addr = listener.local_addr()?;
        // The event is read once here, so a file that cannot be read is said at once.
        crate::store::event::read(&event)?;
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("hall-network".into())
            .spawn(move || {
                let _ = runtime.block_on(serve_desk(listener, event, desk, async {
                    let _ = stopped.await;
                }));
            })?;
        Ok(Running {
            addr,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// The addresses phones can open: one per address of this computer on a network.
    pub fn urls(&self) -> Vec<String> {
        let port = self.addr.port();
        let mut urls: Vec<String> = hall_addresses()
            .into_iter()
            .map(|ip| format!("http://{ip}:{port}/"))
            .collect();
        if urls.is_empty() {
            urls.push(format!("http://127.0.0.1:{port}/"));
        }
        urls
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// This computer's address on the networks it is on (no packet is sent: a UDP socket is only
/// pointed at an address of each private range, and the system says which address it would use).
pub fn hall_addresses() -> Vec<IpAddr> {
    let mut found = Vec::new();
    for probe in ["192.168.255.255:9", "10.255.255.255:9", "172.31.255.255:9"] {
        let Ok(socket) = UdpSocket::bind("0.0.0.0:0") else {
            continue;
        };
        if socket.connect(probe).is_err() {
            continue;
        }
        if let Ok(local) = socket.local_addr() {
            let ip = local.ip();
            if !ip.is_loopback() && !ip.is_unspecified() && !found.contains(&ip) {
                found.push(ip);
            }
        }
    }
    found
}
