//! `isochron secp256k1 <command>` and `isochron p256 <command>`: ECDSA (SEC 1 v2 §4.1, RFC 6979
//! nonces), public-key recovery and BIP-340 Schnorr (secp256k1), ECDH (both), over
//! [`isochron::protocols`]. Hex in (with or without `0x`), lower-case hex out; keys 32 bytes
//! big-endian, public keys SEC1 (33 or 65 bytes; BIP-340 keys 32-byte x-only).
//!
//! Messages come as `--digest HEX32` (already hashed) or `--msg HEX` hashed with `--hash`
//! (`sha256`, the default, or `keccak256`). secp256k1 signatures come out low-s as
//! `r ‖ s ‖ v` (65 bytes, `v` the recovery id 0 or 1, 2 or 3 in the rare case `R.x ≥ n`) or DER
//! with `--der`; P-256 signatures as `r ‖ s` (64 bytes) or DER.

use isochron::curve::short_weierstrass::Affine;
use isochron::curve::PointEncoding;
use isochron::curves::{p256::P256, secp256k1::Secp256k1};
use isochron::field::PrimeField;
use isochron::protocols::ecdsa::{EcdsaCurve, MessageHash, RecoveryId, Signature, SigningKey, VerifyingKey};
use isochron::protocols::{bip340, ecdh};
use isochron_cli::hex;
use zeroize::{Zeroize, Zeroizing};

use crate::secret::SkSource;
use crate::{bad, parse_hex, print_value, verdict, Failure};

/// The hash of `--msg`.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum Hash {
    /// SHA-256.
    Sha256,
    /// Keccak-256 (Ethereum).
    Keccak256,
}

/// The message of a signature: exactly one of `--digest` and `--msg`.
#[derive(Debug, clap::Args)]
#[group(required = true, multiple = false)]
struct Message {
    /// The message digest (hex, 32 bytes), signed as it is.
    #[arg(long)]
    digest: Option<String>,
    /// The message (hex), hashed with --hash.
    #[arg(long)]
    msg: Option<String>,
}

/// `--hash`, for `--msg`.
#[derive(Debug, clap::Args)]
struct HashArg {
    /// The hash of --msg.
    #[arg(long, value_enum, default_value = "sha256")]
    hash: Hash,
}

impl Message {
    /// The 32-byte digest to sign or verify.
    fn digest(&self, hash: Hash) -> Result<[u8; 32], Failure> {
        match (&self.digest, &self.msg) {
            (Some(d), _) => parse_hex("--digest", d)?
                .try_into()
                .map_err(|d: Vec<u8>| Failure::BadInput(format!("bad --digest: {} bytes, expected 32", d.len()))),
            (None, Some(m)) => {
                let m = parse_hex("--msg", m)?;
                Ok(match hash {
                    Hash::Sha256 => MessageHash::Sha256,
                    Hash::Keccak256 => MessageHash::Keccak256,
                }
                .digest(&m))
            }
            (None, None) => Err(Failure::BadInput("missing --digest or --msg".to_string())),
        }
    }
}

/// The commands both curves have.
#[derive(Debug, clap::Subcommand)]
enum Common {
    /// The public key of a secret key (SEC1, compressed unless --uncompressed).
    Pubkey {
        #[command(flatten)]
        sk: SkSource,
        /// Print the 65-byte uncompressed form.
        #[arg(long)]
        uncompressed: bool,
    },
    /// ECDSA signature with the RFC 6979 nonce.
    Sign {
        #[command(flatten)]
        sk: SkSource,
        #[command(flatten)]
        message: Message,
        #[command(flatten)]
        hash: HashArg,
        /// Print the DER encoding.
        #[arg(long)]
        der: bool,
    },
    /// Verify an ECDSA signature: prints true (exit 0) or false (exit 1).
    Verify {
        /// Public key (hex, SEC1: 33 or 65 bytes).
        #[arg(long)]
        pk: String,
        #[command(flatten)]
        message: Message,
        #[command(flatten)]
        hash: HashArg,
        /// Signature (hex): r ‖ s (64 bytes; a 65th byte, v, is ignored), or DER with --der.
        #[arg(long)]
        sig: String,
        /// The signature is DER.
        #[arg(long)]
        der: bool,
        /// Reject a high s (BIP-62, EIP-2).
        #[arg(long)]
        low_s: bool,
    },
    /// ECDH: the shared x-coordinate (32 bytes) of the secret key times the public key.
    Ecdh {
        #[command(flatten)]
        sk: SkSource,
        /// The peer's public key (hex, SEC1: 33 or 65 bytes).
        #[arg(long)]
        pk: String,
    },
}

