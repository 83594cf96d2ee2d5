//! The board, drawn on a canvas from a [`Diagram`]: squares in one cache, pieces in another (a
//! move redraws only the pieces), and the column under the mouse listed piece by piece in a
//! third layer. A square of the plain variants holds one piece; a column is drawn as a stack with
//! its height, and its full composition shows on hover.

use iced::mouse;
use iced::widget::canvas::{self, Cache, Canvas, Frame, Geometry, Path, Stroke, Text};
use iced::{Color, Element, Length, Point, Rectangle, Renderer, Size, Theme};

use crate::rules::diagram::{Diagram, Spot};
use crate::rules::{Color as Side, Piece};

const LIGHT: Color = Color::from_rgb(0.93, 0.87, 0.74);
const DARK: Color = Color::from_rgb(0.45, 0.30, 0.20);
const WHITE_PIECE: Color = Color::from_rgb(0.97, 0.96, 0.92);
const BLACK_PIECE: Color = Color::from_rgb(0.12, 0.10, 0.10);
const CROWN: Color = Color::from_rgb(0.85, 0.65, 0.10);
/// Squares ringed in red: the evidence of a claim (the last move's squares).
const HIGHLIGHT: Color = Color::from_rgb(0.9, 0.1, 0.1);
/// Squares clicked for a move being entered.
const SELECTED: Color = Color::from_rgb(0.15, 0.45, 0.95);
/// The most pieces of a column drawn in its stack; its height is written beside it.
const STACK_SHOWN: usize = 5;

pub struct Board {
    diagram: Diagram,
    highlight: Vec<u8>,
    selected: Vec<u8>,
    squares: Cache,
    pieces: Cache,
}

impl Board {
    pub fn new(diagram: Diagram) -> Board {
        Board {
            diagram,
            highlight: Vec::new(),
            selected: Vec::new(),
            squares: Cache::new(),
            pieces: Cache::new(),
        }
    }

    /// Squares ringed in red (the last move's route).
    pub fn with_highlight(mut self, squares: Vec<u8>) -> Board {
        self.highlight = squares;
        self
    }

    /// Squares ringed in blue (those clicked so far for a move).
    pub fn with_selected(mut self, squares: Vec<u8>) -> Board {
        self.selected = squares;
        self
    }

