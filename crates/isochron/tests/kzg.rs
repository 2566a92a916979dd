//! EIP-4844 and EIP-7594 KZG (`isochron::protocols::{eip4844, eip7594}`): every case of the ten
//! consensus-spec-tests `kzg-mainnet` handlers (blob_to_kzg_commitment, compute_kzg_proof,
//! compute_blob_kzg_proof, verify_kzg_proof, verify_blob_kzg_proof, verify_blob_kzg_proof_batch
//! from `tests/vectors/kzg/eip4844.tar.gz`; compute_cells, compute_cells_and_kzg_proofs,
//! verify_cell_kzg_proof_batch, recover_cells_and_kzg_proofs from `eip7594.tar.gz`; see
//! `tests/vectors/SOURCES.md`), and differential tests against c-kzg-4844 on random blobs.
//! Every suite asserts how many cases it ran.
//!
//! `output: null` means the call must fail; a hex input that does not decode, or has the wrong
//! length, is such a failure too.

use std::collections::BTreeMap;
use std::io::Read;
use std::sync::OnceLock;

use isochron::protocols::eip4844::{KzgSettings, BYTES_PER_BLOB, MAINNET_SETUP};
use isochron::protocols::eip7594::{Cell, BYTES_PER_CELL, CELLS_PER_EXT_BLOB};
use isochron::Error;
use rand::{Rng, SeedableRng};

/// The EIP-4844 handlers' cases, and the EIP-7594 handlers' cases.
const TARBALLS: [&str; 2] = [
    concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/kzg/eip4844.tar.gz"),
    concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/kzg/eip7594.tar.gz"),
];

/// A value of the data.yaml files: a scalar (quotes removed), a list of scalars, or a list of
/// lists (the `[cells, proofs]` outputs of EIP-7594).
#[derive(Debug, Clone, PartialEq)]
enum Val {
    Scalar(String),
    List(Vec<String>),
    Nested(Vec<Vec<String>>),
}

/// The files' shape: `input:` with indented `key: 'value'`, `key: [a, b, …]` (possibly wrapped
/// over several lines) or `key:` + `- 'value'` lines, and `output: value` or `output:` +
/// `- 'value'` lines, or `- - 'value'` + `  - 'value'` lines for a list of lists. Keys are flat.
fn parse_yaml(text: &str) -> BTreeMap<String, Val> {
    let mut map = BTreeMap::new();
    // The key whose items follow, and its indentation.
    let mut current: Option<(String, usize)> = None;
    // A flow list `[…` still open: its key and the text so far.
    let mut flow: Option<(String, String)> = None;
    let unquote = |s: &str| s.trim().trim_matches('\'').trim_matches('"').to_string();
    let flow_list = |s: &str| -> Val {
        let inner = s.trim().trim_start_matches('[').trim_end_matches(']');
        Val::List(inner.split(',').map(unquote).filter(|x| !x.is_empty()).collect())
    };
    for line in text.lines() {
        if let Some((key, mut acc)) = flow.take() {
            acc.push_str(line.trim());
            acc.push(' ');
            if line.trim_end().ends_with(']') {
                map.insert(key, flow_list(&acc));
            } else {
                flow = Some((key, acc));
            }
            continue;
        }
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        if let Some(item) = t.strip_prefix("- ") {
            let (key, key_indent) = current.clone().expect("list item without a key");
            let entry = map.entry(key).or_insert_with(|| Val::List(Vec::new()));
            if let Some(inner) = item.strip_prefix("- ") {
                // `- - x`: a new inner list.
                if let Val::List(v) = entry {
                    assert!(v.is_empty(), "mixed list");
                    *entry = Val::Nested(Vec::new());
                }
                match entry {
                    Val::Nested(v) => v.push(vec![unquote(inner)]),
                    _ => panic!("nested item under a scalar"),
                }
            } else if indent > key_indent && matches!(entry, Val::Nested(_)) {
                match entry {
                    Val::Nested(v) => v.last_mut().expect("inner list").push(unquote(item)),
                    _ => unreachable!(),
                }
            } else {
                match entry {
                    Val::List(v) => v.push(unquote(item)),
                    _ => panic!("list item under a scalar"),
                }
            }
            continue;
        }
        let (k, v) = t.split_once(':').expect("key: value");
        let v = v.trim();
        if v.is_empty() {
            current = Some((k.to_string(), indent));
            map.insert(k.to_string(), Val::List(Vec::new()));
        } else if v.starts_with('[') {
            if v.ends_with(']') {
                map.insert(k.to_string(), flow_list(v));
            } else {
                flow = Some((k.to_string(), format!("{v} ")));
            }
        } else {
            map.insert(k.to_string(), Val::Scalar(unquote(v)));
        }
    }
    assert!(flow.is_none(), "unterminated flow list");
    map.remove("input");
    map
}

