//! `isochron ed25519 <command>` and `isochron x25519 <command>`: Ed25519 (RFC 8032: pure,
//! Ed25519ctx with `--ctx`, Ed25519ph with `--ph`; verification modes rfc8032, strict, zip215)
//! and X25519 (RFC 7748), over [`isochron::protocols::ed25519`] and
//! [`isochron::protocols::x25519`]. Hex in (with or without `0x`), lower-case hex out; secret
//! keys are 32 bytes as RFC 8032 and RFC 7748 write them (the Ed25519 seed; the X25519
//! scalar before clamping).
//!
//! Exit status: 0 success or valid; 1 well-formed but invalid (a signature that does not
//! verify, a public key or signature of the right length that does not decode, an all-zero
//! X25519 shared secret); 2 bad input (wrong lengths, bad hex, a context over 255 bytes).

use isochron::protocols::ed25519::{self, Mode, Variant};
use isochron::protocols::x25519;
use isochron_cli::hex;
use zeroize::{Zeroize, Zeroizing};

use crate::secret::SkSource;
use crate::{parse_hex, print_value, verdict, Failure};

/// `--mode` of `ed25519 verify`.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum ModeArg {
    /// RFC 8032 §5.1.7: cofactorless, canonical encodings only.
    Rfc8032,
    /// RFC 8032 and small-order public keys and R rejected.
    Strict,
    /// ZIP 215: cofactored, non-canonical encodings accepted.
    Zip215,
}

/// The commands of `isochron ed25519`.
#[derive(Debug, clap::Subcommand)]
enum Ed25519Command {
    /// The public key (32 bytes) of a 32-byte secret key (seed).
    Pubkey {
        #[command(flatten)]
        sk: SkSource,
    },
    /// An Ed25519 signature (64 bytes): pure, Ed25519ctx with --ctx, Ed25519ph with --ph.
    Sign {
        #[command(flatten)]
        sk: SkSource,
        /// Message (hex, any length).
        #[arg(long)]
        msg: String,
        /// Context (hex, at most 255 bytes): Ed25519ctx, or the context of Ed25519ph.
        #[arg(long)]
        ctx: Option<String>,
        /// Ed25519ph: sign SHA-512 of the message.
        #[arg(long)]
        ph: bool,
    },
    /// Verify an Ed25519 signature: prints true (exit 0) or false (exit 1).
    Verify {
        /// Public key (hex, 32 bytes).
        #[arg(long)]
        pk: String,
        /// Message (hex, any length).
        #[arg(long)]
        msg: String,
        /// Signature (hex, 64 bytes).
        #[arg(long)]
        sig: String,
        /// Context (hex, at most 255 bytes): Ed25519ctx, or the context of Ed25519ph.
        #[arg(long)]
        ctx: Option<String>,
        /// Ed25519ph.
        #[arg(long)]
        ph: bool,
        /// Verification rules.
        #[arg(long, value_enum, default_value = "rfc8032")]
        mode: ModeArg,
    },
}

/// Arguments of `isochron ed25519`.
#[derive(Debug, clap::Args)]
pub struct Ed25519Args {
    /// Print one JSON object instead of plain hex or true/false.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Ed25519Command,
}

/// The commands of `isochron x25519`.
#[derive(Debug, clap::Subcommand)]
enum X25519Command {
    /// The public key X25519(sk, 9) (32 bytes).
    Pubkey {
        #[command(flatten)]
        sk: SkSource,
    },
    /// The shared secret X25519(sk, pk) (32 bytes); exit 1 if it is all zeros (a low-order
    /// public key).
    Shared {
        #[command(flatten)]
        sk: SkSource,
        /// The peer's public key (hex, 32 bytes).
        #[arg(long)]
        pk: String,
    },
}

/// Arguments of `isochron x25519`.
#[derive(Debug, clap::Args)]
pub struct X25519Args {
    /// Print one JSON object instead of plain hex.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: X25519Command,
}

/// Exactly `N` bytes of hex, or bad input naming the flag.
fn fixed<const N: usize>(what: &str, s: &str) -> Result<[u8; N], Failure> {
    let v = parse_hex(what, s)?;
    v.try_into().map_err(|v: Vec<u8>| Failure::BadInput(format!("bad {what}: {} bytes, expected {N}", v.len())))
}

