//! `isochron kzg <command>`: EIP-4844 KZG commitments to blobs
//! ([`isochron::protocols::eip4844`], consensus-specs `polynomial-commitments.md`, Deneb) and
//! EIP-7594 cells and cell proofs ([`isochron::protocols::eip7594`],
//! `polynomial-commitments-sampling.md`, Fulu), with the embedded mainnet trusted setup or
//! `--setup FILE` (c-kzg-4844's text format).
//!
//! A blob FILE holds the 131072 raw bytes, or their hex (with or without `0x`, surrounding
//! whitespace ignored); `-` reads stdin. Commitments and proofs are 48-byte compressed G1 points,
//! `z` and `y` 32-byte big-endian field elements, all in hex in and lower-case hex out. A blob
//! of another size, a field element `≥ r` or a bad point is bad input (exit 2).
//!
//! The EIP-7594 commands speak JSON: `compute-cells-and-proofs` and `recover-cells` print
//! `{"cells":[HEX,…],"proofs":[HEX,…]}` (128 of each, cells 2048 bytes); `verify-cell-proof-batch`
//! reads `{"commitments":[HEX,…],"cell_indices":[N,…],"cells":[HEX,…],"proofs":[HEX,…]}` and
//! `recover-cells` reads `{"cell_indices":[N,…],"cells":[HEX,…]}` (the spec's argument names),
//! from `--input FILE` or stdin.

use std::io::Read;
use std::path::{Path, PathBuf};

use isochron::protocols::eip4844::{KzgSettings, Proof, BYTES_PER_BLOB};
use isochron::protocols::eip7594::{Cell, BYTES_PER_CELL};
use isochron::Error;
use isochron_cli::hex;
use isochron_cli::json::{self, Value};

use crate::{out_line, print_value, verdict, Failure};

/// Arguments of `isochron kzg`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Print one JSON object instead of plain hex or true/false.
    #[arg(long, global = true)]
    json: bool,
    /// Use the trusted setup in FILE (c-kzg-4844's text format) instead of the embedded
    /// mainnet setup.
    #[arg(long, global = true, value_name = "FILE")]
    setup: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

/// The commands of `isochron kzg`.
#[derive(Debug, clap::Subcommand)]
enum Command {
    /// blob_to_kzg_commitment: the commitment to a blob.
    BlobToCommitment {
        /// The blob: a file of 131072 raw bytes or their hex; `-` for stdin.
        #[arg(long, value_name = "FILE")]
        blob: PathBuf,
    },
    /// compute_blob_kzg_proof: the blob's proof at its Fiat–Shamir challenge.
    ComputeBlobProof {
        /// The blob: a file of 131072 raw bytes or their hex; `-` for stdin.
        #[arg(long, value_name = "FILE")]
        blob: PathBuf,
        /// The blob's commitment (hex, 48 bytes).
        #[arg(long)]
        commitment: String,
    },
    /// verify_blob_kzg_proof: prints true (exit 0) or false (exit 1).
    VerifyBlobProof {
        /// The blob: a file of 131072 raw bytes or their hex; `-` for stdin.
        #[arg(long, value_name = "FILE")]
        blob: PathBuf,
        /// The commitment (hex, 48 bytes).
        #[arg(long)]
        commitment: String,
        /// The proof (hex, 48 bytes).
        #[arg(long)]
        proof: String,
    },
    /// compute_kzg_proof: the proof of the blob polynomial's value y at z; prints the proof,
    /// then y.
    ComputeProof {
        /// The blob: a file of 131072 raw bytes or their hex; `-` for stdin.
        #[arg(long, value_name = "FILE")]
        blob: PathBuf,
        /// The evaluation point (hex, 32 bytes big-endian, below r).
        #[arg(long)]
        z: String,
    },
    /// verify_kzg_proof: prints true (exit 0) or false (exit 1).
    VerifyProof {
        /// The commitment (hex, 48 bytes).
        #[arg(long)]
        commitment: String,
        /// The evaluation point (hex, 32 bytes big-endian, below r).
        #[arg(long)]
        z: String,
        /// The claimed value (hex, 32 bytes big-endian, below r).
        #[arg(long)]
        y: String,
        /// The proof (hex, 48 bytes).
        #[arg(long)]
        proof: String,
    },
    /// compute_cells_and_kzg_proofs (EIP-7594): prints {"cells":[HEX,…],"proofs":[HEX,…]}.
    ComputeCellsAndProofs {
        /// The blob: a file of 131072 raw bytes or their hex; `-` for stdin.
        #[arg(long, value_name = "FILE")]
        blob: PathBuf,
    },
    /// verify_cell_kzg_proof_batch (EIP-7594): reads {"commitments", "cell_indices", "cells",
    /// "proofs"} as JSON; prints true (exit 0) or false (exit 1).
    VerifyCellProofBatch {
        /// The JSON input; `-` (the default) for stdin.
        #[arg(long, value_name = "FILE", default_value = "-")]
        input: PathBuf,
    },
    /// recover_cells_and_kzg_proofs (EIP-7594): reads {"cell_indices", "cells"} (at least 64
    /// cells, indices ascending) as JSON; prints {"cells":[HEX,…],"proofs":[HEX,…]}.
    RecoverCells {
        /// The JSON input; `-` (the default) for stdin.
        #[arg(long, value_name = "FILE", default_value = "-")]
        input: PathBuf,
    },
}

