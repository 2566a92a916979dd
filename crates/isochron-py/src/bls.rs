//! `isochron.bls`: the Ethereum BLS signature ciphersuite
//! `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_` (`isochron::bls::eth`): 32-byte secret keys,
//! 48-byte public keys (G1), 96-byte signatures (G2).

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyType};

use isochron::bls::{eth, SignatureSet};

use crate::errors::{msg, IntoPy};
use crate::util::b;

/// A BLS secret key: an integer in [1, r), 32 bytes big endian. Zeroized when freed; its
/// `repr` shows no secret.
#[pyclass(module = "isochron.bls", frozen)]
pub(crate) struct SecretKey(eth::SecretKey);

#[pymethods]
impl SecretKey {
    /// Decodes 32 big-endian bytes in [1, r); raises `isochron.Error` otherwise.
    #[classmethod]
    fn from_bytes(_cls: &Bound<'_, PyType>, data: &[u8]) -> PyResult<Self> {
        Ok(SecretKey(eth::SecretKey::from_bytes(data).py_err()?))
    }

    /// KeyGen (draft-irtf-cfrg-bls-signature-05 §2.3): the key derived from at least 32 bytes
    /// of input key material `ikm` and an optional `key_info`.
    #[classmethod]
    #[pyo3(signature = (ikm, key_info = b"".as_slice()))]
    fn key_gen(_cls: &Bound<'_, PyType>, ikm: &[u8], key_info: &[u8]) -> PyResult<Self> {
        Ok(SecretKey(eth::SecretKey::key_gen(ikm, key_info).py_err()?))
    }

    /// The 32-byte big-endian encoding.
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        b(py, self.0.to_bytes().as_ref())
    }

    /// SkToPk: the public key.
    fn public_key(&self) -> PublicKey {
        PublicKey(eth::sk_to_pk(&self.0))
    }

    /// Sign: the signature of `message` (constant time in the key).
    fn sign(&self, py: Python<'_>, message: &[u8]) -> Signature {
        let sk = &self.0;
        Signature(py.detach(|| eth::sign(sk, message)))
    }

    /// PopProve: the proof of possession of this key.
    fn pop_prove(&self) -> Signature {
        Signature(eth::pop_prove(&self.0))
    }

    fn __repr__(&self) -> &'static str {
        "SecretKey(<secret>)"
    }
}

/// A validated BLS public key (compressed G1 point, 48 bytes): on the curve, in the subgroup,
/// not the identity (KeyValidate).
#[pyclass(module = "isochron.bls", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct PublicKey(pub(crate) eth::PublicKey);

impl std::hash::Hash for PublicKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.to_bytes().hash(state)
    }
}

#[pymethods]
impl PublicKey {
    /// Decodes a 48-byte compressed public key with every check (KeyValidate); raises
    /// `isochron.Error` with the reason otherwise.
    #[classmethod]
    fn from_bytes(_cls: &Bound<'_, PyType>, data: &[u8]) -> PyResult<Self> {
        Ok(PublicKey(eth::PublicKey::from_bytes(data).py_err()?))
    }

    /// Decodes a 96-byte uncompressed public key with every check.
    #[classmethod]
    fn from_uncompressed(_cls: &Bound<'_, PyType>, data: &[u8]) -> PyResult<Self> {
        Ok(PublicKey(eth::PublicKey::from_uncompressed(data).py_err()?))
    }

    /// The 48-byte compressed encoding.
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        b(py, self.0.to_bytes().as_ref())
    }

    /// The 96-byte uncompressed encoding.
    fn to_uncompressed<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        b(py, self.0.to_uncompressed().as_ref())
    }

    /// The sum of public keys (Altair's `eth_aggregate_pubkeys`): an empty list or an
    /// identity sum raises `isochron.Error`.
    #[classmethod]
    fn aggregate(_cls: &Bound<'_, PyType>, keys: Vec<PublicKey>) -> PyResult<Self> {
        aggregate_public_keys(keys)
    }

    /// Whether `proof` is a valid proof of possession of this key (PopVerify).
    fn pop_verify(&self, py: Python<'_>, proof: &Signature) -> bool {
        let (pk, sig) = (self.0, proof.0);
        py.detach(|| eth::pop_verify(&pk, &sig))
    }

    fn __bytes__<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        self.to_bytes(py)
    }

    fn __repr__(&self) -> String {
        format!("PublicKey({})", hex(self.0.to_bytes().as_ref()))
    }
}

/// A BLS signature (compressed G2 point, 96 bytes), decoded with every check (the identity
/// decodes).
#[pyclass(module = "isochron.bls", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Signature(pub(crate) eth::Signature);

impl std::hash::Hash for Signature {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.to_bytes().hash(state)
    }
}

#[pymethods]
impl Signature {
    /// Decodes a 96-byte compressed signature with every check (on the curve, in the
    /// subgroup); raises `isochron.Error` with the reason otherwise.
    #[classmethod]
    fn from_bytes(_cls: &Bound<'_, PyType>, data: &[u8]) -> PyResult<Self> {
        Ok(Signature(eth::Signature::from_bytes(data).py_err()?))
    }