    /// The board as an element that owns it (for screens that draw a position once).
    pub fn into_view<'a, Message: 'a>(self) -> Element<'a, Message> {
        Canvas::new(self)
            .width(Length::Fill)
            .height(Length::Fill)
            .into()
    }

    /// The playing square under `point` (relative to the board's bounds of `size`).
    pub fn spot_at(&self, size: Size, point: Point) -> Option<&Spot> {
        let (cell, origin) = layout(size, self.diagram.size as f32);
        let (c, r) = ((point.x - origin.x) / cell, (point.y - origin.y) / cell);
        if c < 0.0 || r < 0.0 {
            return None;
        }
        self.diagram.at(r as u8, c as u8)
    }

    fn centre(&self, spot: &Spot, cell: f32, origin: Point) -> Point {
        Point::new(
            origin.x + (spot.col as f32 + 0.5) * cell,
            origin.y + (spot.row as f32 + 0.5) * cell,
        )
    }

    /// The squares, light and dark, with their numbers where the variant writes squares in
    /// numbers, and the board's edge.
    fn draw_squares(&self, frame: &mut Frame, cell: f32, origin: Point) {
        let size = self.diagram.size;
        for r in 0..size {
            for c in 0..size {
                let top_left = Point::new(origin.x + c as f32 * cell, origin.y + r as f32 * cell);
                let playing = self.diagram.at(r, c).is_some();
                frame.fill_rectangle(
                    top_left,
                    Size::new(cell, cell),
                    if playing { DARK } else { LIGHT },
                );
            }
        }
        // Variants written in numbers (international, Laska): each square's number in its
        // corner, as on a printed board.
        for spot in &self.diagram.spots {
            if spot.name.bytes().all(|b| b.is_ascii_digit()) {
                frame.fill_text(Text {
                    content: spot.name.clone(),
                    position: Point::new(
                        origin.x + spot.col as f32 * cell + cell * 0.06,
                        origin.y + spot.row as f32 * cell + cell * 0.03,
                    ),
                    size: (cell * 0.2).into(),
                    color: LIGHT,
                    ..Text::default()
                });
            }
        }
        let n = size as f32;
        let edge = Path::rectangle(origin, Size::new(cell * n, cell * n));
        frame.stroke(
            &edge,
            Stroke::default().with_width(2.0).with_color(Color::BLACK),
        );
    }

    /// The files' letters under the board and the ranks' numbers left of it, in `colour`.
    fn draw_coordinates(&self, frame: &mut Frame, cell: f32, origin: Point, colour: Color) {
        let size = self.diagram.size;
        let n = size as f32;
        for i in 0..size {
            let file = ((b'a' + i) as char).to_string();
            frame.fill_text(Text {
                content: file,
                position: Point::new(
                    origin.x + (i as f32 + 0.5) * cell,
                    origin.y + n * cell + cell * 0.1,
                ),
                size: (cell * 0.3).into(),
                color: colour,
                align_x: iced::widget::text::Alignment::Center,
                ..Text::default()
            });
            let rank = (size - i).to_string();
            frame.fill_text(Text {
                content: rank,
                position: Point::new(origin.x - cell * 0.3, origin.y + (i as f32 + 0.5) * cell),
                size: (cell * 0.3).into(),
                color: colour,
                align_x: iced::widget::text::Alignment::Center,
                align_y: iced::alignment::Vertical::Center,
                ..Text::default()
            });
        }
    }

    fn ring(&self, frame: &mut Frame, ids: &[u8], colour: Color, cell: f32, origin: Point) {
        for spot in ids.iter().filter_map(|&id| self.diagram.spot(id)) {
            let corner = Point::new(
                origin.x + spot.col as f32 * cell + 2.0,
                origin.y + spot.row as f32 * cell + 2.0,
            );
            frame.stroke(
                &Path::rectangle(corner, Size::new(cell - 4.0, cell - 4.0)),
                Stroke::default().with_width(4.0).with_color(colour),
            );
        }
    }

    /// The column under the mouse (or the piece clicked first) listed top first beside its
    /// square, each piece a bar in its colour, kings crowned, the height and square named.
    fn composition(&self, frame: &mut Frame, spot: &Spot, cell: f32, origin: Point) {
        let bar = Size::new(cell * 1.3, cell * 0.3);
        let gap = cell * 0.06;
        let n = spot.pieces.len() as f32;
        let height = cell * 0.45 + n * (bar.height + gap) + gap;
        let board_side = cell * self.diagram.size as f32;
        let x = if (spot.col as f32) < self.diagram.size as f32 / 2.0 {
            origin.x + (spot.col as f32 + 1.1) * cell
        } else {
            origin.x + (spot.col as f32 - 0.1) * cell - bar.width - 2.0 * gap
        };
        let y = (origin.y + spot.row as f32 * cell)
            .min(origin.y + board_side - height)
            .max(0.0);
        let panel = Path::rounded_rectangle(
            Point::new(x, y),
            Size::new(bar.width + 2.0 * gap, height),
            (cell * 0.08).into(),
        );
        frame.fill(&panel, Color::from_rgba(0.35, 0.35, 0.38, 0.95));
        frame.fill_text(Text {
            content: format!("{} · {}", spot.name, spot.pieces.len()),
            position: Point::new(x + gap, y + gap),
            size: (cell * 0.3).into(),
            color: Color::WHITE,
            ..Text::default()
        });
        for (i, piece) in spot.pieces.iter().enumerate() {
            let top = Point::new(x + gap, y + cell * 0.45 + i as f32 * (bar.height + gap));
            let (fill, rim) = colours(piece);
            let shape = Path::rounded_rectangle(top, bar, (bar.height / 2.0).into());
            frame.fill(&shape, fill);
            frame.stroke(&shape, Stroke::default().with_width(1.5).with_color(rim));
            if piece.king {
                frame.fill(
                    &Path::circle(
                        Point::new(top.x + bar.width / 2.0, top.y + bar.height / 2.0),
                        bar.height * 0.32,
                    ),
                    CROWN,
                );
            }
        }
    }
}

fn colours(piece: &Piece) -> (Color, Color) {
    match piece.color {
        Side::White => (WHITE_PIECE, BLACK_PIECE),
        Side::Black => (BLACK_PIECE, WHITE_PIECE),
    }
}

/// The square side and the top-left corner of a board fitted into `bounds`, leaving a margin for
/// the coordinates.
fn layout(bounds: Size, n: f32) -> (f32, Point) {
    let side = bounds.width.min(bounds.height);
    let cell = side / (n + 1.0);
    let origin = Point::new(
        (bounds.width - cell * n) / 2.0,
        (bounds.height - cell * n) / 2.0 - cell * 0.25,
    );
    (cell, origin)
}