/// One case's fields.
type Case = BTreeMap<String, Val>;
/// handler → case name → case.
type Vectors = BTreeMap<String, BTreeMap<String, Case>>;

fn vectors() -> &'static Vectors {
    static V: OnceLock<Vectors> = OnceLock::new();
    V.get_or_init(|| {
        let mut out = Vectors::new();
        for tarball in TARBALLS {
            let file = std::fs::File::open(tarball).expect(tarball);
            let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
            for entry in archive.entries().expect("tar") {
                let mut entry = entry.expect("tar entry");
                let path = entry.path().expect("path").to_string_lossy().into_owned();
                if !path.ends_with("/data.yaml") {
                    continue;
                }
                // <handler>/kzg-mainnet/<case>/data.yaml
                let parts: Vec<&str> = path.trim_start_matches("./").split('/').collect();
                assert_eq!(parts.len(), 4, "{path}");
                let mut text = String::new();
                entry.read_to_string(&mut text).expect("utf-8 yaml");
                out.entry(parts[0].to_string()).or_default().insert(parts[2].to_string(), parse_yaml(&text));
            }
        }
        out
    })
}

fn setup() -> &'static KzgSettings {
    KzgSettings::mainnet()
}

fn scalar<'a>(case: &'a BTreeMap<String, Val>, key: &str) -> &'a str {
    match &case[key] {
        Val::Scalar(s) => s,
        Val::List(_) | Val::Nested(_) => panic!("{key} is a list"),
    }
}

fn list<'a>(case: &'a BTreeMap<String, Val>, key: &str) -> &'a [String] {
    match &case[key] {
        Val::List(v) => v,
        Val::Scalar(_) | Val::Nested(_) => panic!("{key} is not a flat list"),
    }
}

/// The bytes of a `0x` hex input, or `None` when it is not hex (the case must then fail).
fn bytes(s: &str) -> Option<Vec<u8>> {
    hex::decode(s.strip_prefix("0x").unwrap_or(s)).ok()
}

fn hex_out(b: &[u8]) -> String {
    format!("0x{}", hex::encode(b))
}

fn is_null(case: &BTreeMap<String, Val>) -> bool {
    matches!(&case["output"], Val::Scalar(s) if s == "null")
}

fn run<F>(handler: &str, expected_cases: usize, mut f: F)
where
    F: FnMut(&str, &BTreeMap<String, Val>) -> Option<Val>,
{
    let cases = &vectors()[handler];
    let mut ran = 0;
    for (name, case) in cases {
        let got = f(name, case);
        match (&got, &case["output"]) {
            (None, _) => assert!(is_null(case), "{handler}/{name}: failed, expected {:?}", case["output"]),
            (Some(Val::Scalar(g)), Val::Scalar(e)) => assert_eq!(g, e, "{handler}/{name}"),
            (Some(Val::List(g)), Val::List(e)) => assert_eq!(g, e, "{handler}/{name}"),
            (Some(Val::Nested(g)), Val::Nested(e)) => assert_eq!(g, e, "{handler}/{name}"),
            (g, e) => panic!("{handler}/{name}: got {g:?}, expected {e:?}"),
        }
        ran += 1;
    }
    assert_eq!(ran, expected_cases, "{handler}: number of cases");
}