/// The commands of `isochron secp256k1`.
#[derive(Debug, clap::Subcommand)]
enum Secp256k1Command {
    #[command(flatten)]
    Common(Common),
    /// Recover the public key (uncompressed SEC1) from a digest and an r ‖ s ‖ v signature.
    Recover {
        #[command(flatten)]
        message: Message,
        #[command(flatten)]
        hash: HashArg,
        /// Signature (hex, 65 bytes: r ‖ s ‖ v with v ∈ {0, 1, 2, 3}; 27 and 28 are taken as 0
        /// and 1).
        #[arg(long)]
        sig: String,
    },
    /// BIP-340 Schnorr signature (64 bytes).
    SchnorrSign {
        #[command(flatten)]
        sk: SkSource,
        /// Message (hex, any length).
        #[arg(long)]
        msg: String,
        /// Auxiliary randomness (hex, 32 bytes); fresh random bytes when absent.
        #[arg(long)]
        aux: Option<String>,
    },
    /// Verify a BIP-340 signature: prints true (exit 0) or false (exit 1).
    SchnorrVerify {
        /// x-only public key (hex, 32 bytes).
        #[arg(long)]
        pk: String,
        /// Message (hex, any length).
        #[arg(long)]
        msg: String,
        /// Signature (hex, 64 bytes).
        #[arg(long)]
        sig: String,
    },
}

/// Arguments of `isochron secp256k1`.
#[derive(Debug, clap::Args)]
pub struct Secp256k1Args {
    /// Print one JSON object instead of plain hex or true/false.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Secp256k1Command,
}

/// Arguments of `isochron p256`.
#[derive(Debug, clap::Args)]
pub struct P256Args {
    /// Print one JSON object instead of plain hex or true/false.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Common,
}

/// Runs one `isochron secp256k1` command.
pub fn run_secp256k1(args: Secp256k1Args) -> Result<(), Failure> {
    let json = args.json;
    match &args.command {
        Secp256k1Command::Common(c) => run_common::<Secp256k1>(json, c, true),
        Secp256k1Command::Recover { message, hash, sig } => {
            let digest = message.digest(hash.hash)?;
            let bytes = parse_hex("--sig", sig)?;
            if bytes.len() != 65 {
                return Err(Failure::BadInput(format!("bad --sig: {} bytes, expected 65 (r ‖ s ‖ v)", bytes.len())));
            }
            let v = match bytes[64] {
                v @ 0..=3 => v,
                v @ (27 | 28) => v - 27,
                v => return Err(Failure::BadInput(format!("bad --sig: v = {v}, expected 0–3, 27 or 28"))),
            };
            let sig = Signature::<Secp256k1>::from_bytes(&bytes[..64]).map_err(bad_sig)?;
            let id = RecoveryId::new(v).ok_or_else(|| Failure::BadInput("bad --sig: v".to_string()))?;
            // A well-formed signature from which no key can be recovered is invalid (exit 1).
            match VerifyingKey::<Secp256k1>::recover_prehash(&digest, &sig, id) {
                Ok(pk) => print_value(json, "pk", &hex::encode(pk.to_sec1_uncompressed().as_ref())),
                Err(_) => verdict(json, false),
            }
        }
        Secp256k1Command::SchnorrSign { sk, msg, aux } => {
            let (what, text) = sk.read()?;
            let mut sk_bytes = Zeroizing::new(parse_hex(what, &text)?);
            let key = bip340::SigningKey::<Secp256k1>::from_bytes(&sk_bytes).map_err(|e| bad(what, e))?;
            sk_bytes.zeroize();
            let msg = parse_hex("--msg", msg)?;
            let aux: [u8; 32] = match aux {
                Some(a) => parse_hex("--aux", a)?
                    .try_into()
                    .map_err(|a: Vec<u8>| Failure::BadInput(format!("bad --aux: {} bytes, expected 32", a.len())))?,
                None => {
                    let mut a = [0u8; 32];
                    rand_core::RngCore::fill_bytes(&mut rand_core::OsRng, &mut a);
                    a
                }
            };
            print_value(json, "sig", &hex::encode(&key.sign(&msg, &aux)))
        }
        Secp256k1Command::SchnorrVerify { pk, msg, sig } => {
            let pk =
                bip340::VerifyingKey::<Secp256k1>::from_bytes(&parse_hex("--pk", pk)?).map_err(|e| bad("--pk", e))?;
            let msg = parse_hex("--msg", msg)?;
            let sig = parse_hex("--sig", sig)?;
            if sig.len() != 64 {
                return Err(Failure::BadInput(format!("bad --sig: {} bytes, expected 64", sig.len())));
            }
            verdict(json, pk.verify(&msg, &sig))
        }
    }
}

