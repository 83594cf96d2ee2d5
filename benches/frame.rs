//! What a whole frame of the console costs under the software renderer (issue 35 §3): each
//! screen of the sample event laid out and drawn whole by tiny-skia (iced_test's snapshot), at
//! the laptop's 1280x800 and the projector's 1920x1080. The renderer draws a frame whole after
//! any change of what the window shows (patches/iced_tiny_skia/PATCHED.md); this is that cost.

use criterion::{criterion_group, criterion_main, Criterion};
use iced::{Settings, Size};
use shashki_arbiter::lang::Lang;
use shashki_arbiter::ui::app::{App, Message, Tab, Time};

const SAMPLE: &str = "tournaments/shashki64-round-robin.ron";

fn app(tab: Tab) -> App {
    let dir = std::env::temp_dir().join(format!("shashki-frame-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("event.ron");
    std::fs::copy(SAMPLE, &path).unwrap();
    let mut app = App::with(Some(&path), None, Lang::Ru, Time::Manual(0));
    let _ = app.update(Message::Tab(tab));
    app
}

fn whole_frames(c: &mut Criterion) {
    std::env::set_var("ICED_TEST_BACKEND", "tiny-skia");
    let mut group = c.benchmark_group("whole frame");
    group.sample_size(20);
    for (w, h) in [(1280.0, 800.0), (1920.0, 1080.0)] {
        for tab in [Tab::Rounds, Tab::Ballot, Tab::Standings] {
            let app = app(tab);
            let theme = app.theme();
            group.bench_function(format!("{tab:?} {w}x{h}"), |b| {
                b.iter(|| {
                    let mut ui = iced_test::simulator::Simulator::with_size(
                        Settings::default(),
                        Size::new(w, h),
                        app.view(),
                    );
                    ui.snapshot(&theme).unwrap()
                })
            });
        }
    }
    group.finish();
}

/// The hall wall of the team sample on the projector: its team pages (the team table, the team
/// crosstable) and the pairings named by match (issue 36).
fn team_wall_frames(c: &mut Criterion) {
    use shashki_arbiter::ui::screen::wall;
    std::env::set_var("ICED_TEST_BACKEND", "tiny-skia");
    let mut group = c.benchmark_group("team wall frame");
    group.sample_size(20);
    let dir = std::env::temp_dir().join(format!("shashki-frame-teams-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("teams.ron");
    std::fs::copy("tournaments/shashki64-teams.ron", &path).unwrap();
    for page in [
        wall::Page::Standings,
        wall::Page::Crosstable,
        wall::Page::Pairings,
    ] {
        let mut app = App::with(Some(&path), None, Lang::Ru, Time::Manual(0));
        let _ = app.update(Message::Wall(true));
        let _ = app.update(Message::WallPage(wall::Message::Page(page)));
        let theme = app.theme();
        group.bench_function(format!("{page:?} 1920x1080"), |b| {
            b.iter(|| {
                let mut ui = iced_test::simulator::Simulator::with_size(
                    Settings::default(),
                    Size::new(1920.0, 1080.0),
                    app.view(),
                );
                ui.snapshot(&theme).unwrap()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, whole_frames, team_wall_frames);
criterion_main!(benches);
