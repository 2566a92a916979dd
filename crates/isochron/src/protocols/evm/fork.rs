//! The forks whose precompile rules differ.

use core::fmt;
use core::str::FromStr;

/// An Ethereum mainnet fork, as far as the precompiles are concerned (ordered by time).
///
/// - `Istanbul`: 0x01–0x09; modexp gas of EIP-198 ("Gas cost", the original pricing), BN254
///   gas of EIP-1108.
/// - `Berlin`: modexp gas of EIP-2565.
/// - `Cancun`: adds 0x0a, point evaluation (EIP-4844).
/// - `Prague`: adds 0x0b–0x11, BLS12-381 (EIP-2537).
/// - `Osaka` (the default, mainnet now): modexp gas of EIP-7883 and input bounds of EIP-7823;
///   adds 0x100, P256VERIFY (EIP-7951).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Fork {
    /// Istanbul (EIP-1108; the modexp pricing of EIP-198).
    Istanbul,
    /// Berlin (EIP-2565).
    Berlin,
    /// Cancun (EIP-4844).
    Cancun,
    /// Prague (EIP-2537).
    Prague,
    /// Osaka (EIP-7823, EIP-7883, EIP-7951): the default.
    #[default]
    Osaka,
}

impl Fork {
    /// All forks, oldest first.
    pub const ALL: [Fork; 5] = [Fork::Istanbul, Fork::Berlin, Fork::Cancun, Fork::Prague, Fork::Osaka];

    /// The lower-case name.
    pub const fn name(self) -> &'static str {
        match self {
            Fork::Istanbul => "istanbul",
            Fork::Berlin => "berlin",
            Fork::Cancun => "cancun",
            Fork::Prague => "prague",
            Fork::Osaka => "osaka",
        }
    }
}

impl fmt::Display for Fork {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of [`Fork::from_str`]: no fork has this name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownFork;

impl fmt::Display for UnknownFork {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown fork (expected istanbul, berlin, cancun, prague or osaka)")
    }
}

impl FromStr for Fork {
    type Err = UnknownFork;

    /// A fork by name, case-insensitive.
    fn from_str(s: &str) -> Result<Fork, UnknownFork> {
        Fork::ALL.into_iter().find(|f| f.name().eq_ignore_ascii_case(s)).ok_or(UnknownFork)
    }
}