fn bool_val(b: bool) -> Val {
    Val::Scalar(b.to_string())
}

#[test]
fn vectors_blob_to_kzg_commitment() {
    run("blob_to_kzg_commitment", 11, |_, c| {
        let blob = bytes(scalar(c, "blob"))?;
        setup().blob_to_kzg_commitment(&blob).ok().map(|r| Val::Scalar(hex_out(&r)))
    });
}

#[test]
fn vectors_compute_kzg_proof() {
    run("compute_kzg_proof", 52, |_, c| {
        let blob = bytes(scalar(c, "blob"))?;
        let z = bytes(scalar(c, "z"))?;
        let (proof, y) = setup().compute_kzg_proof(&blob, &z).ok()?;
        Some(Val::List(vec![hex_out(&proof), hex_out(&y)]))
    });
}

#[test]
fn vectors_compute_blob_kzg_proof() {
    run("compute_blob_kzg_proof", 15, |_, c| {
        let blob = bytes(scalar(c, "blob"))?;
        let commitment = bytes(scalar(c, "commitment"))?;
        setup().compute_blob_kzg_proof(&blob, &commitment).ok().map(|r| Val::Scalar(hex_out(&r)))
    });
}

#[test]
fn vectors_verify_kzg_proof() {
    run("verify_kzg_proof", 122, |_, c| {
        let commitment = bytes(scalar(c, "commitment"))?;
        let z = bytes(scalar(c, "z"))?;
        let y = bytes(scalar(c, "y"))?;
        let proof = bytes(scalar(c, "proof"))?;
        setup().verify_kzg_proof(&commitment, &z, &y, &proof).ok().map(bool_val)
    });
}

#[test]
fn vectors_verify_blob_kzg_proof() {
    run("verify_blob_kzg_proof", 29, |_, c| {
        let blob = bytes(scalar(c, "blob"))?;
        let commitment = bytes(scalar(c, "commitment"))?;
        let proof = bytes(scalar(c, "proof"))?;
        setup().verify_blob_kzg_proof(&blob, &commitment, &proof).ok().map(bool_val)
    });
}

#[test]
fn vectors_verify_blob_kzg_proof_batch() {
    run("verify_blob_kzg_proof_batch", 24, |_, c| {
        let decode = |key: &str| list(c, key).iter().map(|s| bytes(s)).collect::<Option<Vec<Vec<u8>>>>();
        let blobs = decode("blobs")?;
        let commitments = decode("commitments")?;
        let proofs = decode("proofs")?;
        setup().verify_blob_kzg_proof_batch(&blobs, &commitments, &proofs).ok().map(bool_val)
    });
}

/// A list of cells (or proofs) as `0x` hex strings.
fn hex_list<T: AsRef<[u8]>>(items: &[T]) -> Vec<String> {
    items.iter().map(|i| hex_out(i.as_ref())).collect()
}

/// Cell indices: decimal integers (a value that does not parse fails the case).
fn indices(c: &BTreeMap<String, Val>) -> Option<Vec<u64>> {
    list(c, "cell_indices").iter().map(|s| s.parse().ok()).collect()
}

fn decode_list(c: &BTreeMap<String, Val>, key: &str) -> Option<Vec<Vec<u8>>> {
    list(c, key).iter().map(|s| bytes(s)).collect()
}

#[test]
fn vectors_compute_cells() {
    run("compute_cells", 11, |_, c| {
        let blob = bytes(scalar(c, "blob"))?;
        setup().compute_cells(&blob).ok().map(|cells| Val::List(hex_list(&cells)))
    });
}

#[test]
fn vectors_compute_cells_and_kzg_proofs() {
    run("compute_cells_and_kzg_proofs", 11, |_, c| {
        let blob = bytes(scalar(c, "blob"))?;
        let (cells, proofs) = setup().compute_cells_and_kzg_proofs(&blob).ok()?;
        Some(Val::Nested(vec![hex_list(&cells), hex_list(&proofs)]))
    });
}

