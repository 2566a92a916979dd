//! `isochron bls <command>`: Ethereum BLS signatures (`BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`,
//! [`isochron::bls::eth`]). Keys, messages and signatures in hex (with or without `0x`); output
//! is the lower-case hex of the standard encodings: secret key 32 bytes big-endian, public key
//! 48-byte compressed G1, signature 96-byte compressed G2.
//!
//! Secret keys come from `--sk HEX` or, better, `--sk-file PATH` (`-` for stdin): the command
//! line of a process is visible to the other users of the machine. Every buffer that holds a
//! secret key or key material (hex text, bytes, printed output) is wiped with `zeroize`.

use isochron::bls::eth::{self, PublicKey, SecretKey, Signature};
use isochron_cli::hex;
use zeroize::{Zeroize, Zeroizing};

use crate::secret::SkSource;
use crate::{bad, parse_hex, print_value, verdict, Failure};

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

/// Lower-case hex, constant time in the bytes ([`hex::encode`]).
fn to_hex(bytes: &[u8]) -> String {
    hex::encode(bytes)
}

/// The secret key from `--sk` or `--sk-file`.
fn read_sk(src: &SkSource) -> Result<SecretKey, Failure> {
    let (what, text) = src.read()?;
    parse_sk(what, &text)
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