/// Runs one `isochron kzg` command.
pub fn run(args: &Args) -> Result<(), Failure> {
    let loaded;
    let settings: &KzgSettings = match &args.setup {
        Some(path) => {
            loaded = KzgSettings::from_file(path)
                .map_err(|e| Failure::BadInput(format!("bad --setup {}: {e}", path.display())))?;
            &loaded
        }
        None => KzgSettings::mainnet(),
    };
    match &args.command {
        Command::BlobToCommitment { blob } => {
            let blob = read_blob(blob)?;
            let c = settings.blob_to_kzg_commitment(&blob).map_err(|e| bad("--blob", e))?;
            print_value(args.json, "commitment", &hex::encode(&c))
        }
        Command::ComputeBlobProof { blob, commitment } => {
            let blob = read_blob(blob)?;
            let commitment = parse_hex("--commitment", commitment, 48)?;
            check_blob(&blob)?;
            check_point("--commitment", &commitment)?;
            let proof = settings.compute_blob_kzg_proof(&blob, &commitment).map_err(|e| bad("--commitment", e))?;
            print_value(args.json, "proof", &hex::encode(&proof))
        }
        Command::VerifyBlobProof { blob, commitment, proof } => {
            let blob = read_blob(blob)?;
            let commitment = parse_hex("--commitment", commitment, 48)?;
            let proof = parse_hex("--proof", proof, 48)?;
            check_blob(&blob)?;
            check_point("--commitment", &commitment)?;
            check_point("--proof", &proof)?;
            let valid = settings.verify_blob_kzg_proof(&blob, &commitment, &proof).map_err(|e| bad("input", e))?;
            verdict(args.json, valid)
        }
        Command::ComputeProof { blob, z } => {
            let blob = read_blob(blob)?;
            let z = parse_hex("--z", z, 32)?;
            check_blob(&blob)?;
            isochron::protocols::eip4844::bytes_to_bls_field(&z).map_err(|e| bad("--z", e))?;
            let (proof, y) = settings.compute_kzg_proof(&blob, &z).map_err(|e| bad("input", e))?;
            let (proof, y) = (hex::encode(&proof), hex::encode(&y));
            if args.json {
                out_line(&format!("{{\"proof\":\"{proof}\",\"y\":\"{y}\"}}"))
            } else {
                out_line(&proof)?;
                out_line(&y)
            }
        }
        Command::VerifyProof { commitment, z, y, proof } => {
            let commitment = parse_hex("--commitment", commitment, 48)?;
            let z = parse_hex("--z", z, 32)?;
            let y = parse_hex("--y", y, 32)?;
            let proof = parse_hex("--proof", proof, 48)?;
            check_point("--commitment", &commitment)?;
            isochron::protocols::eip4844::bytes_to_bls_field(&z).map_err(|e| bad("--z", e))?;
            isochron::protocols::eip4844::bytes_to_bls_field(&y).map_err(|e| bad("--y", e))?;
            check_point("--proof", &proof)?;
            let valid = settings.verify_kzg_proof(&commitment, &z, &y, &proof).map_err(|e| bad("input", e))?;
            verdict(args.json, valid)
        }
        Command::ComputeCellsAndProofs { blob } => {
            let blob = read_blob(blob)?;
            check_blob(&blob)?;
            let (cells, proofs) = settings.compute_cells_and_kzg_proofs(&blob).map_err(|e| bad("--blob", e))?;
            print_cells(&cells, &proofs)
        }
        Command::VerifyCellProofBatch { input } => {
            let v = read_json(input)?;
            let commitments = hex_items(&v, "commitments", 48)?;
            let indices = index_items(&v)?;
            let cells = hex_items(&v, "cells", BYTES_PER_CELL)?;
            let proofs = hex_items(&v, "proofs", 48)?;
            for (key, points) in [("commitments", &commitments), ("proofs", &proofs)] {
                for (i, p) in points.iter().enumerate() {
                    check_point(&format!("{key}[{i}]"), p)?;
                }
            }
            check_cells(&cells)?;
            let valid = settings
                .verify_cell_kzg_proof_batch(&commitments, &indices, &cells, &proofs)
                .map_err(|e| bad("input", e))?;
            verdict(args.json, valid)
        }
        Command::RecoverCells { input } => {
            let v = read_json(input)?;
            let indices = index_items(&v)?;
            let cells = hex_items(&v, "cells", BYTES_PER_CELL)?;
            check_cells(&cells)?;
            let (cells, proofs) =
                settings.recover_cells_and_kzg_proofs(&indices, &cells).map_err(|e| bad("input", e))?;
            print_cells(&cells, &proofs)
        }
    }
}

