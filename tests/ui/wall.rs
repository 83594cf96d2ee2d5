//! The hall wall on a projector.

use super::*;

#[test]
fn the_hall_wall_shows_4_and_40_boards_on_a_projector() {
    for (boards, lang) in [(4, Lang::Ru), (40, Lang::En)] {
        let path = event_with_boards(&format!("wall-{boards}"), boards);
        let mut app = App::with(Some(&path), None, lang, Time::Manual(0));
        hall_in_play(&mut app);
        assert_eq!(app.session.clocks.hall.boards().len(), boards);
        let _ = app.update(Message::Wall(true));
        // Board 3's White flag fell; board 1 shows White's time after one move of 11 s.
        assert!(sees(
            &app,
            match lang {
                Lang::Ru => "ФЛАГ",
                Lang::En => "FLAG",
            }
        ));
        assert!(sees(&app, "44:49"), "board 1: 45:00 − 11 s");
        // A 1080p projector at scale 1 (the PNG has twice the pixels each way).
        let rendered = screenshot(
            &mut app,
            Size::new(1920.0, 1080.0),
            &format!("wall-{boards}"),
        );
        if boards == 4 {
            let (height, digits) = tallest_white_glyphs(&rendered);
            assert!(
                digits * 8 >= height,
                "digits {digits} px of {height}: under 1/8"
            );
        }
    }
}

/// The screen height and the tallest run of rows holding pure white pixels in the left clock
/// of board 1 (its digits), in pixels of the rendered PNG.
fn tallest_white_glyphs(path: &Path) -> (u32, u32) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let (w, h) = (info.width as usize, info.height as usize);
    let white_row = |y: usize| {
        (w / 50..w / 4).any(|x| {
            let i = (y * w + x) * 4;
            buf[i] == 255 && buf[i + 1] == 255 && buf[i + 2] == 255
        })
    };
    let (mut best, mut run) = (0, 0);
    for y in h / 10..h / 2 {
        run = if white_row(y) { run + 1 } else { 0 };
        best = best.max(run);
    }
    (h as u32, best)
}

#[test]
fn the_wall_pages_show_pairings_standings_and_the_ballot() {
    let mut app = app("wall-pages", Lang::Ru);
    let _ = app.update(Message::Wall(true));
    assert!(sees(&app, "Часов нет: создайте их на экране «Часы» (F4)."));
    let right = |app: &mut App| {
        key(
            app,
            Key::Named(keyboard::key::Named::ArrowRight),
            Location::Standard,
            Modifiers::empty(),
        )
    };
    right(&mut app);
    assert!(
        sees(&app, "Попов Артём") && sees(&app, "IX/10"),
        "pairings with ballots"
    );
    let _ = screenshot(&mut app, Size::new(1280.0, 720.0), "wall-pairings-ru");
    right(&mut app);
    assert!(
        sees(&app, "Смирнов Иван") && sees(&app, "1,5"),
        "standings with head-to-head"
    );
    let _ = screenshot(&mut app, Size::new(1280.0, 720.0), "wall-standings-ru");
    right(&mut app);
    assert!(
        sees(&app, "IX/10") && sees(&app, "1.cb4 fg5 2.ed4 ef6"),
        "board 1's ballot"
    );
    let _ = screenshot(&mut app, Size::new(1280.0, 720.0), "wall-ballot-ru");
    right(&mut app);
    assert_eq!(
        app.wall_page,
        shashki_arbiter::ui::screen::wall::Page::Clocks
    );
}
