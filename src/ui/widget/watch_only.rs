//! A screen that may be looked at but not changed: while another window writes the event, this
//! one shows every screen under a veil that lets the wheel scroll (long tables can still be read
//! through) and lets no click, key, hover or touch reach a control. One wrapper around every
//! screen, so that no editing control of any screen, present or future, is left live. Keys are
//! not captured, only kept from the controls: the window's own keys (F1–F12, Esc) still work.

use iced::advanced::layout::{self, Layout};
use iced::advanced::renderer::{self, Quad};
use iced::advanced::widget::{tree, Operation, Tree, Widget};
use iced::advanced::{Clipboard, Shell};
use iced::{mouse, Color, Element, Event, Length, Rectangle, Size};

pub struct WatchOnly<'a, Message, Theme, Renderer> {
    content: Element<'a, Message, Theme, Renderer>,
}

/// `content`, shown but not to be used.
pub fn watch_only<'a, Message, Theme, Renderer>(
    content: impl Into<Element<'a, Message, Theme, Renderer>>,
) -> WatchOnly<'a, Message, Theme, Renderer> {
    WatchOnly {
        content: content.into(),
    }
}

/// What still reaches the screen: the wheel (to read a long table) and the window's own events
/// (redraws, size). Not the pointer's moves: a control that lights up under it looks live.
fn passes(event: &Event) -> bool {
    matches!(
        event,
        Event::Mouse(mouse::Event::WheelScrolled { .. }) | Event::Window(_)
    )
}

impl<Message, Theme, Renderer> Widget<Message, Theme, Renderer>
    for WatchOnly<'_, Message, Theme, Renderer>
where
    Renderer: iced::advanced::Renderer,
{
    fn tag(&self) -> tree::Tag {
        tree::Tag::stateless()
    }

    fn children(&self) -> Vec<Tree> {
        vec![Tree::new(&self.content)]
    }

    fn diff(&self, tree: &mut Tree) {
        tree.diff_children(std::slice::from_ref(&self.content));
    }

    fn size(&self) -> Size<Length> {
        self.content.as_widget().size()
    }

    fn layout(
        &mut self,
        tree: &mut Tree,
        renderer: &Renderer,
        limits: &layout::Limits,
    ) -> layout::Node {
        self.content
            .as_widget_mut()
            .layout(&mut tree.children[0], renderer, limits)
    }

    fn operate(
        &mut self,
        tree: &mut Tree,
        layout: Layout<'_>,
        renderer: &Renderer,
        operation: &mut dyn Operation,
    ) {
        self.content
            .as_widget_mut()
            .operate(&mut tree.children[0], layout, renderer, operation);
    }

    fn update(
        &mut self,
        tree: &mut Tree,
        event: &Event,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
        renderer: &Renderer,
        clipboard: &mut dyn Clipboard,
        shell: &mut Shell<'_, Message>,
        viewport: &Rectangle,
    ) {
        if passes(event) {
            // A widget works out its hover on the window's redraw from the cursor it is given:
            // on the window's own events it is given none (seen in the real window: buttons lit
            // up under the veil); the wheel needs it, to scroll what is under the pointer.
            let cursor = match event {
                Event::Window(_) => mouse::Cursor::Unavailable,
                _ => cursor,
            };
            self.content.as_widget_mut().update(
                &mut tree.children[0],
                event,
                layout,
                cursor,
                renderer,
                clipboard,
                shell,
                viewport,
            );
        } else if matches!(event, Event::Mouse(_) | Event::Touch(_))
            && cursor.is_over(layout.bounds())
        {
            shell.capture_event();
        }
    }

    fn mouse_interaction(
        &self,
        _tree: &Tree,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
        _viewport: &Rectangle,
        _renderer: &Renderer,
    ) -> mouse::Interaction {
        if cursor.is_over(layout.bounds()) {
            mouse::Interaction::NotAllowed
        } else {
            mouse::Interaction::None
        }
    }

    fn draw(
        &self,
        tree: &Tree,
        renderer: &mut Renderer,
        theme: &Theme,
        style: &renderer::Style,
        layout: Layout<'_>,
        _cursor: mouse::Cursor,
        viewport: &Rectangle,
    ) {
        // No hover effects: nothing under the veil answers the pointer.
        self.content.as_widget().draw(
            &tree.children[0],
            renderer,
            theme,
            style,
            layout,
            mouse::Cursor::Unavailable,
            viewport,
        );
        let bounds = layout.bounds();
        // A layer of its own: in the content's layer the veil would go under its text.
        renderer.with_layer(bounds, |renderer| {
            renderer.fill_quad(
                Quad {
                    bounds,
                    ..Quad::default()
                },
                Color::from_rgba(0.94, 0.94, 0.94, 0.45),
            );
        });
    }
}

impl<'a, Message, Theme, Renderer> From<WatchOnly<'a, Message, Theme, Renderer>>
    for Element<'a, Message, Theme, Renderer>
where
    Message: 'a,
    Theme: 'a,
    Renderer: iced::advanced::Renderer + 'a,
{
    fn from(w: WatchOnly<'a, Message, Theme, Renderer>) -> Self {
        Element::new(w)
    }
}
