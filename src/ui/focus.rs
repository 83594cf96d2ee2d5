//! Whether a text field has the keyboard focus. A key that reaches the app's subscription was
//! not taken by any widget, but a text field lets Shift through (it only changes the next
//! letter): so Shift typed for a capital letter would press a clock. Clock keys therefore act
//! only once this query says no field has the focus.

use iced::advanced::widget::operation::{Focusable, Operation, Outcome};
use iced::advanced::widget::Id;
use iced::Rectangle;

/// An operation that answers whether any focusable widget (a text field) has the focus.
pub fn any_focused() -> impl Operation<bool> {
    struct AnyFocused(bool);

    impl Operation<bool> for AnyFocused {
        fn focusable(&mut self, _id: Option<&Id>, _bounds: Rectangle, state: &mut dyn Focusable) {
            self.0 |= state.is_focused();
        }

        fn traverse(&mut self, operate: &mut dyn FnMut(&mut dyn Operation<bool>)) {
            operate(self);
        }

        fn finish(&self) -> Outcome<bool> {
            Outcome::Some(self.0)
        }
    }

    AnyFocused(false)
}
