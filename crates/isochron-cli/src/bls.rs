//! `isochron bls <command>`: Ethereum BLS signatures (`BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`,
//! [`isochron::bls::eth`]). Keys, messages and signatures in hex (with or without `0x`); output
//! is the lower-case hex of the standard encodings: secret key 32 bytes big-endian, public key
//! 48-byte compressed G1, signature 96-byte compressed G2.
//!
//! Secret keys come from `--sk HEX` or, better, `--sk-file PATH` (`-` for stdin): the command
//! line of a process is visible to the other users of the machine. Every buffer that holds a
//! secret key or key material (hex text, bytes, printed output) is wiped with `zeroize`.

use std::io::Read;
use std::path::{Path, PathBuf};

use isochron::bls::eth::{self, PublicKey, SecretKey, Signature};
use isochron::Error;
use isochron_cli::hex;
use zeroize::{Zeroize, Zeroizing};

use crate::{print_value, verdict, Failure};

/// The secret key of `pubkey` and `sign`: exactly one of `--sk` and `--sk-file`.
#[derive(Debug, clap::Args)]
#[group(required = true, multiple = false)]
struct SkSource {
    /// Secret key (hex, 32 bytes big-endian). Visible to other users in the process list:
    /// prefer --sk-file.
    #[arg(long)]
    sk: Option<Zeroizing<String>>,
    /// Read the secret key (hex, 32 bytes big-endian; surrounding whitespace ignored) from the
    /// file PATH, or from stdin if PATH is `-`.
    #[arg(long, value_name = "PATH")]
    sk_file: Option<PathBuf>,
}

/// Arguments of `isochron bls`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Print one JSON object instead of plain hex or true/false.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Command,
}

/// The commands of `isochron bls`.
#[derive(Debug, clap::Subcommand)]
enum Command {
    /// KeyGen (draft-irtf-cfrg-bls-signature-05 §2.3): a secret key from at least 32 bytes of
    /// input key material.
    Keygen {
        /// Input key material (hex, at least 32 bytes).
        #[arg(long)]
        ikm: Zeroizing<String>,
    },
    /// SkToPk: the public key of a secret key.
    Pubkey {
        #[command(flatten)]
        sk: SkSource,
    },
    /// Sign a message.
    Sign {
        #[command(flatten)]
        sk: SkSource,
        /// Message (hex).
        #[arg(long)]
        msg: String,
    },
    /// Verify a signature: prints true (exit 0) or false (exit 1).
    Verify {
        /// Public key (hex, 48 bytes).
        #[arg(long)]
        pk: String,
        /// Message (hex).
        #[arg(long)]
        msg: String,
        /// Signature (hex, 96 bytes).
        #[arg(long)]
        sig: String,
    },
    /// Aggregate signatures.
    Aggregate {
        /// Signature (hex, 96 bytes); repeat for each.
        #[arg(long = "sig", required = true)]
        sigs: Vec<String>,
    },
    /// FastAggregateVerify: one message signed by every key; prints true (exit 0) or false
    /// (exit 1).
    FastAggregateVerify {
        /// Public key (hex, 48 bytes); repeat for each signer.
        #[arg(long = "pk", required = true)]
        pks: Vec<String>,
        /// Message (hex).
        #[arg(long)]
        msg: String,
        /// Aggregate signature (hex, 96 bytes).
        #[arg(long)]
        sig: String,
    },
    /// AggregateVerify: the i-th --pk signed the i-th --msg; prints true (exit 0) or false
    /// (exit 1).
    AggregateVerify {
        /// Public key (hex, 48 bytes); repeat, paired in order with --msg.
        #[arg(long = "pk", required = true)]
        pks: Vec<String>,
        /// Message (hex); repeat, paired in order with --pk.
        #[arg(long = "msg", required = true)]
        msgs: Vec<String>,
        /// Aggregate signature (hex, 96 bytes).
        #[arg(long)]
        sig: String,
    },
}

