//! EIP-4844 KZG (`isochron::protocols::eip4844`): every case of the six consensus-spec-tests
//! `kzg-mainnet` handlers (blob_to_kzg_commitment, compute_kzg_proof, compute_blob_kzg_proof,
//! verify_kzg_proof, verify_blob_kzg_proof, verify_blob_kzg_proof_batch), read from one
//! `tests/vectors/kzg/eip4844.tar.gz` (see `tests/vectors/SOURCES.md`), and a differential
//! test against c-kzg-4844 on random blobs. Every suite asserts how many cases it ran.
//!
//! `output: null` means the call must fail; a hex input that does not decode, or has the wrong
//! length, is such a failure too.

use std::collections::BTreeMap;
use std::io::Read;
use std::sync::OnceLock;

use isochron::protocols::eip4844::{KzgSettings, BYTES_PER_BLOB, MAINNET_SETUP};
use isochron::Error;
use rand::{Rng, SeedableRng};

const TARBALL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/kzg/eip4844.tar.gz");

/// A value of the flat data.yaml files: a scalar (quotes removed) or a list of scalars.
#[derive(Debug, Clone)]
enum Val {
    Scalar(String),
    List(Vec<String>),
}

/// The files' shape: `input:` with indented `key: 'value'` or `key:` + `- 'value'` lines (or
/// `key: []`), and `output: value` or `output:` + `- 'value'` lines. Keys are flat.
fn parse_yaml(text: &str) -> BTreeMap<String, Val> {
    let mut map = BTreeMap::new();
    let mut current: Option<String> = None;
    let unquote = |s: &str| s.trim().trim_matches('\'').trim_matches('"').to_string();
    for line in text.lines() {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        if let Some(item) = t.strip_prefix("- ") {
            let key = current.clone().expect("list item without a key");
            match map.entry(key).or_insert_with(|| Val::List(Vec::new())) {
                Val::List(v) => v.push(unquote(item)),
                Val::Scalar(_) => panic!("list item under a scalar"),
            }
            continue;
        }
        let (k, v) = t.split_once(':').expect("key: value");
        let v = v.trim();
        if v.is_empty() {
            current = Some(k.to_string());
            map.insert(k.to_string(), Val::List(Vec::new()));
        } else if v == "[]" {
            map.insert(k.to_string(), Val::List(Vec::new()));
        } else {
            map.insert(k.to_string(), Val::Scalar(unquote(v)));
        }
    }
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
        let file = std::fs::File::open(TARBALL).expect("tests/vectors/kzg/eip4844.tar.gz");
        let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
        let mut out = Vectors::new();
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
        out
    })
}

fn setup() -> &'static KzgSettings {
    KzgSettings::mainnet()
}

fn scalar<'a>(case: &'a BTreeMap<String, Val>, key: &str) -> &'a str {
    match &case[key] {
        Val::Scalar(s) => s,
        Val::List(_) => panic!("{key} is a list"),
    }
}

fn list<'a>(case: &'a BTreeMap<String, Val>, key: &str) -> &'a [String] {
    match &case[key] {
        Val::List(v) => v,
        Val::Scalar(_) => panic!("{key} is a scalar"),
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

#[test]
fn vector_counts() {
    let v = vectors();
    let total: usize = v.values().map(|cases| cases.len()).sum();
    assert_eq!(v.len(), 6);
    assert_eq!(total, 11 + 52 + 15 + 122 + 29 + 24);
    // The compressed copy stays small next to the 63 MB it unpacks to.
    let size = std::fs::metadata(TARBALL).unwrap().len();
    assert!(size < 16_000_000, "tarball is {size} bytes");
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
