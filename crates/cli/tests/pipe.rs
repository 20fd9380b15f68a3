//! A terminal command whose reader goes away (`powderhorn log FILE | head`)
//! ends quietly, as Unix tools do, instead of panicking on its next print.

#![cfg(unix)]

use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};

#[test]
fn a_closed_pipe_ends_a_command_without_a_panic() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_powderhorn"))
        .args(["simulate", "b2c/standard", "--games", "4", "--threads", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The reader closes before the games are played and the table printed.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.signal(), Some(libc::SIGPIPE), "{:?}: {stderr}", out.status);
}
