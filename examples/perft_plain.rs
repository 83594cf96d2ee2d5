//! Plain perft (one thread, no table) from the start: `cargo run --release --example perft_plain
//! -- russian 11`, the reference the fast perft is compared with.
use shashki_arbiter::rules::{perft::perft, Position, Variant};
fn main() {
    let mut a = std::env::args().skip(1);
    let v: Variant = a
        .next()
        .unwrap_or_else(|| "russian".into())
        .parse()
        .expect("a variant");
    let d: u32 = a.next().and_then(|d| d.parse().ok()).unwrap_or(9);
    let t = std::time::Instant::now();
    let n = perft(&Position::start(v), d);
    let s = t.elapsed().as_secs_f64();
    println!(
        "{v} depth {d}: {n} leaves, {s:.3} s, {:.1} M/s",
        n as f64 / s / 1e6
    );
}