#[test]
fn vectors_verify_cell_kzg_proof_batch() {
    run("verify_cell_kzg_proof_batch", 32, |_, c| {
        let commitments = decode_list(c, "commitments")?;
        let cells = decode_list(c, "cells")?;
        let proofs = decode_list(c, "proofs")?;
        setup().verify_cell_kzg_proof_batch(&commitments, &indices(c)?, &cells, &proofs).ok().map(bool_val)
    });
}

#[test]
fn vectors_recover_cells_and_kzg_proofs() {
    run("recover_cells_and_kzg_proofs", 18, |_, c| {
        let cells = decode_list(c, "cells")?;
        let (cells, proofs) = setup().recover_cells_and_kzg_proofs(&indices(c)?, &cells).ok()?;
        Some(Val::Nested(vec![hex_list(&cells), hex_list(&proofs)]))
    });
}

#[test]
fn vector_counts() {
    let v = vectors();
    let total: usize = v.values().map(|cases| cases.len()).sum();
    assert_eq!(v.len(), 10);
    assert_eq!(total, 325);
    assert_eq!(total, (11 + 52 + 15 + 122 + 29 + 24) + (11 + 11 + 18 + 32));
    // The compressed copies stay small next to the 88 MB they unpack to.
    let size: u64 = TARBALLS.iter().map(|t| std::fs::metadata(t).unwrap().len()).sum();
    assert!(size < 22_000_000, "tarballs are {size} bytes");
}

/// The embedded setup is c-kzg-4844's `src/trusted_setup.txt`, unchanged (SOURCES.md).
#[test]
fn embedded_setup_is_the_ceremony_file() {
    use sha2::Digest;
    assert_eq!(
        hex::encode(sha2::Sha256::digest(MAINNET_SETUP.as_bytes())),
        "d39b9f2d047cc9dca2de58f264b6a09448ccd34db967881a6713eacacf0f26b7"
    );
}

#[test]
fn setup_loads_and_rejects() {
    let t = std::time::Instant::now();
    let s = KzgSettings::load(MAINNET_SETUP).unwrap();
    eprintln!("mainnet setup parsed and checked in {:?}", t.elapsed());
    assert_eq!(s.g1_lagrange_brp().len(), 4096);
    assert_eq!(s.g1_monomial().len(), 4096);
    assert_eq!(s.g2_monomial().len(), 65);

    // Wrong count on line 1.
    let bad = MAINNET_SETUP.replacen("4096", "4095", 1);
    let e = KzgSettings::load(&bad).unwrap_err();
    assert_eq!((e.line, e.reason), (1, Error::Count { expected: 4096, got: 4095 }));
    // A point that is not hex (line 3: the first G1 Lagrange point).
    let mut lines: Vec<String> = MAINNET_SETUP.lines().map(str::to_string).collect();
    let orig = lines[2].clone();
    lines[2] = format!("zz{}", &orig[2..]);
    let e = KzgSettings::load(&lines.join("\n")).unwrap_err();
    assert_eq!(e.line, 3);
    assert_eq!(e.reason, Error::Malformed { line: 3 });
    // A different valid point breaks the setup's consistency.
    lines[2] = lines[3].clone();
    assert!(KzgSettings::load(&lines.join("\n")).is_err());
    // A truncated file.
    lines[2] = orig;
    lines.pop();
    let e = KzgSettings::load(&lines.join("\n")).unwrap_err();
    assert!(matches!(e.reason, Error::Count { .. }), "{e}");
    // from_file reads the same format.
    let path = std::env::temp_dir().join(format!("isochron-kzg-setup-{}.txt", std::process::id()));
    std::fs::write(&path, MAINNET_SETUP).unwrap();
    let f = KzgSettings::from_file(&path).unwrap();
    std::fs::remove_file(&path).ok();
    assert_eq!(f.g1_lagrange_brp(), s.g1_lagrange_brp());
}