/// `{"cells":[HEX,…],"proofs":[HEX,…]}` on one line.
fn print_cells(cells: &[Cell], proofs: &[Proof]) -> Result<(), Failure> {
    let list =
        |items: &mut dyn Iterator<Item = String>| items.map(|h| format!("\"{h}\"")).collect::<Vec<_>>().join(",");
    out_line(&format!(
        "{{\"cells\":[{}],\"proofs\":[{}]}}",
        list(&mut cells.iter().map(|c| hex::encode(c))),
        list(&mut proofs.iter().map(|p| hex::encode(p)))
    ))
}

/// The most a JSON input may hold: 64 MiB (a batch of 16384 cells in hex).
const JSON_INPUT_MAX: u64 = 64 << 20;

/// Reads and parses the JSON input of `path` (`-`: stdin); it must be an object.
fn read_json(path: &Path) -> Result<Value, Failure> {
    let what =
        if path == Path::new("-") { "--input - (stdin)".to_string() } else { format!("--input {}", path.display()) };
    let mut buf = Vec::new();
    let read = if path == Path::new("-") {
        std::io::stdin().lock().take(JSON_INPUT_MAX + 1).read_to_end(&mut buf)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(JSON_INPUT_MAX + 1).read_to_end(&mut buf))
    };
    read.map_err(|e| Failure::BadInput(format!("cannot read {what}: {e}")))?;
    if buf.len() as u64 > JSON_INPUT_MAX {
        return Err(Failure::BadInput(format!("bad {what}: larger than {JSON_INPUT_MAX} bytes")));
    }
    let text = std::str::from_utf8(&buf).map_err(|_| Failure::BadInput(format!("bad {what}: not UTF-8 text")))?;
    let v = json::parse(text).map_err(|e| Failure::BadInput(format!("bad {what}: {e}")))?;
    if !matches!(v, Value::Object(_)) {
        return Err(Failure::BadInput(format!("bad {what}: not a JSON object")));
    }
    Ok(v)
}

/// The array `key` of the input.
fn array<'a>(v: &'a Value, key: &str) -> Result<&'a [Value], Failure> {
    match v.get(key) {
        Some(Value::Array(items)) => Ok(items),
        Some(_) => Err(Failure::BadInput(format!("bad input: \"{key}\" is not an array"))),
        None => Err(Failure::BadInput(format!("bad input: no \"{key}\""))),
    }
}

