//! Revolution Road, Part One: From Boston to Concord (rulebook Part One).