#[test]
fn malformed_inputs_are_the_specs_errors() {
    let s = setup();
    let blob = vec![0u8; BYTES_PER_BLOB];
    assert_eq!(
        s.blob_to_kzg_commitment(&blob[1..]),
        Err(Error::Length { expected: BYTES_PER_BLOB, got: BYTES_PER_BLOB - 1 })
    );
    let mut big = blob.clone();
    big[32..64].copy_from_slice(&[0xff; 32]);
    assert_eq!(s.blob_to_kzg_commitment(&big), Err(Error::NonCanonical));
    let inf = {
        let mut b = [0u8; 48];
        b[0] = 0xc0;
        b
    };
    assert_eq!(s.compute_blob_kzg_proof(&blob, &inf[..47]), Err(Error::Length { expected: 48, got: 47 }));
    let blobs = vec![blob.clone(); 2];
    assert_eq!(s.verify_blob_kzg_proof_batch(&blobs, &[inf], &[inf, inf]), Err(Error::Count { expected: 2, got: 1 }));
    let none: [&[u8]; 0] = [];
    assert_eq!(s.verify_blob_kzg_proof_batch(&none, &none, &none), Ok(true));
}

/// A random canonical blob (each field element's top byte cleared).
fn random_blob(rng: &mut impl Rng) -> Vec<u8> {
    let mut blob = vec![0u8; BYTES_PER_BLOB];
    rng.fill(&mut blob[..]);
    for fe in blob.chunks_exact_mut(32) {
        fe[0] &= 0x3f;
    }
    blob
}

#[test]
fn differential_c_kzg() {
    let ours = setup();
    let theirs = c_kzg::ethereum_kzg_settings(0);
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x4844);
    let mut blobs = Vec::new();
    let mut commitments = Vec::new();
    let mut proofs = Vec::new();
    for i in 0..3 {
        let blob = random_blob(&mut rng);
        let cblob = c_kzg::Blob::from_bytes(&blob).unwrap();
        let c = ours.blob_to_kzg_commitment(&blob).unwrap();
        let cc = theirs.blob_to_kzg_commitment(&cblob).unwrap().to_bytes();
        assert_eq!(c[..], cc[..], "commitment {i}");

        let mut z = [0u8; 32];
        rng.fill(&mut z[..]);
        z[0] &= 0x3f;
        let (proof, y) = ours.compute_kzg_proof(&blob, &z).unwrap();
        let (cproof, cy) = theirs.compute_kzg_proof(&cblob, &c_kzg::Bytes32::new(z)).unwrap();
        assert_eq!(proof[..], cproof.to_bytes()[..], "proof {i}");
        assert_eq!(y[..], cy[..], "y {i}");
        let cb48 = |b: &[u8; 48]| c_kzg::Bytes48::new(*b);
        assert!(ours.verify_kzg_proof(&c, &z, &y, &proof).unwrap());
        let mut y2 = y;
        y2[31] ^= 1;
        assert_eq!(
            ours.verify_kzg_proof(&c, &z, &y2, &proof).unwrap(),
            theirs
                .verify_kzg_proof(&cb48(&c), &c_kzg::Bytes32::new(z), &c_kzg::Bytes32::new(y2), &cb48(&proof))
                .unwrap()
        );

        let bp = ours.compute_blob_kzg_proof(&blob, &c).unwrap();
        let cbp = theirs.compute_blob_kzg_proof(&cblob, &cb48(&c)).unwrap().to_bytes();
        assert_eq!(bp[..], cbp[..], "blob proof {i}");
        assert!(ours.verify_blob_kzg_proof(&blob, &c, &bp).unwrap());
        assert!(theirs.verify_blob_kzg_proof(&cblob, &cb48(&c), &cb48(&bp)).unwrap());
        // A wrong proof (another valid point) is false for both.
        assert_eq!(
            ours.verify_blob_kzg_proof(&blob, &c, &proof).unwrap(),
            theirs.verify_blob_kzg_proof(&cblob, &cb48(&c), &cb48(&proof)).unwrap()
        );
        blobs.push(blob);
        commitments.push(c);
        proofs.push(bp);
    }
    let cblobs: Vec<c_kzg::Blob> = blobs.iter().map(|b| c_kzg::Blob::from_bytes(b).unwrap()).collect();
    let cc: Vec<c_kzg::Bytes48> = commitments.iter().map(|c| c_kzg::Bytes48::new(*c)).collect();
    let cp: Vec<c_kzg::Bytes48> = proofs.iter().map(|p| c_kzg::Bytes48::new(*p)).collect();
    assert!(ours.verify_blob_kzg_proof_batch(&blobs, &commitments, &proofs).unwrap());
    assert!(theirs.verify_blob_kzg_proof_batch(&cblobs, &cc, &cp).unwrap());
    let mut swapped = proofs.clone();
    swapped.swap(0, 1);
    let cs: Vec<c_kzg::Bytes48> = swapped.iter().map(|p| c_kzg::Bytes48::new(*p)).collect();
    assert!(!ours.verify_blob_kzg_proof_batch(&blobs, &commitments, &swapped).unwrap());
    assert!(!theirs.verify_blob_kzg_proof_batch(&cblobs, &cc, &cs).unwrap());

    // An invalid blob: a field element ≥ r (here r itself) — both reject it.
    let mut bad = blobs[0].clone();
    bad[64..96]
        .copy_from_slice(&hex::decode("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001").unwrap());
    let cbad = c_kzg::Blob::from_bytes(&bad).unwrap();
    assert_eq!(ours.blob_to_kzg_commitment(&bad), Err(Error::NonCanonical));
    assert!(theirs.blob_to_kzg_commitment(&cbad).is_err());
    assert!(ours.verify_blob_kzg_proof(&bad, &commitments[0], &proofs[0]).is_err());
    assert!(theirs.verify_blob_kzg_proof(&cbad, &cc[0], &cp[0]).is_err());
}

