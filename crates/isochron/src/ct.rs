//! Constant-time building blocks: `subtle`'s [`Choice`]/[`CtOption`] as the currency, plus
//! word-level comparisons, selection and swapping for u8, u16, u32, u64 and arrays of them.

pub use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};
pub use zeroize::{Zeroize, ZeroizeOnDrop};
