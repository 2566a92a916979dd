//! Secret keys on the command line: `--sk HEX` or `--sk-file PATH` (`-` for stdin), shared by
//! every area that signs. The command line of a process is visible to the other users of the
//! machine, so `--sk-file` is the better choice; every buffer holding the key's text is wiped.

use std::io::Read;
use std::path::{Path, PathBuf};

use zeroize::Zeroizing;

use crate::Failure;

/// The most a secret-key file may hold: 32 bytes in hex with a `0x` and whitespace fit easily.
const SK_FILE_MAX: usize = 4096;

/// A secret key's source: exactly one of `--sk` and `--sk-file`.
#[derive(Debug, clap::Args)]
#[group(required = true, multiple = false)]
pub struct SkSource {
    /// Secret key (hex, 32 bytes: a big-endian integer for BLS, secp256k1 and P-256; the raw
    /// seed or scalar bytes of RFC 8032 and RFC 7748 for Ed25519 and X25519). Visible to other
    /// users in the process list: prefer --sk-file.
    #[arg(long)]
    sk: Option<Zeroizing<String>>,
    /// Read the secret key (hex, 32 bytes, as for --sk; surrounding whitespace ignored) from the
    /// file PATH, or from stdin if PATH is `-`.
    #[arg(long, value_name = "PATH")]
    sk_file: Option<PathBuf>,
}

impl SkSource {
    /// The flag the key came from and the key's hex text (trimmed), wiped on drop.
    pub fn read(&self) -> Result<(&'static str, Zeroizing<String>), Failure> {
        match (&self.sk, &self.sk_file) {
            (Some(hex), _) => Ok(("--sk", hex.clone())),
            (None, Some(path)) => {
                let bytes = read_secret_file(path)?;
                let text = core::str::from_utf8(&bytes)
                    .map_err(|_| Failure::BadInput("bad --sk-file: not hex (not text)".to_string()))?;
                Ok(("--sk-file", Zeroizing::new(text.trim().to_string())))
            }
            // clap's argument group requires one of the two.
            (None, None) => Err(Failure::BadInput("missing --sk or --sk-file".to_string())),
        }
    }
}

/// Reads at most [`SK_FILE_MAX`] bytes from `path` (stdin for `-`) into a buffer allocated once
/// (no reallocation leaves a copy behind) and wiped on drop.
fn read_secret_file(path: &Path) -> Result<Zeroizing<Vec<u8>>, Failure> {
    let what = || format!("--sk-file {}", path.display());
    let mut buf = Zeroizing::new(Vec::with_capacity(SK_FILE_MAX + 64));
    let limit = (SK_FILE_MAX + 1) as u64;
    let read = if path == Path::new("-") {
        std::io::stdin().lock().take(limit).read_to_end(&mut buf)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(limit).read_to_end(&mut buf))
    };
    read.map_err(|e| Failure::BadInput(format!("cannot read {}: {e}", what())))?;
    if buf.len() > SK_FILE_MAX {
        return Err(Failure::BadInput(format!("bad {}: longer than {SK_FILE_MAX} bytes", what())));
    }
    Ok(buf)
}