#[test]
fn differential_c_kzg_cells() {
    let ours = setup();
    let theirs = c_kzg::ethereum_kzg_settings(0);
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x7594);
    let blob = random_blob(&mut rng);
    let cblob = c_kzg::Blob::from_bytes(&blob).unwrap();
    let (cells, proofs) = ours.compute_cells_and_kzg_proofs(&blob).unwrap();
    let (ccells, cproofs) = theirs.compute_cells_and_kzg_proofs(&cblob).unwrap();
    for i in 0..CELLS_PER_EXT_BLOB {
        assert_eq!(cells[i][..], ccells[i].to_bytes()[..], "cell {i}");
        assert_eq!(proofs[i][..], cproofs[i].to_bytes()[..], "proof {i}");
    }
    assert_eq!(ours.compute_cells(&blob).unwrap(), cells);

    // Verification of a random subset, with a second blob mixed in; then one bit flipped.
    let commitment = ours.blob_to_kzg_commitment(&blob).unwrap();
    let blob2 = random_blob(&mut rng);
    let commitment2 = ours.blob_to_kzg_commitment(&blob2).unwrap();
    let (cells2, proofs2) = ours.compute_cells_and_kzg_proofs(&blob2).unwrap();
    let mut batch_c = Vec::new();
    let mut batch_i = Vec::new();
    let mut batch_x = Vec::new();
    let mut batch_p = Vec::new();
    for _ in 0..20 {
        let i = rng.gen_range(0..CELLS_PER_EXT_BLOB);
        let (c, x, p) =
            if rng.gen::<bool>() { (commitment, cells[i], proofs[i]) } else { (commitment2, cells2[i], proofs2[i]) };
        batch_c.push(c);
        batch_i.push(i as u64);
        batch_x.push(x);
        batch_p.push(p);
    }
    let to_c = |c: &[[u8; 48]]| c.iter().map(|b| c_kzg::Bytes48::new(*b)).collect::<Vec<_>>();
    let to_cells = |x: &[Cell]| x.iter().map(|b| c_kzg::Cell::new(*b)).collect::<Vec<_>>();
    assert!(ours.verify_cell_kzg_proof_batch(&batch_c, &batch_i, &batch_x, &batch_p).unwrap());
    assert!(theirs
        .verify_cell_kzg_proof_batch(&to_c(&batch_c), &batch_i, &to_cells(&batch_x), &to_c(&batch_p))
        .unwrap());
    batch_x[3][100] ^= 1;
    assert!(!ours.verify_cell_kzg_proof_batch(&batch_c, &batch_i, &batch_x, &batch_p).unwrap());
    assert!(!theirs
        .verify_cell_kzg_proof_batch(&to_c(&batch_c), &batch_i, &to_cells(&batch_x), &to_c(&batch_p))
        .unwrap());

    // Recovery from a random half of the cells.
    let mut idx: Vec<u64> = (0..CELLS_PER_EXT_BLOB as u64).collect();
    for k in (1..idx.len()).rev() {
        idx.swap(k, rng.gen_range(0..=k));
    }
    idx.truncate(CELLS_PER_EXT_BLOB / 2);
    idx.sort_unstable();
    let some: Vec<Cell> = idx.iter().map(|&i| cells[i as usize]).collect();
    let (rc, rp) = ours.recover_cells_and_kzg_proofs(&idx, &some).unwrap();
    assert_eq!(rc, cells);
    assert_eq!(rp, proofs);
    let (crc, crp) = theirs.recover_cells_and_kzg_proofs(&idx, &to_cells(&some)).unwrap();
    for i in 0..CELLS_PER_EXT_BLOB {
        assert_eq!(rc[i][..], crc[i].to_bytes()[..]);
        assert_eq!(rp[i][..], crp[i].to_bytes()[..]);
    }
    // Cells that are not one blob's: the spec's arithmetic still gives one answer; c-kzg agrees.
    let mut mixed = some.clone();
    mixed[0] = cells2[idx[0] as usize];
    let (mc, mp) = ours.recover_cells_and_kzg_proofs(&idx, &mixed).unwrap();
    let (cmc, cmp) = theirs.recover_cells_and_kzg_proofs(&idx, &to_cells(&mixed)).unwrap();
    assert_eq!(mc[5][..], cmc[5].to_bytes()[..]);
    assert_eq!(mp[5][..], cmp[5].to_bytes()[..]);

    // Invalid inputs, rejected by both: a blob and a cell with a field element ≥ r (r itself),
    // a cell index out of range, a proof off the curve.
    let r = hex::decode("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001").unwrap();
    let mut bad_blob = blob.clone();
    bad_blob[4064..4096].copy_from_slice(&r);
    assert_eq!(ours.compute_cells_and_kzg_proofs(&bad_blob), Err(Error::NonCanonical));
    assert!(theirs.compute_cells_and_kzg_proofs(&c_kzg::Blob::from_bytes(&bad_blob).unwrap()).is_err());
    let mut bad_cell = cells[9];
    bad_cell[32..64].copy_from_slice(&r);
    let verify_both = |idx: u64, cell: Cell, proof: [u8; 48]| {
        let mine = ours.verify_cell_kzg_proof_batch(&[commitment], &[idx], &[cell], &[proof]).ok();
        let peer =
            theirs.verify_cell_kzg_proof_batch(&to_c(&[commitment]), &[idx], &to_cells(&[cell]), &to_c(&[proof])).ok();
        assert_eq!(mine, peer, "cell index {idx}");
        mine
    };
    assert_eq!(verify_both(9, bad_cell, proofs[9]), None);
    assert_eq!(verify_both(128, cells[9], proofs[9]), None);
    let mut off_curve = proofs[9];
    off_curve[47] ^= 1;
    let _ = verify_both(9, cells[9], off_curve);
    assert_eq!(verify_both(9, cells[9], proofs[9]), Some(true));
}