/// Runs one `isochron bls` command (taking the arguments, so that the secret ones are wiped
/// when they are dropped).
pub fn run(args: Args) -> Result<(), Failure> {
    match &args.command {
        Command::Keygen { ikm } => {
            let ikm = Zeroizing::new(parse_hex("--ikm", ikm)?);
            let sk = eth::key_gen(&ikm).map_err(|e| bad("--ikm", e))?;
            print_value(args.json, "sk", &Zeroizing::new(to_hex(&sk.to_bytes()[..])))
        }
        Command::Pubkey { sk } => {
            let sk = read_sk(sk)?;
            print_value(args.json, "pk", &to_hex(&eth::sk_to_pk(&sk).to_bytes()))
        }
        Command::Sign { sk, msg } => {
            let sk = read_sk(sk)?;
            let msg = parse_hex("--msg", msg)?;
            print_value(args.json, "sig", &to_hex(&eth::sign(&sk, &msg).to_bytes()))
        }
        Command::Verify { pk, msg, sig } => {
            let pk = parse_pk("--pk", pk)?;
            let msg = parse_hex("--msg", msg)?;
            let sig = parse_sig("--sig", sig)?;
            verdict(args.json, eth::verify(&pk, &msg, &sig))
        }
        Command::Aggregate { sigs } => {
            let sigs = sigs
                .iter()
                .enumerate()
                .map(|(i, s)| parse_sig(&nth("--sig", i, sigs.len()), s))
                .collect::<Result<Vec<_>, _>>()?;
            let agg = eth::aggregate(&sigs).map_err(|e| bad("--sig", e))?;
            print_value(args.json, "sig", &to_hex(&agg.to_bytes()))
        }
        Command::FastAggregateVerify { pks, msg, sig } => {
            let pks = parse_pks(pks)?;
            let msg = parse_hex("--msg", msg)?;
            let sig = parse_sig("--sig", sig)?;
            verdict(args.json, eth::fast_aggregate_verify(&pks, &msg, &sig))
        }
        Command::AggregateVerify { pks, msgs, sig } => {
            if pks.len() != msgs.len() {
                return Err(Failure::BadInput(format!(
                    "mismatched counts: {} --pk and {} --msg (they pair up in order)",
                    pks.len(),
                    msgs.len()
                )));
            }
            let pks = parse_pks(pks)?;
            let msgs = msgs
                .iter()
                .enumerate()
                .map(|(i, m)| parse_hex(&nth("--msg", i, msgs.len()), m))
                .collect::<Result<Vec<_>, _>>()?;
            let sig = parse_sig("--sig", sig)?;
            let refs: Vec<&[u8]> = msgs.iter().map(Vec::as_slice).collect();
            verdict(args.json, eth::aggregate_verify(&pks, &refs, &sig))
        }
    }
}

/// `--flag` for a single occurrence, `--flag #i` (1-based) when repeated.
fn nth(flag: &str, i: usize, count: usize) -> String {
    if count == 1 {
        flag.to_string()
    } else {
        format!("{flag} #{}", i + 1)
    }
}

fn bad(what: &str, e: Error) -> Failure {
    let reason = match e {
        Error::NotOnCurve => "not on the curve".to_string(),
        Error::NotInSubgroup => "not in the prime-order subgroup".to_string(),
        Error::Identity => "the point at infinity is not a valid public key".to_string(),
        Error::NonCanonical => "value out of range (not below the modulus or group order)".to_string(),
        Error::Zero => "the zero secret key is not valid".to_string(),
        Error::TooShort { min, got } => format!("too short: at least {min} bytes required, got {got}"),
        e => e.to_string(),
    };
    Failure::BadInput(format!("bad {what}: {reason}"))
}

/// Decodes hex (with or without `0x`), constant time in the digits ([`hex::decode`]).
fn parse_hex(what: &str, s: &str) -> Result<Vec<u8>, Failure> {
    hex::decode(s).map_err(|e| Failure::BadInput(format!("bad {what}: {e}")))
}

/// Lower-case hex, constant time in the bytes ([`hex::encode`]).
fn to_hex(bytes: &[u8]) -> String {
    hex::encode(bytes)
}

/// The most a secret-key file may hold: 32 bytes in hex with a `0x` and whitespace fit easily.
const SK_FILE_MAX: usize = 4096;

/// The secret key from `--sk` or `--sk-file`.
fn read_sk(src: &SkSource) -> Result<SecretKey, Failure> {
    match (&src.sk, &src.sk_file) {
        (Some(hex), _) => parse_sk("--sk", hex),
        (None, Some(path)) => {
            let text = read_secret_file(path)?;
            let text = core::str::from_utf8(&text)
                .map_err(|_| Failure::BadInput("bad --sk-file: not hex (not text)".to_string()))?;
            parse_sk("--sk-file", text.trim())
        }
        // clap's argument group requires one of the two.
        (None, None) => Err(Failure::BadInput("missing --sk or --sk-file".to_string())),
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

/// Decodes a hex secret key; every intermediate buffer is wiped.
fn parse_sk(what: &str, s: &str) -> Result<SecretKey, Failure> {
    let mut b = parse_hex(what, s)?;
    let sk = SecretKey::from_bytes(&b).map_err(|e| bad(what, e));
    b.zeroize();
    sk
}

fn parse_pk(what: &str, s: &str) -> Result<PublicKey, Failure> {
    PublicKey::from_bytes(&parse_hex(what, s)?).map_err(|e| bad(what, e))
}

fn parse_pks(pks: &[String]) -> Result<Vec<PublicKey>, Failure> {
    pks.iter().enumerate().map(|(i, p)| parse_pk(&nth("--pk", i, pks.len()), p)).collect()
}

fn parse_sig(what: &str, s: &str) -> Result<Signature, Failure> {
    Signature::from_bytes(&parse_hex(what, s)?).map_err(|e| bad(what, e))
}
