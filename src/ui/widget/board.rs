//! The board, drawn on a canvas: squares in one cache and pieces in another, so that a move
//! redraws only the pieces.

use iced::mouse;
use iced::widget::canvas::{self, Cache, Canvas, Geometry, Path, Stroke, Text};
use iced::{Color, Element, Length, Point, Rectangle, Renderer, Size, Theme};

use crate::rules::{Color as Side, Position, Square};

const LIGHT: Color = Color::from_rgb(0.93, 0.87, 0.74);
const DARK: Color = Color::from_rgb(0.45, 0.30, 0.20);
const WHITE_PIECE: Color = Color::from_rgb(0.97, 0.96, 0.92);
const BLACK_PIECE: Color = Color::from_rgb(0.12, 0.10, 0.10);
const CROWN: Color = Color::from_rgb(0.85, 0.65, 0.10);

pub struct Board {
    position: Position,
    /// Squares ringed in red: the evidence of a claim (an illegal move's squares).
    highlight: Vec<Square>,
    squares: Cache,
    pieces: Cache,
}

const HIGHLIGHT: Color = Color::from_rgb(0.9, 0.1, 0.1);

impl Board {
    pub fn new(position: Position) -> Board {
        Board {
            position,
            highlight: Vec::new(),
            squares: Cache::new(),
            pieces: Cache::new(),
        }
    }

    pub fn set_position(&mut self, position: Position) {
        if position.board() != self.position.board() {
            self.squares.clear();
        }
        self.position = position;
        self.pieces.clear();
    }

    pub fn with_highlight(mut self, squares: Vec<Square>) -> Board {
        self.highlight = squares;
        self
    }

    /// The board as an element that owns it (for screens that draw a position once).
    pub fn into_view<'a, Message: 'a>(self) -> Element<'a, Message> {
        Canvas::new(self)
            .width(Length::Fill)
            .height(Length::Fill)
            .into()
    }

    pub fn view<'a, Message: 'a>(&'a self) -> Element<'a, Message> {
        Canvas::new(self)
            .width(Length::Fill)
            .height(Length::Fill)
            .into()
    }
}

/// A board the arbiter clicks: a click on a dark square sends `on_square(square)`.
pub struct Clickable<M> {
    pub board: Board,
    pub on_square: fn(Square) -> M,
}

impl Board {
    /// The dark square under `point` (relative to the board's bounds of `size`).
    pub fn square_at(&self, size: Size, point: Point) -> Option<Square> {
        let board = self.position.board();
        let (cell, origin) = layout(size, board.size() as f32);
        let (c, r) = ((point.x - origin.x) / cell, (point.y - origin.y) / cell);
        if c < 0.0 || r < 0.0 {
            return None;
        }
        board.at(r as u8, c as u8)
    }
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
    type State = ();

    fn update(
        &self,
        _state: &mut (),
        event: &canvas::Event,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> Option<canvas::Action<M>> {
        if let canvas::Event::Mouse(mouse::Event::ButtonPressed(mouse::Button::Left)) = event {
            let square = self
                .board
                .square_at(bounds.size(), cursor.position_in(bounds)?)?;
            return Some(canvas::Action::publish((self.on_square)(square)).and_capture());
        }
        None
    }

    fn draw(
        &self,
        state: &(),
        renderer: &Renderer,
        theme: &Theme,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> Vec<Geometry> {
        <Board as canvas::Program<M>>::draw(&self.board, state, renderer, theme, bounds, cursor)
    }

    fn mouse_interaction(
        &self,
        _state: &(),
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> mouse::Interaction {
        match cursor.position_in(bounds) {
            Some(p) if self.board.square_at(bounds.size(), p).is_some() => {
                mouse::Interaction::Pointer
            }
            _ => mouse::Interaction::default(),
        }
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

impl<Message> canvas::Program<Message> for Board {
    type State = ();

    fn draw(
        &self,
        _state: &(),
        renderer: &Renderer,
        theme: &Theme,
        bounds: Rectangle,
        _cursor: mouse::Cursor,
    ) -> Vec<Geometry> {
        let board = self.position.board();
        let n = board.size() as f32;
        let (cell, origin) = layout(bounds.size(), n);
        let squares = self.squares.draw(renderer, bounds.size(), |frame| {
            for r in 0..board.size() {
                for c in 0..board.size() {
                    let dark = (r + c) % 2 == 1;
                    let top_left =
                        Point::new(origin.x + c as f32 * cell, origin.y + r as f32 * cell);
                    frame.fill_rectangle(
                        top_left,
                        Size::new(cell, cell),
                        if dark { DARK } else { LIGHT },
                    );
                }
            }
            let edge = Path::rectangle(origin, Size::new(cell * n, cell * n));
            frame.stroke(
                &edge,
                Stroke::default().with_width(2.0).with_color(Color::BLACK),
            );
            for i in 0..board.size() {
                let file = ((b'a' + i) as char).to_string();
                frame.fill_text(Text {
                    content: file,
                    position: Point::new(
                        origin.x + (i as f32 + 0.5) * cell,
                        origin.y + n * cell + cell * 0.1,
                    ),
                    size: (cell * 0.3).into(),
                    // The theme's text colour: dark on the console, light on the hall wall.
                    color: theme.palette().text,
                    align_x: iced::widget::text::Alignment::Center,
                    ..Text::default()
                });
                let rank = (board.size() - i).to_string();
                frame.fill_text(Text {
                    content: rank,
                    position: Point::new(origin.x - cell * 0.3, origin.y + (i as f32 + 0.5) * cell),
                    size: (cell * 0.3).into(),
                    color: theme.palette().text,
                    align_x: iced::widget::text::Alignment::Center,
                    align_y: iced::alignment::Vertical::Center,
                    ..Text::default()
                });
            }
        });
        let pieces = self.pieces.draw(renderer, bounds.size(), |frame| {
            for (sq, piece) in self.position.pieces() {
                let (r, c) = (board.row(sq) as f32, board.col(sq) as f32);
                let center = Point::new(origin.x + (c + 0.5) * cell, origin.y + (r + 0.5) * cell);
                let (fill, rim) = match piece.color {
                    Side::White => (WHITE_PIECE, BLACK_PIECE),
                    Side::Black => (BLACK_PIECE, WHITE_PIECE),
                };
                let disc = Path::circle(center, cell * 0.4);
                frame.fill(&disc, fill);
                frame.stroke(&disc, Stroke::default().with_width(1.5).with_color(rim));
                frame.stroke(
                    &Path::circle(center, cell * 0.28),
                    Stroke::default().with_width(1.0).with_color(rim),
                );
                if piece.king {
                    frame.fill(&Path::circle(center, cell * 0.14), CROWN);
                }
            }
            for &sq in &self.highlight {
                let (r, c) = (board.row(sq) as f32, board.col(sq) as f32);
                let corner = Point::new(origin.x + c * cell + 2.0, origin.y + r * cell + 2.0);
                frame.stroke(
                    &Path::rectangle(corner, Size::new(cell - 4.0, cell - 4.0)),
                    Stroke::default().with_width(4.0).with_color(HIGHLIGHT),
                );
            }
        });
        vec![squares, pieces]
    }
}