/// The 32-byte secret key of `--sk`/`--sk-file`, wiped on drop.
fn secret(sk: &SkSource) -> Result<Zeroizing<[u8; 32]>, Failure> {
    let (what, text) = sk.read()?;
    let mut bytes = Zeroizing::new(parse_hex(what, &text)?);
    if bytes.len() != 32 {
        let n = bytes.len();
        bytes.zeroize();
        return Err(Failure::BadInput(format!("bad {what}: {n} bytes, expected 32")));
    }
    let mut out = Zeroizing::new([0u8; 32]);
    out.copy_from_slice(&bytes);
    Ok(out)
}

/// The context of `--ctx` (bad input over 255 bytes).
fn context(ctx: &Option<String>) -> Result<Option<Vec<u8>>, Failure> {
    let Some(c) = ctx else {
        return Ok(None);
    };
    let c = parse_hex("--ctx", c)?;
    if c.len() > ed25519::MAX_CONTEXT_LENGTH {
        return Err(Failure::BadInput(format!("bad --ctx: {} bytes, at most 255 allowed", c.len())));
    }
    Ok(Some(c))
}

/// The variant of `--ctx` and `--ph`.
fn variant(ctx: &Option<Vec<u8>>, ph: bool) -> Variant<'_> {
    match (ctx, ph) {
        (c, true) => Variant::Ph(c.as_deref().unwrap_or(&[])),
        (Some(c), false) => Variant::Ctx(c),
        (None, false) => Variant::Pure,
    }
}

/// Runs one `isochron ed25519` command.
pub fn run_ed25519(args: Ed25519Args) -> Result<(), Failure> {
    let json = args.json;
    match &args.command {
        Ed25519Command::Pubkey { sk } => {
            let seed = secret(sk)?;
            print_value(json, "public_key", &hex::encode(&ed25519::public_key(&seed)))
        }
        Ed25519Command::Sign { sk, msg, ctx, ph } => {
            let seed = secret(sk)?;
            let msg = parse_hex("--msg", msg)?;
            let ctx = context(ctx)?;
            let key = ed25519::SigningKey::from_seed(&seed);
            let sig =
                key.sign_with(&msg, variant(&ctx, *ph)).map_err(|e| Failure::BadInput(format!("bad --ctx: {e}")))?;
            print_value(json, "signature", &hex::encode(&sig))
        }
        Ed25519Command::Verify { pk, msg, sig, ctx, ph, mode } => {
            let pk: [u8; 32] = fixed("--pk", pk)?;
            let msg = parse_hex("--msg", msg)?;
            let sig: [u8; 64] = fixed("--sig", sig)?;
            let ctx = context(ctx)?;
            let mode = match mode {
                ModeArg::Rfc8032 => Mode::Rfc8032,
                ModeArg::Strict => Mode::Strict,
                ModeArg::Zip215 => Mode::Zip215,
            };
            verdict(json, ed25519::verify_with(&pk, &msg, &sig, variant(&ctx, *ph), mode))
        }
    }
}

/// Runs one `isochron x25519` command.
pub fn run_x25519(args: X25519Args) -> Result<(), Failure> {
    let json = args.json;
    match &args.command {
        X25519Command::Pubkey { sk } => {
            let k = secret(sk)?;
            print_value(json, "public_key", &hex::encode(&x25519::public_key(&k)))
        }
        X25519Command::Shared { sk, pk } => {
            let k = secret(sk)?;
            let pk: [u8; 32] = fixed("--pk", pk)?;
            match x25519::shared_secret(&k, &pk) {
                Ok(s) => {
                    let s = Zeroizing::new(s);
                    print_value(json, "shared_secret", &Zeroizing::new(hex::encode(&s[..])))
                }
                Err(_) => {
                    if json {
                        crate::out_line("{\"error\":\"all-zero shared secret (low-order public key)\"}")?;
                    } else {
                        crate::err_line("isochron: all-zero shared secret (the public key has small order)");
                    }
                    Err(Failure::Invalid)
                }
            }
        }
    }
}