#[test]
fn malformed_cell_inputs_are_the_specs_errors() {
    let s = setup();
    let blob = vec![0u8; BYTES_PER_BLOB];
    let (cells, proofs) = s.compute_cells_and_kzg_proofs(&blob).unwrap();
    let inf = {
        let mut b = [0u8; 48];
        b[0] = 0xc0;
        b
    };
    assert_eq!(s.compute_cells(&blob[1..]), Err(Error::Length { expected: BYTES_PER_BLOB, got: BYTES_PER_BLOB - 1 }));
    assert_eq!(
        s.verify_cell_kzg_proof_batch(&[inf], &[128], &cells[..1], &proofs[..1]),
        Err(Error::IndexOutOfRange { index: 128, bound: 128 })
    );
    assert_eq!(
        s.verify_cell_kzg_proof_batch(&[inf, inf], &[0], &cells[..1], &proofs[..1]),
        Err(Error::Count { expected: 1, got: 2 })
    );
    assert_eq!(
        s.verify_cell_kzg_proof_batch(&[inf], &[0], &[&cells[0][1..]], &proofs[..1]),
        Err(Error::Length { expected: BYTES_PER_CELL, got: BYTES_PER_CELL - 1 })
    );
    // The zero polynomial: its cells are zero and its proofs the identity.
    assert!(s.verify_cell_kzg_proof_batch(&[inf], &[7], &cells[7..8], &proofs[7..8]).unwrap());
    let none: [&[u8]; 0] = [];
    assert_eq!(s.verify_cell_kzg_proof_batch(&none, &[], &none, &none), Ok(true));

    let idx: Vec<u64> = (0..64).collect();
    assert_eq!(
        s.recover_cells_and_kzg_proofs(&idx[..63], &cells[..63]),
        Err(Error::CountRange { min: 64, max: 128, got: 63 })
    );
    let mut dup = idx.clone();
    dup[5] = 4;
    assert_eq!(s.recover_cells_and_kzg_proofs(&dup, &cells[..64]), Err(Error::Duplicate { index: 4 }));
    let mut unsorted = idx.clone();
    unsorted.swap(0, 1);
    assert_eq!(s.recover_cells_and_kzg_proofs(&unsorted, &cells[..64]), Err(Error::Unsorted));
    let mut big = idx.clone();
    big[63] = 200;
    assert_eq!(
        s.recover_cells_and_kzg_proofs(&big, &cells[..64]),
        Err(Error::IndexOutOfRange { index: 200, bound: 128 })
    );
    let mut bad = cells[..64].to_vec();
    bad[3][..32].copy_from_slice(&[0xff; 32]);
    assert_eq!(s.recover_cells_and_kzg_proofs(&idx, &bad), Err(Error::NonCanonical));
}