/// The array `key` of hex strings of `len` bytes each.
fn hex_items(v: &Value, key: &str, len: usize) -> Result<Vec<Vec<u8>>, Failure> {
    array(v, key)?
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let what = format!("{key}[{i}]");
            let s = item.as_str().ok_or_else(|| Failure::BadInput(format!("bad {what}: not a string")))?;
            parse_hex(&what, s, len)
        })
        .collect()
}

/// `cell_indices`: non-negative integers.
fn index_items(v: &Value) -> Result<Vec<u64>, Failure> {
    array(v, "cell_indices")?
        .iter()
        .enumerate()
        .map(|(i, item)| {
            item.as_u64().ok_or_else(|| Failure::BadInput(format!("bad cell_indices[{i}]: not a non-negative integer")))
        })
        .collect()
}

/// Names the failing cell: every field element of a cell must be below r.
fn check_cells(cells: &[Vec<u8>]) -> Result<(), Failure> {
    for (c, cell) in cells.iter().enumerate() {
        for (i, fe) in cell.chunks_exact(32).enumerate() {
            isochron::protocols::eip4844::bytes_to_bls_field(fe)
                .map_err(|e| bad(&format!("cells[{c}] (field element {i})"), e))?;
        }
    }
    Ok(())
}

/// Names the failing argument: every field element of the blob must be below r.
fn check_blob(blob: &[u8]) -> Result<(), Failure> {
    for (i, fe) in blob.chunks_exact(32).enumerate() {
        isochron::protocols::eip4844::bytes_to_bls_field(fe)
            .map_err(|e| bad(&format!("--blob (field element {i})"), e))?;
    }
    Ok(())
}

/// Names the failing argument: a commitment or proof must be a valid compressed G1 point.
fn check_point(what: &str, b: &[u8]) -> Result<(), Failure> {
    use isochron::curve::PointEncoding;
    isochron::curves::bls12_381::G1Affine::from_compressed(b).map(|_| ()).map_err(|e| bad(what, e))
}

fn bad(what: &str, e: Error) -> Failure {
    let reason = match e {
        Error::NonCanonical => "field element not below the BLS12-381 group order r".to_string(),
        Error::NotOnCurve => "not on the curve".to_string(),
        Error::NotInSubgroup => "not in the prime-order subgroup".to_string(),
        e => e.to_string(),
    };
    Failure::BadInput(format!("bad {what}: {reason}"))
}

/// Decodes hex (with or without `0x`) of exactly `len` bytes.
fn parse_hex(what: &str, s: &str, len: usize) -> Result<Vec<u8>, Failure> {
    let b = hex::decode(s.trim()).map_err(|e| Failure::BadInput(format!("bad {what}: {e}")))?;
    if b.len() != len {
        return Err(Failure::BadInput(format!("bad {what}: expected {len} bytes, got {}", b.len())));
    }
    Ok(b)
}

/// The most a blob file may hold: its hex with a `0x` and some whitespace.
const BLOB_FILE_MAX: usize = 2 * BYTES_PER_BLOB + 4096;

/// Reads a blob: 131072 raw bytes, or their hex (`0x` optional, whitespace around it ignored),
/// from `path` or stdin (`-`).
fn read_blob(path: &Path) -> Result<Vec<u8>, Failure> {
    let what =
        if path == Path::new("-") { "--blob - (stdin)".to_string() } else { format!("--blob {}", path.display()) };
    let mut buf = Vec::with_capacity(BLOB_FILE_MAX + 1);
    let limit = (BLOB_FILE_MAX + 1) as u64;
    let read = if path == Path::new("-") {
        std::io::stdin().lock().take(limit).read_to_end(&mut buf)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(limit).read_to_end(&mut buf))
    };
    read.map_err(|e| Failure::BadInput(format!("cannot read {what}: {e}")))?;
    if buf.len() == BYTES_PER_BLOB {
        return Ok(buf);
    }
    let not_a_blob = || {
        Failure::BadInput(format!(
            "bad {what}: not a blob ({} bytes: expected {BYTES_PER_BLOB} raw bytes or their hex)",
            buf.len()
        ))
    };
    let text = std::str::from_utf8(&buf).map_err(|_| not_a_blob())?;
    let bytes = hex::decode(text.trim()).map_err(|_| not_a_blob())?;
    if bytes.len() != BYTES_PER_BLOB {
        return Err(not_a_blob());
    }
    Ok(bytes)
}
