//! The program's executable on Linux is linked at a fixed address (`-no-pie`). As a
//! position-independent executable it carried ~1.2 MB of relocations (one per pointer in its
//! tables: clap's, serde's, iced's vtables) that the loader read and applied before `main`,
//! writing ~0.8 MB of its read-only data — ~2 MB resident in every run, a `--version` as much as
//! a 300-player pairing (`benches/memory.rs` measures it). Linked at a fixed address, nothing is
//! applied: those pages are read from the file only when used. The libraries, the stack and the
//! heap are still placed at random addresses; only the executable's own are not.
//!
//! Only the binaries: the library and the tests' executables link as the toolchain chooses.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