/// Runs one `isochron p256` command.
pub fn run_p256(args: P256Args) -> Result<(), Failure> {
    run_common::<P256>(args.json, &args.command, false)
}

fn bad_sig(e: isochron::Error) -> Failure {
    match e {
        isochron::Error::Zero => Failure::BadInput("bad --sig: r or s is zero".to_string()),
        isochron::Error::NonCanonical => Failure::BadInput("bad --sig: r or s not below the group order".to_string()),
        e => bad("--sig", e),
    }
}

/// The ECDSA secret key of `--sk`/`--sk-file`.
fn read_key<C: EcdsaCurve>(sk: &SkSource) -> Result<SigningKey<C>, Failure>
where
    C::Base: PrimeField,
{
    let (what, text) = sk.read()?;
    let mut bytes = Zeroizing::new(parse_hex(what, &text)?);
    let key = SigningKey::<C>::from_bytes(&bytes).map_err(|e| bad(what, e));
    bytes.zeroize();
    key
}

fn read_pk<C: EcdsaCurve>(pk: &str) -> Result<VerifyingKey<C>, Failure>
where
    Affine<C>: PointEncoding,
{
    VerifyingKey::<C>::from_sec1_bytes(&parse_hex("--pk", pk)?).map_err(|e| bad("--pk", e))
}

fn run_common<C: EcdsaCurve>(json: bool, command: &Common, with_v: bool) -> Result<(), Failure>
where
    C::Base: PrimeField,
    Affine<C>: PointEncoding,
{
    match command {
        Common::Pubkey { sk, uncompressed } => {
            let key = read_key::<C>(sk)?;
            let pk = key.verifying_key();
            let hex = if *uncompressed {
                hex::encode(pk.to_sec1_uncompressed().as_ref())
            } else {
                hex::encode(pk.to_sec1_compressed().as_ref())
            };
            print_value(json, "pk", &hex)
        }
        Common::Sign { sk, message, hash, der } => {
            let key = read_key::<C>(sk)?;
            let digest = message.digest(hash.hash)?;
            let (sig, id) = key.sign_prehash(&digest).map_err(|e| bad("--sk", e))?;
            let mut bytes = if *der { sig.to_der() } else { sig.to_bytes().to_vec() };
            if with_v && !*der {
                bytes.push(id.to_u8());
            }
            print_value(json, "sig", &hex::encode(&bytes))
        }
        Common::Verify { pk, message, hash, sig, der, low_s } => {
            let pk = read_pk::<C>(pk)?;
            let digest = message.digest(hash.hash)?;
            let bytes = parse_hex("--sig", sig)?;
            let sig = if *der {
                Signature::<C>::from_der(&bytes)
            } else if bytes.len() == 64 || (with_v && bytes.len() == 65) {
                Signature::<C>::from_bytes(&bytes[..64])
            } else {
                let want = if with_v { "64 or 65" } else { "64" };
                return Err(Failure::BadInput(format!("bad --sig: {} bytes, expected {want}", bytes.len())));
            };
            // A signature whose r or s is out of range is well-formed hex that does not verify.
            let valid = match sig {
                Ok(sig) if *low_s => pk.verify_prehash_low_s(&digest, &sig),
                Ok(sig) => pk.verify_prehash(&digest, &sig),
                Err(isochron::Error::Der) => return Err(bad("--sig", isochron::Error::Der)),
                Err(_) => false,
            };
            verdict(json, valid)
        }
        Common::Ecdh { sk, pk } => {
            let key = read_key::<C>(sk)?;
            let pk = read_pk::<C>(pk)?;
            let secret = ecdh::shared_secret(&key, &pk).map_err(|e| bad("--pk", e))?;
            print_value(json, "shared", &Zeroizing::new(hex::encode(&*secret)))
        }
    }
}