/// With `parallel`, the batch operations spread over rayon's pool; on a one-thread pool they
/// give the same bytes.
#[cfg(feature = "parallel")]
#[test]
fn parallel_paths_match_one_thread() {
    let s = setup();
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x9a7a);
    let blobs: Vec<Vec<u8>> = (0..3).map(|_| random_blob(&mut rng)).collect();
    let commitments: Vec<[u8; 48]> = blobs.iter().map(|b| s.blob_to_kzg_commitment(b).unwrap()).collect();
    let proofs: Vec<[u8; 48]> =
        blobs.iter().zip(&commitments).map(|(b, c)| s.compute_blob_kzg_proof(b, c).unwrap()).collect();
    let half: Vec<u64> = (64..128).collect();
    let run = || {
        let (cells, cell_proofs) = s.compute_cells_and_kzg_proofs(&blobs[0]).unwrap();
        let recovered = s.recover_cells_and_kzg_proofs(&half, &cells[64..]).unwrap();
        let batch = s.verify_blob_kzg_proof_batch(&blobs, &commitments, &proofs).unwrap();
        (cells, cell_proofs, recovered, batch)
    };
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let one = pool.install(run);
    let many = run();
    assert_eq!(one, many);
    assert!(many.3);
    assert_eq!(many.2, (many.0.clone(), many.1.clone()));
}