    /// The 96-byte compressed encoding.
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        b(py, self.0.to_bytes().as_ref())
    }

    /// Aggregate: the sum of signatures; an empty list raises `isochron.Error`.
    #[classmethod]
    fn aggregate(_cls: &Bound<'_, PyType>, signatures: Vec<Signature>) -> PyResult<Self> {
        aggregate_signatures(signatures)
    }

    /// Whether this is the identity (the point at infinity, `0xc0 00…00`).
    fn is_identity(&self) -> bool {
        self.0.is_identity()
    }

    fn __bytes__<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        self.to_bytes(py)
    }

    fn __repr__(&self) -> String {
        format!("Signature({})", hex(self.0.to_bytes().as_ref()))
    }
}

fn hex(data: &[u8]) -> String {
    data.iter().map(|x| format!("{x:02x}")).collect()
}

fn inner_pks(keys: &[PublicKey]) -> Vec<eth::PublicKey> {
    keys.iter().map(|k| k.0).collect()
}

/// Aggregate: the sum of the signatures; an empty list raises `isochron.Error`.
#[pyfunction]
fn aggregate_signatures(signatures: Vec<Signature>) -> PyResult<Signature> {
    let sigs: Vec<eth::Signature> = signatures.iter().map(|s| s.0).collect();
    Ok(Signature(eth::aggregate(&sigs).py_err()?))
}

/// The sum of the public keys (Altair's `eth_aggregate_pubkeys`); an empty list or an
/// identity sum raises `isochron.Error`.
#[pyfunction]
fn aggregate_public_keys(public_keys: Vec<PublicKey>) -> PyResult<PublicKey> {
    Ok(PublicKey(eth::eth_aggregate_pubkeys(&inner_pks(&public_keys)).py_err()?))
}

/// Verify (CoreVerify): whether `signature` signs `message` under `public_key`.
#[pyfunction]
fn verify(py: Python<'_>, public_key: PublicKey, message: &[u8], signature: Signature) -> bool {
    py.detach(|| eth::verify(&public_key.0, message, &signature.0))
}

/// FastAggregateVerify: whether `signature` is the aggregate of signatures of the one
/// `message` under every key; `False` for no keys.
#[pyfunction]
fn fast_aggregate_verify(py: Python<'_>, public_keys: Vec<PublicKey>, message: &[u8], signature: Signature) -> bool {
    let pks = inner_pks(&public_keys);
    py.detach(|| eth::fast_aggregate_verify(&pks, message, &signature.0))
}

/// Altair's `eth_fast_aggregate_verify`: as `fast_aggregate_verify`, but no keys with the
/// identity signature is `True`.
#[pyfunction]
fn eth_fast_aggregate_verify(
    py: Python<'_>,
    public_keys: Vec<PublicKey>,
    message: &[u8],
    signature: Signature,
) -> bool {
    let pks = inner_pks(&public_keys);
    py.detach(|| eth::eth_fast_aggregate_verify(&pks, message, &signature.0))
}

/// AggregateVerify: whether `signature` aggregates a signature of `messages[i]` under
/// `public_keys[i]` for every i; `False` for no keys. The lists must have the same length.
#[pyfunction]
fn aggregate_verify(
    py: Python<'_>,
    public_keys: Vec<PublicKey>,
    messages: Vec<Bound<'_, PyBytes>>,
    signature: Signature,
) -> PyResult<bool> {
    if public_keys.len() != messages.len() {
        return Err(msg(format!(
            "aggregate_verify: {} public keys but {} messages",
            public_keys.len(),
            messages.len()
        )));
    }
    let pks = inner_pks(&public_keys);
    let msgs: Vec<&[u8]> = messages.iter().map(|m| m.as_bytes()).collect();
    Ok(py.detach(|| eth::aggregate_verify(&pks, &msgs, &signature.0)))
}

/// Batch verification of independent (public key, message, signature) sets: `True` iff every
/// set verifies (up to probability 2^-64 over random blinding scalars; one multi-pairing,
/// multi-threaded). The three lists must have the same length; `False` for an empty batch.
#[pyfunction]
fn batch_verify(
    py: Python<'_>,
    public_keys: Vec<PublicKey>,
    messages: Vec<Bound<'_, PyBytes>>,
    signatures: Vec<Signature>,
) -> PyResult<bool> {
    let n = public_keys.len();
    if messages.len() != n || signatures.len() != n {
        return Err(msg(format!(
            "batch_verify: {n} public keys, {} messages and {} signatures",
            messages.len(),
            signatures.len()
        )));
    }
    let msgs: Vec<&[u8]> = messages.iter().map(|m| m.as_bytes()).collect();
    Ok(py.detach(|| {
        let sets: Vec<SignatureSet<'_, _>> = (0..n)
            .map(|i| SignatureSet { public_key: &public_keys[i].0, message: msgs[i], signature: &signatures[i].0 })
            .collect();
        eth::batch_verify_parallel(&sets)
    }))
}

/// Registers the module's classes and functions.
pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<SecretKey>()?;
    m.add_class::<PublicKey>()?;
    m.add_class::<Signature>()?;
    m.add_function(wrap_pyfunction!(aggregate_signatures, m)?)?;
    m.add_function(wrap_pyfunction!(aggregate_public_keys, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(fast_aggregate_verify, m)?)?;
    m.add_function(wrap_pyfunction!(eth_fast_aggregate_verify, m)?)?;
    m.add_function(wrap_pyfunction!(aggregate_verify, m)?)?;
    m.add_function(wrap_pyfunction!(batch_verify, m)?)?;
    m.add("DST", b(m.py(), eth::DST))?;
    m.add("POP_DST", b(m.py(), eth::POP_DST))?;
    Ok(())
}
