//! Revolution Road, Part Two: Bunker Hill (rulebook Part Two).