/// A piece, or a column as a stack seen from the side: the top piece drawn last and highest,
/// its height written at the square's corner when it holds more than one.
fn draw_spot(frame: &mut Frame, spot: &Spot, centre: Point, cell: f32) {
    let n = spot.pieces.len();
    if n == 0 {
        return;
    }
    let shown = n.min(STACK_SHOWN);
    let step = if n > 1 { cell * 0.07 } else { 0.0 };
    let radius = if n > 1 { cell * 0.34 } else { cell * 0.4 };
    // The stack is centred on the square: the top piece up, the lowest shown down.
    let lift = step * (shown - 1) as f32 / 2.0;
    for (i, piece) in spot.pieces[..shown].iter().enumerate().rev() {
        let c = Point::new(centre.x, centre.y - lift + i as f32 * step);
        let (fill, rim) = colours(piece);
        let disc = Path::circle(c, radius);
        frame.fill(&disc, fill);
        frame.stroke(&disc, Stroke::default().with_width(1.5).with_color(rim));
        if i == 0 {
            frame.stroke(
                &Path::circle(c, radius * 0.7),
                Stroke::default().with_width(1.0).with_color(rim),
            );
            if piece.king {
                frame.fill(&Path::circle(c, radius * 0.35), CROWN);
            }
        }
    }
    if n > 1 {
        let badge = Point::new(centre.x + cell * 0.3, centre.y - cell * 0.3);
        frame.fill(&Path::circle(badge, cell * 0.17), CROWN);
        frame.fill_text(Text {
            content: n.to_string(),
            position: badge,
            size: (cell * 0.24).into(),
            color: Color::BLACK,
            align_x: iced::widget::text::Alignment::Center,
            align_y: iced::alignment::Vertical::Center,
            ..Text::default()
        });
    }
}

impl<Message> canvas::Program<Message> for Board {
    /// The square under the mouse.
    type State = Option<u8>;

    fn update(
        &self,
        hovered: &mut Option<u8>,
        event: &canvas::Event,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> Option<canvas::Action<Message>> {
        if let canvas::Event::Mouse(mouse::Event::CursorMoved { .. } | mouse::Event::CursorLeft) =
            event
        {
            let now = cursor
                .position_in(bounds)
                .and_then(|p| self.spot_at(bounds.size(), p))
                .map(|s| s.id);
            if now != *hovered {
                *hovered = now;
                return Some(canvas::Action::request_redraw());
            }
        }
        None
    }

    fn draw(
        &self,
        hovered: &Option<u8>,
        renderer: &Renderer,
        theme: &Theme,
        bounds: Rectangle,
        _cursor: mouse::Cursor,
    ) -> Vec<Geometry> {
        let (cell, origin) = layout(bounds.size(), self.diagram.size as f32);
        let squares = self.squares.draw(renderer, bounds.size(), |frame| {
            self.draw_squares(frame, cell, origin);
            // The theme's text colour: dark on the console, light on the hall wall.
            self.draw_coordinates(frame, cell, origin, theme.palette().text);
        });
        let pieces = self.pieces.draw(renderer, bounds.size(), |frame| {
            for spot in &self.diagram.spots {
                draw_spot(frame, spot, self.centre(spot, cell, origin), cell);
            }
            self.ring(frame, &self.highlight, HIGHLIGHT, cell, origin);
            self.ring(frame, &self.selected, SELECTED, cell, origin);
        });
        let mut layers = vec![squares, pieces];
        // The column under the mouse, else the piece picked for a move: its composition.
        let shown = hovered
            .or(self.selected.first().copied())
            .and_then(|id| self.diagram.spot(id))
            .filter(|s| s.pieces.len() > 1);
        if let Some(spot) = shown {
            let mut frame = Frame::new(renderer, bounds.size());
            self.composition(&mut frame, spot, cell, origin);
            layers.push(frame.into_geometry());
        }
        layers
    }
}

/// A board the arbiter clicks: a click on a playing square sends `on_square(its id)`.
pub struct Clickable<M> {
    pub board: Board,
    pub on_square: fn(u8) -> M,
}

impl<M: 'static> Clickable<M> {
    pub fn view<'a>(self) -> Element<'a, M> {
        Canvas::new(self)
            .width(Length::Fill)
            .height(Length::Fill)
            .into()
    }
}

impl<M> canvas::Program<M> for Clickable<M> {
    type State = Option<u8>;

    fn update(
        &self,
        hovered: &mut Option<u8>,
        event: &canvas::Event,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> Option<canvas::Action<M>> {
        if let canvas::Event::Mouse(mouse::Event::ButtonPressed(mouse::Button::Left)) = event {
            let spot = self
                .board
                .spot_at(bounds.size(), cursor.position_in(bounds)?)?;
            return Some(canvas::Action::publish((self.on_square)(spot.id)).and_capture());
        }
        <Board as canvas::Program<M>>::update(&self.board, hovered, event, bounds, cursor)
    }

    fn draw(
        &self,
        hovered: &Option<u8>,
        renderer: &Renderer,
        theme: &Theme,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> Vec<Geometry> {
        <Board as canvas::Program<M>>::draw(&self.board, hovered, renderer, theme, bounds, cursor)
    }

    fn mouse_interaction(
        &self,
        _state: &Option<u8>,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> mouse::Interaction {
        match cursor.position_in(bounds) {
            Some(p) if self.board.spot_at(bounds.size(), p).is_some() => {
                mouse::Interaction::Pointer
            }
            _ => mouse::Interaction::default(),
        }
    }
}
